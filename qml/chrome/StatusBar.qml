import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

ToolBar {
    id: bar
    required property RunStatus status
    /// The long operations under way (loads, runs to the end, exports), each with a Cancel.
    required property OperationListModel operations
    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 8
        anchors.rightMargin: 8
        spacing: 16
        Label { objectName: "simTime"; text: qsTr("t = %1").arg(bar.status.simTimeText); font.family: "monospace" }
        Label { objectName: "bound"; text: qsTr("bound %1").arg(bar.status.boundCount); color: AppPalette.good }
        Label { objectName: "pending"; text: qsTr("pending %1").arg(bar.status.pendingCount); color: AppPalette.bad }
        Label { objectName: "binding"; text: qsTr("binding %1").arg(bar.status.assumedCount); visible: bar.status.assumedCount > 0 }
        Label { objectName: "attempts"; text: qsTr("attempts %1").arg(bar.status.attempts) }
        Item { Layout.fillWidth: true }
        // The long operations under way: what, how far, and a way to stop each (Esc stops all).
        Repeater {
            model: bar.operations
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
                    onClicked: bar.operations.cancel(operation.operationId)
                }
            }
        }
        Label {
            objectName: "statusLine"
            text: bar.status.statusText
            elide: Text.ElideRight
            Layout.maximumWidth: 600
            visible: bar.operations.count === 0
        }
    }
}
