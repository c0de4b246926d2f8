import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// The toolbar's playback commands reach PlaybackControls (over the playback stub: no worker
// thread), are enabled only when they can act, and follow play and pause; the speed slider
// maps onto 0.25x .. max on a log scale; Open and Fit are the window's to handle.
Item {
    id: root
    width: 1280
    height: 48

    MainToolBar {
        id: bar
        anchors.left: parent.left
        anchors.right: parent.right
        playback: TestEnv.run.playback
        status: TestEnv.run.status
    }
    SignalSpy { id: openSpy; target: bar; signalName: "openRequested" }
    SignalSpy { id: fitSpy; target: bar; signalName: "fitRequested" }

    TestCase {
        name: "MainToolBar"
        when: windowShown
        readonly property var run: TestEnv.run

        function test_1_nothingLoaded() {
            for (const name of ["play", "stepPhase", "stepPod", "runToEnd"])
                compare(findChild(bar, name).enabled, false, name)
            compare(findChild(bar, "source").text, "")
        }

        function test_2_commands() {
            run.showCluster([{ name: "node-a1" }], [{ key: "default/web-1" }], "web.yaml")
            compare(findChild(bar, "source").text, "web.yaml")
            run.clearCalls()
            const play = findChild(bar, "play")
            const stepPhase = findChild(bar, "stepPhase")
            const stepPod = findChild(bar, "stepPod")
            verify(play.enabled && stepPhase.enabled && stepPod.enabled)

            mouseClick(stepPhase)
            compare(run.lastCall, "stepPhase")
            mouseClick(stepPod)
            compare(run.lastCall, "step")

            // Playing: the button pauses, and stepping waits.
            mouseClick(play)
            compare(run.lastCall, "play")
            verify(run.playback.running)
            verify(play.text.indexOf("Pause") >= 0, play.text)
            verify(!stepPhase.enabled && !stepPod.enabled)
            mouseClick(play)
            compare(run.lastCall, "pause")
            verify(play.text.indexOf("Play") >= 0, play.text)
            verify(stepPhase.enabled)

            mouseClick(findChild(bar, "runToEnd"))
            compare(run.lastCall, "runToEnd")
            compare(run.calls, ["stepPhase", "step", "play", "pause", "runToEnd"])
        }

        function test_3_speed() {
            const slider = findChild(bar, "speed")
            const text = findChild(bar, "speedText")
            compare(text.text, bar.speedAt(0.25).toFixed(2) + "×")
            // The left end is 0.25x, the right end the top speed ("max").
            compare(bar.speedAt(0), 0.25)
            compare(bar.speedAt(1), run.playback.maxSpeed)
            // A drag to the right end: the host gets the top speed.
            mouseDrag(slider, slider.leftPadding + slider.availableWidth * 0.25, slider.height / 2, slider.availableWidth, 0)
            compare(slider.value, 1)
            compare(text.text, "max")
            compare(run.lastCall, "speed " + run.playback.maxSpeed.toFixed(2))
            compare(run.playback.speed, run.playback.maxSpeed)
        }

        function test_4_openAndFitAreTheWindows() {
            run.clearCalls()
            mouseClick(findChild(bar, "open"))
            mouseClick(findChild(bar, "fit"))
            compare(openSpy.count, 1)
            compare(fitSpy.count, 1)
            compare(run.calls.length, 0)  // neither reaches playback
        }

        // Time travel: Back is enabled once there is a phase or a step to go back to, and
        // walks the cycle on show back a phase; Restart once a step was taken. The position
        // label names the newest step reached only while the playback is behind it.
        function test_5_stepBackAndRestart() {
            run.showCluster([{ name: "node-a1" }, { name: "node-a2" }], [{ key: "default/web-1" }], "web.yaml")
            run.clearCalls()
            const back = findChild(bar, "stepBack")
            const restart = findChild(bar, "restart")
            const position = findChild(bar, "position")
            verify(!back.enabled && !restart.enabled)
            compare(position.text, "step 0")
            mouseClick(findChild(bar, "stepPhase"))  // the stub's cycle: Pop
            mouseClick(findChild(bar, "stepPhase"))  // Filter
            compare(run.cycle.phase, CyclePlayback.Filter)
            verify(back.enabled)
            mouseClick(back)
            compare(run.lastCall, "stepBack")
            compare(run.cycle.phase, CyclePlayback.Pop)
            run.setPosition(3, 7)
            verify(restart.enabled)
            compare(position.text, "step 3 of 7")
            mouseClick(restart)
            compare(run.lastCall, "restart")
            run.setPosition(7, 7)
            compare(position.text, "step 7")

            // The scrubber: at the position; a drag to the left end and release seeks step 0.
            const scrubber = findChild(bar, "scrubber")
            verify(scrubber.visible)
            compare(scrubber.value, 7)
            compare(scrubber.to, 7)
            mouseDrag(scrubber, scrubber.width - 4, scrubber.height / 2, -scrubber.width, 0)
            compare(run.lastCall, "seek 0")
        }
    }
}
