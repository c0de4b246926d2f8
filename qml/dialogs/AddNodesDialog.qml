pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Berth
import Berth.App

// Node > Add nodes until everything fits…: templates (a node of the plan as the model, or a
// Node manifest file), a strategy (Cluster Autoscaler's expanders) and a limit; Search asks
// NodesController (the plan layer's howManyNodes, on fresh plans: progress and Cancel with
// the long operations) and shows the answer: the nodes per pool, what a pool with one node
// fewer leaves pending, the pods no pool can take. Apply adds every pool's nodes as ONE edit
// (one undo takes them all back).
Dialog {
    id: dialog
    required property NodesController nodeSearch
    /// The node the dialog offers as a model (the selected one), "" when none.
    property string modelNode: ""
    property string error: ""

    title: qsTr("Add nodes until everything fits")
    modal: true
    width: 620
    height: 580
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Close

    function begin() {
        error = ""
        open()
    }

    FileChooser {
        id: templateFile
        objectName: "templateFile"
        title: qsTr("Node template")
        nameFilters: [qsTr("Node manifests (*.yaml *.yml *.json)"), qsTr("All files (*)")]
        parentWindow: dialog.parent ? dialog.parent.Window.window : null
        handler: (urls) => dialog.nodeSearch.addTemplateFile(urls[0])
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6
        Label { text: qsTr("Templates: each is a pool; its new nodes are copies named <pool>-1, <pool>-2, …"); color: AppPalette.muted; wrapMode: Text.Wrap; Layout.fillWidth: true }
        ListView {
            objectName: "templateList"
            Layout.fillWidth: true
            Layout.preferredHeight: 74
            clip: true
            model: dialog.nodeSearch.templates
            delegate: RowLayout {
                id: tmpl
                required property string modelData
                required property int index
                width: ListView.view.width
                Label { text: tmpl.modelData; Layout.fillWidth: true; elide: Text.ElideMiddle }
                ToolButton { text: "✕"; onClicked: dialog.nodeSearch.removeTemplate(tmpl.index) }
            }
        }
        RowLayout {
            Button {
                objectName: "addModelButton"
                text: dialog.modelNode.length > 0 ? qsTr("Add %1 as a model").arg(dialog.modelNode) : qsTr("Select a node to use it as a model")
                enabled: dialog.modelNode.length > 0
                onClicked: dialog.error = dialog.nodeSearch.addNodeModel(dialog.modelNode)
            }
            Button { objectName: "addFileButton"; text: qsTr("Add a Node file…"); onClicked: templateFile.begin() }
        }
        GridLayout {
            columns: 4
            Label { text: qsTr("Strategy") }
            ComboBox {
                id: strategyBox
                objectName: "strategyBox"
                model: dialog.nodeSearch.strategies()
                currentIndex: Math.max(0, model.indexOf(dialog.nodeSearch.strategy))
                onActivated: dialog.nodeSearch.strategy = currentText
            }
            Label { text: qsTr("At most") }
            SpinBox {
                objectName: "maxNodes"
                from: 0; to: 10000; editable: true
                value: dialog.nodeSearch.maxNodes
                onValueModified: dialog.nodeSearch.maxNodes = value
                textFromValue: (v) => v === 0 ? qsTr("no limit") : String(v)
            }
        }
        RowLayout {
            Button {
                objectName: "searchButton"
                text: qsTr("Search")
                enabled: !dialog.nodeSearch.computing && dialog.nodeSearch.templates.length > 0
                onClicked: { dialog.error = ""; dialog.nodeSearch.search() }
            }
            Button { objectName: "cancelButton"; text: qsTr("Cancel search"); visible: dialog.nodeSearch.computing; onClicked: dialog.nodeSearch.cancel() }
            BusyIndicator { running: dialog.nodeSearch.computing; visible: running; Layout.preferredHeight: 28; Layout.preferredWidth: 28 }
            Item { Layout.fillWidth: true }
            Button {
                objectName: "applyButton"
                text: qsTr("Apply as one edit")
                enabled: dialog.nodeSearch.applicable
                onClicked: dialog.error = dialog.nodeSearch.apply()
            }
        }
        Label {
            objectName: "errorLabel"
            visible: text.length > 0
            text: dialog.error.length > 0 ? dialog.error : dialog.nodeSearch.error
            color: AppPalette.bad
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "summaryLabel"
            visible: dialog.nodeSearch.valid
            text: dialog.nodeSearch.summary
            font.bold: true
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        ListView {
            objectName: "answerList"
            visible: dialog.nodeSearch.valid
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: dialog.nodeSearch.pools.concat(dialog.nodeSearch.unplaceable)
            ScrollBar.vertical: ScrollBar {}
            delegate: Label {
                id: line
                required property var modelData
                width: ListView.view.width
                wrapMode: Text.Wrap
                color: line.modelData.pod !== undefined ? AppPalette.bad : AppPalette.text
                text: line.modelData.pod !== undefined
                      ? qsTr("%1 fits no pool: %2").arg(line.modelData.pod).arg(line.modelData.message)
                      : line.modelData.unusable.length > 0
                        ? qsTr("%1: unusable (%2)").arg(line.modelData.pool).arg(line.modelData.unusable)
                        : qsTr("%1: +%2 node(s)%3%4").arg(line.modelData.pool).arg(line.modelData.count)
                              .arg(line.modelData.cost.length > 0 ? qsTr(", %1 per hour").arg(line.modelData.cost) : "")
                              .arg(line.modelData.count > 0 ? qsTr(" · one fewer leaves %1 pending").arg(line.modelData.oneFewer) : "")
            }
        }
    }
}
