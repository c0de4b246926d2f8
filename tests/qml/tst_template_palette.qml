import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import Berth.App
import BerthTest

// The template palette and the canvas drops: the form's problems, Submit, a tile dragged onto
// a zone (required affinity to it), and a pending pod dragged from the tray onto a node (the
// verdict of the core's filters, then "Pin to this node").
Item {
    id: root
    width: 1600
    height: 800

    TemplatePalette {
        id: palette
        x: 0
        width: 380
        height: parent.height
        planner: TestEnv.controller.planner
        dragLayer: root
    }
    Item {
        id: canvasBox
        x: 400
        width: 800
        height: parent.height
        ClusterCanvas {
            id: canvas
            anchors.fill: parent
            nodes: TestEnv.controller.nodes
            pods: TestEnv.controller.pods
        }
        PlannerDropLayer {
            id: dropLayer
            anchors.fill: parent
            canvas: canvas
            templates: palette
            onPodDropped: (pod, node) => verdict.ask(pod, node)
        }
    }
    QueuePanel {
        id: queuePanel
        x: 1200
        width: 400
        height: parent.height
        queue: TestEnv.controller.queue
        dragLayer: root
    }
    VerdictDialog { id: verdict; planner: TestEnv.controller.planner }

    TestCase {
        name: "TemplatePalette"
        when: windowShown

        function podsOf(prefix) {
            const out = []
            const pods = TestEnv.controller.pods
            for (let i = 0; i < pods.rowCount(); ++i) {
                const key = TestEnv.controller.pods.data(pods.index(i, 0), Qt.DisplayRole)
                if (key && key.startsWith(prefix)) out.push(key)
            }
            return out
        }
        /// The centre of a world rectangle of the canvas, in canvasBox coordinates.
        function toItem(r) { return Qt.point(r.x * canvas.zoom + canvas.panX + r.width * canvas.zoom / 2,
                                             r.y * canvas.zoom + canvas.panY + r.height * canvas.zoom / 2) }
        function runToEnd() {
            tryCompare(TestEnv.controller, "busy", false, 5000)
            TestEnv.controller.runToEnd()
            tryCompare(TestEnv.controller, "finished", true, 20000)
        }

        function initTestCase() {
            TestEnv.controller.session.load([TestEnv.smallCluster])
            tryCompare(TestEnv.controller, "loaded", true, 10000)
        }

        function test_0_dragQueuedPodOntoNode() {
            // Nothing has run: worker (2 cpu) is in activeQ. Drag its name onto node-a1.
            const list = findChild(queuePanel, "queueList")
            let row = null
            tryVerify(() => {
                list.forceLayout()
                for (let i = 0; i < list.count; ++i) {
                    const item = list.itemAtIndex(i)
                    if (item && item.key === "default/worker") { row = item; return true }
                }
                return false
            }, 5000)
            const start = row.mapToItem(root, 60, row.height / 2)
            const target = toItem(canvas.nodeRect("node-a1"))
            const end = canvasBox.mapToItem(root, target.x, target.y)
            mousePress(root, start.x, start.y)
            for (let i = 1; i <= 10; ++i)
                mouseMove(root, start.x + (end.x - start.x) * i / 10, start.y + (end.y - start.y) * i / 10)
            mouseRelease(root, end.x, end.y)
            tryCompare(verdict, "opened", true, 5000)
            compare(verdict.pod, "default/worker")
            compare(verdict.node, "node-a1")
            tryCompare(verdict, "answered", true, 5000)
            compare(verdict.fits, true)
            verdict.close()
            tryCompare(verdict, "opened", false, 5000)
            compare(TestEnv.controller.session.history.appliedCount, 0)  // asking changes nothing
        }

        function test_1_problemsBlockSubmit() {
            const name = findChild(palette, "nameField")
            const problems = findChild(palette, "paletteProblems")
            compare(problems.visible, false)
            name.text = "Bad Name"
            tryCompare(problems, "visible", true)
            verify(problems.text.indexOf("name 'Bad Name'") >= 0, problems.text)
            compare(findChild(palette, "submitTemplate").enabled, false)
            findChild(palette, "cpuField").text = "lots"
            name.text = "web"
            verify(problems.text.indexOf("lots") >= 0, problems.text)  // the loader's word on quantities
            findChild(palette, "cpuField").text = "250m"
            tryCompare(problems, "visible", false)
        }

        function test_2_submit() {
            // "web" is the small cluster's own Deployment: refused, and said so.
            mouseClick(findChild(palette, "submitTemplate"))
            tryVerify(() => findChild(palette, "paletteProblems").text.indexOf("web") >= 0, 5000)
            const name = findChild(palette, "nameField")
            name.text = "api"
            findChild(palette, "replicasBox").value = 2
            mouseClick(findChild(palette, "submitTemplate"))
            tryCompare(name, "text", "api-2", 5000)   // applied: the next name is offered
            tryVerify(() => podsOf("default/api-").length === 2, 5000)
        }

        function test_3_dragTileOntoZone() {
            // Drop a Deployment tile on zone-b's group: its pods may only go to zone-b
            // (node-b2 is cordoned, so node-b1).
            const b1 = canvas.nodeRect("node-b1")
            verify(b1.width > 0)
            const target = toItem(b1)
            compare(canvas.groupAt(target).value, "zone-b")
            findChild(palette, "nameField").text = "zonal"
            findChild(palette, "replicasBox").value = 3
            const tile = findChild(palette, "tile-Deployment")
            const start = tile.mapToItem(root, tile.width / 2, tile.height / 2)
            const end = canvasBox.mapToItem(root, target.x, target.y)
            mousePress(root, start.x, start.y)
            for (let i = 1; i <= 10; ++i)
                mouseMove(root, start.x + (end.x - start.x) * i / 10, start.y + (end.y - start.y) * i / 10)
            mouseRelease(root, end.x, end.y)
            tryVerify(() => podsOf("default/zonal-").length === 3, 5000)
            runToEnd()
            for (const key of podsOf("default/zonal-"))
                compare(TestEnv.controller.inspector.podDetails(key).node, "node-b1")
        }

        function test_4_dragPendingPodOntoNode() {
            // huge (64 cpu) stays pending after the run: drag it from the tray onto node-a1.
            compare(TestEnv.controller.inspector.podDetails("default/huge").phase, "Pending")
            const from = toItem(canvas.podRect("default/huge"))
            const to = toItem(canvas.nodeRect("node-a1"))
            mousePress(canvas, from.x, from.y)
            for (let i = 1; i <= 8; ++i)
                mouseMove(canvas, from.x + (to.x - from.x) * i / 8, from.y + (to.y - from.y) * i / 8)
            compare(canvas.draggedPod, "default/huge")
            compare(canvas.dropNode, "node-a1")
            mouseRelease(canvas, to.x, to.y)
            tryCompare(verdict, "opened", true, 5000)
            tryCompare(verdict, "answered", true, 5000)
            compare(verdict.fits, false)
            compare(verdict.verdict.rejectedBy, "NodeResourcesFit")
            compare(verdict.verdict.reason, "Insufficient cpu")
            verify(findChild(verdict.contentItem, "verdictHeadline").text.indexOf("Insufficient cpu") >= 0)
            // Pinning bypasses the scheduler: an edit, and the pod is re-created on the node.
            mouseClick(findChild(verdict.contentItem, "pinButton"))
            tryCompare(verdict, "opened", false, 5000)
            tryCompare(TestEnv.controller.session.history, "appliedCount", 3, 5000)
        }
    }
}
