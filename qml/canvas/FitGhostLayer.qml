import QtQuick
import QtQuick.Shapes
import Berth
import Berth.App

// "How many more fit?" on the canvas: the replicas of the answer drawn as ghost chips (faded,
// dashed) on their nodes, where the card's next chips would go, with "+N" on each card that
// takes any. Drawn in world coordinates under the canvas's view transform, over the chips;
// the answer is cleared (and the ghosts with it) by the next edit or the dialog's Clear.
Item {
    id: ghostLayer
    required property ClusterCanvas canvas
    required property FitController fit
    /// Beyond this many nodes the per-node badges are not drawn (the canvas's own per-node
    /// labels stop there too); the dialog still lists every node.
    readonly property int maxNodes: 600
    readonly property var ghosts: fit.valid && fit.byNode.length <= maxNodes ? fit.byNode : []
    // A new layout moves the cards: the labels model changes with every layout.
    property int layoutRevision: 0
    Connections {
        target: ghostLayer.canvas.labels
        function onDataChanged() { ++ghostLayer.layoutRevision }
        function onRowsInserted() { ++ghostLayer.layoutRevision }
        function onRowsRemoved() { ++ghostLayer.layoutRevision }
        function onModelReset() { ++ghostLayer.layoutRevision }
    }
    clip: true
    enabled: false  // the canvas below keeps every click

    Item {
        transform: [
            Scale { xScale: ghostLayer.canvas.zoom; yScale: ghostLayer.canvas.zoom },
            Translate { x: ghostLayer.canvas.panX; y: ghostLayer.canvas.panY }
        ]
        Repeater {
            model: ghostLayer.ghosts
            delegate: Item {
                id: onNode
                required property var modelData
                readonly property rect card: (ghostLayer.layoutRevision, ghostLayer.canvas.nodeRect(modelData.node))
                readonly property var slots: (ghostLayer.layoutRevision, ghostLayer.canvas.ghostSlots(modelData.node, modelData.count))
                objectName: "ghosts:" + modelData.node
                Repeater {
                    model: onNode.slots
                    delegate: Shape {
                        required property rect modelData
                        objectName: "ghost"
                        x: modelData.x
                        y: modelData.y
                        width: modelData.width
                        height: modelData.height
                        ShapePath {
                            strokeColor: AppPalette.accent
                            strokeWidth: 1
                            strokeStyle: ShapePath.DashLine
                            dashPattern: [2, 1.5]
                            fillColor: Qt.rgba(0.18, 0.5, 0.82, 0.25)
                            startX: 0.5; startY: 0.5
                            PathLine { x: 10.5; y: 0.5 }
                            PathLine { x: 10.5; y: 10.5 }
                            PathLine { x: 0.5; y: 10.5 }
                            PathLine { x: 0.5; y: 0.5 }
                        }
                    }
                }
                Rectangle {
                    objectName: "ghostBadge"
                    visible: onNode.card.width > 0
                    x: onNode.card.x + onNode.card.width - width - 6
                    y: onNode.card.y + onNode.card.height - height - 4
                    width: badgeText.implicitWidth + 8
                    height: badgeText.implicitHeight + 2
                    radius: 3
                    color: AppPalette.accent
                    Text {
                        id: badgeText
                        anchors.centerIn: parent
                        text: "+" + onNode.modelData.count
                        color: "white"
                        font.pixelSize: UiScale.px(10)
                        font.bold: true
                        renderType: Text.QtRendering
                    }
                }
            }
        }
    }
}
