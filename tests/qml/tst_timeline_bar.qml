import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// The timeline under the canvas (issue 17) over the playback stub: hidden until a step was
// taken; the marks of a 100-step run in their lanes, one per column and kind; the simulated
// clock at the position; a click on a mark asks for its step, a click elsewhere for the step
// under the pointer; the legend counts each kind. The timeline file's timed edits: one mark
// each in the fifth lane, filled once applied at the position on show, hollow while pending,
// those not reached yet in the ahead strip by their time; each names its edit and source line.
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
            const lane = (track.height - 2 * track.inset) / 5
            run.clearCalls()
            // On the edit lane, a pixel right of step 80's mark: the edit's step.
            mouseClick(track, (80 - 1) / 100 * track.width + 2, track.inset + 3.5 * lane)
            compare(run.lastCall, "seek 80")
            // The bind lane at three quarters, far from either bind: the step under the pointer.
            mouseClick(track, 0.75 * track.width, track.inset + 0.5 * lane)
            compare(run.lastCall, "seek 75")
        }

        function timedMarks() {
            const out = []
            const track = findChild(bar, "timelineTrack")
            for (let i = 0; i < track.children.length; ++i)
                if (track.children[i].objectName === "timelineTimed") out.push(track.children[i])
            out.sort((a, b) => a.modelData.index - b.modelData.index)
            return out
        }

        function test_4_timedEdits() {
            // Three cordons at 0.3 s, 2.5 s and 3 s (lines 6, 8, 10). The run (100 steps of
            // 10 ms, to 1 s) applied the first at step 30; the others lie ahead of it.
            run.showTimedEdits([{ seconds: 0.3, node: "node-a1", line: 6 }, { seconds: 3.0, node: "node-a3", line: 10 },
                                { seconds: 2.5, node: "node-a2", line: 8 }])
            run.showTimeline(100, 10, [{ step: 10, kind: 0 }, { step: 30, kind: 4, index: 0 }])
            run.setPosition(50, 100)
            const track = findChild(bar, "timelineTrack")
            let marks = timedMarks()
            compare(marks.length, 3)
            compare(bar.timeline.timed, 3)
            compare(bar.timeline.timedApplied, 1)
            compare(findChild(bar, "timelineCount4").text, "1/3")
            // Time order: the 2.5 s edit (written last) is the second.
            compare(marks[1].modelData.title, "Cordon node-a2")
            // The applied one: filled, centred on step 30 of the steps' part of the track.
            verify(marks[0].applied)
            compare(marks[0].border.width, 0)
            fuzzyCompare(marks[0].x + marks[0].width / 2, 30 / 100 * track.stepWidth, 0.01)
            verify(bar.timedText(marks[0].modelData).indexOf("Timed edit: Cordon node-a1 at t = 0.300 s\noutage.yaml:6 — applied at step 30") === 0)
            // Not reached: hollow, in the ahead strip from 1 s (the newest step's time) to 3 s:
            // 2.5 s at (2.5 - 1) / (3 - 1) = 3/4 of it, 3 s at its end.
            verify(findChild(bar, "timelineAhead").visible)
            verify(track.aheadWidth > 0)
            verify(!marks[1].applied)
            compare(marks[1].border.width, 1.5)
            const span = track.aheadWidth - 2 * track.aheadPad
            fuzzyCompare(marks[1].x + marks[1].width / 2, track.stepWidth + track.aheadPad + 0.75 * span, 0.01)
            fuzzyCompare(marks[2].x + marks[2].width / 2, track.stepWidth + track.aheadPad + span, 0.01)
            verify(bar.timedText(marks[2].modelData).indexOf("pending: the run has not reached it yet") > 0)
            // Stepped back before step 30: the first is pending there too.
            run.setPosition(20, 100)
            verify(!timedMarks()[0].applied)
            verify(bar.timedText(timedMarks()[0].modelData).indexOf("pending here; applied at step 30") > 0)
            // A click on it goes to its step.
            run.clearCalls()
            mouseClick(timedMarks()[0], timedMarks()[0].width / 2, timedMarks()[0].height / 2)
            compare(run.lastCall, "seek 30")
            // Every edit reached (applied at 30, 70 and 90): no ahead strip.
            run.showTimeline(100, 10, [{ step: 30, kind: 4, index: 0 }, { step: 70, kind: 4, index: 1 },
                                       { step: 90, kind: 4, index: 2 }])
            compare(track.aheadWidth, 0)
            compare(bar.timeline.timedApplied, 3)
            run.showTimedEdits([])
        }
    }
}
