import QtQuick
import QtTest
import Berth
import BerthTest

// The history panel lists each edit; undo greys it out, a click on a row replays to it.
Item {
    id: root
    width: 420
    height: 400

    HistoryPanel {
        id: panel
        anchors.fill: parent
        controller: TestEnv.controller
    }

    TestCase {
        name: "HistoryPanel"
        when: windowShown
        readonly property var list: findChild(panel, "historyList")
        // Delegates are made at the next layout: wait for the row's.
        function row(i) {
            tryVerify(() => { list.forceLayout(); return list.itemAtIndex(i) !== null }, 5000)
            return list.itemAtIndex(i)
        }

        function initTestCase() {
            TestEnv.controller.load([TestEnv.smallCluster])
            tryCompare(TestEnv.controller, "loaded", true, 10000)
        }

        function test_1_editsAppearAndUndoGreysThem() {
            TestEnv.controller.cordonNode("node-a1")
            tryCompare(list, "count", 1, 5000)
            TestEnv.controller.drainNode("node-b1")
            tryCompare(list, "count", 2, 5000)
            tryCompare(TestEnv.controller, "canUndo", true, 5000)
            compare(row(0).text, "Cordon node-a1")
            TestEnv.controller.undo()
            tryCompare(TestEnv.controller.history, "appliedCount", 1, 5000)
            tryCompare(TestEnv.controller, "canRedo", true, 5000)
            tryVerify(() => row(1).opacity < 1, 5000)
        }

        function test_2_clickingARowReplaysToIt() {
            tryCompare(TestEnv.controller, "busy", false, 5000)
            mouseClick(row(1))
            tryCompare(TestEnv.controller.history, "appliedCount", 2, 5000)
            tryCompare(TestEnv.controller, "busy", false, 5000)
            mouseClick(findChild(panel, "startRow"))
            tryCompare(TestEnv.controller.history, "appliedCount", 0, 5000)
            compare(list.count, 2)  // undone edits stay for redo
        }
    }
}
