import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth.App

// Scales the workload that owns the selected pod ("Kind/name" in namespace `ns`), starting
// from the replicas it has now.
Dialog {
    id: dialog
    required property PlannerActions planner
    property string workload: ""   // Kind/name
    property string ns: ""
    readonly property string kind: workload.split("/")[0]
    readonly property string name: workload.split("/").slice(1).join("/")
    title: qsTr("Scale %1").arg(workload)
    modal: true
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel
    /// Opens for `workload` in `ns`, the spin box at `current` (the replicas it has now).
    function begin(workload, ns, current) {
        dialog.workload = workload
        dialog.ns = ns
        replicas.value = current
        open()
    }
    onAccepted: planner.scaleWorkload(kind, ns, name, replicas.value)
    RowLayout {
        Label { text: qsTr("Replicas") }
        SpinBox { id: replicas; objectName: "replicas"; from: 0; to: 100000; value: 1; editable: true }
    }
}
