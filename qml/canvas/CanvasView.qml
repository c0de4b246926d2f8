import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// The cluster canvas plus its chrome: labels drawn in world coordinates under the canvas's
// view transform, a hover tooltip and a small legend. Until a cluster is on show, the status
// line in its place.
Item {
    id: view
    required property NodeListModel nodes
    required property PodListModel pods
    /// The cycle on show, drawn phase by phase (pass / fail marks, score heat, the winner).
    required property CyclePlayback cycle
    required property RunStatus status
    property alias canvas: canvas
    /// View > Theme and View > Group nodes by (AppearanceSettings).
    property bool dark: false
    property bool highContrast: false
    property string groupBy: "topology.kubernetes.io/zone"
    /// The context menu of a pod asked "How many more fit?".
    signal fitRequested(string pod)

    Rectangle { anchors.fill: parent; color: canvas.background }

    ClusterCanvas {
        id: canvas
        anchors.fill: parent
        nodes: view.nodes
        pods: view.pods
        cycle: view.cycle
        dark: view.dark
        highContrast: view.highContrast
        groupBy: view.groupBy
        fitInsetBottom: legendRow.height + 8  // fitted content stays clear of the legend
    }

    // A right click on a pod: its menu (the canvas itself takes the left button only).
    MouseArea {
        objectName: "contextArea"
        anchors.fill: parent
        acceptedButtons: Qt.RightButton
        onPressed: (mouse) => {
            podMenu.pod = canvas.podAt(Qt.point(mouse.x, mouse.y))
            if (podMenu.pod.length === 0) return
            canvas.select(canvas.nodeAt(Qt.point(mouse.x, mouse.y)), podMenu.pod)
            podMenu.popup()
        }
    }
    Menu {
        id: podMenu
        objectName: "podMenu"
        property string pod: ""
        MenuItem {
            objectName: "fitMenuItem"
            text: qsTr("How many more fit?")
            onTriggered: view.fitRequested(podMenu.pod)
        }
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
                    font.pixelSize: pixelSize * UiScale.factor
                    font.bold: strong
                    color: ink
                    elide: Text.ElideRight
                    // Scaled with the canvas: distance fields stay sharp at every zoom (the
                    // window's default is native glyphs, main_window.h).
                    renderType: Text.QtRendering
                }
            }
        }
    }

    Label {
        objectName: "placeholder"
        anchors.centerIn: parent
        visible: !view.status.loaded
        text: view.status.statusText
        width: Math.min(implicitWidth, view.width - 40)
        wrapMode: Text.Wrap
        horizontalAlignment: Text.AlignHCenter
        font.pixelSize: UiScale.px(18)
        color: canvas.legendInk
    }

    Rectangle {
        id: tip
        visible: canvas.hoverText.length > 0
        x: Math.min(canvas.hoverPosition.x + 16, view.width - width - 4)
        y: Math.min(canvas.hoverPosition.y + 16, view.height - height - 4)
        width: tipText.implicitWidth + 16
        height: tipText.implicitHeight + 10
        color: canvas.tipBackground
        border.color: canvas.tipBorder
        radius: 3
        Text {
            id: tipText
            anchors.centerIn: parent
            text: canvas.hoverText
            color: canvas.tipInk
            font.pixelSize: UiScale.px(12)
            width: Math.min(implicitWidth, 420)
            wrapMode: Text.Wrap
        }
    }

    // Wraps onto more lines where the canvas is narrow (1024 px windows, QT_SCALE_FACTOR=2).
    Flow {
        id: legendRow
        objectName: "legend"
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.margins: 8
        spacing: 12
        Repeater {
            model: canvas.legend  // {label, color} in the theme's colours
            delegate: Row {
                id: entry
                required property var modelData
                spacing: 4
                Rectangle { width: 12; height: 8; color: entry.modelData.color; border.color: AppPalette.swatchBorder; anchors.verticalCenter: parent.verticalCenter }
                Text { text: entry.modelData.label; font.pixelSize: UiScale.px(11); color: canvas.legendInk }
            }
        }
        Text { text: qsTr("· chips: pods by workload (faded: binding)"); font.pixelSize: UiScale.px(11); color: canvas.legendInk }
    }
}
