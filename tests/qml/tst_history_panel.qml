import QtQuick
import QtTest
import Berth
import BerthTest

// The history panel lists each edit; undo greys it out, a click on a row asks for a replay to
// it. Over the stub host: edits apply at once, a replay lands when the test commits it.
Item {
    id: root
    width: 420
    height: 400

    HistoryPanel {
        id: panel
        anchors.fill: parent
        session: TestEnv.stub.session
    }

    TestCase {
        name: "HistoryPanel"
        when: windowShown
        readonly property var stub: TestEnv.stub
        readonly property var list: findChild(panel, "historyList")
        // Delegates are made at the next layout: wait for the row's.
        function row(i) {
            tryVerify(() => { list.forceLayout(); return list.itemAtIndex(i) !== null }, 5000)
            return list.itemAtIndex(i)
        }

        function initTestCase() {
            stub.session.load([TestEnv.smallCluster])
            compare(stub.lastCall, "replay: Loading small-cluster.yaml")
            verify(stub.commitReplay())
        }

        function test_1_editsAppearAndUndoGreysThem() {
            stub.planner.cordonNode("node-a1")
            stub.planner.drainNode("node-b1")
            compare(list.count, 2)
            compare(stub.session.canUndo, true)
            compare(row(0).text, "Cordon node-a1")
            stub.session.undo()
            compare(stub.lastCall, "replay: Undo")
            compare(stub.session.history.appliedCount, 2)  // not before the plan is on show
            verify(stub.commitReplay())
            compare(stub.session.history.appliedCount, 1)
            compare(stub.session.canRedo, true)
            tryVerify(() => row(1).opacity < 1, 5000)
        }

        function test_2_busyDisablesTheRows() {
            stub.busy = true
            compare(row(1).enabled, false)
            compare(findChild(panel, "startRow").enabled, false)
            compare(stub.session.canUndo, false)
            stub.busy = false
            compare(row(1).enabled, true)
        }

        function test_3_clickingARowReplaysToIt() {
            mouseClick(row(1))
            compare(stub.lastCall, "replay: Redo")
            verify(stub.commitReplay())
            compare(stub.session.history.appliedCount, 2)
            mouseClick(findChild(panel, "startRow"))
            compare(stub.lastCall, "replay: Undo")
            verify(stub.commitReplay())
            compare(stub.session.history.appliedCount, 0)
            compare(list.count, 2)  // undone edits stay for redo
        }
    }
}
