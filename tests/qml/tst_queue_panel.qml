import QtQuick
import QtTest
import Berth
import BerthTest

// The queue panel: its sections and counts over a model of its own (no worker thread), then
// activeQ after a real load and the unschedulable pool with its reason after a run.
Item {
    id: root
    width: 840
    height: 600

    QueuePanel {
        id: panel
        width: parent.width / 2
        height: parent.height
        queue: TestEnv.controller.queue
    }
    QueuePanel {
        id: standalone
        x: parent.width / 2
        width: parent.width / 2
        height: parent.height
        queue: TestEnv.queue
    }

    TestCase {
        name: "QueuePanel"
        when: windowShown

        function test_0_sectionsAndCounts() {
            TestEnv.setQueue([
                { key: "default/a", queue: "active", attempts: 0, reason: "" },
                { key: "default/b", queue: "backoff", attempts: 1, reason: "" },
                { key: "default/c", queue: "unschedulable", attempts: 2, reason: "Insufficient cpu" }])
            const list = findChild(standalone, "queueList")
            tryCompare(list, "count", 3, 5000)
            compare(findChild(standalone, "activeLabel").text, "active 1")
            compare(findChild(standalone, "unschedulableLabel").text, "unschedulable 1")
            TestEnv.setQueue([])
            tryCompare(list, "count", 0, 5000)
            compare(findChild(standalone, "activeLabel").text, "active 0")
        }

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
