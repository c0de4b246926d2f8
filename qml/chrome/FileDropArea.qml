import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// Files dropped anywhere on the window open as File > Open would (session files as
// sessions); a bad file is refused by the controller and the session on show stays.
DropArea {
    id: area
    required property SessionController session
    /// Runs the open once unsaved edits are dealt with (UnsavedEditsGuard.run).
    property var guard: function(action) { action() }
    keys: ["text/uri-list"]
    onEntered: (drag) => {
        // Only local .yaml, .yml and .json files (the controller checks again).
        const ok = drag.hasUrls && drag.urls.every(u => /^file:.*\.(ya?ml|json)$/i.test(u.toString()))
        drag.accepted = ok
    }
    onDropped: (drop) => {
        if (!drop.hasUrls) return
        drop.accept(Qt.CopyAction)
        const urls = drop.urls  // the drop is gone once the question is answered
        area.guard(() => area.session.openDropped(urls))
    }

    Rectangle {
        anchors.fill: parent
        visible: area.containsDrag
        color: Qt.rgba(0.12, 0.44, 0.92, 0.12)
        border.color: AppPalette.dropBorder
        border.width: 3
        Label {
            anchors.centerIn: parent
            text: qsTr("Drop to open (.yaml, .yml, .json)")
            font.pixelSize: UiScale.px(20)
            padding: 12
            background: Rectangle { color: palette.window; radius: 6; opacity: 0.9 }
        }
    }
}
