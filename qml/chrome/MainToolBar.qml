import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Open, the playback commands (each also a shortcut in Main.qml), the speed, fit and the
// narration switch.
ToolBar {
    id: bar
    required property PlaybackControls playback
    /// For the files on show, named at the right end.
    required property RunStatus status
    signal openRequested()
    signal fitRequested()
    property bool narrationVisible: true

    // Slider position 0..1 maps to 0.25x .. max on a log scale; the right end is "max".
    readonly property real minSpeed: 0.25
    function speedAt(v) { return minSpeed * Math.pow(playback.maxSpeed / minSpeed, v) }

    RowLayout {
        anchors.fill: parent
        spacing: 6
        ToolButton {
            objectName: "open"
            text: qsTr("Open…")
            onClicked: bar.openRequested()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Load manifest files (Ctrl+O)")
        }
        ToolSeparator {}
        ToolButton {
            objectName: "play"
            text: bar.playback.running ? qsTr("❚❚ Pause") : qsTr("▶ Play")
            enabled: bar.playback.loaded
            onClicked: bar.playback.togglePlay()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Play / pause (Space)")
        }
        ToolButton {
            objectName: "restart"
            text: qsTr("Restart")
            enabled: bar.playback.loaded && bar.playback.position > 0
            onClicked: bar.playback.restart()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Restart from t = 0 (Home)")
        }
        ToolButton {
            objectName: "stepBack"
            text: qsTr("◀ Back")
            enabled: bar.playback.canStepBack && !bar.playback.running
            onClicked: bar.playback.stepBack()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Back one extension point (←); back one pod: Shift+←")
        }
        ToolButton {
            objectName: "stepPhase"
            text: qsTr("Step phase")
            enabled: bar.playback.loaded && !bar.playback.running
            onClicked: bar.playback.stepPhase()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("One extension point: pop, filter, score, select, assume, bind (N or →)")
        }
        ToolButton {
            objectName: "stepPod"
            text: qsTr("Step pod")
            enabled: bar.playback.loaded && !bar.playback.running
            onClicked: bar.playback.step()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("One whole scheduling cycle (Shift+N or Shift+→)")
        }
        ToolButton {
            objectName: "runToEnd"
            text: qsTr("Run to end")
            enabled: bar.playback.loaded
            onClicked: bar.playback.runToEnd()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Run at full speed until nothing can change (End)")
        }
        // The timeline over core steps: drag and release to jump there (a deterministic
        // replay; stepping on from there makes the same decisions).
        Slider {
            id: scrubber
            objectName: "scrubber"
            visible: bar.playback.loaded && bar.playback.newestPosition > 0
            enabled: !bar.playback.running
            // Both sliders give way first when the window is narrow (1024 px wide at most
            // scales): every button stays inside the window.
            Layout.fillWidth: true
            Layout.minimumWidth: 60
            Layout.maximumWidth: 160
            Layout.preferredWidth: 160
            from: 0
            to: Math.max(1, bar.playback.newestPosition)
            stepSize: 1
            snapMode: Slider.SnapAlways
            Binding on value {
                when: !scrubber.pressed  // a drag is the user's until released
                value: bar.playback.position
                restoreMode: Binding.RestoreNone
            }
            onPressedChanged: if (!pressed) bar.playback.seek(Math.round(value))
            ToolTip.visible: pressed || hovered
            ToolTip.text: qsTr("Step %1 of %2: release to go there").arg(Math.round(value)).arg(bar.playback.newestPosition)
        }
        Label {
            objectName: "position"
            visible: bar.playback.loaded
            text: bar.playback.position < bar.playback.newestPosition
                  ? qsTr("step %1 of %2").arg(bar.playback.position).arg(bar.playback.newestPosition)
                  : qsTr("step %1").arg(bar.playback.position)
            color: bar.playback.position < bar.playback.newestPosition ? AppPalette.warn : AppPalette.muted
            ToolTip.visible: positionHover.hovered
            ToolTip.text: qsTr("Core steps taken. Stepped back, it also names the newest step reached.")
            HoverHandler { id: positionHover }
        }
        ToolSeparator {}
        Label { text: qsTr("Speed") }
        Slider {
            id: speed
            objectName: "speed"
            Layout.fillWidth: true
            Layout.minimumWidth: 60
            Layout.maximumWidth: 160
            Layout.preferredWidth: 160
            from: 0; to: 1; value: 0.25
            onMoved: bar.playback.speed = bar.speedAt(value)
        }
        Label {
            objectName: "speedText"
            Layout.preferredWidth: 48
            text: speed.value >= 0.999 ? qsTr("max") : bar.speedAt(speed.value).toFixed(2) + "×"
        }
        ToolSeparator {}
        ToolButton { objectName: "fit"; text: qsTr("Fit"); onClicked: bar.fitRequested(); ToolTip.visible: hovered; ToolTip.text: qsTr("Fit the cluster in view (F)") }
        ToolButton {
            text: qsTr("Narration")
            checkable: true
            checked: bar.narrationVisible
            onToggled: bar.narrationVisible = checked
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Explain each step (T)")
        }
        Item { Layout.fillWidth: true }
        Label {
            objectName: "source"
            text: bar.status.source
            elide: Text.ElideMiddle
            Layout.maximumWidth: 300
            color: palette.placeholderText
        }
    }
}
