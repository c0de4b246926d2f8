import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
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
        Label { text: qsTr("bound %1").arg(bar.controller.boundCount); color: AppPalette.good }
        Label { text: qsTr("pending %1").arg(bar.controller.pendingCount); color: AppPalette.bad }
        Label { text: qsTr("binding %1").arg(bar.controller.assumedCount); visible: bar.controller.assumedCount > 0 }
        Label { text: qsTr("attempts %1").arg(bar.controller.attempts) }
        Item { Layout.fillWidth: true }
        // The long operations under way: what, how far, and a way to stop each (Esc stops all).
        Repeater {
            model: bar.controller.operations
            delegate: RowLayout {
                id: operation
                Layout.fillWidth: true
                Layout.maximumWidth: implicitWidth
                required property int operationId
                required property string title
                required property string detail
                required property real fraction
                required property bool cancelling
                objectName: "operation-" + operationId
                spacing: 6
                // Shrinks (elided) when several operations share the bar.
                Label {
                    text: operation.title + " — " + operation.detail
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                    Layout.minimumWidth: 80
                    Layout.maximumWidth: implicitWidth
                }
                ProgressBar {
                    Layout.preferredWidth: 100
                    from: 0
                    to: 1
                    value: Math.max(0, operation.fraction)
                    indeterminate: operation.fraction < 0
                }
                Button {
                    objectName: "cancelOperation"
                    text: qsTr("Cancel")
                    flat: true
                    enabled: !operation.cancelling
                    onClicked: bar.controller.operations.cancel(operation.operationId)
                }
            }
        }
        Label {
            objectName: "statusLine"
            text: bar.controller.statusText
            elide: Text.ElideRight
            Layout.maximumWidth: 600
            visible: bar.controller.operations.count === 0
        }
    }
}
