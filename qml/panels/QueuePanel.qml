import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The scheduling queue: activeQ in pop order, backoffQ with time left, the unschedulable
// pool with its last reason.
Pane {
    id: panel
    required property QueueModel queue
    signal podClicked(string key)
    /// Where a pod dragged out of the list is drawn (the window's content item, so it can
    /// reach the canvas, whose PlannerDropLayer takes "berth/pod"); null: no dragging.
    property Item dragLayer: null
    property MouseArea podDragArea: null  // the row being dragged
    padding: 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.margins: 6
            spacing: 10
            Label { objectName: "activeLabel"; text: qsTr("active %1").arg(panel.queue.activeCount); color: AppPalette.good; font.bold: true }
            Label { text: qsTr("backoff %1").arg(panel.queue.backoffCount); color: AppPalette.warn; font.bold: true }
            Label { objectName: "unschedulableLabel"; text: qsTr("unschedulable %1").arg(panel.queue.unschedulableCount); color: AppPalette.bad; font.bold: true }
        }
        ListView {
            id: list
            objectName: "queueList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.queue
            // Each update batch removes popped rows from the top: reuse the delegates instead
            // of destroying and creating a screenful per batch (the GUI thread's main cost
            // while running flat out).
            reuseItems: true
            ScrollBar.vertical: ScrollBar {}
            section.property: "queue"
            section.delegate: Rectangle {
                required property string section
                width: ListView.view.width
                height: 22
                color: AppPalette.header
                Label {
                    anchors.verticalCenter: parent.verticalCenter
                    x: 6
                    font.bold: true
                    text: parent.section === "active" ? qsTr("activeQ (pop order)")
                        : parent.section === "backoff" ? qsTr("backoffQ")
                        : qsTr("unschedulable pool")
                }
            }
            delegate: ItemDelegate {
                id: row
                required property string key
                required property string queue
                required property int attempts
                required property real backoffLeft
                required property string reason
                required property int index
                // 1-based within its own sub-queue; from the index, which views keep current.
                readonly property int position: queue === "active" ? index + 1
                    : queue === "backoff" ? index + 1 - panel.queue.activeCount
                    : index + 1 - panel.queue.activeCount - panel.queue.backoffCount
                width: ListView.view.width
                height: col.implicitHeight + 8
                onClicked: panel.podClicked(row.key)
                ColumnLayout {
                    id: col
                    x: 6
                    width: row.width - 12
                    anchors.verticalCenter: parent.verticalCenter
                    spacing: 1
                    RowLayout {
                        Layout.fillWidth: true
                        Label { text: row.position + "."; color: AppPalette.muted; Layout.preferredWidth: 28 }
                        Label {
                            text: row.key
                            elide: Text.ElideMiddle
                            Layout.fillWidth: true
                            // Drag the pod's name onto a node: the verdict of the filters there.
                            MouseArea {
                                id: keyDrag
                                anchors.fill: parent
                                enabled: panel.dragLayer !== null
                                preventStealing: true
                                drag.target: podGhost
                                drag.threshold: 6
                                onPressed: {
                                    panel.podDragArea = keyDrag
                                    podGhost.podKey = row.key
                                    const p = mapToItem(podGhost.parent, mouseX - 10, mouseY - 10)
                                    podGhost.x = p.x
                                    podGhost.y = p.y
                                }
                                onClicked: panel.podClicked(row.key)
                                onReleased: if (podGhost.Drag.active) podGhost.Drag.drop()
                            }
                        }
                        Label {
                            text: row.queue === "backoff" ? qsTr("%1 s left").arg(row.backoffLeft.toFixed(1))
                                : row.attempts > 0 ? qsTr("%1 attempts").arg(row.attempts) : ""
                            color: AppPalette.muted
                            font.pixelSize: UiScale.px(11)
                        }
                    }
                    Label {
                        visible: row.reason.length > 0 && row.queue !== "active"
                        text: row.reason
                        Layout.fillWidth: true
                        Layout.leftMargin: 28
                        wrapMode: Text.Wrap
                        maximumLineCount: 2
                        elide: Text.ElideRight
                        font.pixelSize: UiScale.px(11)
                        color: AppPalette.bad
                    }
                }
            }
            Label {
                anchors.centerIn: parent
                visible: list.count === 0
                text: qsTr("The queue is empty")
                color: AppPalette.muted
            }
        }
    }
    Rectangle {
        id: podGhost
        property string podKey: ""
        parent: panel.dragLayer ? panel.dragLayer : panel
        visible: Drag.active
        z: 1000
        width: ghostLabel.implicitWidth + 14
        height: ghostLabel.implicitHeight + 8
        radius: 4
        color: AppPalette.pendingInk
        opacity: 0.9
        Drag.active: panel.podDragArea !== null && panel.podDragArea.drag.active
        Drag.keys: ["berth/pod"]
        Drag.hotSpot.x: 10
        Drag.hotSpot.y: 10
        Label { id: ghostLabel; anchors.centerIn: parent; text: podGhost.podKey; color: "white"; font.pixelSize: UiScale.px(11) }
    }
}
