import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Paste or type Kubernetes objects; they are checked as you type (file:line:col messages)
// and submitted as one edit. A refused submission changes nothing and stays open.
Dialog {
    id: dialog
    required property PlannerActions planner
    title: qsTr("Submit YAML")
    modal: true
    width: 640
    height: 520
    anchors.centerIn: Overlay.overlay
    property var problems: []
    property string refusal: ""

    function check() { problems = editor.text.trim().length > 0 ? planner.validateYaml(editor.text) : [] }

    Timer { id: debounce; interval: 300; onTriggered: dialog.check() }
    Connections {
        target: dialog.planner
        function onEditApplied(kind, description) { if (dialog.visible && kind === PlannerActions.SubmitYaml) dialog.close() }
        function onEditFailed(kind, description, error) { if (dialog.visible && kind === PlannerActions.SubmitYaml) dialog.refusal = error }
    }
    onOpened: { refusal = ""; check() }

    ColumnLayout {
        anchors.fill: parent
        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            TextArea {
                id: editor
                objectName: "yamlEditor"
                font.family: "monospace"
                placeholderText: "apiVersion: v1\nkind: Pod\n..."
                onTextChanged: { dialog.refusal = ""; debounce.restart() }
            }
        }
        Label {
            objectName: "yamlProblems"
            Layout.fillWidth: true
            visible: text.length > 0
            text: dialog.refusal.length > 0 ? dialog.refusal : dialog.problems.join("\n")
            color: AppPalette.error
            wrapMode: Text.Wrap
            maximumLineCount: 6
            elide: Text.ElideRight
        }
        RowLayout {
            Layout.fillWidth: true
            Item { Layout.fillWidth: true }
            Button { text: qsTr("Cancel"); onClicked: dialog.close() }
            Button {
                text: qsTr("Submit")
                enabled: editor.text.trim().length > 0 && dialog.problems.length === 0 && !dialog.planner.busy
                onClicked: dialog.planner.submitYaml(editor.text)
            }
        }
    }
}
