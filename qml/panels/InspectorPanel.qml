import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Details of the selection. A pod: its facts, then its last attempt as the Filter table
// (node x plugin), the Score table (raw -> normalized x weight = weighted, total) and the
// FitError with an aggregated "why pending". A node: its usage and its pods.
Pane {
    id: panel
    required property Inspector inspector
    readonly property string selectedNode: inspector.selectedNode
    readonly property string selectedPod: inspector.selectedPod
    signal podClicked(string key)
    /// The pod's "How many more fit?" button.
    signal fitRequested(string key)

    // The inspector keeps these up to date as the simulation moves on.
    readonly property var pod: inspector.pod
    readonly property var node: inspector.node
    /// The selected pod's workload: replicas placed per zone and per node.
    readonly property var workload: inspector.workload
    readonly property bool showPod: selectedPod.length > 0
    readonly property bool showNode: selectedNode.length > 0 && !showPod

    function cores(m) { return (m / 1000).toFixed(2) }
    function gib(b) { return (b / 1073741824).toFixed(1) }

    padding: 6
    background: Rectangle { color: AppPalette.panel; border.color: AppPalette.border }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        Label { text: qsTr("Inspector"); font.bold: true; font.pixelSize: UiScale.px(14) }
        Label {
            visible: !panel.showPod && !panel.showNode
            text: qsTr("Click a node or a pod on the canvas, or a pod in the queue.")
            color: AppPalette.muted
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        // ---- Pod ----
        GridLayout {
            visible: panel.showPod
            columns: 4
            columnSpacing: 8
            rowSpacing: 1
            Layout.fillWidth: true
            Label { text: qsTr("Pod"); color: AppPalette.muted }
            Label { objectName: "podKey"; text: panel.pod.key || ""; font.bold: true; Layout.fillWidth: true; Layout.columnSpan: 3; elide: Text.ElideMiddle }
            Label { text: qsTr("Phase"); color: AppPalette.muted }
            Label { text: (panel.pod.phase || "") + (panel.pod.queue ? qsTr(" (%1)").arg(panel.pod.queue) : "") + (panel.pod.node ? qsTr(" on %1").arg(panel.pod.node) : ""); Layout.columnSpan: 3; Layout.fillWidth: true; elide: Text.ElideRight }
            Label { text: qsTr("Requests"); color: AppPalette.muted }
            Label { text: qsTr("cpu %1m · mem %2 MiB").arg(panel.pod.cpu || 0).arg(Math.round((panel.pod.memory || 0) / 1048576)); Layout.fillWidth: true }
            Label { text: qsTr("Priority"); color: AppPalette.muted }
            Label { text: String(panel.pod.priority || 0) }
        }
        Label {
            objectName: "workloadSummary"
            visible: panel.showPod && (panel.workload.workload || "").length > 0
            text: visible ? qsTr("%1: %2 placed, %3 pending · by zone: %4 · by node: %5")
                                .arg(panel.workload.workload).arg(panel.workload.placed).arg(panel.workload.pending)
                                .arg(panel.workload.byZone.map(z => (z.zone || qsTr("(no zone)")) + " " + z.count).join(", ") || "—")
                                .arg(panel.workload.byNode.map(n => n.node + " " + n.count).join(", ") || "—")
                          : ""
            font.pixelSize: UiScale.px(12)
            wrapMode: Text.Wrap
            maximumLineCount: 3
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        Button {
            objectName: "fitButton"
            visible: panel.showPod
            text: qsTr("How many more fit?")
            font.pixelSize: UiScale.px(12)
            onClicked: panel.fitRequested(panel.selectedPod)
        }
        Label {
            objectName: "traceSummary"
            visible: panel.showPod
            text: panel.inspector.hasTrace ? panel.inspector.summary : qsTr("No attempt recorded yet: step or play to schedule it.")
            // Red for a failed attempt; not for one the playback has not brought to selectHost yet.
            readonly property bool beforeOutcome: panel.inspector.onStage && panel.inspector.stagePhase < CyclePlayback.Select
            color: panel.inspector.hasTrace && panel.inspector.chosen.length === 0 && !beforeOutcome ? AppPalette.bad : AppPalette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        TabBar {
            id: podTabs
            objectName: "podTabs"
            visible: panel.showPod && panel.inspector.hasTrace
            Layout.fillWidth: true
            TabButton { text: qsTr("Filter"); font.pixelSize: UiScale.px(12) }
            TabButton { text: qsTr("Score"); font.pixelSize: UiScale.px(12) }
            TabButton { text: qsTr("Why pending"); font.pixelSize: UiScale.px(12) }
        }
        StackLayout {
            visible: podTabs.visible
            currentIndex: podTabs.currentIndex
            Layout.fillWidth: true
            Layout.fillHeight: true

            TraceTable {
                objectName: "filterTable"
                model: panel.inspector.filterTable
                firstColumnWidth: 96
                columnWidth: function(column) { return column === 0 ? 96 : column === 1 ? 124 : column === 2 ? 260 : 92 }
                cellColor: function(verdict) {
                    return verdict === FilterTableModel.Pass ? AppPalette.pass : verdict === FilterTableModel.Fail ? AppPalette.fail
                         : verdict === FilterTableModel.Skip || verdict === FilterTableModel.NotRun ? AppPalette.skip : AppPalette.cell
                }
            }

            ColumnLayout {
                spacing: 2
                Label {
                    objectName: "notScoredYet"
                    visible: !panel.inspector.scoreRevealed
                    text: qsTr("Not scored yet: the playback is before Score (step on with N).")
                    color: AppPalette.muted
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Label {
                    visible: !panel.inspector.scored && panel.inspector.scoreRevealed
                    text: qsTr("Scoring was skipped: fewer than two nodes fit.")
                    color: AppPalette.muted
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Label {
                    visible: panel.inspector.scored
                    text: qsTr("Per plugin: raw → normalized ×weight = weighted")
                    color: AppPalette.muted
                    font.pixelSize: UiScale.px(11)
                }
                TraceTable {
                    objectName: "scoreTable"
                    visible: panel.inspector.scored
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    model: panel.inspector.scoreTable
                    firstColumnWidth: 96
                    columnWidth: function(column) { return column === 0 ? 96 : column === 1 ? 56 : 150 }
                    heatColumn: 1
                }
            }

            ColumnLayout {
                spacing: 4
                Label {
                    objectName: "fitError"
                    visible: text.length > 0
                    text: panel.inspector.fitError
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                    color: AppPalette.bad
                }
                Label {
                    objectName: "whyHeader"
                    text: panel.inspector.whyPending.count > 0 ? qsTr("Rejections across %1 nodes:").arg(panel.inspector.nodeCount)
                                                                : qsTr("No node rejected this pod.")
                    color: AppPalette.muted
                }
                ListView {
                    id: whyList
                    objectName: "whyPendingList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: panel.inspector.whyPending
                    ScrollBar.vertical: ScrollBar {}
                    delegate: RowLayout {
                        id: why
                        required property string reason
                        required property int count
                        required property string plugin
                        width: ListView.view.width
                        spacing: 6
                        Label { text: String(why.count); font.bold: true; Layout.preferredWidth: 30; horizontalAlignment: Text.AlignRight }
                        Label { text: why.reason; Layout.fillWidth: true; elide: Text.ElideRight }
                        Label { text: why.plugin; color: AppPalette.muted; font.pixelSize: UiScale.px(11) }
                    }
                }
            }
        }

        // ---- Node ----
        GridLayout {
            visible: panel.showNode
            columns: 2
            columnSpacing: 8
            rowSpacing: 2
            Layout.fillWidth: true
            Label { text: qsTr("Node"); color: AppPalette.muted }
            Label { objectName: "nodeName"; text: (panel.node.name || "") + (panel.node.cordoned ? qsTr(" (cordoned)") : ""); font.bold: true }
            Label { text: qsTr("Zone / pool"); color: AppPalette.muted }
            Label { text: (panel.node.zone || "—") + " / " + (panel.node.pool || "—") }
            Label { text: qsTr("CPU"); color: AppPalette.muted }
            UsageBar { used: panel.node.cpuRequested || 0; total: panel.node.cpuAllocatable || 0; color: AppPalette.cpu
                       text: qsTr("%1 of %2 cores").arg(panel.cores(used)).arg(panel.cores(total)) }
            Label { text: qsTr("Memory"); color: AppPalette.muted }
            UsageBar { used: panel.node.memRequested || 0; total: panel.node.memAllocatable || 0; color: AppPalette.memory
                       text: qsTr("%1 of %2 GiB").arg(panel.gib(used)).arg(panel.gib(total)) }
            Label { text: qsTr("Pods"); color: AppPalette.muted }
            UsageBar { used: panel.node.podCount || 0; total: panel.node.podsAllocatable || 0; color: AppPalette.podSlots
                       text: qsTr("%1 of %2").arg(used).arg(total) }
            Label { text: qsTr("Taints"); color: AppPalette.muted; visible: (panel.node.taints || "").length > 0 }
            Label { text: panel.node.taints || ""; visible: text.length > 0; wrapMode: Text.Wrap; Layout.fillWidth: true }
        }
        ListView {
            objectName: "nodePodsList"
            visible: panel.showNode
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.inspector.nodePods
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                id: podRow
                required property string key
                required property string phase
                required property real cpu
                required property real memory
                width: ListView.view.width
                height: 22
                font.pixelSize: UiScale.px(12)
                text: qsTr("%1  ·  %2m, %3 MiB%4").arg(key).arg(cpu).arg(Math.round(memory / 1048576))
                          .arg(phase === "Assumed" ? qsTr("  (binding)") : "")
                onClicked: panel.podClicked(podRow.key)
            }
        }
        Item { Layout.fillHeight: true; visible: !panel.showNode && !podTabs.visible }
    }
}
