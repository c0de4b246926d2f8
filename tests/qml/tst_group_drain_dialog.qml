import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import Berth.App
import BerthTest

// Node > Drain or cordon a group…, over the stub host: the zone's values come from the nodes
// on show, Cordon applies one edit for the nodes of the group, a refusal is shown in the dialog,
// and a drain report handed over as the worker side would (stub.showDrain) lists the evicted
// pods with their replacements and the blocked ones with the reason, and exports as Markdown.
Item {
    id: root
    width: 800
    height: 700

    GroupDrainDialog {
        id: dialog
        groupDrain: TestEnv.stub.groupDrain
        groupKeys: ["topology.kubernetes.io/zone", "pool"]
    }

    TestCase {
        name: "GroupDrainDialog"
        when: windowShown
        readonly property var stub: TestEnv.stub
        function child(name) { return findChild(dialog.contentItem, name) }

        function initTestCase() {
            stub.loaded = true
            stub.setNodes([
                { name: "node-a1", labels: { "topology.kubernetes.io/zone": "zone-a", pool: "general" } },
                { name: "node-b1", labels: { "topology.kubernetes.io/zone": "zone-b", pool: "general" } },
                { name: "node-b2", labels: { "topology.kubernetes.io/zone": "zone-b", pool: "batch" } }])
        }

        function test_1_groupFromLabels() {
            dialog.begin("topology.kubernetes.io/zone", "zone-b")
            tryCompare(dialog, "opened", true)
            compare(child("valueBox").model, ["zone-a", "zone-b"])
            compare(dialog.nodes, ["node-b1", "node-b2"])
            compare(child("nodesLabel").text, "2 node(s): node-b1, node-b2")
            // Another label: its own values.
            child("keyBox").editText = "pool"
            compare(child("valueBox").model, ["batch", "general"])
            child("keyBox").editText = "topology.kubernetes.io/zone"
            child("valueBox").currentIndex = 1
        }

        function test_2_cordonIsOneEdit() {
            stub.clearCalls()
            mouseClick(child("cordonButton"))
            // Both nodes in ONE edit of the history: one undo step.
            compare(stub.calls, ["edit: Cordon topology.kubernetes.io/zone=zone-b (2 nodes)"])
            compare(stub.lastEdit.kind, PlannerActions.Group)
            compare(stub.lastEdit.parts.map(p => p.node), ["node-b1", "node-b2"])
            // The stub's rows stay uncordoned: Uncordon has nothing to do, and says so.
            stub.clearCalls()
            mouseClick(child("uncordonButton"))
            compare(stub.calls, [])
            compare(child("summaryLabel").text,
                    "every node of topology.kubernetes.io/zone=zone-b is schedulable already")
        }

        function test_3_report() {
            dialog.error = ""
            stub.showDrain("topology.kubernetes.io/zone=zone-b", {
                drained: ["node-b2"],
                evicted: [{ pod: "default/web-1", from: "node-b2", replacement: "default/web-7", to: "node-a1" },
                          { pod: "default/solo", from: "node-b2", replacement: "", to: "" }],
                blocked: [{ pod: "default/db-0", node: "node-b1",
                            reason: "Cannot evict pod as it would violate the pod's disruption budget." }],
                pendingAfter: 0 })
            compare(child("summaryLabel").text,
                    "topology.kubernetes.io/zone=zone-b: 1 nodes drained, 2 pods evicted, 1 blocked; 0 pending after")
            const list = child("reportList")
            compare(list.count, 3)
            tryVerify(() => { list.forceLayout(); return list.itemAtIndex(2) !== null }, 5000)
            compare(list.itemAtIndex(0).text, "default/web-1 evicted from node-b2 → default/web-7 on node-a1")
            compare(list.itemAtIndex(1).text, "default/solo evicted from node-b2, not replaced")
            compare(list.itemAtIndex(2).text,
                    "default/db-0 stays on node-b1: Cannot evict pod as it would violate the pod's disruption budget.")
            const md = stub.groupDrain.markdown()
            verify(md.indexOf("| `default/web-1` | node-b2 | `default/web-7` | node-a1 |") >= 0, md)
            verify(md.indexOf("| `default/db-0` | node-b1 |") >= 0, md)
            const url = TestEnv.tempDir + "drain.md"
            compare(stub.groupDrain.exportMarkdown(url, false), "")
            verify(stub.groupDrain.exportMarkdown(url, false).length > 0)
            verify(child("exportButton").enabled)
        }
    }
}
