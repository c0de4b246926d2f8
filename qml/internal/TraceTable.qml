import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// A scrollable table of one attempt (the Filter or Score table) with a header row and the
// node column pinned at the left edge when the table scrolls sideways. Cells are tinted by the model's verdict (pass / fail / not run)
// or, for the score table, by the heat of a node's total and the winner.
Item {
    id: root
    property var model
    property real firstColumnWidth: 96
    property var columnWidth: function(column) { return 100 }
    property var cellColor: function(verdict) { return "white" }
    property int heatColumn: -1
    readonly property alias rows: table.rows
    readonly property alias columns: table.columns

    implicitHeight: 200
    clip: true

    HorizontalHeaderView {
        id: header
        syncView: table
        anchors.left: table.left
        anchors.top: parent.top
        clip: true
        delegate: Rectangle {
            required property string display
            implicitHeight: 22
            implicitWidth: 60
            color: AppPalette.header
            border.color: AppPalette.border
            Text {
                anchors.fill: parent
                anchors.leftMargin: 4
                verticalAlignment: Text.AlignVCenter
                text: parent.display
                color: AppPalette.text
                font.pixelSize: UiScale.px(11)
                font.bold: true
                elide: Text.ElideRight
            }
        }
    }

    TableView {
        id: table
        objectName: "traceTableView"
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: header.bottom
        anchors.bottom: parent.bottom
        clip: true
        model: root.model
        boundsBehavior: Flickable.StopAtBounds
        columnWidthProvider: function(column) { return root.columnWidth(column) }
        rowHeightProvider: function(row) { return 20 }
        ScrollBar.horizontal: ScrollBar {}
        ScrollBar.vertical: ScrollBar {}
        delegate: Rectangle {
            id: cell
            required property var model
            required property int column
            readonly property bool winner: model.winner === true
            implicitHeight: 20
            color: root.heatColumn >= 0
                   ? (cell.column === root.heatColumn && model.heat !== undefined ? (AppPalette.dark ? Qt.rgba(0.25 + 0.5 * model.heat, 0.23 + 0.2 * model.heat, 0.14, 1)
                                 : Qt.rgba(1, 0.96 - 0.35 * model.heat, 0.78 - 0.6 * model.heat, 1))
                      : cell.winner ? AppPalette.pass : AppPalette.cell)
                   : root.cellColor(model.verdict)
            border.color: AppPalette.cellBorder
            Text {
                anchors.fill: parent
                anchors.leftMargin: 4
                anchors.rightMargin: 4
                verticalAlignment: Text.AlignVCenter
                text: cell.model.display === undefined ? "" : String(cell.model.display)
                font.pixelSize: UiScale.px(11)
                font.bold: cell.column === 0 && cell.winner
                color: cell.model.verdict === FilterTableModel.Fail ? AppPalette.bad
                     : cell.model.verdict === FilterTableModel.NotRun || cell.model.verdict === FilterTableModel.Skip ? AppPalette.muted : AppPalette.text
                elide: Text.ElideRight
            }
        }
    }

    // The node column stays in view while the table scrolls sideways (Qt 6.4's TableView has
    // no frozen columns): a copy of column 0 and its header over the left edge, row for row.
    ListView {
        id: pinned
        objectName: "pinnedNodeColumn"
        visible: table.contentX > 1 && table.rows > 0
        anchors.left: table.left
        anchors.top: table.top
        anchors.bottom: table.bottom
        width: root.columnWidth(0)
        interactive: false
        clip: true
        model: root.model  // a ListView over a table model shows its column 0
        onVisibleChanged: contentY = table.contentY
        Connections {
            target: table
            function onContentYChanged() { pinned.contentY = table.contentY }
        }
        delegate: Rectangle {
            id: pinnedCell
            required property var display
            width: pinned.width
            height: 20
            color: AppPalette.header
            border.color: AppPalette.cellBorder
            Text {
                anchors.fill: parent
                anchors.leftMargin: 4
                anchors.rightMargin: 4
                verticalAlignment: Text.AlignVCenter
                text: pinnedCell.display === undefined ? "" : String(pinnedCell.display)
                font.pixelSize: UiScale.px(11)
                color: AppPalette.text
                elide: Text.ElideRight
            }
        }
    }
    Rectangle {
        visible: pinned.visible
        anchors.left: parent.left
        anchors.top: parent.top
        width: pinned.width
        height: header.height
        color: AppPalette.header
        border.color: AppPalette.border
        Text {
            anchors.fill: parent
            anchors.leftMargin: 4
            verticalAlignment: Text.AlignVCenter
            text: root.model ? String(root.model.headerData(0, Qt.Horizontal) ?? "") : ""
            color: AppPalette.text
            font.pixelSize: UiScale.px(11)
            font.bold: true
            elide: Text.ElideRight
        }
    }
}
