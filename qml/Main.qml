import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth.App
import "panels"

ApplicationWindow {
    id: window
    required property SimulationController controller

    width: 1280
    height: 800
    visible: true
    title: controller.source.length > 0 ? qsTr("Berth — %1").arg(controller.source) : qsTr("Berth")

    header: MainToolBar {
        controller: window.controller
        onOpenRequested: openDialog.open()
        onFitRequested: canvasView.canvas.fitToView()
    }

    footer: StatusBar { controller: window.controller }

    Shortcut { sequence: "Space"; onActivated: window.controller.togglePlay() }
    Shortcut { sequences: ["N", "Right"]; onActivated: window.controller.step() }
    Shortcut { sequence: "End"; onActivated: window.controller.runToEnd() }
    Shortcut { sequence: "Ctrl+O"; onActivated: openDialog.open() }
    Shortcut { sequence: "F"; onActivated: canvasView.canvas.fitToView() }
    Shortcut { sequence: "Escape"; onActivated: canvasView.canvas.clearSelection() }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal

        CanvasView {
            id: canvasView
            controller: window.controller
            SplitView.fillWidth: true
            SplitView.minimumWidth: 400
        }

        ColumnLayout {
            SplitView.preferredWidth: 380
            SplitView.minimumWidth: 280
            spacing: 0

            TabBar {
                id: tabs
                Layout.fillWidth: true
                TabButton { text: qsTr("Queue (%1)").arg(window.controller.queue.activeCount + window.controller.queue.backoffCount + window.controller.queue.unschedulableCount) }
                TabButton { text: qsTr("Events") }
            }
            StackLayout {
                currentIndex: tabs.currentIndex
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredHeight: 3
                QueuePanel {
                    controller: window.controller
                    onPodClicked: (key) => canvasView.canvas.select(window.controller.podDetails(key).node || "", key)
                }
                EventLogPanel { controller: window.controller }
            }
            InspectorPanel {
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredHeight: 2
                controller: window.controller
                selectedNode: canvasView.canvas.selectedNode
                selectedPod: canvasView.canvas.selectedPod
                onPodClicked: (key) => canvasView.canvas.select(window.controller.podDetails(key).node || "", key)
            }
        }
    }

    OpenDialog {
        id: openDialog
        anchors.centerIn: parent
        onAccepted: window.controller.load(urls)
    }
}
