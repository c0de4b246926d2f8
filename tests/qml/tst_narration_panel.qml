import QtQuick
import QtTest
import Berth
import BerthTest

// Narration follows step mode: one extension point per step, each naming its upstream stage.
Item {
    id: root
    width: 900
    height: 120

    NarrationPanel {
        id: panel
        anchors.fill: parent
        controller: TestEnv.controller
    }

    TestCase {
        name: "NarrationPanel"
        when: windowShown
        readonly property var controller: TestEnv.controller

        function initTestCase() {
            controller.session.load([TestEnv.smallCluster])
            tryCompare(controller, "loaded", true, 10000)
        }

        function test_idleHint() {
            verify(findChild(panel, "narration").text.indexOf("step one extension point") >= 0)
        }

        function test_stagesOfOneCycle() {
            const stage = findChild(panel, "stage")
            const text = findChild(panel, "narration")
            const expected = ["scheduleOne", "findNodesThatFitPod", "prioritizeNodes", "selectHost", "assume"]
            for (let i = 0; i < expected.length; ++i) {
                controller.stepPhase()
                tryCompare(stage, "text", expected[i], 5000)
                verify(stage.visible)
                verify(text.text.length > 20, text.text)
            }
            // The popped pod is named next to the stage.
            verify(controller.cycle.pod.length > 0)
            verify(controller.cycle.node.indexOf("node-") === 0)
        }
    }
}
