import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth.App

ToolBar {
    id: bar
    required property SimulationController controller
    signal openRequested()
    signal fitRequested()
    property bool narrationVisible: true

    // Slider position 0..1 maps to 0.25x .. max on a log scale; the right end is "max".
    readonly property real minSpeed: 0.25
    function speedAt(v) { return minSpeed * Math.pow(controller.maxSpeed / minSpeed, v) }

    RowLayout {
        anchors.fill: parent
        spacing: 6
        ToolButton {
            text: qsTr("Open…")
            onClicked: bar.openRequested()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Load manifest files (Ctrl+O)")
        }
        ToolSeparator {}
        ToolButton {
            text: bar.controller.running ? qsTr("❚❚ Pause") : qsTr("▶ Play")
            enabled: bar.controller.loaded
            onClicked: bar.controller.togglePlay()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Play / pause (Space)")
        }
        ToolButton {
            text: qsTr("Step phase")
            enabled: bar.controller.loaded && !bar.controller.running
            onClicked: bar.controller.stepPhase()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("One extension point: pop, filter, score, select, assume, bind (N or →)")
        }
        ToolButton {
            text: qsTr("Step pod")
            enabled: bar.controller.loaded && !bar.controller.running
            onClicked: bar.controller.step()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("One whole scheduling cycle (Shift+N or Shift+→)")
        }
        ToolButton {
            text: qsTr("Run to end")
            enabled: bar.controller.loaded
            onClicked: bar.controller.runToEnd()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Run at full speed until nothing can change (End)")
        }
        ToolSeparator {}
        Label { text: qsTr("Speed") }
        Slider {
            id: speed
            Layout.preferredWidth: 160
            from: 0; to: 1; value: 0.25
            onMoved: bar.controller.speed = bar.speedAt(value)
        }
        Label {
            Layout.preferredWidth: 48
            text: speed.value >= 0.999 ? qsTr("max") : bar.speedAt(speed.value).toFixed(2) + "×"
        }
        ToolSeparator {}
        ToolButton { text: qsTr("Fit"); onClicked: bar.fitRequested(); ToolTip.visible: hovered; ToolTip.text: qsTr("Fit the cluster in view (F)") }
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
            text: bar.controller.source
            elide: Text.ElideMiddle
            Layout.maximumWidth: 300
            color: palette.placeholderText
        }
    }
}
