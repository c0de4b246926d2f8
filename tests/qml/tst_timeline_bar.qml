import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// The timeline under the canvas (issue 17) over the playback stub: hidden until a step was
// taken; the marks of a 100-step run in their lanes, one per column and kind; the simulated
// clock at the position; a click on a mark asks for its step, a click elsewhere for the step
// under the pointer; the legend counts each kind.
Item {
    id: root
    width: 900
    height: 44

    TimelineBar {
        id: bar
        anchors.fill: parent
        playback: TestEnv.run.playback
    }

    TestCase {
        name: "TimelineBar"
        when: windowShown
        readonly property var run: TestEnv.run

        function marksOfKind(kind) {
            let n = 0
            const track = findChild(bar, "timelineTrack")
            for (let i = 0; i < track.children.length; ++i)
                if (track.children[i].objectName === "timelineMark" && track.children[i].modelData.kind === kind) ++n
            return n
        }

        function test_1_hiddenBeforeTheFirstStep() {
            run.setPosition(0, 0)
            compare(bar.visible, false)
        }

        function test_2_marksAndClock() {
            // 100 steps of 10 ms: binds at 10 and 60, a failure at 50, a preemption at 51, an
            // edit at 80; each in a column of its own (3 px columns, over 100 of them).
            run.showCluster([{ name: "node-a1" }], [{ key: "default/web-1" }], "web.yaml")
            run.showTimeline(100, 10, [{ step: 10, kind: 0 }, { step: 50, kind: 1 }, { step: 51, kind: 2 },
                                       { step: 60, kind: 0 }, { step: 80, kind: 3 }])
            run.setPosition(50, 100)
            compare(bar.visible, true)
            tryCompare(findChild(bar, "timelineClock"), "text", "t = 0.500 s")
            compare(findChild(bar, "timelineEnd").text, "1.000 s")
            compare(marksOfKind(0), 2)
            compare(marksOfKind(1), 1)
            compare(marksOfKind(2), 1)
            compare(marksOfKind(3), 1)
            compare(bar.timeline.binds, 2)
            compare(bar.timeline.edits, 1)
        }

        function test_3_clickJumps() {
            const track = findChild(bar, "timelineTrack")
            const lane = (track.height - 2 * track.inset) / 4
            run.clearCalls()
            // On the edit lane, a pixel right of step 80's mark: the edit's step.
            mouseClick(track, (80 - 1) / 100 * track.width + 2, track.inset + 3.5 * lane)
            compare(run.lastCall, "seek 80")
            // The bind lane at three quarters, far from either bind: the step under the pointer.
            mouseClick(track, 0.75 * track.width, track.inset + 0.5 * lane)
            compare(run.lastCall, "seek 75")
        }
    }
}
