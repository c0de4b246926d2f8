import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Asks for a file path (QtQuick.Dialogs is not a dependency). `accept(path, overwrite)` is
// the caller's: it returns an error to show, or "" to close. An existing file is replaced
// only when the user ticks "Replace" after being told.
Dialog {
    id: dialog
    modal: true
    width: 520
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel
    property string path: ""
    property string error: ""
    property bool askOverwrite: true
    property var accept: function(path, overwrite) { return "" }
    default property alias extra: extraColumn.data

    function begin(initialPath) {
        pathField.text = initialPath || ""
        replace.checked = false
        error = ""
        open()
    }

    onAccepted: {
        const p = pathField.text.trim()
        const err = p.length === 0 ? qsTr("No file name") : dialog.accept(p.startsWith("file:") ? p : "file://" + p, replace.checked)
        if (err.length > 0) {
            dialog.error = err
            // Later, not now: Qt 6.4 ignores open() from the accepted handler of the close
            // under way, and the error was never seen.
            Qt.callLater(dialog.open)
        }
    }

    ColumnLayout {
        anchors.fill: parent
        TextField {
            id: pathField
            Layout.fillWidth: true
            placeholderText: "/path/to/file"
        }
        ColumnLayout { id: extraColumn; Layout.fillWidth: true }
        CheckBox {
            id: replace
            visible: dialog.askOverwrite
            text: qsTr("Replace the file if it exists")
        }
        Label {
            visible: dialog.error.length > 0
            text: dialog.error
            color: AppPalette.error
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
    }
}
