import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Edits a node's labels as a key/value table. The syntax is checked by the controller (the
// label rules upstream applies) before setNodeLabels replaces them: one edit in the history.
Dialog {
    id: dialog
    required property PlannerActions planner
    property string node: ""
    /// The table as a map, and what is wrong with it.
    readonly property var labels: {
        rows.revision
        const m = {}
        for (let i = 0; i < rows.count; ++i) m[rows.get(i).key.trim()] = rows.get(i).value.trim()
        return m
    }
    readonly property var problems: {
        rows.revision
        const out = []
        const seen = {}
        for (let i = 0; i < rows.count; ++i) {
            const k = rows.get(i).key.trim()
            if (seen[k]) out.push(qsTr("label %1 appears twice").arg(k))
            seen[k] = true
        }
        return out.concat(planner.labelProblems(labels))
    }

    title: qsTr("Labels of %1").arg(node)
    modal: true
    width: 560
    height: 440
    anchors.centerIn: Overlay.overlay

    function begin(nodeName) {
        node = nodeName
        rows.clear()
        const m = planner.nodeLabels(nodeName)
        for (const k of Object.keys(m).sort()) rows.append({ key: k, value: m[k] })
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
            objectName: "labelRows"
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
                width: ListView.view.width
                TextField {
                    Layout.fillWidth: true
                    Layout.preferredWidth: 3
                    text: row.key
                    placeholderText: qsTr("key, e.g. example.com/disk")
                    onTextEdited: { rows.setProperty(row.index, "key", text); rows.revision++ }
                }
                TextField {
                    Layout.fillWidth: true
                    Layout.preferredWidth: 2
                    text: row.value
                    placeholderText: qsTr("value")
                    onTextEdited: { rows.setProperty(row.index, "value", text); rows.revision++ }
                }
                Button { text: "×"; flat: true; onClicked: { rows.remove(row.index); rows.revision++ } }
            }
        }
        Button {
            objectName: "addLabel"
            text: qsTr("Add label")
            onClicked: { rows.append({ key: "", value: "" }); rows.revision++ }
        }
        Label {
            objectName: "labelProblems"
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
                objectName: "applyLabels"
                text: qsTr("Apply")
                enabled: dialog.problems.length === 0 && !dialog.planner.busy
                onClicked: { dialog.planner.setNodeLabels(dialog.node, dialog.labels); dialog.close() }
            }
        }
    }
}
