pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Berth
import Berth.App

// Metrics (issue 17): the scheduler's metrics over the run reached so far, from the run's
// timeline (TimelineMarks): the pending pods per sub-queue (scheduler_pending_pods) and the
// scheduling attempts by result, cumulative (scheduler_schedule_attempts_total: scheduled,
// failed), against the plan's simulated clock in seconds, as the TimelineBar shows it (each
// sample is a core step, drawn at that step's simulated time); the time reached is in each title.
// `berthctl schedule --metrics FILE` writes the same series in the Prometheus text format.
ColumnLayout {
    id: panel
    required property TimelineMarks timeline
    spacing: 4

    /// Points per series: enough for a smooth line over the panel's width.
    readonly property int points: Math.max(2, Math.min(400, Math.round(width / 2)))
    /// The simulated seconds the run reached (the TimelineBar's end).
    readonly property real span: timeline.revision >= 0 ? timeline.secondsAt(timeline.recordedSteps) : 0
    readonly property string clock: qsTr("t = %1 s").arg(span.toFixed(3))
    /// The time axes: ticks at round times, about five over the span (a millisecond at least),
    /// the end rounded up to a tick. One object, so that an axis never meets a tick count
    /// meant for another span (a million ticks, while a long run's span grows).
    readonly property var timeAxis: {
        const step = niceStep(Math.max(0.001, span), 5)
        const top = roundUp(Math.max(0.001, span), step)
        return { top: top, ticks: ticksOf(top, step),
                 format: "%." + Math.max(0, -Math.floor(Math.log10(step) + 1e-9)) + "f" }
    }
    readonly property string timeTitle: qsTr("simulated time (s)")
    /// The count axes: the most pods shown and a tenth more, rounded up to a round step.
    readonly property var pendingAxis: countAxis(timeline.revision >= 0
                                                 ? Math.max(timeline.chartMax(TimelineMarks.PendingActive),
                                                            timeline.chartMax(TimelineMarks.PendingBackoff),
                                                            timeline.chartMax(TimelineMarks.PendingUnschedulable)) : 0)
    readonly property var attemptAxis: countAxis(Math.max(timeline.binds, timeline.failures))

    /// A round tick step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `range`.
    function niceStep(range, ticks) {
        const raw = range / ticks
        const power = Math.pow(10, Math.floor(Math.log10(raw) + 1e-9))
        const m = raw / power
        return (m <= 1 + 1e-9 ? 1 : m <= 2 + 1e-9 ? 2 : m <= 5 + 1e-9 ? 5 : 10) * power
    }
    function roundUp(value, step) { return Math.ceil(value / step - 1e-9) * step }
    function ticksOf(top, step) { return Math.max(2, Math.min(12, Math.round(top / step) + 1)) }
    function countAxis(most) {
        const top = Math.max(1, most * 1.1)
        const step = Math.max(1, niceStep(top, 4))
        return { top: roundUp(top, step), ticks: ticksOf(roundUp(top, step), step) }
    }
    function fill(series, kind) {
        series.clear()
        for (const p of panel.timeline.chart(kind, panel.points)) series.append(p.seconds, p.value)
    }
    function refresh() {
        if (!visible) return
        fill(seriesActive, TimelineMarks.PendingActive)
        fill(seriesBackoff, TimelineMarks.PendingBackoff)
        fill(seriesUnschedulable, TimelineMarks.PendingUnschedulable)
        fill(seriesBound, TimelineMarks.Bound)
        fill(seriesFailed, TimelineMarks.Failed)
    }
    // The run grows a batch a frame: redraw at most four times a second.
    Timer { id: redraw; interval: 250; onTriggered: panel.refresh() }
    Connections { target: panel.timeline; function onChanged() { if (!redraw.running) redraw.start() } }
    onVisibleChanged: refresh()
    onPointsChanged: if (!redraw.running) redraw.start()

    ChartView {
        objectName: "pendingChart"
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 160
        antialiasing: true
        legend.alignment: Qt.AlignBottom
        theme: AppPalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
        title: qsTr("Pending pods by queue (%1)").arg(panel.clock)
        ValueAxis {
            id: pendingTime
            min: 0
            max: panel.timeAxis.top
            tickCount: panel.timeAxis.ticks
            labelFormat: panel.timeAxis.format
            titleText: panel.timeTitle
        }
        ValueAxis {
            id: pendingCount
            min: 0
            max: panel.pendingAxis.top
            tickCount: panel.pendingAxis.ticks
            labelFormat: "%d"
        }
        LineSeries { id: seriesActive; name: qsTr("active"); axisX: pendingTime; axisY: pendingCount }
        LineSeries { id: seriesBackoff; name: qsTr("backoff"); axisX: pendingTime; axisY: pendingCount }
        LineSeries { id: seriesUnschedulable; name: qsTr("unschedulable"); axisX: pendingTime; axisY: pendingCount }
    }
    ChartView {
        objectName: "attemptsChart"
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 160
        antialiasing: true
        legend.alignment: Qt.AlignBottom
        theme: AppPalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
        title: qsTr("Scheduling attempts by result (%1)").arg(panel.clock)
        ValueAxis {
            id: attemptTime
            min: 0
            max: panel.timeAxis.top
            tickCount: panel.timeAxis.ticks
            labelFormat: panel.timeAxis.format
            titleText: panel.timeTitle
        }
        ValueAxis {
            id: attemptCount
            min: 0
            max: panel.attemptAxis.top
            tickCount: panel.attemptAxis.ticks
            labelFormat: "%d"
        }
        LineSeries {
            id: seriesBound
            name: qsTr("scheduled (bound)")
            color: AppPalette.good
            axisX: attemptTime
            axisY: attemptCount
        }
        LineSeries { id: seriesFailed; name: qsTr("failed"); color: AppPalette.bad; axisX: attemptTime; axisY: attemptCount }
    }
}
