import QtQuick
import QtQuick.Controls
import Berth.App

// File > Open Recent: the controller's recent list, newest first. Entries whose files are
// gone show disabled, marked "missing"; "Clear recent" empties the list.
Menu {
    id: root
    required property SessionController session
    readonly property RecentFiles recent: session.recentFiles
    /// Runs the open once unsaved edits are dealt with (UnsavedEditsGuard.run).
    property var guard: function(action) { action() }
    title: qsTr("Open &Recent")
    enabled: recent.count > 0
    onAboutToShow: recent.refresh()

    Instantiator {
        model: root.recent
        delegate: MenuItem {
            required property int index
            required property string label
            required property int kind  // RecentFiles.Kind
            required property bool exists
            required property string fullPaths
            text: (kind === RecentFiles.Session ? qsTr("Session: %1") : "%1").arg(label) + (exists ? "" : qsTr("  (missing)"))
            // (not `menu`: a MenuItem has a property of that name)
            enabled: exists && !root.session.busy
            onTriggered: root.guard(() => root.session.openRecent(index))
            ToolTip.visible: hovered
            ToolTip.text: fullPaths
            ToolTip.delay: 600
        }
        onObjectAdded: (index, object) => root.insertItem(index, object)
        onObjectRemoved: (index, object) => root.removeItem(object)
    }
    MenuSeparator {}
    Action { text: qsTr("Clear recent"); enabled: root.recent.count > 0; onTriggered: root.recent.clear() }
}
