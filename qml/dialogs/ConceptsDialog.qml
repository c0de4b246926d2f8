import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// Help > Concepts: the scheduler's vocabulary as Berth uses it — the README's "Concepts"
// section, built into the binary (AboutInfo.concepts), so the window and the README cannot
// disagree.
Dialog {
    id: dialog
    title: qsTr("Concepts")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay
    width: Math.min(UiScale.px(720), (parent ? parent.width : 760) - 40)
    height: Math.min(UiScale.px(640), (parent ? parent.height : 680) - 40)

    readonly property AboutInfo info: AboutInfo {}
    /// The text shown (Markdown), for tests.
    readonly property alias text: body.text

    ScrollView {
        id: scroll
        anchors.fill: parent
        clip: true
        contentWidth: availableWidth
        Label {
            id: body
            objectName: "conceptsText"
            width: scroll.availableWidth
            textFormat: Text.MarkdownText
            wrapMode: Text.Wrap
            // The heading repeats the dialog's title: shown from the first item on.
            text: dialog.info.concepts.replace(/^## Concepts\s*\n/, "")
        }
    }
}
