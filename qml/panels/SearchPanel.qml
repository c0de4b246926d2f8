pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Edit > Find (Ctrl+F): a name or a label selector typed, the matches listed (SearchModel
// decides them), marked on the canvas by the caller. Enter or a click picks a match
// (`picked`: the node and pod to select and centre on); Up and Down move through the list;
// "Dim the rest" fades everything that is no match; Esc closes.
Pane {
    id: panel
    required property SearchModel search
    /// Fade what is not a match (the caller passes it to the canvas).
    property bool dimOthers: false
    signal picked(string node, string pod)
    signal closeRequested()

    padding: 6
    background: Rectangle { color: AppPalette.panel; border.color: AppPalette.border; radius: 4 }

    /// Opens with the field focused and its text selected, ready for a new query.
    function begin() {
        visible = true
        field.forceActiveFocus()
        field.selectAll()
    }
    function pickRow(row) {
        const target = search.pick(row)
        if (target.node !== undefined) panel.picked(target.node, target.pod)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        RowLayout {
            Layout.fillWidth: true
            TextField {
                id: field
                objectName: "searchField"
                Layout.fillWidth: true
                placeholderText: qsTr("Name, or label selector (app=web, zone in (a,b))")
                text: panel.search.query
                onTextEdited: { panel.search.query = text; results.currentIndex = 0 }
                Keys.onReturnPressed: panel.pickRow(results.currentIndex)
                Keys.onEnterPressed: panel.pickRow(results.currentIndex)
                Keys.onDownPressed: results.incrementCurrentIndex()
                Keys.onUpPressed: results.decrementCurrentIndex()
                Keys.onEscapePressed: panel.closeRequested()
            }
            CheckBox {
                objectName: "dimOthers"
                text: qsTr("Dim the rest")
                checked: panel.dimOthers
                onToggled: panel.dimOthers = checked
            }
            ToolButton { text: "✕"; onClicked: panel.closeRequested(); ToolTip.text: qsTr("Close (Esc)"); ToolTip.visible: hovered }
        }
        Label {
            objectName: "searchStatus"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: panel.search.error.length > 0 ? AppPalette.error : AppPalette.muted
            text: panel.search.error.length > 0 ? qsTr("Not a label selector: %1").arg(panel.search.error)
                : panel.search.query.trim().length === 0 ? qsTr("Nodes, pods, workloads and namespaces by name; nodes and pods by label selector.")
                : panel.search.count === 0 ? qsTr("No match")
                : panel.search.count > results.count ? qsTr("%1 matches (the first %2 listed)").arg(panel.search.count).arg(results.count)
                : panel.search.count === 1 ? qsTr("1 match") : qsTr("%1 matches").arg(panel.search.count)
        }
        ListView {
            id: results
            objectName: "searchResults"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.search
            highlightMoveDuration: 0
            highlight: Rectangle { color: AppPalette.controls.highlight; opacity: 0.3 }
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                id: match
                required property int index
                required property int kind
                required property string name
                required property string detail
                width: ListView.view.width
                padding: 4
                contentItem: RowLayout {
                    Label {
                        text: [qsTr("node"), qsTr("pod"), qsTr("workload"), qsTr("namespace")][match.kind]
                        color: AppPalette.muted
                        Layout.preferredWidth: 72
                    }
                    Label { text: match.name; elide: Text.ElideMiddle; Layout.fillWidth: true }
                    Label { text: match.detail; color: AppPalette.muted }
                }
                onClicked: { results.currentIndex = match.index; panel.pickRow(match.index) }
            }
        }
    }
}
