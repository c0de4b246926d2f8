import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import BerthTest

// Node > Edit labels… and Edit taints…: the dialogs start from the node's labels/taints, check
// the syntax through PlannerActions as the user types, and apply one edit (over the stub
// host: no worker thread).
Item {
    id: root
    width: 800
    height: 600

    NodeLabelsDialog { id: labels; planner: TestEnv.stub.planner }
    NodeTaintsDialog { id: taints; planner: TestEnv.stub.planner }

    TestCase {
        name: "NodeDialogs"
        when: windowShown

        function rowField(list, row, column) {
            tryVerify(() => { list.forceLayout(); return list.itemAtIndex(row) !== null }, 5000)
            return list.itemAtIndex(row).children[column]
        }

        function initTestCase() {
            TestEnv.stub.loaded = true
            TestEnv.stub.setNodes([
                { name: "node-a1", labels: { "kubernetes.io/hostname": "node-a1", "topology.kubernetes.io/zone": "zone-a" } },
                { name: "node-b1", labels: { "kubernetes.io/hostname": "node-b1" }, taints: "" }])
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
            compare(TestEnv.stub.lastCall, "edit: Edit labels of node-a1")
            compare(TestEnv.stub.session.history.appliedCount, 1)
            tryCompare(labels, "opened", false)
            // The whole map: the zone label stays as it was.
            compare(TestEnv.stub.lastEdit.node, "node-a1")
            compare(TestEnv.stub.lastEdit.labels, { "disk": "ssd", "topology.kubernetes.io/zone": "zone-a" })
        }

        function test_2_taints() {
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
            compare(TestEnv.stub.lastCall, "edit: Edit taints of node-b1")
            compare(TestEnv.stub.session.history.appliedCount, 2)
            compare(TestEnv.stub.lastEdit.taints.length, 1)
            const t = TestEnv.stub.lastEdit.taints[0]
            compare(t.key, "dedicated")
            compare(t.value, "gpu")
            compare(t.effect, "NoSchedule")
        }
    }
}
