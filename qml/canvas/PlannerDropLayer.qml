import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// Drops on the canvas: a template tile from the palette (submitted, with a required node
// affinity to the group of nodes it landed on) and a pending pod dragged out of the tray
// (the canvas reports it; the verdict comes from the core's filters). Lies over the canvas,
// in its coordinates; lets the mouse through.
Item {
    id: layer
    required property ClusterCanvas canvas
    required property TemplatePalette templates
    /// A pending pod was dropped on a node (from the canvas tray or the queue).
    signal podDropped(string pod, string node)

    /// What a template dropped at `pos` (canvas coordinates) becomes; the e2e test calls this
    /// as the DropArea does. Returns the problems that stopped it (empty: submitted).
    function dropTemplate(kind, pos) {
        const g = canvas.groupAt(pos)
        return templates.submit(kind, g.key || "", g.value || "")
    }

    DropArea {
        id: templateDrop
        objectName: "templateDropArea"
        anchors.fill: parent
        keys: ["berth/template"]
        property var group: ({})
        onPositionChanged: (drag) => group = layer.canvas.groupAt(Qt.point(drag.x, drag.y))
        onExited: group = ({})
        onDropped: (drop) => {
            drop.accept()
            layer.dropTemplate(drop.source.kind, Qt.point(drop.x, drop.y))
            group = ({})
        }
    }
    DropArea {
        objectName: "podDropArea"
        anchors.fill: parent
        keys: ["berth/pod"]
        onDropped: (drop) => {
            const node = layer.canvas.nodeAt(Qt.point(drop.x, drop.y))
            drop.accept()
            if (node.length > 0) layer.podDropped(drop.source.podKey, node)
        }
    }
    Connections {
        target: layer.canvas
        function onPodDropped(pod, node) { layer.podDropped(pod, node) }
    }

    // What a drop would do, next to the pointer.
    Rectangle {
        readonly property bool templateHint: templateDrop.containsDrag
        readonly property bool podHint: layer.canvas.draggedPod.length > 0
        visible: templateHint || podHint
        x: Math.min((podHint ? layer.canvas.dragPosition.x : templateDrop.drag.x) + 18, layer.width - width - 4)
        y: Math.min((podHint ? layer.canvas.dragPosition.y : templateDrop.drag.y) + 18, layer.height - height - 4)
        width: hint.implicitWidth + 14
        height: hint.implicitHeight + 8
        radius: 4
        color: AppPalette.dragChip
        opacity: 0.9
        Label {
            id: hint
            anchors.centerIn: parent
            color: "white"
            font.pixelSize: UiScale.px(12)
            text: parent.podHint
                  ? (layer.canvas.dropNode.length > 0 ? qsTr("%1 → %2: check the filters").arg(layer.canvas.draggedPod).arg(layer.canvas.dropNode)
                                                       : qsTr("%1: drop on a node").arg(layer.canvas.draggedPod))
                  : templateDrop.group.value !== undefined
                    ? qsTr("Submit here: required %1 In [%2]").arg(templateDrop.group.key).arg(templateDrop.group.value)
                    : qsTr("Submit (no affinity)")
        }
    }
}
