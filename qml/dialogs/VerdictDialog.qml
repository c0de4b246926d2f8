import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The answer to a pending pod dropped on a node: does it pass every filter there now, and if
// not, which plugin rejects it and why (the core's own PreFilter and Filter plugins, run for
// that one node; nothing changes). "Pin to this node" sets spec.nodeName instead.
Dialog {
    id: dialog
    required property PlannerActions planner
    /// PlannerActions::podNodeVerdict's map; empty while the worker is answering.
    property var verdict: ({})
    property string pod: ""
    property string node: ""
    readonly property bool answered: verdict.pod !== undefined
    readonly property bool fits: answered && verdict.fits === true
    readonly property bool failed: answered && (verdict.error || "").length > 0

    title: qsTr("%1 on %2").arg(pod).arg(node)
    modal: true
    width: 560
    anchors.centerIn: Overlay.overlay

    /// Asks the controller, and shows the answer when it comes.
    function ask(podKey, nodeName) {
        pod = podKey
        node = nodeName
        verdict = ({})
        open()
        planner.checkPodOnNode(podKey, nodeName)
    }

    Connections {
        target: dialog.planner
        function onPodNodeVerdict(v) {
            if (v.pod === dialog.pod && v.node === dialog.node) dialog.verdict = v
        }
        function onEditApplied(kind, description) { if (dialog.visible && kind === PlannerActions.PinPod) dialog.close() }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            objectName: "verdictHeadline"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.bold: true
            font.pixelSize: UiScale.px(14)
            color: !dialog.answered ? palette.text : dialog.fits ? AppPalette.good : AppPalette.bad
            text: !dialog.answered ? qsTr("Asking the scheduler's filters…")
                : dialog.failed ? qsTr("Cannot check: %1").arg(dialog.verdict.error)
                : dialog.fits ? qsTr("Fits: %1 passes every filter on %2 now.").arg(dialog.pod).arg(dialog.node)
                : qsTr("Rejected by %1 (%2): %3").arg(dialog.verdict.rejectedBy || "?").arg(dialog.verdict.stage)
                      .arg(dialog.verdict.reason)
        }
        Label {
            objectName: "verdictHint"
            visible: dialog.answered && !dialog.failed
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: UiScale.px(11)
            opacity: 0.75
            text: dialog.fits
                  ? qsTr("PreFilter and Filter ran for this node with the current cluster, as a scheduling cycle would. "
                         + "The scheduler may still pick another node: Score decides among all that fit.")
                  : (dialog.verdict.code === PlannerActions.UnschedulableAndUnresolvable
                     ? qsTr("UnschedulableAndUnresolvable: preempting pods on this node would not help.")
                     : qsTr("Unschedulable: preempting lower-priority pods here might make room."))
                    + qsTr(" The reason is the one the FitError lists for this node. Below: each Filter plugin on its own.")
        }

        // Every Filter plugin's own verdict on this node (the scheduler stops at the first).
        ListView {
            objectName: "verdictPlugins"
            visible: dialog.answered && !dialog.failed && count > 0
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(contentHeight, 220)
            clip: true
            model: dialog.answered ? (dialog.verdict.plugins || []) : []
            ScrollBar.vertical: ScrollBar {}
            delegate: RowLayout {
                id: pluginRow
                required property var modelData
                width: ListView.view.width
                spacing: 8
                Rectangle {
                    Layout.preferredWidth: 40
                    Layout.preferredHeight: 16
                    radius: 3
                    color: pluginRow.modelData.verdict === PlannerActions.PluginPass ? AppPalette.pass
                         : pluginRow.modelData.verdict === PlannerActions.PluginFail ? AppPalette.fail : AppPalette.skip
                    Label {
                        objectName: "pluginVerdict"
                        anchors.centerIn: parent
                        text: pluginRow.modelData.verdict === PlannerActions.PluginPass ? qsTr("pass")
                            : pluginRow.modelData.verdict === PlannerActions.PluginFail ? qsTr("fail")
                            : pluginRow.modelData.verdict === PlannerActions.PluginSkip ? qsTr("skip") : qsTr("error")
                        font.pixelSize: UiScale.px(10)
                        color: AppPalette.text
                    }
                }
                Label { text: pluginRow.modelData.plugin; Layout.preferredWidth: 170; elide: Text.ElideRight }
                Label { text: pluginRow.modelData.reason; Layout.fillWidth: true; elide: Text.ElideRight; color: AppPalette.bad }
            }
        }

        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: UiScale.px(11)
            text: qsTr("Pinning re-creates the pod with spec.nodeName: %1. The scheduler is bypassed (no queue, no filters, "
                       + "no scores): the node's kubelet alone decides whether to admit it.").arg(dialog.node)
                  + (dialog.answered && !dialog.fits && !dialog.failed ? qsTr(" It does not fit there now.") : "")
        }

        RowLayout {
            Layout.fillWidth: true
            Item { Layout.fillWidth: true }
            Button { text: qsTr("Close"); onClicked: dialog.close() }
            Button {
                objectName: "pinButton"
                text: qsTr("Pin to this node")
                enabled: dialog.answered && !dialog.failed && !dialog.planner.busy
                onClicked: dialog.planner.pinPod(dialog.pod, dialog.node)
            }
        }
    }
}
