import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Node > Add node pool: `count` copies of `templateNode`, in `zone` (empty: the template's),
// named `<prefix>-<n>`. Emits poolRequested; the caller applies it.
Dialog {
    id: dialog
    property string templateNode: ""
    signal poolRequested(string templateNode, int count, string zone, string namePrefix)

    title: qsTr("Add a node pool like %1").arg(templateNode)
    modal: true
    anchors.centerIn: parent
    standardButtons: Dialog.Ok | Dialog.Cancel
    onAccepted: poolRequested(templateNode, poolCount.value, poolZone.text.trim(), poolPrefix.text.trim())
    GridLayout {
        columns: 2
        Label { text: qsTr("Nodes") }
        SpinBox { id: poolCount; objectName: "count"; from: 1; to: 1000; value: 3; editable: true }
        Label { text: qsTr("Zone") }
        TextField { id: poolZone; objectName: "zone"; placeholderText: qsTr("the template's") }
        Label { text: qsTr("Name prefix") }
        TextField { id: poolPrefix; objectName: "prefix"; text: "pool" }
    }
}
