import QtQuick
import QtTest
import Berth
import BerthTest

// Narration follows step mode: one extension point per step, each naming its upstream stage.
// The cycle comes from the playback stub (no worker): the first pending pod, on two nodes.
Item {
    id: root
    width: 900
    height: 120

    NarrationPanel {
        id: panel
        anchors.fill: parent
        playback: TestEnv.run.playback
    }

    TestCase {
        name: "NarrationPanel"
        when: windowShown
        readonly property var run: TestEnv.run

        function test_1_idleHint() {
            verify(findChild(panel, "narration").text.indexOf("step one extension point") >= 0)
            verify(!findChild(panel, "stage").visible)
            compare(findChild(panel, "nextStep").enabled, false)  // nothing loaded yet
        }

        function test_2_stagesOfOneCycle() {
            run.showCluster([{ name: "node-a1", zone: "a" }, { name: "node-b1", zone: "b" }],
                            [{ key: "default/web-1", cpu: 500 }], "two-nodes.yaml")
            const next = findChild(panel, "nextStep")
            verify(next.enabled)
            const stage = findChild(panel, "stage")
            const text = findChild(panel, "narration")
            const expected = ["scheduleOne", "findNodesThatFitPod", "prioritizeNodes", "selectHost", "assume"]
            for (let i = 0; i < expected.length; ++i) {
                mouseClick(next)
                compare(run.lastCall, "stepPhase")
                compare(stage.text, expected[i])
                verify(stage.visible)
                verify(text.text.length > 20, text.text)
            }
            // The popped pod is named next to the stage, and the node it went to.
            compare(run.cycle.pod, "default/web-1")
            compare(run.cycle.node, "node-a1")
        }

        function test_3_noStepWhilePlaying() {
            run.playback.play()
            compare(findChild(panel, "nextStep").enabled, false)
            run.playback.pause()
            compare(findChild(panel, "nextStep").enabled, true)
        }
    }
}
