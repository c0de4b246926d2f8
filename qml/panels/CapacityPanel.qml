pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import QtCharts
import Berth
import Berth.App

// Capacity: the plan run to the end, measured by the plan layer (CapacityController):
// requested against allocatable cpu and memory per group of nodes (a label's values: the
// zone, a pool), stacked with the headroom left; fragmentation, as how many nodes take 0, 1,
// 2... more of a reference pod, and the capacity stranded on nodes that take none. Each chart
// saves as PNG; the whole answer exports as the Markdown report berthctl writes.
ColumnLayout {
    id: panel
    required property CapacityController capacity
    /// Configurations side by side (below the plan's own charts).
    required property CompareController compare
    /// The node label keys offered for grouping (the canvas's); any other can be typed.
    property var groupKeys: []
    /// Where the save dialogs open and check for existing files (optional).
    property RecentFiles recent: null
    spacing: 4

    // Shown: measure the plan, unless the answer on show is for the plan as it stands.
    onVisibleChanged: if (visible) capacity.refreshIfStale()
    Component.onCompleted: if (visible) capacity.refreshIfStale()

    /// A column of the groups model ("group", "cpuRequested", ...), read again with each answer.
    function column(role) { return panel.capacity.groups.count >= 0 ? panel.capacity.groups.values(role) : [] }
    /// Asks where to save `chart` as PNG.
    function askChartFile(chart, fileName) {
        pngDialog.chart = chart
        pngDialog.begin(fileName)
    }

    RowLayout {
        Layout.fillWidth: true
        Layout.margins: 6
        Label { text: qsTr("Group by") }
        ComboBox {
            id: groupBox
            objectName: "groupByBox"
            Layout.fillWidth: true
            editable: true
            // The key in use first when the canvas does not offer it (typed, or before a load).
            model: {
                const keys = Array.from(panel.groupKeys)
                return keys.indexOf(panel.capacity.groupBy) >= 0 ? keys : [panel.capacity.groupBy].concat(keys)
            }
            currentIndex: Math.max(0, model.indexOf(panel.capacity.groupBy))
            onActivated: panel.capacity.groupBy = currentText
            onAccepted: panel.capacity.groupBy = editText
        }
        Button {
            objectName: "exportButton"
            text: qsTr("Export report…")
            enabled: panel.capacity.valid
            onClicked: exportDialog.begin("capacity.md")
        }
    }
    Label {
        objectName: "statusLabel"
        Layout.fillWidth: true
        Layout.leftMargin: 6
        wrapMode: Text.Wrap
        color: panel.capacity.error.length > 0 ? AppPalette.error : AppPalette.muted
        text: panel.capacity.error.length > 0 ? panel.capacity.error
            : panel.capacity.computing ? qsTr("Measuring the plan run to the end…")
            : panel.capacity.valid ? panel.capacity.summary
            : qsTr("Load a cluster to measure its capacity.")
    }

    // The plan on show, or configurations side by side.
    TabBar {
        id: pages
        objectName: "capacityPages"
        Layout.fillWidth: true
        TabButton { text: qsTr("This plan"); font.pixelSize: UiScale.px(12) }
        TabButton { objectName: "compareTab"; text: qsTr("Configurations side by side"); font.pixelSize: UiScale.px(12) }
    }
    /// Shows the comparison page (the window's --script uses it too).
    function showComparison() { pages.currentIndex = 1 }

    StackLayout {
        currentIndex: pages.currentIndex
        Layout.fillWidth: true
        Layout.fillHeight: true
        ScrollView {
            id: scroll
            contentWidth: availableWidth
            clip: true

            ColumnLayout {
                width: scroll.availableWidth
                spacing: 2

                // One stacked bar chart per resource: requested, and the headroom above it.
                Repeater {
                    model: [
                        { resource: "cpu", unit: qsTr("cores"), colour: AppPalette.cpu },
                        { resource: "memory", unit: qsTr("GiB"), colour: AppPalette.memory }
                    ]
                    delegate: ColumnLayout {
                        id: usage
                        required property var modelData
                        Layout.fillWidth: true
                        spacing: 0
                        ChartView {
                            id: usageChart
                            objectName: usage.modelData.resource + "Chart"
                            Layout.fillWidth: true
                            Layout.preferredHeight: 220
                            antialiasing: true
                            legend.alignment: Qt.AlignBottom
                            theme: AppPalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
                            title: qsTr("%1 by %2 (%3)").arg(usage.modelData.resource).arg(panel.capacity.groupBy).arg(usage.modelData.unit)
                            StackedBarSeries {
                                axisX: BarCategoryAxis { categories: panel.column("group") }
                                axisY: ValueAxis {
                                    min: 0
                                    // Allocatable is requested + headroom unless overcommitted: room above the tallest.
                                    max: Math.max(1, ...panel.column(usage.modelData.resource + "Allocatable"),
                                                  ...panel.column(usage.modelData.resource + "Requested")) * 1.05
                                    labelFormat: "%.1f"
                                }
                                BarSet {
                                    label: qsTr("requested")
                                    color: usage.modelData.colour
                                    values: panel.column(usage.modelData.resource + "Requested")
                                }
                                BarSet {
                                    label: qsTr("headroom")
                                    color: AppPalette.canvas.barTrack
                                    values: panel.column(usage.modelData.resource + "Headroom")
                                }
                            }
                        }
                        ToolButton {
                            Layout.alignment: Qt.AlignRight
                            text: qsTr("Save PNG…")
                            enabled: panel.capacity.valid
                            onClicked: panel.askChartFile(usageChart, "capacity-" + usage.modelData.resource + ".png")
                        }
                    }
                }

                // Headroom, exactly: requested / allocatable per group.
                ColumnLayout {
                    objectName: "headroomTable"
                    Layout.fillWidth: true
                    Layout.margins: 6
                    spacing: 2
                    component Cell: Label {
                        property int share: 2
                        Layout.fillWidth: true
                        Layout.preferredWidth: share
                        elide: Text.ElideRight
                    }
                    RowLayout {
                        Cell { share: 1; text: panel.capacity.groupBy; font.bold: true; elide: Text.ElideMiddle }
                        Cell { text: qsTr("cpu requested / allocatable"); font.bold: true }
                        Cell { text: qsTr("memory requested / allocatable"); font.bold: true }
                    }
                    Repeater {
                        model: panel.capacity.groups
                        delegate: RowLayout {
                            required property string group
                            required property string cpuText
                            required property string memoryText
                            Layout.fillWidth: true
                            Cell { share: 1; text: parent.group }
                            Cell { text: parent.cpuText }
                            Cell { text: parent.memoryText }
                        }
                    }
                }

                ChartView {
                    id: fragmentationChart
                    objectName: "fragmentationChart"
                    readonly property var histogram: panel.capacity.fragmentation.count >= 0
                                                     ? panel.capacity.fragmentation.histogram() : ({ labels: [], nodes: [] })
                    Layout.fillWidth: true
                    Layout.preferredHeight: 200
                    antialiasing: true
                    legend.visible: false
                    theme: AppPalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
                    title: qsTr("Nodes by how many more reference pods fit")
                    BarSeries {
                        axisX: BarCategoryAxis { categories: fragmentationChart.histogram.labels }
                        axisY: ValueAxis {
                            min: 0
                            max: Math.max(1, ...fragmentationChart.histogram.nodes)
                            tickType: ValueAxis.TicksDynamic
                            tickInterval: Math.max(1, Math.ceil(max / 5))
                            labelFormat: "%d"
                        }
                        BarSet {
                            label: qsTr("nodes")
                            color: AppPalette.podSlots
                            values: fragmentationChart.histogram.nodes
                        }
                    }
                }
                ToolButton {
                    Layout.alignment: Qt.AlignRight
                    text: qsTr("Save PNG…")
                    enabled: panel.capacity.valid
                    onClicked: panel.askChartFile(fragmentationChart, "capacity-fragmentation.png")
                }
                Label {
                    objectName: "strandedLabel"
                    visible: panel.capacity.valid
                    Layout.fillWidth: true
                    Layout.margins: 6
                    wrapMode: Text.Wrap
                    text: qsTr("Reference pod: %1. Stranded (free on nodes that take none): %2.")
                          .arg(panel.capacity.referencePod).arg(panel.capacity.stranded)
                }
            }
        }

        ScrollView {
            id: compareScroll
            contentWidth: availableWidth
            clip: true
            ConfigComparison {
                objectName: "configComparison"
                width: compareScroll.availableWidth
                compare: panel.compare
                groupBy: panel.capacity.groupBy
                onChartSaveRequested: (chart, fileName) => panel.askChartFile(chart, fileName)
            }
        }
    }

    FileChooser {
        id: exportDialog
        objectName: "reportSaveDialog"
        title: qsTr("Export the capacity report (Markdown)")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "md"
        nameFilters: [qsTr("Markdown (*.md)"), qsTr("All files (*)")]
        recent: panel.recent
        parentWindow: panel.Window.window
        handler: (urls, overwrite) => panel.capacity.exportMarkdown(urls[0], overwrite)
    }
    FileChooser {
        id: pngDialog
        objectName: "chartSaveDialog"
        property Item chart: null
        title: qsTr("Save the chart as PNG")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "png"
        nameFilters: [qsTr("PNG images (*.png)"), qsTr("All files (*)")]
        recent: panel.recent
        parentWindow: panel.Window.window
        handler: (urls, overwrite) => panel.capacity.saveChart(pngDialog.chart, urls[0], overwrite)
    }
}
