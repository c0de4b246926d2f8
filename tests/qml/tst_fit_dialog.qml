import QtQuick
import QtTest
import Berth
import BerthTest

// "How many more fit?": the canvas's pod menu asks it, the dialog shows an answer handed over
// as the worker side would (stub.showFit: fits per node and zone, the next replica's
// FitError), the ghost layer draws the replicas as dashed chips on their cards where the
// card's next chips would go, with "+N" per card, and Clear takes the answer and the ghosts
// away.
Item {
    id: root
    width: 1000
    height: 640

    CanvasView {
        id: view
        anchors.fill: parent
        nodes: TestEnv.run.nodes
        pods: TestEnv.run.pods
        cycle: TestEnv.run.cycle
        status: TestEnv.run.status
        onFitRequested: (pod) => { root.asked = pod }
        FitGhostLayer { id: ghosts; anchors.fill: parent; canvas: view.canvas; fit: TestEnv.stub.fit }
    }
    property string asked: ""

    FitDialog {
        id: dialog
        fit: TestEnv.stub.fit
        x: root.width - width - 10
        y: 10
    }

    TestCase {
        name: "FitDialog"
        when: windowShown
        readonly property var stub: TestEnv.stub
        readonly property var run: TestEnv.run
        function child(name) { return findChild(dialog.contentItem, name) }
        function ghostsOn(node) {
            const holder = findChild(ghosts, "ghosts:" + node)
            if (!holder) return -1
            let n = 0
            for (let i = 0; i < holder.children.length; ++i) if (holder.children[i].objectName === "ghost") ++n
            return n
        }

        function initTestCase() {
            run.showCluster([{ name: "node-a1", zone: "zone-a" }, { name: "node-b1", zone: "zone-b" }],
                            [{ key: "default/web-1", node: "node-a1", owner: "Deployment/web", cpu: 500 },
                             { key: "default/web-2", node: "node-b1", owner: "Deployment/web", cpu: 500 }],
                            "two-zones.yaml")
            view.canvas.fitToView()
            waitForRendering(view)
        }

        function test_1_podMenuAsks() {
            const r = view.canvas.podRect("default/web-1")
            const p = Qt.point(r.x + r.width / 2, r.y + r.height / 2)
            const at = Qt.point(p.x * view.canvas.zoom + view.canvas.panX, p.y * view.canvas.zoom + view.canvas.panY)
            mouseClick(view, at.x, at.y, Qt.RightButton)
            const menu = findChild(view, "podMenu")
            tryCompare(menu, "opened", true)
            compare(menu.pod, "default/web-1")
            compare(view.canvas.selectedPod, "default/web-1")
            menu.itemAt(0).triggered()
            compare(root.asked, "default/web-1")
            menu.close()
        }

        function test_2_answerAndGhosts() {
            stub.showFit("default/web-1", { kind: "Deployment", ref: "default/web", existing: 2,
                                             byNode: { "node-a1": 3, "node-b1": 2 },
                                             byZone: { "zone-a": 3, "zone-b": 2 }, next: "default/web-6",
                                             message: "0/2 nodes are available: 2 Insufficient cpu." })
            dialog.open()
            tryCompare(dialog, "opened", true)
            compare(child("summaryLabel").text, "Deployment default/web: 5 more fit (2 replicas now)")
            compare(child("zonesLabel").text, "By zone: zone-a 3 · zone-b 2")
            compare(child("nodeList").count, 2)
            compare(child("stoppedLabel").text, "Stopped by the next replica (default/web-6) finds no node")
            compare(child("nextLabel").text, "0/2 nodes are available: 2 Insufficient cpu.")
            // Ghosts: 3 on node-a1, 2 on node-b1, after each card's own chip.
            tryCompare(ghosts.ghosts, "length", 2)
            tryVerify(() => ghostsOn("node-a1") === 3 && ghostsOn("node-b1") === 2, 2000)
            waitForRendering(view)
        }

        function test_3_clearTakesTheGhostsAway() {
            mouseClick(child("clearButton"))
            verify(!stub.fit.valid)
            compare(ghosts.ghosts.length, 0)
            tryCompare(dialog, "opened", false)
        }

        function test_4_errorShown() {
            stub.fit.ask("default/web-1")  // the stub has no plan loaded: refused at once
            dialog.open()
            tryCompare(dialog, "opened", true)
            compare(child("errorLabel").text, "no cluster is loaded")
            verify(!child("summaryLabel").visible)
            dialog.close()
        }
    }
}
