import QtQuick
import QtTest
import Berth
import BerthTest

// Node > Add nodes until everything fits…, over the stub host: the selected node is offered as
// a model and listed as a template, Search waits for at least one template, an answer handed
// over as the worker side would (stub.showNodes) lists the nodes per pool with their cost and
// what one fewer leaves pending, and the pods no pool takes; Apply is ONE edit.
Item {
    id: root
    width: 800
    height: 700

    AddNodesDialog {
        id: dialog
        nodeSearch: TestEnv.stub.nodeSearch
        modelNode: "node-b1"
    }

    TestCase {
        name: "AddNodesDialog"
        when: windowShown
        readonly property var stub: TestEnv.stub
        function child(name) { return findChild(dialog.contentItem, name) }

        function initTestCase() {
            stub.loaded = true
            stub.setNodes([{ name: "node-a1", labels: { "topology.kubernetes.io/zone": "zone-a" } },
                           { name: "node-b1", labels: { "topology.kubernetes.io/zone": "zone-b" } }])
        }

        function test_1_templates() {
            dialog.begin()
            tryCompare(dialog, "opened", true)
            verify(!child("searchButton").enabled)  // no template yet
            mouseClick(child("addModelButton"))
            compare(stub.nodeSearch.templates, ["node-b1 (a copy of the node)"])
            verify(child("searchButton").enabled)
            compare(child("strategyBox").model, ["least-waste", "most-pods", "least-nodes", "price"])
            // The same node twice: said in the dialog.
            mouseClick(child("addModelButton"))
            compare(child("errorLabel").text, "node-b1 is a template already")
        }

        function test_2_answerAndApply() {
            stub.showNodes({ pools: [{ name: "node-b1", count: 2, price: 1.25 }],
                             unplaceable: [{ pod: "default/huge", message: "0/1 nodes are available: 1 Insufficient cpu." }],
                             pendingBefore: 5, verified: true }, "apiVersion: v1\nkind: List\nitems: []\n")
            compare(child("summaryLabel").text,
                    "Add 2 node(s) (least-waste), 2.50 per hour: 5 pending before, 1 left · verified by a full run")
            compare(child("answerList").count, 2)
            verify(child("applyButton").enabled)
            stub.clearCalls()
            mouseClick(child("applyButton"))
            compare(stub.calls.length, 1)
            verify(stub.lastCall.indexOf("edit: Submit added-nodes-") === 0, stub.lastCall)
            verify(!child("applyButton").enabled)  // applied once
            dialog.close()
        }
    }
}
