import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Node > Add a label (or a taint) to N nodes…: one key, value (and effect) for every node
// picked, each node's other labels and taints kept; checked by the controller (the rules
// upstream applies) and applied as ONE edit of the history (PlannerActions.labelNodes,
// taintNodes: one undo step).
Dialog {
    id: dialog
    enum Mode { Label, Taint }
    required property PlannerActions planner
    property int mode: GroupNodeDialog.Label
    property var nodes: []
    readonly property string key: keyField.text.trim()
    readonly property string value: valueField.text.trim()
    readonly property string effect: effectBox.currentText
    readonly property var problems: key.length === 0 ? [qsTr("a key is needed")]
        : mode === GroupNodeDialog.Label ? planner.labelProblems({ [key]: value })
        : planner.taintProblems([{ key: key, value: value, effect: effect }])

    title: mode === GroupNodeDialog.Label ? qsTr("Add a label to %1 nodes").arg(nodes.length)
                                          : qsTr("Add a taint to %1 nodes").arg(nodes.length)
    modal: true
    width: 520
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel

    function begin(newMode, newNodes) {
        mode = newMode
        nodes = newNodes
        keyField.text = ""
        valueField.text = ""
        effectBox.currentIndex = 0
        open()
        keyField.forceActiveFocus()
    }
    onAboutToShow: standardButton(Dialog.Ok).enabled = Qt.binding(() => dialog.problems.length === 0)
    onAccepted: mode === GroupNodeDialog.Label ? planner.labelNodes(nodes, key, value)
                                               : planner.taintNodes(nodes, key, value, effect)

    ColumnLayout {
        anchors.fill: parent
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: AppPalette.muted
            text: dialog.nodes.join(", ")
            maximumLineCount: 3
            elide: Text.ElideRight
        }
        GridLayout {
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("Key") }
            TextField { id: keyField; objectName: "key"; Layout.fillWidth: true; placeholderText: "example.com/team" }
            Label { text: qsTr("Value") }
            TextField { id: valueField; objectName: "value"; Layout.fillWidth: true }
            Label { text: qsTr("Effect"); visible: dialog.mode === GroupNodeDialog.Taint }
            ComboBox {
                id: effectBox
                objectName: "effect"
                visible: dialog.mode === GroupNodeDialog.Taint
                Layout.fillWidth: true
                model: ["NoSchedule", "PreferNoSchedule", "NoExecute"]
            }
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: AppPalette.error
            visible: dialog.problems.length > 0 && dialog.key.length > 0
            text: dialog.problems.join("\n")
        }
    }
}
