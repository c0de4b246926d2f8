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

    menuBar: PlannerMenuBar {
        controller: window.controller
        selectedNode: window.controller.inspector.selectedNode
        selectedPod: window.controller.inspector.selectedPod
        selectedWorkload: window.controller.revision >= 0 && selectedPod.length > 0
                          ? (window.controller.podDetails(selectedPod).owner || "") : ""
        onOpenManifestsRequested: openDialog.open()
        onOpenSessionRequested: openSessionDialog.begin("")
        onSaveSessionRequested: (saveAs) => {
            if (!saveAs && window.controller.session.path.length > 0)
                window.controller.saveSession("file://" + window.controller.session.path, true)
            else
                saveSessionDialog.begin(window.controller.session.path)
        }
        onExportRequested: exportDialog.begin("")
        onAddPoolRequested: poolDialog.open()
        onSubmitYamlRequested: yamlDialog.open()
        onScaleRequested: {
            scaleDialog.workload = selectedWorkload
            scaleDialog.ns = selectedPod.split("/")[0]
            scaleDialog.open()
        }
    }

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
                TabButton { text: qsTr("History (%1)").arg(window.controller.history.appliedCount) }
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
                HistoryPanel { controller: window.controller }
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

    PathDialog {
        id: openSessionDialog
        title: qsTr("Open session")
        askOverwrite: false
        accept: (url, overwrite) => window.controller.openSession(url)
    }
    PathDialog {
        id: saveSessionDialog
        title: qsTr("Save session")
        accept: (url, overwrite) => window.controller.saveSession(url, overwrite)
    }
    PathDialog {
        id: exportDialog
        title: qsTr("Export placements")
        accept: (url, overwrite) => window.controller.exportPlacements(url, format.currentValue, namespaceField.text.trim(), overwrite)
        ComboBox {
            id: format
            Layout.fillWidth: true
            textRole: "text"
            valueRole: "value"
            model: [
                { value: "pods", text: qsTr("Pods with spec.nodeName (YAML)") },
                { value: "bindings", text: qsTr("List of v1 Binding (YAML)") },
                { value: "json", text: qsTr("Placement report (JSON)") },
                { value: "csv", text: qsTr("Placement report (CSV)") }
            ]
        }
        TextField { id: namespaceField; Layout.fillWidth: true; placeholderText: qsTr("Namespace (empty: all)") }
    }
    Dialog {
        id: poolDialog
        title: qsTr("Add a node pool like %1").arg(window.controller.inspector.selectedNode)
        modal: true
        anchors.centerIn: parent
        standardButtons: Dialog.Ok | Dialog.Cancel
        onAccepted: window.controller.addNodePool(window.controller.inspector.selectedNode, poolCount.value,
                                                  poolZone.text.trim(), poolPrefix.text.trim())
        GridLayout {
            columns: 2
            Label { text: qsTr("Nodes") }
            SpinBox { id: poolCount; from: 1; to: 1000; value: 3; editable: true }
            Label { text: qsTr("Zone") }
            TextField { id: poolZone; placeholderText: qsTr("the template's") }
            Label { text: qsTr("Name prefix") }
            TextField { id: poolPrefix; text: "pool" }
        }
    }
    YamlEditorDialog { id: yamlDialog; controller: window.controller }
    ScaleDialog { id: scaleDialog; controller: window.controller }
    RestoreDialog {
        id: restoreDialog
        controller: window.controller
        anchors.centerIn: parent
        Component.onCompleted: if (window.controller.session.restoreAvailable) open()
    }

    OpenDialog {
        id: openDialog
        anchors.centerIn: parent
        onAccepted: window.controller.load(urls)
    }
}
