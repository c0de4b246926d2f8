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
// failed), against the core steps; the simulated time of the last step is in each title.
// `berthctl schedule --metrics FILE` writes the same series in the Prometheus text format.
ColumnLayout {
    id: panel
    required property TimelineMarks timeline
    spacing: 4

    /// Points per series: enough for a smooth line over the panel's width.
    readonly property int points: Math.max(2, Math.min(400, Math.round(width / 2)))
    readonly property string clock: qsTr("t = %1 s").arg(timeline.secondsAt(timeline.recordedSteps).toFixed(3))

    function fill(series, kind) {
        series.clear()
        for (const p of panel.timeline.chart(kind, panel.points)) series.append(p.step, p.value)
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
            id: pendingSteps
            min: 0
            max: Math.max(1, panel.timeline.recordedSteps)
            labelFormat: "%d"
            titleText: qsTr("step")
        }
        ValueAxis {
            id: pendingCount
            min: 0
            max: panel.timeline.revision >= 0
                 ? Math.max(1, panel.timeline.chartMax(TimelineMarks.PendingActive),
                            panel.timeline.chartMax(TimelineMarks.PendingBackoff),
                            panel.timeline.chartMax(TimelineMarks.PendingUnschedulable)) * 1.1 : 1
            labelFormat: "%d"
        }
        LineSeries { id: seriesActive; name: qsTr("active"); axisX: pendingSteps; axisY: pendingCount }
        LineSeries { id: seriesBackoff; name: qsTr("backoff"); axisX: pendingSteps; axisY: pendingCount }
        LineSeries { id: seriesUnschedulable; name: qsTr("unschedulable"); axisX: pendingSteps; axisY: pendingCount }
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
            id: attemptSteps
            min: 0
            max: Math.max(1, panel.timeline.recordedSteps)
            labelFormat: "%d"
            titleText: qsTr("step")
        }
        ValueAxis {
            id: attemptCount
            min: 0
            max: Math.max(1, panel.timeline.binds, panel.timeline.failures) * 1.1
            labelFormat: "%d"
        }
        LineSeries {
            id: seriesBound
            name: qsTr("scheduled (bound)")
            color: AppPalette.good
            axisX: attemptSteps
            axisY: attemptCount
        }
        LineSeries { id: seriesFailed; name: qsTr("failed"); color: AppPalette.bad; axisX: attemptSteps; axisY: attemptCount }
    }
}
