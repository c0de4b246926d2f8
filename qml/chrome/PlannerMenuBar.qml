import QtQuick
import QtQuick.Controls
import Berth.App

// File, Edit and Node menus: sessions, export, undo/redo, and edits of the selected node;
// Help. Every action goes through the controller, so each edit lands in the undo history.
// Items show their shortcuts (ShortcutMenuItem).
MenuBar {
    id: bar
    required property SessionController session
    required property PlannerActions planner
    property string selectedNode: ""
    /// The selected pod's namespace/name and its controlling workload ("Kind/name"), if any.
    property string selectedPod: ""
    property string selectedWorkload: ""
    readonly property bool scalable: ["Deployment", "ReplicaSet", "StatefulSet", "ReplicationController", "Job"]
        .indexOf(selectedWorkload.split("/")[0]) >= 0
    signal openManifestsRequested()
    signal openSessionRequested()
    signal saveSessionRequested(bool saveAs)
    signal exportRequested()
    signal addPoolRequested()
    signal labelsRequested()
    signal taintsRequested()
    signal submitYamlRequested()
    signal scaleRequested()
    signal schedulerConfigRequested()
    signal groupDrainRequested()
    signal addNodesRequested()
    signal aboutRequested()
    signal shortcutsRequested()

    readonly property bool nodeSelected: selectedNode.length > 0 && planner.loaded && !planner.busy

    Menu {
        title: qsTr("&File")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Open manifests…"); shortcut: "Ctrl+O"; onTriggered: bar.openManifestsRequested() }
        Action { text: qsTr("Open session…"); onTriggered: bar.openSessionRequested() }
        RecentFilesMenu { session: bar.session }
        Action { text: qsTr("Save session"); shortcut: "Ctrl+S"; enabled: bar.session.loaded; onTriggered: bar.saveSessionRequested(false) }
        Action { text: qsTr("Save session as…"); shortcut: "Ctrl+Shift+S"; enabled: bar.session.loaded; onTriggered: bar.saveSessionRequested(true) }
        MenuSeparator {}
        Action { text: qsTr("Export placements…"); shortcut: "Ctrl+E"; enabled: bar.session.loaded; onTriggered: bar.exportRequested() }
        MenuSeparator {}
        Action { text: qsTr("Quit"); shortcut: "Ctrl+Q"; onTriggered: Qt.quit() }
    }
    Menu {
        title: qsTr("&Edit")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Undo"); shortcut: "Ctrl+Z"; enabled: bar.session.canUndo; onTriggered: bar.session.undo() }
        Action { text: qsTr("Redo"); shortcut: "Ctrl+Shift+Z"; enabled: bar.session.canRedo; onTriggered: bar.session.redo() }
        MenuSeparator {}
        Action { text: qsTr("Submit YAML…"); shortcut: "Ctrl+Shift+Y"; enabled: bar.session.loaded; onTriggered: bar.submitYamlRequested() }
    }
    Menu {
        title: bar.selectedNode.length > 0 ? qsTr("&Node %1").arg(bar.selectedNode) : qsTr("&Node")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Cordon"); enabled: bar.nodeSelected; onTriggered: bar.planner.cordonNode(bar.selectedNode) }
        Action { text: qsTr("Uncordon"); enabled: bar.nodeSelected; onTriggered: bar.planner.uncordonNode(bar.selectedNode) }
        Action { text: qsTr("Drain"); enabled: bar.nodeSelected; onTriggered: bar.planner.drainNode(bar.selectedNode) }
        Action { text: qsTr("Delete"); enabled: bar.nodeSelected; onTriggered: bar.planner.deleteNode(bar.selectedNode) }
        MenuSeparator {}
        Action { text: qsTr("Edit labels…"); enabled: bar.nodeSelected; onTriggered: bar.labelsRequested() }
        Action { text: qsTr("Edit taints…"); enabled: bar.nodeSelected; onTriggered: bar.taintsRequested() }
        MenuSeparator {}
        Action { text: qsTr("Add a pool like this node…"); enabled: bar.nodeSelected; onTriggered: bar.addPoolRequested() }
        MenuSeparator {}
        Action { text: qsTr("Drain or cordon a group…"); enabled: bar.session.loaded; onTriggered: bar.groupDrainRequested() }
        Action { text: qsTr("Add nodes until everything fits…"); enabled: bar.session.loaded; onTriggered: bar.addNodesRequested() }
    }
    Menu {
        title: qsTr("&Workload")
        delegate: ShortcutMenuItem {}
        Action {
            text: bar.scalable ? qsTr("Scale %1…").arg(bar.selectedWorkload) : qsTr("Scale…")
            enabled: bar.scalable && !bar.planner.busy
            onTriggered: bar.scaleRequested()
        }
        Action {
            text: bar.selectedWorkload.length > 0 ? qsTr("Delete %1").arg(bar.selectedWorkload) : qsTr("Delete")
            enabled: (bar.scalable || bar.selectedWorkload.startsWith("DaemonSet/")) && !bar.planner.busy
            onTriggered: bar.planner.deleteWorkload(bar.selectedWorkload.split("/")[0], bar.selectedPod.split("/")[0],
                                                       bar.selectedWorkload.split("/").slice(1).join("/"))
        }
    }
    Menu {
        title: qsTr("&Scheduler")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Configuration…"); enabled: bar.session.loaded; onTriggered: bar.schedulerConfigRequested() }
    }
    // Help comes last, after the menus the window adds (View): added once they are all in.
    readonly property Menu helpMenu: Menu {
        title: qsTr("&Help")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Keyboard shortcuts…"); shortcut: "F1"; onTriggered: bar.shortcutsRequested() }
        Action { text: qsTr("About Berth…"); onTriggered: bar.aboutRequested() }
    }
    Component.onCompleted: addMenu(helpMenu)
}
