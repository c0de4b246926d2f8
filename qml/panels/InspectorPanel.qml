import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth.App

// Details of the selection: a pod (phase, node, last FitError) or a node (usage, its pods).
Pane {
    id: panel
    required property SimulationController controller
    property string selectedNode
    property string selectedPod
    signal podClicked(string key)

    // Re-read whenever the simulation moves on (revision) or the selection changes.
    readonly property var pod: controller.revision >= 0 && selectedPod.length ? controller.podDetails(selectedPod) : ({})
    readonly property var node: controller.revision >= 0 && selectedNode.length ? controller.nodeDetails(selectedNode) : ({})

    function cores(m) { return (m / 1000).toFixed(2) }
    function gib(b) { return (b / 1073741824).toFixed(1) }

    background: Rectangle { color: "#fafbfc"; border.color: "#d5d9df" }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        Label { text: qsTr("Inspector"); font.bold: true; font.pixelSize: 14 }
        Label {
            visible: !panel.selectedPod.length && !panel.selectedNode.length
            text: qsTr("Click a node or a pod on the canvas.")
            color: "#889"
        }

        // Pod
        GridLayout {
            visible: panel.selectedPod.length > 0
            columns: 2
            columnSpacing: 8
            rowSpacing: 2
            Layout.fillWidth: true
            Label { text: qsTr("Pod"); color: "#667" }
            Label { text: panel.pod.key || ""; font.bold: true; Layout.fillWidth: true; elide: Text.ElideMiddle }
            Label { text: qsTr("Workload"); color: "#667" }
            Label { text: panel.pod.workload || ""; Layout.fillWidth: true; elide: Text.ElideMiddle }
            Label { text: qsTr("Phase"); color: "#667" }
            Label { text: (panel.pod.phase || "") + (panel.pod.queue ? qsTr(" (in %1)").arg(panel.pod.queue) : "") }
            Label { text: qsTr("Node"); color: "#667" }
            Label { text: panel.pod.node || "—" }
            Label { text: qsTr("Requests"); color: "#667" }
            Label { text: qsTr("cpu %1m · memory %2 MiB").arg(panel.pod.cpu || 0).arg(Math.round((panel.pod.memory || 0) / 1048576)) }
            Label { text: qsTr("Priority"); color: "#667" }
            Label { text: String(panel.pod.priority || 0) + qsTr(" · %1 attempts").arg(panel.pod.attempts || 0) }
        }
        Label {
            visible: panel.selectedPod.length > 0 && (panel.pod.message || "").length > 0
            text: panel.pod.message || ""
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            color: "#a12b2b"
        }

        // Node
        GridLayout {
            visible: panel.selectedNode.length > 0 && panel.selectedPod.length === 0
            columns: 2
            columnSpacing: 8
            rowSpacing: 2
            Layout.fillWidth: true
            Label { text: qsTr("Node"); color: "#667" }
            Label { text: (panel.node.name || "") + (panel.node.cordoned ? qsTr(" (cordoned)") : ""); font.bold: true }
            Label { text: qsTr("Zone / pool"); color: "#667" }
            Label { text: (panel.node.zone || "—") + " / " + (panel.node.pool || "—") }
            Label { text: qsTr("CPU"); color: "#667" }
            Label { text: qsTr("%1 of %2 cores").arg(panel.cores(panel.node.cpuRequested || 0)).arg(panel.cores(panel.node.cpuAllocatable || 0)) }
            Label { text: qsTr("Memory"); color: "#667" }
            Label { text: qsTr("%1 of %2 GiB").arg(panel.gib(panel.node.memRequested || 0)).arg(panel.gib(panel.node.memAllocatable || 0)) }
            Label { text: qsTr("Pods"); color: "#667" }
            Label { text: qsTr("%1 of %2").arg(panel.node.podCount || 0).arg(panel.node.podsAllocatable || 0) }
            Label { text: qsTr("Taints"); color: "#667"; visible: (panel.node.taints || "").length > 0 }
            Label { text: panel.node.taints || ""; visible: text.length > 0; wrapMode: Text.Wrap; Layout.fillWidth: true }
        }
        ListView {
            visible: panel.selectedNode.length > 0 && panel.selectedPod.length === 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.node.pods || []
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                required property string modelData
                width: ListView.view.width
                height: 24
                text: modelData
                font.pixelSize: 12
                onClicked: panel.podClicked(modelData)
            }
        }
        Item { Layout.fillHeight: true; visible: !(panel.selectedNode.length > 0 && panel.selectedPod.length === 0) }
    }
}
