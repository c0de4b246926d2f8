import QtQuick
import QtTest
import Berth
import BerthTest

// The event log lists what the worker's batches append, one line per event, and follows the
// tail. Over a model of its own: no controller, no worker thread.
Item {
    id: root
    width: 500
    height: 200

    EventLogPanel {
        id: panel
        anchors.fill: parent
        events: TestEnv.events
    }

    TestCase {
        name: "EventLogPanel"
        when: windowShown

        function line(i) {
            tryVerify(() => { panel.forceLayout(); return panel.itemAtIndex(i) !== null }, 5000)
            return panel.itemAtIndex(i)
        }

        function test_1_eventsAreListed() {
            compare(panel.count, 0)
            TestEnv.appendEvents([
                { time: 0.5, type: "PodBound", pod: "default/web-1", node: "node-a1", message: "" },
                { time: 1.25, type: "PodUnschedulable", pod: "default/huge", node: "", message: "0/4 nodes are available" }])
            compare(panel.count, 2)
            compare(line(0).text, "0.500s  PodBound  default/web-1 → node-a1")
            compare(line(1).text, "1.250s  PodUnschedulable  default/huge  0/4 nodes are available")
        }

        function test_2_followsTheTail() {
            const batch = []
            for (let i = 0; i < 50; ++i) batch.push({ time: 2 + i, type: "PodBound", pod: "default/p-" + i, node: "node-b1", message: "" })
            TestEnv.appendEvents(batch)
            compare(panel.count, 52)
            tryVerify(() => panel.atYEnd, 5000)
        }

        function test_3_hiddenItHoldsNoModel() {
            panel.visible = false
            compare(panel.model, null)
            panel.visible = true
            compare(panel.count, 52)
        }
    }
}
