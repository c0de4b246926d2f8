import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Help > About: what Berth is, its version, the kube-scheduler release it decides as by
// default (AboutInfo: the same constants `berth --version` and `berthctl --version` print)
// and its licence.
Dialog {
    id: dialog
    title: qsTr("About Berth")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay

    readonly property AboutInfo info: AboutInfo {}
    /// The lines below the name, for tests and for copying.
    readonly property string versionText: qsTr("Version %1").arg(info.version)
    readonly property string kubeText: qsTr("Decides as kube-scheduler %1 does (berthctl --kube-version: older releases)")
        .arg(info.kubeRelease)
    readonly property string licenseText: qsTr("Licence: %1").arg(info.license)

    RowLayout {
        spacing: 20
        Image {
            source: "qrc:/berth/icons/128x128/apps/dev.berth.Berth.png"
            sourceSize.width: 96
            sourceSize.height: 96
            Layout.alignment: Qt.AlignTop
        }
        ColumnLayout {
            spacing: 6
            Label { text: "Berth"; font.pixelSize: UiScale.px(22); font.bold: true }
            Label {
                text: qsTr("Watch the Kubernetes scheduler plan a cluster, pod by pod.")
                wrapMode: Text.Wrap
                Layout.maximumWidth: 380
            }
            Label { text: dialog.versionText }
            Label { text: dialog.kubeText; wrapMode: Text.Wrap; Layout.maximumWidth: 380 }
            Label { text: dialog.licenseText }
        }
    }
}
