import QtQuick
import QtQuick.Controls
import Berth.App

// The cluster canvas plus its chrome: labels drawn in world coordinates under the canvas's
// view transform, a hover tooltip and a small legend.
Item {
    id: view
    required property SimulationController controller
    property alias canvas: canvas

    Rectangle { anchors.fill: parent; color: "#f3f5f8" }

    ClusterCanvas {
        id: canvas
        anchors.fill: parent
        nodes: view.controller.nodes
        pods: view.controller.pods
        cycle: view.controller.cycle
    }

    Item {
        id: labelLayer
        anchors.fill: parent
        clip: true
        Item {
            transform: [
                Scale { xScale: canvas.zoom; yScale: canvas.zoom },
                Translate { x: canvas.panX; y: canvas.panY }
            ]
            Repeater {
                model: canvas.labels
                // A list model: a new layout updates these Text items in place.
                delegate: Text {
                    required property string caption
                    required property real posX
                    required property real posY
                    required property real boxWidth
                    required property real pixelSize
                    required property bool strong
                    required property string ink
                    x: posX
                    y: posY
                    width: boxWidth
                    text: caption
                    font.pixelSize: pixelSize
                    font.bold: strong
                    color: ink
                    elide: Text.ElideRight
                }
            }
        }
    }

    Label {
        anchors.centerIn: parent
        visible: !view.controller.loaded
        text: view.controller.statusText
        font.pixelSize: 18
        color: "#667"
    }

    Rectangle {
        id: tip
        visible: canvas.hoverText.length > 0
        x: Math.min(canvas.hoverPosition.x + 16, view.width - width - 4)
        y: Math.min(canvas.hoverPosition.y + 16, view.height - height - 4)
        width: tipText.implicitWidth + 16
        height: tipText.implicitHeight + 10
        color: "#fffff4"
        border.color: "#a0a090"
        radius: 3
        Text {
            id: tipText
            anchors.centerIn: parent
            text: canvas.hoverText
            font.pixelSize: 12
            width: Math.min(implicitWidth, 420)
            wrapMode: Text.Wrap
        }
    }

    Row {
        anchors.left: parent.left
        anchors.bottom: parent.bottom
        anchors.margins: 8
        spacing: 12
        Repeater {
            model: [
                { label: qsTr("cpu requested"), color: "#2f80d1" },
                { label: qsTr("memory requested"), color: "#8a5cd6" },
                { label: qsTr("> 90%"), color: "#d64545" },
                { label: qsTr("cordoned"), color: "#fbecd9" },
                { label: qsTr("fits"), color: "#e4f4e7" },
                { label: qsTr("rejected"), color: "#fae3e3" },
                { label: qsTr("score heat"), color: "#f59b42" }
            ]
            delegate: Row {
                id: entry
                required property var modelData
                spacing: 4
                Rectangle { width: 12; height: 8; color: entry.modelData.color; border.color: "#999"; anchors.verticalCenter: parent.verticalCenter }
                Text { text: entry.modelData.label; font.pixelSize: 11; color: "#445" }
            }
        }
        Text { text: qsTr("· chips: pods by workload (faded: binding)"); font.pixelSize: 11; color: "#445" }
    }
}
