pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Berth
import Berth.App

// Node > Drain or cordon a group…: a label and one of its values pick the nodes (a zone, a
// pool, any label). Cordon and Uncordon apply at once, one edit per node; Simulate drain asks
// GroupDrainController for the kubectl-drain simulation on the plan run to the end, and shows
// its report: what was evicted, where each replacement went, what stayed and why (a
// PodDisruptionBudget allowing no disruption, a pod kubectl refuses to delete).
Dialog {
    id: dialog
    required property GroupDrainController groupDrain
    /// The node label keys offered (the canvas's); any other can be typed.
    property var groupKeys: []
    /// Where the report's save dialog opens and checks for existing files (optional).
    property RecentFiles recent: null
    /// The window the save dialog opens over (a Dialog has no Window of its own to tell).
    property var parentWindow: null
    property string error: ""
    readonly property string key: keyBox.editText.trim()
    readonly property string value: valueBox.currentText
    readonly property var nodes: key.length > 0 && value.length > 0 ? groupDrain.nodesOf(key, value) : []

    title: qsTr("Drain or cordon a group of nodes")
    modal: true
    width: 620
    height: 560
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Close

    function begin(key, value) {
        keyBox.editText = key || "topology.kubernetes.io/zone"
        valueBox.model = groupDrain.labelValues(keyBox.editText)
        valueBox.currentIndex = Math.max(0, valueBox.model.indexOf(value || ""))
        error = ""
        open()
    }
    function act(result) { dialog.error = result }

    ColumnLayout {
        anchors.fill: parent
        GridLayout {
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("Label") }
            ComboBox {
                id: keyBox
                objectName: "keyBox"
                Layout.fillWidth: true
                editable: true
                model: dialog.groupKeys
                onEditTextChanged: valueBox.model = dialog.groupDrain.labelValues(editText.trim())
            }
            Label { text: qsTr("Value") }
            ComboBox {
                id: valueBox
                objectName: "valueBox"
                Layout.fillWidth: true
            }
        }
        Label {
            objectName: "nodesLabel"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: AppPalette.muted
            text: dialog.nodes.length === 0 ? qsTr("No node has this label value.")
                                            : qsTr("%n node(s): %1", "", dialog.nodes.length).arg(dialog.nodes.join(", "))
        }
        RowLayout {
            CheckBox { id: force; objectName: "force"; text: qsTr("--force") }
            CheckBox { id: emptyDir; objectName: "deleteEmptyDir"; text: qsTr("--delete-emptydir-data") }
        }
        RowLayout {
            Button {
                objectName: "cordonButton"
                text: qsTr("Cordon")
                enabled: dialog.nodes.length > 0
                onClicked: dialog.act(dialog.groupDrain.cordonGroup(dialog.key, dialog.value, false))
            }
            Button {
                objectName: "uncordonButton"
                text: qsTr("Uncordon")
                enabled: dialog.nodes.length > 0
                onClicked: dialog.act(dialog.groupDrain.cordonGroup(dialog.key, dialog.value, true))
            }
            Button {
                objectName: "simulateButton"
                text: qsTr("Simulate drain")
                enabled: dialog.nodes.length > 0 && !dialog.groupDrain.computing
                onClicked: {
                    dialog.error = ""
                    dialog.groupDrain.simulateDrain(dialog.key, dialog.value, force.checked, emptyDir.checked)
                }
            }
            Item { Layout.fillWidth: true }
            Button {
                objectName: "exportButton"
                text: qsTr("Export report…")
                enabled: dialog.groupDrain.valid
                onClicked: exportDialog.begin("drain.md")
            }
        }
        Label {
            objectName: "summaryLabel"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: dialog.error.length > 0 || dialog.groupDrain.error.length > 0 ? AppPalette.error : AppPalette.text
            text: dialog.error.length > 0 ? dialog.error
                : dialog.groupDrain.error.length > 0 ? dialog.groupDrain.error
                : dialog.groupDrain.computing ? qsTr("Simulating the drain…")
                : dialog.groupDrain.summary
        }
        ListView {
            id: reportList
            objectName: "reportList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: dialog.groupDrain.report
            delegate: Label {
                required property var model  // a Label has a `text` of its own: the row's roles by name
                width: reportList.width
                wrapMode: Text.Wrap
                // Blocked pods in the warning colour: they are why a node is not empty.
                color: model.blocked ? AppPalette.warn : AppPalette.text
                text: model.text
            }
            ScrollBar.vertical: ScrollBar {}
        }
    }

    FileChooser {
        id: exportDialog
        objectName: "drainReportSaveDialog"
        title: qsTr("Export the drain report (Markdown)")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "md"
        nameFilters: [qsTr("Markdown (*.md)"), qsTr("All files (*)")]
        recent: dialog.recent
        parentWindow: dialog.parentWindow
        handler: (urls, overwrite) => dialog.groupDrain.exportMarkdown(urls[0], overwrite)
    }
}
