import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import BerthTest

// Node > Edit labels… and Edit taints…: the dialogs start from the node's labels/taints, check
// the syntax through the controller as the user types, and apply one edit.
Item {
    id: root
    width: 800
    height: 600

    NodeLabelsDialog { id: labels; controller: TestEnv.controller }
    NodeTaintsDialog { id: taints; controller: TestEnv.controller }

    TestCase {
        name: "NodeDialogs"
        when: windowShown

        function rowField(list, row, column) {
            tryVerify(() => { list.forceLayout(); return list.itemAtIndex(row) !== null }, 5000)
            return list.itemAtIndex(row).children[column]
        }

        function initTestCase() {
            TestEnv.controller.load([TestEnv.smallCluster])
            tryCompare(TestEnv.controller, "loaded", true, 10000)
        }

        function test_1_labels() {
            labels.begin("node-a1")
            tryCompare(labels, "opened", true)
            const list = findChild(labels.contentItem, "labelRows")
            compare(list.count, 2)  // hostname and zone
            const problems = findChild(labels.contentItem, "labelProblems")
            const apply = findChild(labels.contentItem, "applyLabels")
            compare(apply.enabled, true)
            // A bad key: refused before it reaches the plan.
            const key = rowField(list, 0, 0)
            key.text = "-bad"
            key.textEdited()
            tryCompare(problems, "visible", true)
            verify(problems.text.indexOf("label key '-bad'") >= 0, problems.text)
            compare(apply.enabled, false)
            key.text = "disk"
            key.textEdited()
            const value = rowField(list, 0, 1)
            value.text = "ssd"
            value.textEdited()
            tryCompare(problems, "visible", false)
            mouseClick(apply)
            tryCompare(TestEnv.controller.history, "appliedCount", 1, 5000)
            tryVerify(() => TestEnv.controller.nodeLabels("node-a1").disk === "ssd", 5000)
        }

        function test_2_taints() {
            tryCompare(TestEnv.controller, "busy", false, 5000)
            taints.begin("node-b1")
            tryCompare(taints, "opened", true)
            const list = findChild(taints.contentItem, "taintRows")
            compare(list.count, 0)
            mouseClick(findChild(taints.contentItem, "addTaint"))
            tryCompare(list, "count", 1)
            const problems = findChild(taints.contentItem, "taintProblems")
            tryCompare(problems, "visible", true)  // an empty key
            const key = rowField(list, 0, 0)
            key.text = "dedicated"
            key.textEdited()
            const value = rowField(list, 0, 1)
            value.text = "gpu"
            value.textEdited()
            tryCompare(problems, "visible", false)
            mouseClick(findChild(taints.contentItem, "applyTaints"))
            tryCompare(TestEnv.controller.history, "appliedCount", 2, 5000)
            tryVerify(() => TestEnv.controller.nodeTaints("node-b1").length === 1, 5000)
            const t = TestEnv.controller.nodeTaints("node-b1")[0]
            compare(t.key, "dedicated")
            compare(t.value, "gpu")
            compare(t.effect, "NoSchedule")
        }
    }
}
