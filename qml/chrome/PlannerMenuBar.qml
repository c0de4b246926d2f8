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
    /// The nodes picked on the canvas (Ctrl+click, Shift+click on a group): with more than
    /// one, the Node menu acts on them all, each action one undoable edit.
    property var selectedNodes: []
    readonly property var targets: selectedNodes.length > 1 ? selectedNodes : selectedNode.length > 0 ? [selectedNode] : []
    readonly property bool several: targets.length > 1
    /// The selected pod's namespace/name and its controlling workload ("Kind/name"), if any.
    property string selectedPod: ""
    property string selectedWorkload: ""
    readonly property bool scalable: ["Deployment", "ReplicaSet", "StatefulSet", "ReplicationController", "Job"]
        .indexOf(selectedWorkload.split("/")[0]) >= 0
    signal openManifestsRequested()
    signal openSessionRequested()
    signal openTimelineRequested()
    signal saveSessionRequested(bool saveAs)
    signal exportRequested()
    signal addPoolRequested()
    signal labelsRequested()
    signal taintsRequested()
    /// A label or a taint for all of `targets` (several nodes).
    signal groupLabelRequested()
    signal groupTaintRequested()
    signal submitYamlRequested()
    signal scaleRequested()
    signal schedulerConfigRequested()
    signal groupDrainRequested()
    signal addNodesRequested()
    signal aboutRequested()
    signal shortcutsRequested()
    signal conceptsRequested()
    /// Help > Lessons: the built-in lessons' titles, one opened by index; predict mode.
    property var lessonTitles: []
    property bool predicting: false
    signal lessonRequested(int index)
    signal predictToggled()
    /// Delete asks first (Main.qml's ConfirmDialog).
    signal deleteNodeRequested()
    signal deleteWorkloadRequested()
    signal findRequested()
    /// Runs an action that replaces the plan on show once unsaved edits are dealt with
    /// (Main.qml: UnsavedEditsGuard.run); Open Recent goes through it.
    property var guard: function(action) { action() }

    readonly property bool nodeSelected: selectedNode.length > 0 && planner.loaded && !planner.busy

    Menu {
        title: qsTr("&File")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Open manifests…"); shortcut: "Ctrl+O"; onTriggered: bar.openManifestsRequested() }
        Action { text: qsTr("Open session…"); onTriggered: bar.openSessionRequested() }
        // Timed edits on the cluster on show (the edits stay): no unsaved-edits question.
        Action { text: qsTr("Open timeline…"); enabled: bar.session.loaded && !bar.session.busy; onTriggered: bar.openTimelineRequested() }
        RecentFilesMenu { session: bar.session; guard: bar.guard }
        Action { text: qsTr("Save session"); shortcut: "Ctrl+S"; enabled: bar.session.loaded; onTriggered: bar.saveSessionRequested(false) }
        Action { text: qsTr("Save session as…"); shortcut: "Ctrl+Shift+S"; enabled: bar.session.loaded; onTriggered: bar.saveSessionRequested(true) }
        MenuSeparator {}
        Action { text: qsTr("Export placements…"); shortcut: "Ctrl+E"; enabled: bar.session.loaded; onTriggered: bar.exportRequested() }
        MenuSeparator {}
        // Through the window's close: unsaved edits are asked about (Main.qml's onClosing).
        Action { text: qsTr("Quit"); shortcut: "Ctrl+Q"; onTriggered: bar.Window.window.close() }
    }
    Menu {
        title: qsTr("&Edit")
        delegate: ShortcutMenuItem {}
        Action { text: qsTr("Undo"); shortcut: "Ctrl+Z"; enabled: bar.session.canUndo; onTriggered: bar.session.undo() }
        Action { text: qsTr("Redo"); shortcut: "Ctrl+Shift+Z"; enabled: bar.session.canRedo; onTriggered: bar.session.redo() }
        MenuSeparator {}
        Action { text: qsTr("Submit YAML…"); shortcut: "Ctrl+Shift+Y"; enabled: bar.session.loaded; onTriggered: bar.submitYamlRequested() }
        MenuSeparator {}
        Action { text: qsTr("Find…"); shortcut: "Ctrl+F"; enabled: bar.session.loaded; onTriggered: bar.findRequested() }
    }
    Menu {
        title: bar.several ? qsTr("&Nodes (%1)").arg(bar.targets.length)
             : bar.selectedNode.length > 0 ? qsTr("&Node %1").arg(bar.selectedNode) : qsTr("&Node")
        delegate: ShortcutMenuItem {}
        // With several nodes picked, each action is one edit of them all (one undo step).
        Action {
            text: bar.several ? qsTr("Cordon %1 nodes").arg(bar.targets.length) : qsTr("Cordon")
            enabled: bar.nodeSelected
            onTriggered: bar.planner.editNodes(PlannerActions.Cordon, bar.targets)
        }
        Action {
            text: bar.several ? qsTr("Uncordon %1 nodes").arg(bar.targets.length) : qsTr("Uncordon")
            enabled: bar.nodeSelected
            onTriggered: bar.planner.editNodes(PlannerActions.Uncordon, bar.targets)
        }
        Action {
            text: bar.several ? qsTr("Drain %1 nodes").arg(bar.targets.length) : qsTr("Drain")
            enabled: bar.nodeSelected
            onTriggered: bar.planner.editNodes(PlannerActions.Drain, bar.targets)
        }
        Action {
            text: bar.several ? qsTr("Delete %1 nodes…").arg(bar.targets.length) : qsTr("Delete…")
            enabled: bar.nodeSelected
            onTriggered: bar.deleteNodeRequested()
        }
        MenuSeparator {}
        Action {
            text: bar.several ? qsTr("Add a label to %1 nodes…").arg(bar.targets.length) : qsTr("Edit labels…")
            enabled: bar.nodeSelected
            onTriggered: bar.several ? bar.groupLabelRequested() : bar.labelsRequested()
        }
        Action {
            text: bar.several ? qsTr("Add a taint to %1 nodes…").arg(bar.targets.length) : qsTr("Edit taints…")
            enabled: bar.nodeSelected
            onTriggered: bar.several ? bar.groupTaintRequested() : bar.taintsRequested()
        }
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
            text: bar.selectedWorkload.length > 0 ? qsTr("Delete %1…").arg(bar.selectedWorkload) : qsTr("Delete…")
            enabled: (bar.scalable || bar.selectedWorkload.startsWith("DaemonSet/")) && !bar.planner.busy
            onTriggered: bar.deleteWorkloadRequested()
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
        Menu {
            id: lessonsMenu
            objectName: "lessonsMenu"
            title: qsTr("Lessons")
            Instantiator {
                model: bar.lessonTitles
                delegate: MenuItem {
                    required property int index
                    required property string modelData
                    text: modelData
                    onTriggered: bar.lessonRequested(index)
                }
                onObjectAdded: (index, object) => lessonsMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => lessonsMenu.removeItem(object)
            }
            MenuSeparator {}
            MenuItem {
                text: qsTr("Predict mode")
                checkable: true
                checked: bar.predicting
                onTriggered: bar.predictToggled()
            }
        }
        Action { text: qsTr("Keyboard shortcuts…"); shortcut: "F1"; onTriggered: bar.shortcutsRequested() }
        Action { text: qsTr("Concepts…"); onTriggered: bar.conceptsRequested() }
        Action { text: qsTr("About Berth…"); onTriggered: bar.aboutRequested() }
    }
    Component.onCompleted: addMenu(helpMenu)
}
