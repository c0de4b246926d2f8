import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The window's footer. Qt 6.4's layouts crash (QQuickLayout::effectiveSizePolicy_helper on a
// freed item) when a header or footer relayouts its content from inside a layout's polish: a
// layout item deleted by a Repeater, the bar's implicit size following it, the window
// resizing the bar, the bar's RowLayout rearranged on its stale item list. So the RowLayout's
// items never come and go (the operations live in a Row, a positioner, inside one fixed item)
// and the bar's implicit size does not follow them (its height is that of a Cancel button,
// the tallest thing an operation shows).
ToolBar {
    id: bar
    required property RunStatus status
    /// The long operations under way (loads, runs to the end, exports), each with a Cancel.
    required property OperationListModel operations
    /// "Extenders: 2 live" / "Extenders: 2 replayed"; empty when the configuration has none.
    property string extenderStatus: ""
    implicitWidth: 0
    implicitHeight: Math.max(implicitBackgroundHeight + topInset + bottomInset,
                             heightProbe.implicitHeight + topPadding + bottomPadding)
    Button { id: heightProbe; visible: false; flat: true; text: qsTr("Cancel") }
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
        Label { objectName: "extenderStatus"; text: bar.extenderStatus; visible: text.length > 0 }
        Item { Layout.fillWidth: true; visible: bar.operations.count === 0 }
        // The long operations under way, at the right end: what, how far, and a way to stop
        // each (Esc stops all).
        Item {
            id: operationsArea
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: bar.operations.count > 0
            clip: true
            Row {
                id: operationsRow
                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                spacing: 16
                Repeater {
                    id: operationsRepeater
                    model: bar.operations
                    delegate: RowLayout {
                        id: operation
                        required property int operationId
                        required property string title
                        required property string detail
                        required property real fraction
                        required property bool cancelling
                        objectName: "operation-" + operationId
                        // Shrinks (elided) when several operations share the bar.
                        width: Math.min(implicitWidth, (operationsArea.width - operationsRow.spacing
                                        * (operationsRepeater.count - 1)) / Math.max(1, operationsRepeater.count))
                        spacing: 6
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
