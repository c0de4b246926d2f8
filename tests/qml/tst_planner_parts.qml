import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import Berth.App
import BerthTest

// The panels and dialogs that take one of the controller's parts, over the stub host (no
// worker thread): what each shows, and what its actions ask of the host.
Item {
    id: root
    width: 1200
    height: 800

    PlannerMenuBar {
        id: menuBar
        width: parent.width
        session: TestEnv.stub.session
        planner: TestEnv.stub.planner
        selectedNode: "node-a1"
        selectedPod: "default/web-1"
        selectedWorkload: "Deployment/web"
    }
    TemplatePalette {
        id: palette
        y: 40
        width: 380
        height: 700
        planner: TestEnv.stub.planner
        dragLayer: root
    }
    ScaleDialog { id: scale; planner: TestEnv.stub.planner }
    GroupNodeDialog { id: groupNodes; planner: TestEnv.stub.planner }
    YamlEditorDialog { id: yaml; planner: TestEnv.stub.planner; width: 600; height: 400 }
    VerdictDialog { id: verdict; planner: TestEnv.stub.planner; width: 600; height: 500 }
    RestoreDialog { id: restore; session: TestEnv.stub.session }
    SchedulerConfigDialog { id: configDialog; configController: TestEnv.stub.config; width: 560; height: 700 }
    FileDropArea { id: dropArea; anchors.fill: parent; session: TestEnv.stub.session }

    TestCase {
        name: "PlannerParts"
        when: windowShown
        readonly property var stub: TestEnv.stub

        function menu(title) {
            for (let i = 0; i < menuBar.count; ++i)
                if (menuBar.menuAt(i).title.replace("&", "").indexOf(title) === 0) return menuBar.menuAt(i)
            return null
        }
        function action(m, text) {
            for (let i = 0; i < m.count; ++i)
                if (m.actionAt(i) && m.actionAt(i).text === text) return m.actionAt(i)
            return null
        }

        function initTestCase() {
            stub.session.load([TestEnv.smallCluster])
            verify(stub.commitReplay())
            compare(stub.planner.loaded, true)
        }

        function init() { stub.busy = false; stub.refuseEdits = false }

        function test_menuBarEditsTheSelectedNode() {
            const node = menu("Node")
            verify(node !== null)
            const cordon = action(node, "Cordon")
            compare(cordon.enabled, true)
            cordon.trigger()
            compare(stub.lastCall, "edit: Cordon node-a1")
            action(node, "Drain").trigger()
            compare(stub.lastCall, "edit: Drain node-a1")
            stub.busy = true
            compare(cordon.enabled, false)  // waits for the worker
        }

        // Several nodes picked: the Node menu names them and each action is ONE edit (a Group
        // of per-node edits, one undo step).
        function test_menuBarActsOnSeveralNodes() {
            menuBar.selectedNodes = ["node-a1", "node-a2", "node-b1"]
            const node = menu("Nodes (3)")
            verify(node !== null)
            action(node, "Cordon 3 nodes").trigger()
            compare(stub.lastCall, "edit: Cordon 3 nodes")
            compare(stub.lastEdit.kind, PlannerActions.Group)
            compare(stub.lastEdit.parts.map(p => p.node), ["node-a1", "node-a2", "node-b1"])
            action(node, "Uncordon 3 nodes").trigger()
            compare(stub.lastCall, "edit: Uncordon 3 nodes")
            action(node, "Drain 3 nodes").trigger()
            compare(stub.lastCall, "edit: Drain 3 nodes")
            verify(action(node, "Delete 3 nodes…") !== null)  // asks first (Main.qml's ConfirmDialog)
            menuBar.selectedNodes = []
            verify(menu("Node node-a1") !== null)
        }

        function test_groupLabelAndTaint() {
            stub.setNodes([{ name: "node-a1", labels: { zone: "a" } }, { name: "node-b1", labels: { zone: "b" } }])
            groupNodes.begin(GroupNodeDialog.Label, ["node-a1", "node-b1"])
            tryCompare(groupNodes, "opened", true)
            compare(groupNodes.standardButton(Dialog.Ok).enabled, false)  // no key yet
            findChild(groupNodes.contentItem, "key").text = "team"
            findChild(groupNodes.contentItem, "value").text = "blue"
            compare(groupNodes.standardButton(Dialog.Ok).enabled, true)
            groupNodes.accept()
            compare(stub.lastCall, "edit: Label team=blue on 2 nodes")
            // Each node keeps its labels; team=blue is added to them.
            for (const part of stub.lastEdit.parts) verify(part.labels.team === "blue")
            verify(Object.keys(stub.lastEdit.parts[0].labels).length > 1)

            groupNodes.begin(GroupNodeDialog.Taint, ["node-a1", "node-b1"])
            tryCompare(groupNodes, "opened", true)
            findChild(groupNodes.contentItem, "key").text = "bad key!"
            compare(groupNodes.standardButton(Dialog.Ok).enabled, false)  // the taint rules
            findChild(groupNodes.contentItem, "key").text = "dedicated"
            findChild(groupNodes.contentItem, "value").text = "gpu"
            findChild(groupNodes.contentItem, "effect").currentIndex = 2
            groupNodes.accept()
            compare(stub.lastCall, "edit: Taint dedicated=gpu:NoExecute on 2 nodes")
            compare(stub.lastEdit.parts[1].taints[stub.lastEdit.parts[1].taints.length - 1].effect, "NoExecute")
            stub.setNodes([])
        }

        function test_menuBarUndoFollowsTheSession() {
            const edit = menu("Edit")
            const undo = action(edit, "Undo")
            compare(undo.enabled, stub.session.canUndo)
            verify(undo.enabled)
            undo.trigger()
            compare(stub.lastCall, "replay: Undo")
            verify(stub.commitReplay())
            compare(action(edit, "Redo").enabled, true)
            stub.busy = true
            compare(undo.enabled, false)
        }

        function test_scaleDialogScalesTheWorkload() {
            scale.begin("Deployment/web", "default", 3)
            tryCompare(scale, "opened", true)
            compare(findChild(scale.contentItem, "replicas").value, 3)  // the replicas now
            findChild(scale.contentItem, "replicas").value = 5
            scale.accept()
            compare(stub.lastCall, "edit: Scale Deployment default/web to 5")
            compare(stub.lastEdit.replicas, 5)
            tryCompare(scale, "opened", false)
        }

        function test_yamlEditorChecksSubmitsAndShowsARefusal() {
            yaml.open()
            tryCompare(yaml, "opened", true)
            const editor = findChild(yaml.contentItem, "yamlEditor")
            editor.text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i, resources: {requests: {cpu: nonsense}}}]}\n"
            yaml.check()
            verify(yaml.problems.length > 0)
            editor.text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n"
            yaml.check()
            compare(yaml.problems.length, 0)
            stub.refuseEdits = true
            stub.planner.submitYaml(editor.text)
            verify(stub.lastCall.indexOf("edit: Submit submitted-") === 0, stub.lastCall)
            compare(yaml.refusal, "refused by the test")
            compare(yaml.opened, true)
            stub.refuseEdits = false
            stub.planner.cordonNode("node-a1")  // another kind of edit: the editor stays open
            compare(yaml.opened, true)
            stub.planner.submitYaml(editor.text)
            tryCompare(yaml, "opened", false)  // applied: the dialog closes
        }

        function test_verdictDialogAsksAndPins() {
            verdict.ask("default/huge", "node-b1")
            tryCompare(verdict, "opened", true)
            compare(stub.lastCall, "check: default/huge on node-b1")
            const headline = findChild(verdict.contentItem, "verdictHeadline")
            verify(headline.text.indexOf("Asking") === 0)
            stub.answerPodOnNode(false, "NodeResourcesFit", "Insufficient cpu")
            tryVerify(() => headline.text.indexOf("Rejected by NodeResourcesFit") === 0, 2000)
            // The code and each plugin's verdict come as enums; the dialog words them.
            verify(findChild(verdict.contentItem, "verdictHint").text.indexOf("Unschedulable: preempting") === 0)
            tryVerify(() => findChild(verdict.contentItem, "pluginVerdict") !== null, 2000)
            compare(findChild(verdict.contentItem, "pluginVerdict").text, "fail")
            compare(findChild(verdict.contentItem, "pinButton").enabled, true)  // a pin bypasses the filters
            stub.busy = true
            compare(findChild(verdict.contentItem, "pinButton").enabled, false)
            stub.busy = false
            verdict.ask("default/huge", "node-a1")
            stub.answerPodOnNode(true, "NodeResourcesFit", "")
            tryVerify(() => headline.text.indexOf("Fits") === 0, 2000)
            const pin = findChild(verdict.contentItem, "pinButton")
            compare(pin.enabled, true)
            // Another kind of edit applied meanwhile leaves the dialog open: only a pin closes it.
            stub.planner.cordonNode("node-b1")
            compare(stub.lastCall, "edit: Cordon node-b1")
            compare(verdict.opened, true)
            mouseClick(pin)
            compare(stub.lastCall, "edit: Pin default/huge to node-a1")
            tryCompare(verdict, "opened", false)
        }

        function test_templatePaletteSubmitsItsForm() {
            const tries = stub.calls.length
            compare(palette.submit("Deployment", "topology.kubernetes.io/zone", "zone-a"), [])
            verify(stub.lastCall.indexOf("edit: Submit submitted-") === 0, stub.lastCall)
            verify(stub.lastEdit.yaml.indexOf("kind: Deployment") >= 0)
            verify(stub.lastEdit.yaml.indexOf("zone-a") >= 0)
            compare(findChild(palette, "nameField").text, "web-2")  // applied: the next name
            findChild(palette, "cpuField").text = "lots"
            verify(palette.submit("Deployment", "", "").length > 0)
            compare(stub.calls.length, tries + 1)  // refused before it reached the host
            findChild(palette, "cpuField").text = "250m"
        }

        function test_restoreDialogAsksTheSession() {
            // No autosave in this test: nothing to restore, so no replay is asked for.
            const before = stub.calls.length
            restore.open()
            tryCompare(restore, "opened", true)
            restore.accept()
            compare(stub.calls.length, before)
            tryCompare(restore, "opened", false)
        }

        function test_schedulerConfigDialogShowsThePanel() {
            configDialog.open()
            tryCompare(configDialog, "opened", true)
            const list = findChild(configDialog.contentItem, "pluginList")
            verify(list.count > 10)
            configDialog.close()
        }

        function test_fileDropAreaOpensThroughTheSession() {
            compare(dropArea.session, stub.session)
            stub.session.openDropped([Qt.resolvedUrl("notes.txt")])
            verify(stub.lastCall.indexOf("refuse: Not opened: only .yaml, .yml and .json files can be dropped") === 0,
                   stub.lastCall)
        }
    }
}
