import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// Edit > Find over the canvas, wired as Main.qml wires it (playback stub's models, no
// worker): typing lists the matches and marks them on the canvas; Down and Enter pick one,
// which is selected and centred; "Dim the rest" reaches the canvas; the selector hint and
// a bad selector are told.
Item {
    id: root
    width: 1000
    height: 650

    CanvasView {
        id: view
        anchors.fill: parent
        nodes: TestEnv.run.nodes
        pods: TestEnv.run.pods
        cycle: TestEnv.run.cycle
        status: TestEnv.run.status
    }
    SearchModel { id: searchModel; nodes: TestEnv.run.nodes; pods: TestEnv.run.pods }
    SearchPanel {
        id: panel
        search: searchModel
        visible: false
        anchors.top: parent.top
        anchors.right: parent.right
        anchors.margins: 8
        width: 460
        height: 300
        onPicked: (node, pod) => { view.canvas.select(node, pod); view.canvas.centerOn(node, pod) }
        onCloseRequested: visible = false
    }
    function updateMarks() {
        view.canvas.setMarks(panel.visible ? searchModel.markedNodes : [], panel.visible ? searchModel.markedPods : [],
                             panel.visible && panel.dimOthers)
    }
    Connections { target: searchModel; function onResultsChanged() { root.updateMarks() } }
    Connections { target: panel; function onDimOthersChanged() { root.updateMarks() } }

    TestCase {
        name: "SearchPanel"
        when: windowShown

        function initTestCase() {
            TestEnv.run.showCluster([{ name: "node-a1", zone: "a" }, { name: "node-a2", zone: "a" }, { name: "node-b1", zone: "b" }],
                                    [{ key: "default/web-1", node: "node-a1", owner: "Deployment/web" },
                                     { key: "default/web-2", node: "node-b1", owner: "Deployment/web" },
                                     { key: "team/cache", node: "node-a2" }], "search.yaml")
        }

        function test_1_typingListsAndMarks() {
            panel.begin()
            const field = findChild(panel, "searchField")
            tryCompare(field, "activeFocus", true)
            for (const c of "web") keyClick(c)
            compare(searchModel.query, "web")
            const list = findChild(panel, "searchResults")
            // The workload, then its two pods.
            tryCompare(list, "count", 3)
            compare(findChild(panel, "searchStatus").text, "3 matches")
            verify(view.canvas.marked("default/web-1"))
            verify(view.canvas.marked("default/web-2"))
            verify(!view.canvas.marked("team/cache"))
        }

        function test_2_enterSelectsAndCentres() {
            keyClick(Qt.Key_Down)  // the first pod (row 1)
            keyClick(Qt.Key_Return)
            compare(view.canvas.selectedPod, "default/web-1")
            compare(view.canvas.selectedNode, "node-a1")
            // Centred: the pod's chip is in the middle of the view.
            const chip = view.canvas.podRect("default/web-1")
            fuzzyCompare(chip.x + chip.width / 2, (view.width / 2 - view.canvas.panX) / view.canvas.zoom, 0.5)
            fuzzyCompare(chip.y + chip.height / 2, (view.height / 2 - view.canvas.panY) / view.canvas.zoom, 0.5)
            verify(view.canvas.zoom >= 1)
        }

        function test_3_dimTheRest() {
            const dim = findChild(panel, "dimOthers")
            mouseClick(dim)
            verify(panel.dimOthers)
            // The canvas takes the filter (its quads fade; drawn in the screenshot of the README).
            compare(view.canvas.marked("default/web-2"), true)
        }

        function test_4_selectorsAreTold() {
            const field = findChild(panel, "searchField")
            field.forceActiveFocus()  // the check box took it
            field.selectAll()
            for (const c of "app in (") keyClick(c)
            compare(field.text, "app in (")
            verify(searchModel.selector)
            const status = findChild(panel, "searchStatus").text
            verify(status.startsWith("Not a label selector: "), status)
            keyClick(Qt.Key_Escape)
            tryCompare(panel, "visible", false)
        }
    }
}
