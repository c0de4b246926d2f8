import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Berth.App

ApplicationWindow {
    id: window
    required property SimulationController controller
    /// berth --theme / --group-by: for this run only (AppearanceSettings keeps the saved ones).
    property string themeOverride: ""
    property string groupByOverride: ""

    width: 1280
    height: 800
    visible: true
    title: controller.source.length > 0 ? qsTr("Berth — %1").arg(controller.source) : qsTr("Berth")

    // View > Theme: AppPalette's colours for the controls, the panels and the canvas.
    AppearanceSettings {
        id: appearance
        Component.onCompleted: applyOverrides(window.themeOverride, window.groupByOverride)
    }
    readonly property bool dark: appearance.dark
    Binding { target: AppPalette; property: "dark"; value: window.dark }
    Binding { target: AppPalette; property: "highContrast"; value: appearance.highContrast }
    // View > Text size: one scale for the panels, the narration and the canvas labels.
    Binding { target: UiScale; property: "factor"; value: appearance.uiScale }
    font.pointSize: Qt.application.font.pointSize * UiScale.factor
    /// Presenter mode (F5): full screen, the canvas and the narration large, the side panels away.
    property bool presenter: false
    onPresenterChanged: {
        presenter ? showFullScreen() : showNormal()
        Qt.callLater(canvasView.canvas.fitToView)  // the canvas takes the room it got
    }
    palette.window: AppPalette.controls.window
    palette.windowText: AppPalette.controls.windowText
    palette.base: AppPalette.controls.base
    palette.alternateBase: AppPalette.controls.alternateBase
    palette.text: AppPalette.controls.text
    palette.button: AppPalette.controls.button
    palette.buttonText: AppPalette.controls.buttonText
    palette.brightText: AppPalette.controls.brightText
    palette.highlight: AppPalette.controls.highlight
    palette.highlightedText: AppPalette.controls.highlightedText
    palette.toolTipBase: AppPalette.controls.toolTipBase
    palette.toolTipText: AppPalette.controls.toolTipText
    palette.placeholderText: AppPalette.controls.placeholderText
    palette.light: AppPalette.controls.light
    palette.midlight: AppPalette.controls.midlight
    palette.mid: AppPalette.controls.mid
    palette.dark: AppPalette.controls.dark
    palette.shadow: AppPalette.controls.shadow
    palette.link: AppPalette.controls.link
    palette.disabled.windowText: AppPalette.controls.disabledWindowText
    palette.disabled.text: AppPalette.controls.disabledText
    palette.disabled.buttonText: AppPalette.controls.disabledButtonText

    menuBar: PlannerMenuBar {
        session: window.controller.session
        planner: window.controller.planner
        selectedNode: window.controller.inspector.selectedNode
        selectedNodes: canvasView.canvas.selectedNodes
        selectedPod: window.controller.inspector.selectedPod
        selectedWorkload: window.controller.revision >= 0 && selectedPod.length > 0
                          ? (window.controller.inspector.podDetails(selectedPod).owner || "") : ""
        guard: (action) => unsavedGuard.run(action)
        onOpenManifestsRequested: unsavedGuard.run(() => openDialog.begin())
        onOpenSessionRequested: unsavedGuard.run(() => openSessionDialog.begin())
        onOpenTimelineRequested: openTimelineDialog.begin()
        onSaveSessionRequested: (saveAs) => {
            if (!saveAs && window.controller.session.planSession.path.length > 0)
                window.controller.session.saveSession("file://" + window.controller.session.planSession.path, true)
            else
                saveSessionDialog.begin(window.controller.session.planSession.path || "plan.berth")
        }
        onExportRequested: exportDialog.begin()
        onSchedulerConfigRequested: schedulerDialog.open()
        onAddNodesRequested: addNodesDialog.begin()
        // The selected node's zone, or the first zone.
        onGroupDrainRequested: {
            groupDrainDialog.groupKeys = canvasView.canvas.availableGroupKeys()
            groupDrainDialog.begin("topology.kubernetes.io/zone",
                                   selectedNode.length > 0 ? window.controller.inspector.nodeDetails(selectedNode).zone || "" : "")
        }
        onFindRequested: searchPanel.begin()
        onAboutRequested: aboutDialog.open()
        onShortcutsRequested: shortcutsDialog.open()
        onConceptsRequested: conceptsDialog.open()
        lessonTitles: lessonController.titles
        predicting: prediction.enabled
        onLessonRequested: (index) => unsavedGuard.run(() => lessonController.open(index))
        onPredictToggled: prediction.enabled = !prediction.enabled
        onAddPoolRequested: poolDialog.open()
        onLabelsRequested: labelsDialog.begin(selectedNode)
        onTaintsRequested: taintsDialog.begin(selectedNode)
        onSubmitYamlRequested: yamlDialog.open()
        onScaleRequested: {
            const ns = selectedPod.split("/")[0]
            scaleDialog.begin(selectedWorkload, ns, window.controller.pods.countOwnedBy(ns, selectedWorkload))
        }
        onDeleteNodeRequested: {
            const nodes = targets
            confirmDialog.ask(nodes.length > 1 ? qsTr("Delete %1 nodes?").arg(nodes.length) : qsTr("Delete node %1?").arg(nodes[0]),
                              (nodes.length > 1 ? nodes.join(", ") + "\n" : "")
                              + qsTr("Their pods go back to the scheduling queue. Edit > Undo brings the nodes back."),
                              () => window.controller.planner.editNodes(PlannerActions.DeleteNode, nodes))
        }
        onGroupLabelRequested: groupNodeDialog.begin(GroupNodeDialog.Label, targets)
        onGroupTaintRequested: groupNodeDialog.begin(GroupNodeDialog.Taint, targets)
        onDeleteWorkloadRequested: {
            const parts = selectedWorkload.split("/")
            const ns = selectedPod.split("/")[0]
            confirmDialog.ask(qsTr("Delete %1 in %2?").arg(selectedWorkload).arg(ns),
                              qsTr("Its pods are deleted with it. Edit > Undo brings it back."),
                              () => window.controller.planner.deleteWorkload(parts[0], ns, parts.slice(1).join("/")))
        }
        ViewMenu {
            appearance: appearance
            canvas: canvasView.canvas
            presenter: window.presenter
            onPresenterToggled: window.presenter = !window.presenter
        }
    }

    header: MainToolBar {
        id: toolBar
        playback: window.controller.playback
        status: window.controller.status
        onOpenRequested: unsavedGuard.run(() => openDialog.begin())
        onFitRequested: canvasView.canvas.fitToView()
    }

    LessonController { id: lessonController; objectName: "lessons"; session: window.controller.session; playback: window.controller.playback }
    Prediction { id: prediction; objectName: "prediction"; cycle: window.controller.playback.cycle }
    Connections {  // predict mode: a node clicked on the canvas is the class's guess
        target: canvasView.canvas
        function onClicked(node, pod) { if (node.length > 0) prediction.pick(node) }
    }

    footer: StatusBar {
        status: window.controller.status
        operations: window.controller.operations
        extenderStatus: window.controller.config.extenderStatus
    }

    // `help`: the line Help > Keyboard shortcuts shows for each (ShortcutsDialog).
    Shortcut { sequence: "Space"; property string help: qsTr("Play or pause"); onActivated: window.controller.playback.togglePlay() }
    Shortcut { sequences: ["N", "Right"]; property string help: qsTr("Step one extension point"); onActivated: window.controller.stepPhase() }
    Shortcut { sequences: ["Shift+N", "Shift+Right"]; property string help: qsTr("Step one pod"); onActivated: window.controller.step() }
    Shortcut { sequence: "Left"; property string help: qsTr("Step back one extension point"); onActivated: window.controller.playback.stepBack() }
    Shortcut { sequence: "Shift+Left"; property string help: qsTr("Step back one pod"); onActivated: window.controller.playback.stepPodBack() }
    Shortcut { sequence: "Home"; property string help: qsTr("Restart from t = 0"); onActivated: window.controller.playback.restart() }
    Shortcut { sequences: ["Ctrl++", "Ctrl+="]; property string help: qsTr("Larger text"); onActivated: appearance.zoomIn() }
    Shortcut { sequence: "Ctrl+-"; property string help: qsTr("Smaller text"); onActivated: appearance.zoomOut() }
    Shortcut { sequence: "Ctrl+0"; property string help: qsTr("Text at its usual size"); onActivated: appearance.resetZoom() }
    Shortcut { sequence: "F5"; property string help: qsTr("Presenter mode: full screen, canvas and narration large"); onActivated: window.presenter = !window.presenter }
    Shortcut { sequence: "T"; property string help: qsTr("Show or hide the narration"); onActivated: toolBar.narrationVisible = !toolBar.narrationVisible }
    Shortcut { sequence: "End"; property string help: qsTr("Run to the end"); onActivated: window.controller.runToEnd() }
    Shortcut { sequence: "F"; property string help: qsTr("Fit the cluster to the view"); onActivated: canvasView.canvas.fitToView() }
    // Esc stops the long operations under way (a load, a run to the end, an export), if any;
    // otherwise it closes Find, or else clears the selection.
    Shortcut {
        sequence: "Escape"
        property string help: qsTr("Cancel the operations under way, close Find, or clear the selection")
        onActivated: {
            if (window.controller.operations.count > 0) window.controller.cancelOperations()
            else if (searchPanel.visible) searchPanel.visible = false
            else canvasView.canvas.clearSelection()
        }
    }

    // Edit > Find's matches, marked on the canvas while the search panel is open.
    SearchModel { id: searchModel; nodes: window.controller.nodes; pods: window.controller.pods }
    function updateMarks() {
        const on = searchPanel.visible
        canvasView.canvas.setMarks(on ? searchModel.markedNodes : [], on ? searchModel.markedPods : [],
                                   on && searchPanel.dimOthers)
    }
    Connections { target: searchModel; function onResultsChanged() { window.updateMarks() } }

    // The canvas owns the click; the inspector follows it (and asks the worker for traces).
    function selectPod(key) { canvasView.canvas.select(window.controller.inspector.podDetails(key).node || "", key) }
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
                nodes: window.controller.nodes
                pods: window.controller.pods
                cycle: window.controller.cycle
                status: window.controller.status
                dark: appearance.dark
                highContrast: appearance.highContrast
                groupBy: appearance.groupBy
                Layout.fillWidth: true
                Layout.fillHeight: true
                // Template tiles and pending pods dropped on the canvas.
                // Edit > Find: over the canvas's top right corner.
                SearchPanel {
                    id: searchPanel
                    visible: false
                    search: searchModel
                    anchors.top: parent.top
                    anchors.right: parent.right
                    anchors.margins: 8
                    width: Math.min(460, parent.width - 16)
                    height: Math.min(380, parent.height - 16)
                    z: 2
                    onPicked: (node, pod) => {
                        canvasView.canvas.select(node, pod)
                        canvasView.canvas.centerOn(node, pod)
                    }
                    onCloseRequested: visible = false
                    onVisibleChanged: window.updateMarks()
                    onDimOthersChanged: window.updateMarks()
                }
                PlannerDropLayer {
                    id: dropLayer
                    anchors.fill: parent
                    canvas: canvasView.canvas
                    templates: templatePalette
                    onPodDropped: (pod, node) => verdictDialog.ask(pod, node)
                }
                FitGhostLayer { anchors.fill: parent; canvas: canvasView.canvas; fit: window.controller.fit }
                onFitRequested: (pod) => fitDialog.ask(pod)
            }
            TimelineBar {
                playback: window.controller.playback
                Layout.fillWidth: true
            }
            // Help > Lessons and predict mode (LessonPanel, PredictBar): above and below the narration.
            LessonPanel { lessons: lessonController; large: window.presenter; Layout.fillWidth: true }
            NarrationPanel {
                visible: toolBar.narrationVisible
                playback: window.controller.playback
                large: window.presenter
                Layout.fillWidth: true
                Layout.preferredHeight: Math.round((window.presenter ? 150 : 84) * UiScale.factor)
            }
            PredictBar {
                visible: prediction.enabled
                predict: prediction
                large: window.presenter
                Layout.fillWidth: true
            }
        }

        ColumnLayout {
            visible: !window.presenter
            SplitView.preferredWidth: 440
            SplitView.minimumWidth: 300
            spacing: 0

            TabBar {
                id: tabs
                Layout.fillWidth: true
                TabButton { text: qsTr("Queue (%1)").arg(window.controller.queue.activeCount + window.controller.queue.backoffCount + window.controller.queue.unschedulableCount) }
                TabButton { text: qsTr("Events") }
                TabButton { text: qsTr("History (%1)").arg(window.controller.session.history.appliedCount) }
                TabButton { text: qsTr("Templates") }
                TabButton { text: qsTr("Capacity") }
                TabButton { text: qsTr("Metrics") }
            }
            StackLayout {
                currentIndex: tabs.currentIndex
                Layout.fillWidth: true
                Layout.fillHeight: true
                // The Capacity and Metrics tabs' charts get most of the column.
                Layout.preferredHeight: tabs.currentIndex >= 4 ? 6 : 2
                QueuePanel {
                    queue: window.controller.queue
                    dragLayer: window.contentItem
                    onPodClicked: (key) => window.selectPod(key)
                }
                EventLogPanel { events: window.controller.events }
                HistoryPanel { session: window.controller.session }
                TemplatePalette {
                    id: templatePalette
                    planner: window.controller.planner
                    dragLayer: window.contentItem
                }
                CapacityPanel {
                    id: capacityPanel
                    capacity: window.controller.capacity
                    compare: window.controller.compare
                    recent: window.controller.session.recentFiles
                    // Read again with each answer, not on every step of the run.
                    groupKeys: window.controller.capacity.valid ? canvasView.canvas.availableGroupKeys() : []
                    // A new plan, an edit, undo or redo: measure again while the panel is shown.
                    Connections {
                        target: window.controller.session.history
                        function onChanged() { if (capacityPanel.visible) window.controller.capacity.refreshIfStale() }
                    }
                    Connections {
                        target: window.controller
                        function onLoadedChanged() { if (capacityPanel.visible) window.controller.capacity.refreshIfStale() }
                    }
                }
                MetricsPanel { timeline: window.controller.playback.timeline }
            }
            InspectorPanel {
                objectName: "inspectorPanel"
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredHeight: 3
                inspector: window.controller.inspector
                onPodClicked: (key) => window.selectPod(key)
                onFitRequested: (key) => fitDialog.ask(key)
            }
        }
    }

    // File > Open manifests and Open session: file dialogs that remember the folder.
    FileChooser {
        id: openDialog
        title: qsTr("Open manifests")
        fileMode: FileDialog.OpenFiles
        nameFilters: [qsTr("Kubernetes manifests (*.yaml *.yml *.json)"), qsTr("All files (*)")]
        recent: window.controller.session.recentFiles
        parentWindow: window
        handler: (urls) => { window.controller.session.load(urls); return "" }
    }
    FileChooser {
        id: openSessionDialog
        title: qsTr("Open session")
        nameFilters: [qsTr("Berth sessions (*.berth *.json)"), qsTr("All files (*)")]
        recent: window.controller.session.recentFiles
        parentWindow: window
        handler: (urls) => window.controller.session.openSession(urls[0])
    }
    // File > Open timeline: timed edits (kind: Timeline) played on the cluster on show.
    FileChooser {
        id: openTimelineDialog
        title: qsTr("Open timeline")
        nameFilters: [qsTr("Timelines (*.yaml *.yml)"), qsTr("All files (*)")]
        recent: window.controller.session.recentFiles
        parentWindow: window
        handler: (urls) => window.controller.session.openTimeline(urls[0])
    }
    FileChooser {
        id: saveSessionDialog
        title: qsTr("Save session")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "berth"
        nameFilters: [qsTr("Berth sessions (*.berth)"), qsTr("All files (*)")]
        recent: window.controller.session.recentFiles
        parentWindow: window
        /// What to do once saved (UnsavedEditsGuard's Save: the open or close it held back).
        property var then: null
        handler: (urls, overwrite) => {
            const error = window.controller.session.saveSession(urls[0], overwrite)
            const next = then
            then = null
            if (error.length === 0 && next) next()
            return error
        }
    }
    // Unsaved edits: asked about before an open replaces the plan and before the window closes.
    UnsavedEditsGuard {
        id: unsavedGuard
        planSession: window.controller.session.planSession
        parentWindow: window
        save: (then) => {
            const path = window.controller.session.planSession.path
            if (path.length === 0) {
                saveSessionDialog.then = then
                saveSessionDialog.begin("plan.berth")
            } else {
                saveSessionDialog.error = window.controller.session.saveSession("file://" + path, true)
                if (saveSessionDialog.error.length === 0) then()
                else saveSessionDialog.message.open()
            }
        }
    }
    property bool closeConfirmed: false
    onClosing: (close) => {
        if (closeConfirmed || !controller.session.planSession.dirty) return
        close.accepted = false
        unsavedGuard.run(() => { window.closeConfirmed = true; window.close() })
    }
    ConfirmDialog { id: confirmDialog; parentWindow: window; title: qsTr("Delete") }
    ExportDialog {
        id: exportDialog
        recent: window.controller.session.recentFiles
        parentWindow: window
        inferFormat: (url, chosen) => window.controller.session.exportFormatFor(url, chosen)
        accept: (url, format, ns, overwrite) => window.controller.session.exportPlacements(url, format, ns, overwrite)
    }
    NodePoolDialog {
        id: poolDialog
        templateNode: window.controller.inspector.selectedNode
        onPoolRequested: (templateNode, count, zone, namePrefix) => window.controller.planner.addNodePool(templateNode, count, zone, namePrefix)
    }
    YamlEditorDialog { id: yamlDialog; planner: window.controller.planner }
    VerdictDialog { id: verdictDialog; planner: window.controller.planner }
    NodeLabelsDialog { id: labelsDialog; planner: window.controller.planner }
    NodeTaintsDialog { id: taintsDialog; planner: window.controller.planner }
    ScaleDialog { id: scaleDialog; planner: window.controller.planner }
    FitDialog { id: fitDialog; fit: window.controller.fit; parent: Overlay.overlay; x: canvasView.width - width - 12; y: parent.height - height - 140 }
    AddNodesDialog { id: addNodesDialog; nodeSearch: window.controller.nodeSearch; modelNode: window.controller.inspector.selectedNode }
    GroupNodeDialog { id: groupNodeDialog; planner: window.controller.planner }
    GroupDrainDialog {
        id: groupDrainDialog
        groupDrain: window.controller.groupDrain
        recent: window.controller.session.recentFiles
        parentWindow: window
    }
    SchedulerConfigDialog {
        id: schedulerDialog
        configController: window.controller.config
        width: Math.min(560, window.width - 40)
        height: Math.min(760, window.height - 40)
        onPodClicked: (key) => window.selectPod(key)
    }
    RestoreDialog {
        id: restoreDialog
        session: window.controller.session
        anchors.centerIn: parent
        Component.onCompleted: if (window.controller.session.planSession.restoreAvailable) open()
    }

    // Files dropped on the window open like File > Open; refusals explain themselves.
    FileDropArea {
        anchors.fill: parent
        session: window.controller.session
        guard: (action) => unsavedGuard.run(action)
    }
    OpenErrorDialog { anchors.centerIn: parent; session: window.controller.session }

    AboutDialog { id: aboutDialog }
    ConceptsDialog { id: conceptsDialog }
    ShortcutsDialog { id: shortcutsDialog; menuBar: window.menuBar; scope: window }

}
