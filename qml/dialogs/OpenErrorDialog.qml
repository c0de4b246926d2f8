import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Tells why an open (File > Open, Open Recent, a drop) was refused: each problem with its
// file, line and object. The session on show did not change.
Dialog {
    id: dialog
    required property SessionController session
    property string message: ""
    property var problems: []
    title: qsTr("Could not open")
    modal: true
    standardButtons: Dialog.Ok
    width: Math.min(760, parent ? parent.width - 80 : 760)

    Connections {
        target: dialog.session
        function onOpenFailed(message, problems) {
            dialog.message = message
            dialog.problems = problems
            dialog.open()
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        Label {
            text: dialog.message
            wrapMode: Text.Wrap
            font.bold: true
            Layout.fillWidth: true
        }
        Label {
            text: qsTr("The plan on show is unchanged.")
            Layout.fillWidth: true
        }
        Label {
            visible: dialog.problems.length > 0
            Layout.fillWidth: true
            Layout.maximumWidth: dialog.availableWidth
            text: dialog.problems.slice(0, 12).join("\n")
                  + (dialog.problems.length > 12 ? "\n" + qsTr("… and %1 more").arg(dialog.problems.length - 12) : "")
            wrapMode: Text.WrapAnywhere
            font.family: "monospace"
            font.pixelSize: UiScale.px(12)
            color: AppPalette.error
        }
    }
}
