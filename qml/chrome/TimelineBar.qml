import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The run's timeline under the canvas (issue 17): the core steps from 0 to the newest reached,
// with the marks of binds, failures, preemptions, edits and the timeline file's timed edits in
// five lanes, the position on show, and the simulated clock. A click on a mark jumps to the
// step that made it; anywhere else on the track, to the step under the pointer (time travel:
// from the nearest checkpoint). Hover names the step, its simulated time and the marks under
// the pointer. Timed edits are drawn one by one, filled once applied at the position on show,
// hollow while pending; those the run has not reached yet sit in the strip at the track's right
// end ("ahead"), spread by their simulated time; each names its edit and source line on hover.
Rectangle {
    id: bar
    required property PlaybackControls playback
    readonly property TimelineMarks timeline: playback.timeline
    readonly property int lastStep: Math.max(1, playback.newestPosition)

    /// The timed edits (TimelineMarks.timedEdits) and how many the run has not reached.
    readonly property var timed: timeline.revision >= 0 ? timeline.timedEdits() : []
    readonly property int unreached: timed.filter((e) => e.step < 0).length
    /// The simulated seconds the ahead strip spans: from the newest step's to the last timed edit's.
    readonly property real aheadFrom: timeline.revision >= 0 ? timeline.secondsAt(playback.newestPosition) : 0
    readonly property real aheadTo: timed.reduce((m, e) => e.step < 0 ? Math.max(m, e.seconds) : m, aheadFrom)

    visible: playback.loaded && (playback.newestPosition > 0 || timeline.timed > 0)
    implicitHeight: UiScale.px(50)
    color: AppPalette.panel
    border.color: AppPalette.border

    function kindColor(kind) {
        return [AppPalette.good, AppPalette.bad, AppPalette.warn, AppPalette.accent, AppPalette.timed][kind]
    }
    function seconds(step) { return bar.timeline.revision >= 0 ? bar.timeline.secondsAt(step).toFixed(3) : "" }
    function stepAt(x) { return Math.round(Math.max(0, Math.min(1, x / track.stepWidth)) * bar.lastStep) }
    function xOf(step) { return step / bar.lastStep * track.stepWidth }
    /// A timed edit's centre: at its step once reached, else in the ahead strip by its time.
    function timedX(e) {
        if (e.step >= 0) return xOf(e.step)
        const span = bar.aheadTo - bar.aheadFrom
        const f = span > 0 ? Math.max(0, Math.min(1, (e.seconds - bar.aheadFrom) / span)) : 0
        return track.stepWidth + track.aheadPad + f * (track.aheadWidth - 2 * track.aheadPad)
    }
    function timedText(e) {
        const where = e.step < 0 ? qsTr("pending: the run has not reached it yet")
                    : e.step > bar.playback.position ? qsTr("pending here; applied at step %1").arg(e.step)
                    : qsTr("applied at step %1").arg(e.step)
        return qsTr("Timed edit: %1 at t = %2 s\n%3 — %4").arg(e.title).arg(e.seconds.toFixed(3)).arg(e.source).arg(where)
    }
    /// The mark of the lane under `y` nearest to `x` (within two columns): its step; else the step at `x`.
    function jumpTarget(x, y) {
        const kind = Math.floor((y - track.inset) / track.laneHeight)
        const column = Math.floor(x / track.columnWidth)
        let best = -1, bestDistance = 3
        for (const b of track.bins) {
            const d = Math.abs(b.column - column)
            if (b.kind === kind && d < bestDistance) { best = b.step; bestDistance = d }
        }
        return best >= 0 ? best : stepAt(x)
    }

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 8
        anchors.rightMargin: 8
        spacing: 8
        Label {
            objectName: "timelineClock"
            text: qsTr("t = %1 s").arg(bar.seconds(bar.playback.position))
            font.family: "monospace"
            color: bar.playback.position < bar.playback.newestPosition ? AppPalette.warn : AppPalette.text
        }
        Item {
            id: track
            objectName: "timelineTrack"
            Layout.fillWidth: true
            Layout.fillHeight: true
            readonly property real inset: 4
            readonly property real laneHeight: (height - 2 * inset) / 5
            /// The ahead strip (timed edits the run has not reached) and the steps' part.
            readonly property real aheadWidth: bar.unreached > 0 ? Math.round(Math.min(160, width * 0.2)) : 0
            readonly property real aheadPad: 6
            readonly property real stepWidth: width - aheadWidth
            readonly property int columns: Math.max(1, Math.floor(stepWidth / 3))
            readonly property real columnWidth: stepWidth / columns
            readonly property var bins: bar.timeline.revision >= 0 && bar.visible
                                        ? bar.timeline.bins(columns, bar.lastStep) : []
            Rectangle {  // the lanes' ground
                anchors.fill: parent
                anchors.topMargin: track.inset - 1
                anchors.bottomMargin: track.inset - 1
                color: AppPalette.track
            }
            Repeater {
                model: track.bins
                delegate: Rectangle {
                    required property var modelData
                    objectName: "timelineMark"
                    x: modelData.column * track.columnWidth
                    y: track.inset + modelData.kind * track.laneHeight
                    width: Math.max(2, track.columnWidth - 1)
                    height: Math.max(1, track.laneHeight - 1)
                    color: bar.kindColor(modelData.kind)
                    opacity: Math.min(1, 0.5 + 0.1 * modelData.count)
                }
            }
            Rectangle {  // the ahead strip: its edge, and its ground a shade apart
                objectName: "timelineAhead"
                visible: track.aheadWidth > 0
                x: track.stepWidth
                width: track.aheadWidth
                height: parent.height
                color: AppPalette.panel
                border.color: AppPalette.border
                Label {
                    anchors.right: parent.right
                    anchors.top: parent.top
                    anchors.rightMargin: 3
                    text: qsTr("ahead")
                    font.pixelSize: Math.max(8, track.laneHeight * 1.2)
                    color: AppPalette.muted
                }
            }
            Rectangle {  // the position on show
                objectName: "timelineCursor"
                x: bar.xOf(bar.playback.position) - width / 2
                width: 2
                height: parent.height
                color: AppPalette.text
            }
            MouseArea {
                id: pointer
                anchors.fill: parent
                hoverEnabled: true
                enabled: !bar.playback.running
                onClicked: (mouse) => bar.playback.seek(bar.jumpTarget(mouse.x, mouse.y))
                readonly property int hoverStep: bar.stepAt(mouseX)
                readonly property int hoverColumn: Math.floor(mouseX / track.columnWidth)
                ToolTip.visible: containsMouse
                ToolTip.delay: 300
                ToolTip.text: {
                    const first = Math.floor(hoverColumn * bar.lastStep / track.columns) + 1
                    const last = Math.floor((hoverColumn + 1) * bar.lastStep / track.columns)
                    const marks = bar.timeline.revision >= 0 ? bar.timeline.describe(first, last) : ""
                    return qsTr("Step %1, t = %2 s").arg(hoverStep).arg(bar.seconds(hoverStep))
                           + (marks.length > 0 ? qsTr("\nSteps %1–%2: %3").arg(first).arg(last).arg(marks) : "")
                           + qsTr("\nClick to go there; on a mark, to the step that made it")
                }
            }
            Repeater {  // the timed edits, one each, above the pointer's area
                model: bar.timed
                delegate: Rectangle {
                    id: timedMark
                    required property var modelData
                    readonly property bool applied: modelData.step >= 0 && modelData.step <= bar.playback.position
                    objectName: "timelineTimed"
                    width: Math.max(6, track.laneHeight + 2)
                    height: width
                    x: bar.timedX(modelData) - width / 2
                    y: track.inset + 4 * track.laneHeight + (track.laneHeight - height) / 2
                    rotation: 45
                    color: applied ? AppPalette.timed : AppPalette.panel
                    border.color: AppPalette.timed
                    border.width: applied ? 0 : 1.5
                    MouseArea {
                        anchors.fill: parent
                        anchors.margins: -2
                        hoverEnabled: true
                        enabled: !bar.playback.running
                        onClicked: if (timedMark.modelData.step >= 0) bar.playback.seek(timedMark.modelData.step)
                        ToolTip.visible: containsMouse
                        ToolTip.delay: 200
                        ToolTip.text: bar.timedText(timedMark.modelData)
                    }
                }
            }
        }
        Label {
            objectName: "timelineEnd"
            text: qsTr("%1 s").arg(bar.seconds(bar.playback.newestPosition))
            font.family: "monospace"
            color: AppPalette.muted
        }
        Row {  // the legend: each kind's colour and count (named in its tooltip)
            id: legend
            spacing: 8
            HoverHandler { id: legendHover }
            ToolTip.visible: legendHover.hovered
            ToolTip.text: {
                const t = bar.timeline
                return qsTr("%1 binds, %2 failures (unschedulable or errors), %3 preemptions, %4 edits, %5 of %6 timed edits applied")
                    .arg(t.binds).arg(t.failures).arg(t.preemptions).arg(t.edits).arg(t.timedApplied).arg(t.timed)
            }
            Repeater {
                model: bar.timeline.timed > 0 ? 5 : 4
                delegate: Row {
                    required property int index
                    spacing: 3
                    Rectangle {
                        anchors.verticalCenter: parent.verticalCenter
                        width: UiScale.px(9); height: width
                        color: bar.kindColor(index)
                    }
                    Label {
                        objectName: "timelineCount" + index
                        text: {
                            const t = bar.timeline
                            return [t.binds, t.failures, t.preemptions, t.edits, t.timedApplied + "/" + t.timed][index]
                        }
                        color: AppPalette.muted
                    }
                }
            }
        }
    }
}
