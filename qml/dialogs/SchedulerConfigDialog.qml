import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// Scheduler > Configuration…: not modal, so the canvas shows the re-run while it is open.
Dialog {
    id: dialog
    required property ConfigController configController
    /// A pod of the "what moved" list was clicked (namespace/name).
    signal podClicked(string key)

    title: qsTr("Scheduler configuration")
    modal: false
    anchors.centerIn: parent
    standardButtons: Dialog.Close
    SchedulerConfigPanel {
        anchors.fill: parent
        padding: 0
        configController: dialog.configController
        onPodClicked: (key) => dialog.podClicked(key)
    }
}
