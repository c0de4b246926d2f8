import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Narration for training: the step on show in a sentence or two, with the upstream stage it
// happens in (scheduleOne, findNodesThatFitPod, prioritizeNodes, selectHost, assume, bind).
Pane {
    id: panel
    required property PlaybackControls playback
    readonly property CyclePlayback cycle: playback.cycle
    /// Presenter mode: the narration in large type, for the back of the room.
    property bool large: false
    padding: 8
    font.pointSize: Qt.application.font.pointSize * UiScale.factor * (large ? 1.8 : 1)
    background: Rectangle { color: AppPalette.note; border.color: AppPalette.noteBorder }

    RowLayout {
        anchors.fill: parent
        spacing: 10
        ColumnLayout {
            Layout.fillWidth: true
            spacing: 2
            RowLayout {
                spacing: 8
                Label {
                    objectName: "phaseName"
                    text: panel.cycle.active ? panel.cycle.phaseName : qsTr("Narration")
                    font.bold: true
                    font.pixelSize: UiScale.px(panel.large ? 28 : 14)
                }
                Label {
                    objectName: "stage"
                    visible: panel.cycle.active
                    text: panel.cycle.stage
                    font.family: "monospace"
                    color: AppPalette.noteTitle
                }
                Label {
                    visible: panel.cycle.active && panel.cycle.pod.length > 0
                    text: panel.cycle.pod
                    color: AppPalette.muted
                    elide: Text.ElideMiddle
                    Layout.fillWidth: true
                }
            }
            Label {
                objectName: "narration"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                maximumLineCount: 3
                elide: Text.ElideRight
                text: panel.cycle.active ? panel.cycle.narration
                    : qsTr("Press N (or →) to step one extension point: queue pop, filter, score, select, assume, bind. Shift+N steps a whole pod; ← and Shift+← step back, Home restarts from t = 0; Space plays.")
                color: panel.cycle.active ? AppPalette.text : AppPalette.muted
            }
        }
        Button {
            text: qsTr("Back (←)")
            objectName: "stepBack"
            enabled: panel.playback.canStepBack && !panel.playback.running
            onClicked: panel.playback.stepBack()
        }
        Button {
            text: qsTr("Next step (N)")
            objectName: "nextStep"
            enabled: panel.playback.loaded && !panel.playback.running
            onClicked: panel.playback.stepPhase()
        }
    }
}
