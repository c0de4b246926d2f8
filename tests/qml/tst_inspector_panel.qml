import QtQuick
import QtTest
import Berth
import BerthTest

// The inspector shows the selected pod's Filter and Score tables and its FitError, and a
// selected node's pods. Over the playback stub's models and Inspector (no worker thread): the
// test plays the worker's part and sends the traces.
Item {
    id: root
    width: 460
    height: 640

    InspectorPanel {
        id: panel
        anchors.fill: parent
        inspector: TestEnv.run.inspector
    }

    TestCase {
        name: "InspectorPanel"
        when: windowShown
        readonly property var run: TestEnv.run
        readonly property var inspector: TestEnv.run.inspector

        function initTestCase() {
            run.showCluster([{ name: "node-a1", zone: "a" }, { name: "node-a2", zone: "a", cpu: 1000 },
                             { name: "node-b1", zone: "b" }, { name: "node-b2", zone: "b" }],
                            [{ key: "default/cache", node: "node-b1", cpu: 500, memory: 268435456, owner: "Deployment/cache" },
                             { key: "default/web-1", node: "node-b1", cpu: 250 },
                             { key: "default/huge", cpu: 16000 }], "small.yaml")
        }

        function test_0_nothingSelected() {
            inspector.select("", "")
            verify(!findChild(panel, "podKey").visible)
            verify(!findChild(panel, "nodeName").visible)
        }

        function test_1_placedPod() {
            inspector.select("", "default/cache")
            compare(findChild(panel, "podKey").text, "default/cache")
            // Until the worker sends the attempt, the tables stay empty.
            compare(findChild(panel, "traceSummary").text, "No attempt recorded yet: step or play to schedule it.")
            run.showTrace("default/cache", { "node-a2": "Insufficient cpu" }, "node-b1", "")
            compare(inspector.hasTrace, true)
            verify(findChild(panel, "traceSummary").text.indexOf("chose node-b1") >= 0)
            const filter = findChild(panel, "filterTable")
            verify(filter)
            tryCompare(filter, "rows", 4)          // one row per node
            verify(filter.columns > 3)             // Node, Result, Reason, then the plugins
            const score = findChild(panel, "scoreTable")
            compare(score.rows, 3)                 // the three feasible nodes were scored
        }

        function test_2_pendingPod() {
            inspector.select("", "default/huge")
            run.showTrace("default/huge", { "node-a1": "Insufficient cpu", "node-a2": "Insufficient cpu",
                                            "node-b1": "Insufficient cpu", "node-b2": "Insufficient cpu" }, "",
                          "0/4 nodes are available: 4 Insufficient cpu.")
            const fit = findChild(panel, "fitError")
            verify(fit.text.indexOf("0/4 nodes are available") === 0, fit.text)
            const why = findChild(panel, "whyPendingList")
            compare(why.count, 1)  // Insufficient cpu, on all four
            compare(findChild(panel, "whyHeader").text, "Rejections across 4 nodes:")
        }

        function test_3_traceOfAnotherPodIgnored() {
            inspector.select("", "default/web-1")
            run.showTrace("default/cache", {}, "node-a1", "")
            compare(inspector.hasTrace, false)
        }

        function test_4_node() {
            inspector.select("node-b1", "")
            compare(findChild(panel, "nodeName").text, "node-b1")
            const pods = findChild(panel, "nodePodsList")
            verify(pods.visible)
            tryCompare(pods, "count", 2, 2000)
            compare(inspector.nodeDetails("node-b1").podCount, 2)
            compare(inspector.node.name, "node-b1")
        }

        function test_5_extenderRows() {
            // A scheduler extender is a column after the Filter plugins and after the Score
            // plugins: node-a2 passed NodeResourcesFit and the extender rejected it.
            inspector.select("", "default/web-1")
            run.showExtenderTrace("default/web-1")
            compare(inspector.hasTrace, true)
            const filter = findChild(panel, "filterTable")
            tryCompare(filter, "columns", 5)  // Node, Result, Reason, NodeResourcesFit, the extender
            const ext = "http://gpu-share:12345/scheduler"
            compare(inspector.filterTable.headerData(4, Qt.Horizontal), ext)
            const a2 = inspector.filterTable.index(1, 0)
            compare(inspector.filterTable.data(a2, Qt.DisplayRole), "node-a2")
            compare(inspector.filterTable.data(inspector.filterTable.index(1, 1), Qt.DisplayRole), ext)
            compare(inspector.filterTable.data(inspector.filterTable.index(1, 2), Qt.DisplayRole), "no GPU with 8Gi free")
            compare(inspector.filterTable.data(inspector.filterTable.index(1, 3), Qt.DisplayRole), "pass")
            compare(inspector.filterTable.data(inspector.filterTable.index(1, 4), Qt.DisplayRole), "FAIL")
            waitForRendering(panel)
            const keepFilter = run.keepScreenshotAs("-inspector-extender-filter.png")
            if (keepFilter.length > 0) grabImage(panel).save(keepFilter)
            // Score: node-a1 raw 10 → 100 ×2 = 200, plus NodeResourcesFit's 60: 260, the winner.
            findChild(panel, "podTabs").currentIndex = 1
            const score = findChild(panel, "scoreTable")
            tryCompare(score, "rows", 3)
            compare(inspector.scoreTable.headerData(3, Qt.Horizontal), ext)
            compare(inspector.scoreTable.data(inspector.scoreTable.index(0, 0), Qt.DisplayRole), "node-a1")
            compare(inspector.scoreTable.data(inspector.scoreTable.index(0, 1), Qt.DisplayRole), 260)
            compare(inspector.scoreTable.data(inspector.scoreTable.index(0, 3), Qt.DisplayRole), "10 → 100 ×2 = 200")
            waitForRendering(panel)
            const keepScore = run.keepScreenshotAs("-inspector-extender-score.png")
            if (keepScore.length > 0) grabImage(panel).save(keepScore)
            findChild(panel, "podTabs").currentIndex = 0
        }
    }
}
