pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth.App

// The edit history: applied edits in full colour, undone ones greyed (redo brings them
// back). Clicking a row moves the plan to just after that edit; "Start" to before any edit.
ColumnLayout {
    id: panel
    required property SessionController session
    spacing: 0

    ItemDelegate {
        objectName: "startRow"
        Layout.fillWidth: true
        text: qsTr("Start (as loaded)")
        highlighted: panel.session.history.appliedCount === 0
        enabled: !panel.session.busy
        onClicked: panel.session.revertTo(0)
    }
    ListView {
        id: list
        objectName: "historyList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        model: panel.session.history
        delegate: ItemDelegate {
            required property int index
            required property string description
            required property bool applied
            width: list.width
            text: description
            opacity: applied ? 1.0 : 0.45
            highlighted: index + 1 === panel.session.history.appliedCount
            enabled: !panel.session.busy
            onClicked: panel.session.revertTo(index + 1)
        }
        ScrollBar.vertical: ScrollBar {}
    }
}
