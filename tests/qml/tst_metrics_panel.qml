import QtQuick
import QtTest
import QtCharts
import Berth
import Berth.App
import BerthTest

// The Metrics tab (issue 17) over the playback stub's timeline: both charts' x axis is the
// plan's simulated clock in seconds, labelled, from 0 to the time the run reached (the
// TimelineBar's end) rounded up to a tick, ticked at round times (1, 2 or 5 times a power of
// ten, about five over the span) labelled with the digits the step needs; each sample sits at
// its step's simulated time.
Item {
    id: root
    width: 800
    height: 600

    MetricsPanel {
        id: panel
        anchors.fill: parent
        timeline: TestEnv.run.playback.timeline
    }

    TestCase {
        name: "MetricsPanel"
        when: windowShown
        readonly property var run: TestEnv.run

        function timeAxis(chartName) {
            const chart = findChild(panel, chartName)
            verify(chart !== null, chartName)
            return chart.axisX(chart.series(0))
        }
        function lastPoint(chartName, seriesIndex) {
            const s = findChild(panel, chartName).series(seriesIndex)
            return s.count > 0 ? s.at(s.count - 1) : null
        }

        function test_1_axesInSimulatedSeconds_data() {
            // showTimeline(steps, ms per step, marks): step i is at i * ms / 1000 s.
            // clang-format off
            return [
                // 100 steps of 10 ms: the run reached 1.000 s; binds at steps 10 and 60
                // (0.1 s, 0.6 s), a failure at 50 (0.5 s). About five ticks over 1 s: a
                // 0.2 s step (1 s / 5), labelled with one decimal: 0, 0.2, ... 1.0, six ticks.
                { tag: "one second", steps: 100, ms: 10, span: 1.0, top: 1.0, ticks: 6, format: "%.1f", binds: 2, failures: 1,
                  marks: [{ step: 10, kind: 0 }, { step: 50, kind: 1 }, { step: 60, kind: 0 }] },
                // 40 steps of 5 ms: 0.200 s; one bind at step 40 (0.2 s). 0.2 s / 5 = 0.04,
                // rounded up to 0.05 (1, 2 or 5 times a power of ten): two decimals, five ticks.
                { tag: "a fifth of a second", steps: 40, ms: 5, span: 0.2, top: 0.2, ticks: 5, format: "%.2f", binds: 1, failures: 0,
                  marks: [{ step: 40, kind: 0 }] },
                // 30 steps of 5 s: 150 s, nothing bound. 150 s / 5 = 30, rounded up to 50:
                // whole seconds, 0 to 150, four ticks.
                { tag: "minutes", steps: 30, ms: 5000, span: 150, top: 150, ticks: 4, format: "%.0f", binds: 0, failures: 0,
                  marks: [] },
                // 33 steps of 10 s: 330 s (the demo's run, its last flush). 330 / 5 = 66, rounded
                // up to 100; the axis ends at the next tick, 400: five ticks.
                { tag: "past the last tick", steps: 33, ms: 10000, span: 330, top: 400, ticks: 5, format: "%.0f", binds: 0,
                  failures: 0, marks: [] },
            ]
            // clang-format on
        }
        function test_1_axesInSimulatedSeconds(row) {
            run.showTimeline(row.steps, row.ms, row.marks)
            for (const name of ["pendingChart", "attemptsChart"]) {
                const axis = timeAxis(name)
                compare(axis.titleText, "simulated time (s)", name)
                compare(axis.min, 0, name)
                fuzzyCompare(axis.max, row.top, 1e-9, name)
                compare(axis.tickCount, row.ticks, name)
                compare(axis.labelFormat, row.format, name)
            }
            // The attempts chart's series: 0 scheduled (bound), 1 failed; the panel has 400
            // points for its 800 px, more than the steps, so every step is drawn and the last
            // point is the last step, at the span, with every mark counted.
            tryVerify(() => lastPoint("attemptsChart", 0) !== null
                            && Math.abs(lastPoint("attemptsChart", 0).x - row.span) < 1e-9, 2000, "redrawn")
            compare(findChild(panel, "attemptsChart").series(0).count, row.steps + 1)
            compare(lastPoint("attemptsChart", 0).y, row.binds)
            compare(lastPoint("attemptsChart", 1).y, row.failures)
            fuzzyCompare(lastPoint("pendingChart", 0).x, row.span, 1e-9)
        }

        function test_2_firstBindAtItsTime() {
            // The "one second" run: the bound line steps from 0 to 1 at step 10, x = 0.1 s.
            run.showTimeline(100, 10, [{ step: 10, kind: 0 }, { step: 50, kind: 1 }, { step: 60, kind: 0 }])
            const chart = findChild(panel, "attemptsChart")
            tryVerify(() => chart.series(0).count === 101 && chart.series(0).at(100).y === 2, 2000)
            const bound = chart.series(0)
            fuzzyCompare(bound.at(9).x, 0.09, 1e-9)
            compare(bound.at(9).y, 0)
            fuzzyCompare(bound.at(10).x, 0.1, 1e-9)
            compare(bound.at(10).y, 1)
            compare(findChild(panel, "pendingChart").title, "Pending pods by queue (t = 1.000 s)")
            // The count axis: 2 binds and a tenth more, 2.2, up to a whole step of 1 (2.2 / 4
            // = 0.55, rounded up to 1): 3, a tick at every pod (0, 1, 2, 3).
            const count = chart.axisY(bound)
            compare(count.max, 3)
            compare(count.tickCount, 4)
        }
    }
}
