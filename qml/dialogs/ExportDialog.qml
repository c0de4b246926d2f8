import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Berth
import Berth.App

// File > Export placements: a format and a namespace, then the file in a save dialog. The
// extension typed there decides the format where it can (`inferFormat`: the session's
// exportFormatFor; ".csv" writes the CSV report even after "JSON" was picked). The caller's
// `accept(url, format, namespace, overwrite)` writes it (no controller here: testable alone).
Dialog {
    id: dialog
    title: qsTr("Export placements")
    modal: true
    width: 520
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel

    /// Where the save dialog opens and checks for existing files.
    property RecentFiles recent: null
    /// The window the save dialog opens over (a Dialog has no Window of its own to tell).
    property var parentWindow: null
    property var accept: function(url, format, ns, overwrite) { return "" }
    property var inferFormat: function(url, chosen) { return chosen }
    /// The exporter's format name picked in the list (SessionController::exportPlacements).
    readonly property string format: formatBox.currentValue
    /// The namespace to export; "" for all.
    readonly property string exportNamespace: namespaceField.text.trim()
    /// The save dialog (tests drive it).
    readonly property FileChooser fileChooser: chooser

    readonly property var formats: [
        { value: "pods", text: qsTr("Pods with spec.nodeName (YAML)"), filter: qsTr("YAML (*.yaml *.yml)"), suffix: "yaml" },
        { value: "bindings", text: qsTr("List of v1 Binding (YAML)"), filter: qsTr("YAML (*.yaml *.yml)"), suffix: "yaml" },
        { value: "json", text: qsTr("Placement report (JSON)"), filter: qsTr("JSON (*.json)"), suffix: "json" },
        { value: "csv", text: qsTr("Placement report (CSV)"), filter: qsTr("CSV (*.csv)"), suffix: "csv" },
        { value: "workloads", text: qsTr("Workloads (YAML) + <name>.placements.csv beside it"), filter: qsTr("YAML (*.yaml *.yml)"), suffix: "yaml" }
    ]

    function begin() { open() }

    onAccepted: {
        const f = formats[formatBox.currentIndex]
        chooser.nameFilters = [f.filter, qsTr("All files (*)")]
        chooser.defaultSuffix = f.suffix
        // Later, not now: Qt 6.4 may drop a dialog opened from the handler of the close under way.
        Qt.callLater(() => chooser.begin("placements." + f.suffix))
    }

    ColumnLayout {
        anchors.fill: parent
        ComboBox {
            id: formatBox
            objectName: "formatBox"
            Layout.fillWidth: true
            textRole: "text"
            valueRole: "value"
            model: dialog.formats
        }
        TextField { id: namespaceField; Layout.fillWidth: true; placeholderText: qsTr("Namespace (empty: all)") }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: AppPalette.muted
            text: qsTr("Next: the file. Its extension picks the format where it can (.csv, .json).")
        }
    }

    FileChooser {
        id: chooser
        title: dialog.title
        fileMode: FileDialog.SaveFile
        recent: dialog.recent
        parentWindow: dialog.parentWindow
        handler: (urls, overwrite) => dialog.accept(urls[0], dialog.inferFormat(urls[0], dialog.format),
                                                     dialog.exportNamespace, overwrite)
    }
}
