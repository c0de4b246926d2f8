import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A minimal "open" dialog: manifest paths, one per line (QtQuick.Dialogs is not a dependency).
Dialog {
    id: dialog
    title: qsTr("Open manifests")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 520
    readonly property var urls: paths.text.split("\n").map(s => s.trim()).filter(s => s.length > 0)
        .map(s => s.startsWith("file:") ? s : "file://" + s)
    ColumnLayout {
        anchors.fill: parent
        Label { text: qsTr("Manifest files (one path per line):") }
        TextArea {
            id: paths
            Layout.fillWidth: true
            Layout.preferredHeight: 100
            placeholderText: "/path/to/cluster.yaml"
        }
    }
}
