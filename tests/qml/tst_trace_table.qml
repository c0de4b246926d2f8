import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// The inspector's tables on their own, over the playback stub's Inspector (no worker thread):
// a header row and a row per node; Filter cells tinted by the caller's verdict colours, Score
// rows by heat and the winner.
Item {
    id: root
    width: 700
    height: 400

    TraceTable {
        id: filter
        width: parent.width
        height: parent.height / 2
        model: TestEnv.run.inspector.filterTable
        columnWidth: function(column) { return 110 }
        cellColor: function(verdict) { return verdict === FilterTableModel.Fail ? "#ff0000" : "#00ff00" }
    }
    TraceTable {
        id: score
        y: parent.height / 2
        width: parent.width
        height: parent.height / 2
        model: TestEnv.run.inspector.scoreTable
        heatColumn: 1
    }

    TestCase {
        name: "TraceTable"
        when: windowShown

        // The cell delegates of `table` in row `row` (by their y), left to right.
        function cells(table, row) {
            const out = []
            const stack = [table]
            while (stack.length > 0) {
                const item = stack.pop()
                if (item.column !== undefined && item.model !== undefined && item.winner !== undefined && item.y === row * 20)
                    out.push(item)
                for (let i = 0; i < item.children.length; ++i) stack.push(item.children[i])
            }
            return out.sort((a, b) => a.column - b.column)
        }

        function initTestCase() {
            TestEnv.run.showCluster([{ name: "node-a1" }, { name: "node-a2" }, { name: "node-b1" }],
                                    [{ key: "default/web-1" }], "three.yaml")
            TestEnv.run.inspector.select("", "default/web-1")
            TestEnv.run.showTrace("default/web-1", { "node-a2": "Insufficient cpu" }, "node-b1", "")
        }

        function test_1_filterRowsAndVerdicts() {
            tryCompare(filter, "rows", 3)
            verify(filter.columns >= 4)  // Node, Result, Reason, NodeResourcesFit
            waitForRendering(filter)
            let failed = null
            for (let r = 0; r < 3; ++r) {
                const row = cells(filter, r)
                verify(row.length > 0)
                if (String(row[0].model.display) === "node-a2") failed = row
            }
            verify(failed, "node-a2's row")
            compare(String(failed[1].color), "#ff0000")  // its Result cell: the caller's Fail colour
        }

        function test_2_scoreRowsWinnerFirst() {
            tryCompare(score, "rows", 2)  // the two feasible nodes
            waitForRendering(score)
            const first = cells(score, 0)
            compare(String(first[0].model.display), "node-b1")  // highest total first
            verify(first[0].winner)
        }

        // Scrolled sideways, the node column stays in view: its copy over the left edge names
        // the rows in order, under the first header; back at the left edge, it goes.
        function test_3_nodeColumnPinnedWhenScrolled() {
            const table = findChild(filter, "pinnedNodeColumn")
            verify(table)
            verify(!table.visible)
            const view = findChild(filter, "traceTableView")
            verify(view)
            view.contentX = 150
            tryCompare(table, "visible", true)
            tryCompare(table, "count", 3)
            const names = []
            for (let r = 0; r < 3; ++r) names.push(table.itemAtIndex(r).display)
            compare(names.map(String).sort(), ["node-a1", "node-a2", "node-b1"])
            view.contentX = 0
            tryCompare(table, "visible", false)
        }
    }
}
