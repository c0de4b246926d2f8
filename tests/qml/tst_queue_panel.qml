import QtQuick
import QtTest
import Berth
import BerthTest

// The queue panel lists activeQ after a load, and the unschedulable pool with its reason
// after a run.
Item {
    id: root
    width: 420
    height: 600

    QueuePanel {
        id: panel
        anchors.fill: parent
        queue: TestEnv.controller.queue
    }

    TestCase {
        name: "QueuePanel"
        when: windowShown

        function initTestCase() {
            TestEnv.controller.session.load([TestEnv.smallCluster])
            tryCompare(TestEnv.controller, "loaded", true, 10000)
        }

        function test_1_activeQueueAfterLoad() {
            const list = findChild(panel, "queueList")
            verify(list)
            // 4 nodes; 9 pending pods, all in activeQ in pop order.
            tryCompare(list, "count", 9, 5000)
            compare(findChild(panel, "activeLabel").text, "active 9")
        }

        function test_2_unschedulablePoolAfterRun() {
            TestEnv.controller.runToEnd()
            tryCompare(TestEnv.controller, "finished", true, 20000)
            const list = findChild(panel, "queueList")
            // Only `huge` (64 cpu) is left, parked in the unschedulable pool.
            tryCompare(list, "count", 1, 5000)
            compare(findChild(panel, "unschedulableLabel").text, "unschedulable 1")
            compare(TestEnv.controller.queue.unschedulableCount, 1)
        }
    }
}
