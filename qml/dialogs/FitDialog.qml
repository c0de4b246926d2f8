pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// "How many more fit?" on a pod (the canvas's context menu, the inspector's button): the
// answer of FitController (the plan layer's howManyMoreFit for the pod's workload, on a plan
// of its own run to the end): how many more replicas fit, per zone and per node, and why the
// next one finds no node. Not modal: the canvas stays usable, with the replicas drawn on it as
// ghost chips (FitGhostLayer) until Clear or the next edit.
Dialog {
    id: dialog
    required property FitController fit

    title: qsTr("How many more fit?")
    modal: false
    width: 400
    standardButtons: Dialog.Close

    /// Asks about `podKey` and shows the dialog.
    function ask(podKey) {
        fit.ask(podKey)
        open()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6
        Label {
            objectName: "podLabel"
            text: qsTr("More of %1").arg(dialog.fit.pod)
            color: AppPalette.muted
            elide: Text.ElideMiddle
            Layout.fillWidth: true
        }
        RowLayout {
            visible: dialog.fit.computing
            BusyIndicator { running: dialog.fit.computing; Layout.preferredHeight: 28; Layout.preferredWidth: 28 }
            Label { text: qsTr("Adding replicas one scheduling cycle at a time…"); Layout.fillWidth: true }
            Button { objectName: "cancelButton"; text: qsTr("Cancel"); onClicked: dialog.fit.clear() }
        }
        Label {
            objectName: "errorLabel"
            visible: text.length > 0
            text: dialog.fit.error
            color: AppPalette.bad
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "summaryLabel"
            visible: dialog.fit.valid
            text: dialog.fit.summary
            font.bold: true
            font.pixelSize: UiScale.px(14)
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "zonesLabel"
            visible: dialog.fit.valid
            text: qsTr("By zone: %1").arg(dialog.fit.byZone.map(z => (z.zone || qsTr("(no zone)")) + " " + z.count).join(" · ") || "—")
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            visible: dialog.fit.valid && dialog.fit.byNode.length > 0
            text: qsTr("By node (drawn on the canvas as dashed chips):")
            color: AppPalette.muted
        }
        ListView {
            objectName: "nodeList"
            visible: dialog.fit.valid
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(contentHeight, 140)
            clip: true
            model: dialog.fit.byNode
            ScrollBar.vertical: ScrollBar {}
            delegate: RowLayout {
                id: row
                required property var modelData
                width: ListView.view.width
                Label { text: row.modelData.node; Layout.fillWidth: true; elide: Text.ElideRight }
                Label { text: "+" + row.modelData.count; font.bold: true }
            }
        }
        Label {
            objectName: "stoppedLabel"
            visible: dialog.fit.valid
            text: qsTr("Stopped by %1").arg(dialog.fit.stoppedBy)
            color: AppPalette.muted
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "nextLabel"
            visible: text.length > 0
            text: dialog.fit.nextMessage
            color: AppPalette.bad
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Button {
            objectName: "clearButton"
            text: qsTr("Clear the ghosts")
            enabled: dialog.fit.valid
            onClicked: { dialog.fit.clear(); dialog.close() }
        }
    }
}
