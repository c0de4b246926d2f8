import QtQuick
import QtTest
import Berth
import BerthTest

// The Capacity panel over the stub host: an answer handed over as the worker side would
// (stub.showCapacity) fills the stacked cpu and memory bars per zone, the headroom table and
// the fragmentation histogram; a chart saves as a PNG that reads back at the chart's size;
// the report exports as Markdown and is never overwritten silently. A comparison of two
// configurations (stub.showCompare) shows a row per configuration, grouped bars per zone (one
// bar set per configuration, utilization in percent) and the pods placed differently.
Item {
    id: root
    width: 440
    height: 900

    CapacityPanel {
        id: panel
        anchors.fill: parent
        capacity: TestEnv.stub.capacity
        compare: TestEnv.stub.compare
        groupKeys: ["topology.kubernetes.io/zone", "pool"]
    }

    // zone-a: 2 of 8 cpu, 4Gi of 32Gi; zone-b: 7 of 8 cpu, 30Gi of 32Gi. Nodes a1 and a2 take
    // 3 more reference pods each, b1 none (its 1 cpu and 2Gi are stranded), b2 1 more.
    readonly property var answer: ({
        groupBy: "topology.kubernetes.io/zone",
        reference: [1000, 2147483648],
        placed: 9, pending: 1, nodesUsed: 3, nodesEmpty: 1,
        groups: [
            { group: "zone-a", cpu: [2000, 8000], memory: [4294967296, 34359738368] },
            { group: "zone-b", cpu: [7000, 8000], memory: [32212254720, 34359738368] }
        ],
        more: { a1: 3, a2: 3, b1: 0, b2: 1 },
        stranded: [1000, 2147483648]
    })

    SignalSpy { id: saved; target: TestEnv.stub.capacity; signalName: "chartSaved" }
    Image { id: readBack; visible: false; cache: false }

    TestCase {
        name: "CapacityPanel"
        when: windowShown
        readonly property var capacity: TestEnv.stub.capacity
        readonly property var cpuChart: findChild(panel, "cpuChart")
        readonly property var memoryChart: findChild(panel, "memoryChart")
        readonly property var fragmentationChart: findChild(panel, "fragmentationChart")

        function test_1_emptyUntilMeasured() {
            // No plan: nothing is measured, and nothing started on a thread.
            compare(capacity.valid, false)
            compare(capacity.computing, false)
            compare(findChild(panel, "statusLabel").text, "Load a cluster to measure its capacity.")
            compare(findChild(panel, "exportButton").enabled, false)
        }

        function test_2_answerFillsTheCharts() {
            TestEnv.stub.showCapacity(root.answer)
            compare(capacity.valid, true)
            compare(findChild(panel, "statusLabel").text, "9 placed, 1 pending · 3 nodes used, 1 empty")
            const cpu = cpuChart.series(0)
            compare(cpu.count, 2)  // requested, headroom
            compare(cpu.axisX.categories, ["zone-a", "zone-b"])
            compare(cpu.at(0).values, [2, 7])
            compare(cpu.at(1).values, [6, 1])  // headroom: 8 - 2, 8 - 7
            const memory = memoryChart.series(0)
            compare(memory.at(0).values, [4, 30])  // GiB
            compare(memory.at(1).values, [28, 2])
            // The axis leaves room above the largest group (8 cores).
            verify(cpu.axisY.max >= 8)
            // Histogram: one node takes 0 more, one takes 1, none 2, two take 3.
            const frag = fragmentationChart.series(0)
            compare(frag.axisX.categories, ["0", "1", "2", "3"])
            compare(frag.at(0).values, [1, 1, 0, 2])
            compare(findChild(panel, "strandedLabel").text,
                    "Reference pod: 1 cpu, 2Gi memory. Stranded (free on nodes that take none): 1 cpu, 2Gi memory.")
            verify(findChild(panel, "exportButton").enabled)
        }

        function test_3_chartSavesAsPng() {
            TestEnv.stub.showCapacity(root.answer)
            saved.clear()
            const url = TestEnv.tempDir + "cpu.png"
            compare(capacity.saveChart(cpuChart, url, false), "")
            saved.wait(5000)
            compare(saved.signalArguments[0][1], "")
            readBack.source = url
            tryCompare(readBack, "status", Image.Ready)
            compare(readBack.sourceSize.width, Math.round(cpuChart.width))
            compare(readBack.sourceSize.height, Math.round(cpuChart.height))
            // An existing file is replaced only when asked.
            verify(capacity.saveChart(cpuChart, url, false).indexOf("already exists") >= 0)
        }

        function test_4_reportExportsAsMarkdown() {
            TestEnv.stub.showCapacity(root.answer)
            const report = capacity.markdown()
            verify(report.indexOf("| zone-a | 25.0% |") >= 0, report)  // 2 of 8 cpu
            verify(report.indexOf("| zone-b | 87.5% |") >= 0, report)  // 7 of 8
            const url = TestEnv.tempDir + "capacity.md"
            compare(capacity.exportMarkdown(url, false), "")
            verify(capacity.exportMarkdown(url, false).length > 0)
            compare(capacity.exportMarkdown(url, true), "")
            // "Export report…" opens a save dialog (a file dialog, Markdown by default).
            mouseClick(findChild(panel, "exportButton"))
            const saveDialog = findChild(panel, "reportSaveDialog")
            tryCompare(saveDialog, "visible", true)
            compare(saveDialog.defaultSuffix, "md")
            saveDialog.close()
        }

        function test_5_configurationsSideBySide() {
            const cmp = TestEnv.stub.compare
            verify(!findChild(panel, "compareButton").enabled)  // two or more configurations
            // zone-a: 2 of 8 cpu (25%) under least, 6 of 8 (75%) under most; zone-b the other way.
            TestEnv.stub.showCompare({ groupBy: "topology.kubernetes.io/zone",
                configs: [{ name: "least", pending: 0, placed: 4, nodesUsed: 4, nodesEmpty: 0,
                            groups: [{ group: "zone-a", cpu: [2000, 8000], memory: [1073741824, 4294967296] },
                                     { group: "zone-b", cpu: [6000, 8000], memory: [0, 4294967296] }] },
                          { name: "most", pending: 1, placed: 3, nodesUsed: 2, nodesEmpty: 2,
                            groups: [{ group: "zone-a", cpu: [6000, 8000], memory: [0, 4294967296] },
                                     { group: "zone-b", cpu: [2000, 8000], memory: [0, 4294967296] }] }],
                moved: [{ pod: "default/web-1", config: "most", from: "node-a1", to: "" }] })
            verify(cmp.valid)
            compare(cmp.groups, ["zone-a", "zone-b"])
            compare(cmp.utilization("cpu"), [{ name: "least", values: [25, 75] }, { name: "most", values: [75, 25] }])
            panel.showComparison()
            const chart = findChild(panel, "compare-cpu")
            tryVerify(() => chart.visible)
            compare(chart.series(0).count, 2)  // a bar set per configuration
            compare(chart.series(0).at(1).label, "most")
            compare(cmp.moved[0].to, "pending")
            const md = cmp.markdown()
            verify(md.indexOf("least") >= 0 && md.indexOf("most") >= 0, md)
            const scroll = findChild(panel, "configComparison")
            verify(scroll.visible)
        }
    }
}
