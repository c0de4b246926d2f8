import QtQuick
import QtTest
import Berth
import BerthTest

// The inspector shows the selected pod's Filter and Score tables and its FitError, and a
// selected node's pods.
Item {
    id: root
    width: 460
    height: 640

    InspectorPanel {
        id: panel
        anchors.fill: parent
        controller: TestEnv.controller
    }

    TestCase {
        name: "InspectorPanel"
        when: windowShown
        readonly property var controller: TestEnv.controller

        function initTestCase() {
            controller.session.load([TestEnv.smallCluster])
            tryCompare(controller, "loaded", true, 10000)
            controller.runToEnd()
            tryCompare(controller, "finished", true, 20000)
        }

        function test_1_placedPod() {
            controller.inspector.select("", "default/cache")
            tryCompare(controller.inspector, "hasTrace", true, 5000)
            compare(findChild(panel, "podKey").text, "default/cache")
            verify(findChild(panel, "traceSummary").text.indexOf("chose node-") >= 0)
            const filter = findChild(panel, "filterTable")
            verify(filter)
            tryCompare(filter, "rows", 4)          // one row per node
            verify(filter.columns > 3)             // Node, Result, Reason, then the plugins
            const score = findChild(panel, "scoreTable")
            compare(score.rows, 3)                 // the three feasible nodes were scored
        }

        function test_2_pendingPod() {
            controller.inspector.select("", "default/huge")
            tryCompare(controller.inspector, "hasTrace", true, 5000)
            const fit = findChild(panel, "fitError")
            verify(fit.text.indexOf("0/4 nodes are available") === 0, fit.text)
            const why = findChild(panel, "whyPendingList")
            verify(why.count >= 2)  // Insufficient cpu (3), unschedulable (1)
            compare(findChild(panel, "whyHeader").text, "Rejections across 4 nodes:")
        }

        function test_3_node() {
            controller.inspector.select("node-b1", "")
            compare(findChild(panel, "nodeName").text, "node-b1")
            const pods = findChild(panel, "nodePodsList")
            verify(pods.visible)
            tryVerify(() => pods.count > 0, 2000)
            compare(pods.count, controller.nodeDetails("node-b1").podCount)
        }
    }
}
