import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth.App

ToolBar {
    id: bar
    required property SimulationController controller
    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 8
        anchors.rightMargin: 8
        spacing: 16
        Label { text: qsTr("t = %1").arg(bar.controller.simTimeText); font.family: "monospace" }
        Label { text: qsTr("bound %1").arg(bar.controller.boundCount); color: Theme.good }
        Label { text: qsTr("pending %1").arg(bar.controller.pendingCount); color: Theme.bad }
        Label { text: qsTr("binding %1").arg(bar.controller.assumedCount); visible: bar.controller.assumedCount > 0 }
        Label { text: qsTr("attempts %1").arg(bar.controller.attempts) }
        Item { Layout.fillWidth: true }
        Label { text: bar.controller.statusText; elide: Text.ElideRight; Layout.maximumWidth: 600 }
    }
}
