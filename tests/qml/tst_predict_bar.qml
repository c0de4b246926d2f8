import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// Predict mode's bar over the playback stub (no worker): two nodes, the stub's cycle places
// the first pending pod on node-a1 (score 80 against 40). The class guesses node-b1 before
// the outcome; at Select the bar shows the verdict in the "wrong" colour and the tally.
Item {
    id: root
    width: 900
    height: 60

    Prediction { id: prediction; cycle: TestEnv.run.cycle }
    PredictBar {
        id: bar
        anchors.fill: parent
        predict: prediction
    }

    TestCase {
        name: "PredictBar"
        when: windowShown
        readonly property var run: TestEnv.run

        function test_1_offUntilChecked() {
            verify(!findChild(bar, "predictText").visible)
            const check = findChild(bar, "predictMode")
            mouseClick(check)
            verify(prediction.enabled)
            verify(findChild(bar, "predictText").visible)
            verify(findChild(bar, "predictText").text.indexOf("Step to a pod's cycle") === 0)
        }

        function test_2_guessThenReveal() {
            run.showCluster([{ name: "node-a1", zone: "a" }, { name: "node-b1", zone: "b" }],
                            [{ key: "default/web-1", cpu: 500 }], "two-nodes.yaml")
            run.playback.stepPhase()  // queue pop: a guess may be made
            verify(prediction.open)
            const text = findChild(bar, "predictText")
            compare(text.text, "Which node will it get? Click it on the canvas.")
            verify(findChild(bar, "predictNone").enabled)
            prediction.pick("node-b1")
            compare(text.text, "Your pick: node-b1. Step on to see.")
            run.playback.stepPhase()  // Filter
            run.playback.stepPhase()  // Score
            verify(!prediction.revealed)
            run.playback.stepPhase()  // Select: the outcome
            verify(prediction.revealed)
            verify(!findChild(bar, "predictNone").enabled)
            compare(text.text, "Not this time: node-b1 fits, but node-a1 scored higher (80 against 40). "
                               + "NodeResourcesFit made the difference: 80 against 40 (weighted).")
            verify(Qt.colorEqual(text.color, AppPalette.bad))
            compare(findChild(bar, "predictTally").text, "0 of 1 right")
        }
    }
}
