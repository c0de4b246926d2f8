import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Edits a node's taints: key, value and effect (NoSchedule, PreferNoSchedule, NoExecute).
// Checked by the controller (label syntax, the effect, unique key+effect) before
// setNodeTaints replaces them: one edit in the history.
Dialog {
    id: dialog
    required property PlannerActions planner
    property string node: ""
    readonly property var taints: {
        rows.revision
        const out = []
        for (let i = 0; i < rows.count; ++i)
            out.push({ key: rows.get(i).key.trim(), value: rows.get(i).value.trim(), effect: rows.get(i).effect })
        return out
    }
    readonly property var problems: planner.taintProblems(taints)

    title: qsTr("Taints of %1").arg(node)
    modal: true
    width: 600
    height: 400
    anchors.centerIn: Overlay.overlay

    function begin(nodeName) {
        node = nodeName
        rows.clear()
        for (const t of planner.nodeTaints(nodeName)) rows.append({ key: t.key, value: t.value, effect: t.effect })
        rows.revision++
        open()
    }

    ListModel {
        id: rows
        property int revision: 0
    }

    ColumnLayout {
        anchors.fill: parent
        ListView {
            objectName: "taintRows"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: rows
            spacing: 2
            ScrollBar.vertical: ScrollBar {}
            delegate: RowLayout {
                id: row
                required property int index
                required property string key
                required property string value
                required property string effect
                width: ListView.view.width
                TextField {
                    Layout.fillWidth: true
                    text: row.key
                    placeholderText: qsTr("key")
                    onTextEdited: { rows.setProperty(row.index, "key", text); rows.revision++ }
                }
                TextField {
                    Layout.fillWidth: true
                    text: row.value
                    placeholderText: qsTr("value (optional)")
                    onTextEdited: { rows.setProperty(row.index, "value", text); rows.revision++ }
                }
                ComboBox {
                    Layout.preferredWidth: 170
                    model: ["NoSchedule", "PreferNoSchedule", "NoExecute"]
                    currentIndex: Math.max(0, model.indexOf(row.effect))
                    onActivated: { rows.setProperty(row.index, "effect", currentText); rows.revision++ }
                }
                Button { text: "×"; flat: true; onClicked: { rows.remove(row.index); rows.revision++ } }
            }
        }
        Button {
            objectName: "addTaint"
            text: qsTr("Add taint")
            onClicked: { rows.append({ key: "", value: "", effect: "NoSchedule" }); rows.revision++ }
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: UiScale.px(11)
            opacity: 0.75
            text: qsTr("NoSchedule: new pods without a toleration are rejected (TaintToleration). PreferNoSchedule: "
                       + "only scored lower. NoExecute: rejected as well (running pods are not evicted in this plan).")
        }
        Label {
            objectName: "taintProblems"
            Layout.fillWidth: true
            visible: text.length > 0
            text: dialog.problems.join("\n")
            color: AppPalette.error
            wrapMode: Text.Wrap
            maximumLineCount: 5
            elide: Text.ElideRight
        }
        RowLayout {
            Layout.fillWidth: true
            Item { Layout.fillWidth: true }
            Button { text: qsTr("Cancel"); onClicked: dialog.close() }
            Button {
                objectName: "applyTaints"
                text: qsTr("Apply")
                enabled: dialog.problems.length === 0 && !dialog.planner.busy
                onClicked: { dialog.planner.setNodeTaints(dialog.node, dialog.taints); dialog.close() }
            }
        }
    }
}
