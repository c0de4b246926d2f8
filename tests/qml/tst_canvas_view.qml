import QtQuick
import QtTest
import Berth
import BerthTest

// The canvas with its chrome, over the playback stub's models (no worker thread): the status
// line stands in until a cluster is on show; then the cards follow the node and pod models,
// grouped by zone, labelled, and a click selects; the legend names the pod colours.
Item {
    id: root
    width: 900
    height: 600

    CanvasView {
        id: view
        anchors.fill: parent
        nodes: TestEnv.run.nodes
        pods: TestEnv.run.pods
        cycle: TestEnv.run.cycle
        status: TestEnv.run.status
    }

    TestCase {
        name: "CanvasView"
        when: windowShown
        readonly property var run: TestEnv.run

        function labelTexts() {
            const out = []
            const stack = [view]
            while (stack.length > 0) {
                const item = stack.pop()
                if (item.caption !== undefined) out.push(item.text)
                for (let i = 0; i < item.children.length; ++i) stack.push(item.children[i])
            }
            return out
        }

        function test_1_statusLineUntilLoaded() {
            run.setStatusText("No cluster loaded")
            const placeholder = findChild(view, "placeholder")
            verify(placeholder.visible)
            compare(placeholder.text, "No cluster loaded")
            run.setStatusText("Not opened: bad.yaml — bad.yaml:3:1: unknown kind")
            compare(placeholder.text, "Not opened: bad.yaml — bad.yaml:3:1: unknown kind")
        }

        function test_2_clusterOnShow() {
            run.showCluster([{ name: "node-a1", zone: "a" }, { name: "node-b1", zone: "b" }],
                            [{ key: "default/web-1", node: "node-a1", owner: "Deployment/web" },
                             { key: "default/web-2" }], "two-zones.yaml")
            verify(!findChild(view, "placeholder").visible)
            compare(view.canvas.groupTitles(), ["a", "b"])
            view.canvas.fitToView()
            waitForRendering(view)
            // Each node's card is labelled with its name.
            tryVerify(() => labelTexts().indexOf("node-a1") >= 0 && labelTexts().indexOf("node-b1") >= 0, 2000,
                      labelTexts().join(", "))
            // A click on a card selects the node.
            const c = view.canvas.nodeCenter("node-b1")
            mouseClick(view, c.x, c.y)
            compare(view.canvas.selectedNode, "node-b1")
        }

        function test_3_cycleOnShow() {
            // The canvas draws the playback's cycle: the one the stub steps through.
            compare(view.canvas.cycle, run.cycle)
            run.playback.stepPhase()
            compare(run.cycle.pod, "default/web-2")
            verify(run.cycle.active)
        }

        function test_4_legend() {
            verify(view.canvas.legend.length > 0)
        }

        // Several nodes for a whole-group action: Ctrl+click adds and removes, a plain click
        // starts over, Shift+click on a group's header takes all its nodes.
        function test_5_severalNodes() {
            const a = view.canvas.nodeCenter("node-a1"), b = view.canvas.nodeCenter("node-b1")
            mouseClick(view, a.x, a.y)
            compare(view.canvas.selectedNodes, ["node-a1"])
            mouseClick(view, b.x, b.y, Qt.LeftButton, Qt.ControlModifier)
            compare(view.canvas.selectedNodes, ["node-a1", "node-b1"])
            mouseClick(view, a.x, a.y, Qt.LeftButton, Qt.ControlModifier)
            compare(view.canvas.selectedNodes, ["node-b1"])
            compare(view.canvas.selectedNode, "node-b1")
            mouseClick(view, a.x, a.y)
            compare(view.canvas.selectedNodes, ["node-a1"])
            // Zone b's header, just above its card: every node of the group.
            const card = view.canvas.nodeRect("node-b1")
            const header = Qt.point(card.x * view.canvas.zoom + view.canvas.panX + 4,
                                    (card.y - 6) * view.canvas.zoom + view.canvas.panY)
            compare(view.canvas.groupNodesAt(header), ["node-b1"])
            mouseClick(view, header.x, header.y, Qt.LeftButton, Qt.ShiftModifier)
            compare(view.canvas.selectedNodes, ["node-b1"])
            view.canvas.clearSelection()
            compare(view.canvas.selectedNodes, [])
        }
    }
}
