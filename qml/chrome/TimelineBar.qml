import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The run's timeline under the canvas (issue 17): the core steps from 0 to the newest reached,
// with the marks of binds, failures, preemptions and edits in four lanes, the position on show,
// and the simulated clock. A click on a mark jumps to the step that made it; anywhere else on
// the track, to the step under the pointer (time travel: from the nearest checkpoint). Hover
// names the step, its simulated time and the marks under the pointer.
Rectangle {
    id: bar
    required property PlaybackControls playback
    readonly property TimelineMarks timeline: playback.timeline
    readonly property int lastStep: Math.max(1, playback.newestPosition)

    visible: playback.loaded && playback.newestPosition > 0
    implicitHeight: UiScale.px(44)
    color: AppPalette.panel
    border.color: AppPalette.border

    function kindColor(kind) { return [AppPalette.good, AppPalette.bad, AppPalette.warn, AppPalette.accent][kind] }
    function seconds(step) { return bar.timeline.revision >= 0 ? bar.timeline.secondsAt(step).toFixed(3) : "" }
    function stepAt(x) { return Math.round(Math.max(0, Math.min(1, x / track.width)) * bar.lastStep) }
    function xOf(step) { return step / bar.lastStep * track.width }
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
            readonly property real laneHeight: (height - 2 * inset) / 4
            readonly property int columns: Math.max(1, Math.floor(width / 3))
            readonly property real columnWidth: width / columns
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
                return qsTr("%1 binds, %2 failures (unschedulable or errors), %3 preemptions, %4 edits")
                    .arg(t.binds).arg(t.failures).arg(t.preemptions).arg(t.edits)
            }
            Repeater {
                model: 4
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
                            return [t.binds, t.failures, t.preemptions, t.edits][index]
                        }
                        color: AppPalette.muted
                    }
                }
            }
        }
    }
}
