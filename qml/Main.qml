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
        id: toolBar
        controller: window.controller
        onOpenRequested: openDialog.open()
        onFitRequested: canvasView.canvas.fitToView()
    }

    footer: StatusBar { controller: window.controller }

    Shortcut { sequence: "Space"; onActivated: window.controller.togglePlay() }
    Shortcut { sequences: ["N", "Right"]; onActivated: window.controller.stepPhase() }
    Shortcut { sequences: ["Shift+N", "Shift+Right"]; onActivated: window.controller.step() }
    Shortcut { sequence: "T"; onActivated: toolBar.narrationVisible = !toolBar.narrationVisible }
    Shortcut { sequence: "End"; onActivated: window.controller.runToEnd() }
    Shortcut { sequence: "Ctrl+O"; onActivated: openDialog.open() }
    Shortcut { sequence: "F"; onActivated: canvasView.canvas.fitToView() }
    Shortcut { sequence: "Escape"; onActivated: canvasView.canvas.clearSelection() }

    // The canvas owns the click; the inspector follows it (and asks the worker for traces).
    function selectPod(key) { canvasView.canvas.select(window.controller.podDetails(key).node || "", key) }
    Connections {
        target: canvasView.canvas
        function onSelectionChanged() {
            window.controller.inspector.select(canvasView.canvas.selectedNode, canvasView.canvas.selectedPod)
        }
    }
    Connections {
        target: window.controller.inspector
        function onSelectionChanged() {
            canvasView.canvas.select(window.controller.inspector.selectedNode, window.controller.inspector.selectedPod)
        }
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal

        ColumnLayout {
            SplitView.fillWidth: true
            SplitView.minimumWidth: 400
            spacing: 0
            CanvasView {
                id: canvasView
                controller: window.controller
                Layout.fillWidth: true
                Layout.fillHeight: true
            }
            NarrationPanel {
                visible: toolBar.narrationVisible
                controller: window.controller
                Layout.fillWidth: true
                Layout.preferredHeight: 84
            }
        }

        ColumnLayout {
            SplitView.preferredWidth: 440
            SplitView.minimumWidth: 300
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
                Layout.preferredHeight: 2
                QueuePanel {
                    controller: window.controller
                    onPodClicked: (key) => window.selectPod(key)
                }
                EventLogPanel { controller: window.controller }
            }
            InspectorPanel {
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredHeight: 3
                controller: window.controller
                onPodClicked: (key) => window.selectPod(key)
            }
        }
    }

    OpenDialog {
        id: openDialog
        anchors.centerIn: parent
        onAccepted: window.controller.load(urls)
    }
}
