pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import QtCharts
import Berth
import Berth.App

// The Capacity panel's "Configurations side by side": two or more KubeSchedulerConfiguration
// files, the plan run to the end under each (CompareController: the plan layer's
// compareConfigurations, on fresh plans, with progress and Cancel), and what each leaves:
// pending, nodes used and empty, cpu and memory utilization per group of nodes as grouped
// bars (one bar per configuration), and the pods placed differently from the first.
ColumnLayout {
    id: section
    required property CompareController compare
    /// The node label the groups are the values of (the panel's Group by).
    property string groupBy: "topology.kubernetes.io/zone"
    signal chartSaveRequested(Item chart, string fileName)
    spacing: 4

    FileChooser {
        id: configFile
        title: qsTr("KubeSchedulerConfiguration")
        nameFilters: [qsTr("Configurations (*.yaml *.yml *.json)"), qsTr("All files (*)")]
        parentWindow: section.Window.window
        handler: (urls) => section.compare.addConfigFile(urls[0])
    }

    Label { text: qsTr("Configurations side by side"); font.bold: true; Layout.leftMargin: 6 }
    Flow {
        Layout.fillWidth: true
        Layout.leftMargin: 6
        spacing: 4
        Repeater {
            model: section.compare.configs
            delegate: Button {
                required property string modelData
                required property int index
                text: modelData + "  ✕"
                flat: true
                onClicked: section.compare.removeConfig(index)
            }
        }
        Button { objectName: "addConfigButton"; text: qsTr("Add configuration…"); onClicked: configFile.begin() }
        Button {
            objectName: "compareButton"
            text: qsTr("Compare")
            enabled: section.compare.configs.length >= 2 && !section.compare.computing
            onClicked: section.compare.compare(section.groupBy)
        }
        Button { text: qsTr("Cancel"); visible: section.compare.computing; onClicked: section.compare.cancel() }
    }
    Label {
        objectName: "compareStatus"
        Layout.fillWidth: true
        Layout.leftMargin: 6
        wrapMode: Text.Wrap
        color: section.compare.error.length > 0 ? AppPalette.error : AppPalette.muted
        text: section.compare.error.length > 0 ? section.compare.error
            : section.compare.computing ? qsTr("Running the plan under each configuration…")
            : section.compare.valid ? "" : qsTr("Add two or more KubeSchedulerConfiguration files, then Compare.")
        visible: text.length > 0
    }

    // One row per configuration.
    GridLayout {
        objectName: "outcomeTable"
        visible: section.compare.valid
        columns: 5
        Layout.fillWidth: true
        Layout.leftMargin: 6
        columnSpacing: 10
        rowSpacing: 1
        Label { text: qsTr("configuration"); font.bold: true }
        Label { text: qsTr("pending"); font.bold: true }
        Label { text: qsTr("nodes used"); font.bold: true }
        Label { text: qsTr("empty"); font.bold: true }
        Label { text: qsTr("stranded"); font.bold: true; Layout.fillWidth: true }
        // The cells row by row.
        Repeater {
            model: section.compare.outcomes.reduce((cells, o) => cells.concat([o.name, o.pending, o.nodesUsed, o.nodesEmpty, o.stranded]), [])
            delegate: Label {
                required property var modelData
                text: String(modelData)
            }
        }
    }

    Repeater {
        model: [{ resource: "cpu" }, { resource: "memory" }]
        delegate: ColumnLayout {
            id: bars
            required property var modelData
            visible: section.compare.valid
            Layout.fillWidth: true
            spacing: 0
            ChartView {
                id: chart
                objectName: "compare-" + bars.modelData.resource
                Layout.fillWidth: true
                Layout.preferredHeight: 220
                antialiasing: true
                legend.alignment: Qt.AlignBottom
                theme: AppPalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
                title: qsTr("%1 requested / allocatable by %2 (%)").arg(bars.modelData.resource).arg(section.groupBy)
                BarSeries {
                    id: series
                    axisX: BarCategoryAxis { categories: section.compare.groups }
                    axisY: ValueAxis { min: 0; max: 100; labelFormat: "%d" }
                }
                // One bar set per configuration, rebuilt with each answer.
                function rebuild() {
                    series.clear()
                    for (const u of section.compare.utilization(bars.modelData.resource)) series.append(u.name, u.values)
                }
                Connections { target: section.compare; function onChanged() { chart.rebuild() } }
                Component.onCompleted: rebuild()
            }
            ToolButton {
                Layout.alignment: Qt.AlignRight
                text: qsTr("Save PNG…")
                onClicked: section.chartSaveRequested(chart, "compare-" + bars.modelData.resource + ".png")
            }
        }
    }

    Label {
        visible: section.compare.valid
        text: section.compare.moved.length === 0 ? qsTr("Every pod is placed as under the first configuration.")
                                                 : qsTr("Placed differently from the first configuration:")
        font.bold: section.compare.moved.length > 0
        Layout.leftMargin: 6
    }
    Repeater {
        objectName: "movedTable"
        model: section.compare.valid ? section.compare.moved.slice(0, 200) : []
        delegate: Label {
            required property var modelData
            Layout.fillWidth: true
            Layout.leftMargin: 12
            elide: Text.ElideRight
            font.pixelSize: UiScale.px(12)
            text: qsTr("%1: %2 → %3 (%4)").arg(modelData.pod).arg(modelData.from).arg(modelData.to).arg(modelData.config)
        }
    }
}
