import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The template palette: Deployment, StatefulSet, DaemonSet, Job and Pod tiles over one small
// form. The YAML is written in C++ (WorkloadTemplate) and submitted like any other YAML
// (controller.submitYaml: one edit, loaded and expanded as berthctl would). Click "Submit",
// or drag a tile onto the canvas; dropped on a group of nodes, the pods also get a required
// node affinity to that group (e.g. topology.kubernetes.io/zone In [zone-b]).
Pane {
    id: panel
    required property PlannerActions planner
    /// Where a dragged tile is drawn while it moves (the window's overlay: above the canvas).
    property Item dragLayer: parent
    property string kind: "Deployment"
    property string refusal: ""
    readonly property bool hasReplicas: kind !== "DaemonSet" && kind !== "Pod"
    /// The form without its drop target, re-read as the user types.
    readonly property var currentForm: form(kind, "", "")
    readonly property var problems: generator.problems(currentForm).concat(planner.validateYaml(generator.yaml(currentForm)))

    padding: 6

    WorkloadTemplate { id: generator }
    ListModel { id: tolerationModel }

    /// The form as WorkloadTemplate reads it (see workload_template.h).
    function form(k, groupKey, groupValue) {
        const tolerations = []
        for (let i = 0; i < tolerationModel.count; ++i) {
            const t = tolerationModel.get(i)
            tolerations.push({ key: t.key, value: t.value, effect: t.effect })
        }
        return {
            kind: k,
            name: nameField.text.trim(),
            namespace: namespaceField.text.trim(),
            replicas: replicasBox.value,
            cpu: cpuField.text.trim(),
            memory: memoryField.text.trim(),
            extendedName: extendedName.text.trim(),
            extendedCount: extendedName.text.trim().length > 0 ? extendedCount.value : 0,
            labels: labelsField.text,
            priorityClassName: priorityField.editText.trim(),
            tolerations: tolerations,
            affinityKey: affinityBox.checked ? affinityKey.text.trim() : "",
            affinityValues: affinityBox.checked ? affinityValues.text : "",
            groupKey: groupKey || "",
            groupValue: groupValue || "",
            antiAffinity: antiBox.checked,
            spread: spreadBox.checked
        }
    }

    /// Submits `k` (a tile's kind) with the form; `groupKey`/`groupValue`: the canvas group it
    /// was dropped on ("" for none). Returns the problems that stopped it (empty: submitted).
    function submit(k, groupKey, groupValue) {
        const f = form(k, groupKey, groupValue)
        const yaml = generator.yaml(f)
        const errors = generator.problems(f).concat(planner.validateYaml(yaml))
        refusal = errors.join("\n")
        if (errors.length === 0) {
            pendingSubmit = true
            planner.submitYaml(yaml)
        }
        return errors
    }

    /// After a submission was applied the name is taken: offer the next free-looking one.
    function bumpName() {
        const m = nameField.text.match(/^(.*?)(?:-(\d+))?$/)
        nameField.text = m[1] + "-" + (m[2] ? Number(m[2]) + 1 : 2)
    }

    Connections {
        target: panel.planner
        function onEditApplied(kind, description) { if (panel.pendingSubmit && kind === PlannerActions.SubmitYaml) { panel.pendingSubmit = false; panel.bumpName() } }
        function onEditFailed(kind, description, error) { if (panel.pendingSubmit && kind === PlannerActions.SubmitYaml) { panel.pendingSubmit = false; panel.refusal = error } }
    }
    property bool pendingSubmit: false
    property MouseArea activeMouse: null  // the tile being pressed

    ScrollView {
        anchors.fill: parent
        contentWidth: availableWidth

        ColumnLayout {
            width: parent.width
            spacing: 6

            Label {
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: UiScale.px(11)
                opacity: 0.8
                text: qsTr("Pick a kind, fill in the form, then Submit — or drag a tile onto the canvas. Dropped on a group "
                           + "of nodes (a zone), the pods get a required node affinity to it.")
            }

            Flow {
                objectName: "templateTiles"
                Layout.fillWidth: true
                spacing: 6
                Repeater {
                    model: generator.kindList()
                    delegate: Rectangle {
                        id: tile
                        required property string modelData
                        objectName: "tile-" + modelData
                        width: 84
                        height: 34
                        radius: 4
                        color: panel.kind === modelData ? AppPalette.accent : AppPalette.header
                        border.color: AppPalette.border
                        Label {
                            anchors.centerIn: parent
                            text: tile.modelData
                            font.pixelSize: UiScale.px(11)
                            color: panel.kind === tile.modelData ? "white" : AppPalette.text
                        }
                        MouseArea {
                            id: tileMouse
                            anchors.fill: parent
                            drag.target: ghost
                            drag.threshold: 6
                            onPressed: {
                                panel.activeMouse = tileMouse
                                const p = tile.mapToItem(panel.dragLayer, 0, 0)
                                ghost.kind = tile.modelData
                                ghost.x = p.x
                                ghost.y = p.y
                            }
                            onClicked: panel.kind = tile.modelData
                            onReleased: {
                                if (!ghost.Drag.active) return
                                panel.kind = tile.modelData
                                ghost.Drag.drop()
                            }
                        }
                    }
                }
            }

            GridLayout {
                columns: 2
                columnSpacing: 6
                rowSpacing: 4
                Layout.fillWidth: true

                Label { text: qsTr("Name") }
                TextField { id: nameField; objectName: "nameField"; text: "web"; Layout.fillWidth: true; selectByMouse: true }
                Label { text: qsTr("Namespace") }
                TextField { id: namespaceField; objectName: "namespaceField"; text: "default"; Layout.fillWidth: true }
                Label { text: panel.kind === "Job" ? qsTr("Parallelism") : qsTr("Replicas"); visible: panel.hasReplicas }
                SpinBox { id: replicasBox; objectName: "replicasBox"; visible: panel.hasReplicas; from: 0; to: 10000; value: 3; editable: true }
                Label { text: qsTr("CPU request") }
                TextField { id: cpuField; objectName: "cpuField"; text: "250m"; Layout.fillWidth: true; placeholderText: "250m" }
                Label { text: qsTr("Memory request") }
                TextField { id: memoryField; objectName: "memoryField"; text: "256Mi"; Layout.fillWidth: true; placeholderText: "256Mi" }
                Label { text: qsTr("Extended resource") }
                RowLayout {
                    Layout.fillWidth: true
                    TextField { id: extendedName; Layout.fillWidth: true; placeholderText: qsTr("e.g. nvidia.com/gpu (optional)") }
                    SpinBox { id: extendedCount; from: 1; to: 1000; value: 1; editable: true; enabled: extendedName.text.length > 0 }
                }
                Label { text: qsTr("Labels") }
                TextField { id: labelsField; objectName: "labelsField"; Layout.fillWidth: true; placeholderText: qsTr("app=<name> (k=v, k2=v2)") }
                Label { text: qsTr("Priority class") }
                ComboBox {
                    id: priorityField
                    Layout.fillWidth: true
                    editable: true
                    model: [""].concat(panel.planner.priorityClasses)
                }
            }

            // Tolerations: key / value / effect rows.
            RowLayout {
                Layout.fillWidth: true
                Label { text: qsTr("Tolerations"); font.bold: true; Layout.fillWidth: true }
                Button { text: qsTr("Add"); flat: true; onClicked: tolerationModel.append({ key: "", value: "", effect: "NoSchedule" }) }
            }
            Repeater {
                model: tolerationModel
                delegate: RowLayout {
                    id: tolRow
                    required property int index
                    required property string key
                    required property string value
                    required property string effect
                    Layout.fillWidth: true
                    TextField { Layout.fillWidth: true; placeholderText: qsTr("key"); text: tolRow.key; onTextEdited: tolerationModel.setProperty(tolRow.index, "key", text) }
                    TextField { Layout.fillWidth: true; placeholderText: qsTr("value (empty: Exists)"); text: tolRow.value; onTextEdited: tolerationModel.setProperty(tolRow.index, "value", text) }
                    ComboBox {
                        model: ["NoSchedule", "PreferNoSchedule", "NoExecute", ""]
                        currentIndex: Math.max(0, model.indexOf(tolRow.effect))
                        displayText: currentText.length > 0 ? currentText : qsTr("(all)")
                        onActivated: tolerationModel.setProperty(tolRow.index, "effect", currentText)
                    }
                    Button { text: "×"; flat: true; onClicked: tolerationModel.remove(tolRow.index) }
                }
            }

            Label { text: qsTr("Presets"); font.bold: true }
            CheckBox { id: affinityBox; objectName: "affinityBox"; text: qsTr("Node affinity (required): label In values") }
            RowLayout {
                visible: affinityBox.checked
                Layout.fillWidth: true
                TextField { id: affinityKey; Layout.fillWidth: true; text: "topology.kubernetes.io/zone"; placeholderText: qsTr("label key") }
                TextField { id: affinityValues; Layout.fillWidth: true; placeholderText: qsTr("values: a, b") }
            }
            CheckBox { id: antiBox; objectName: "antiBox"; text: qsTr("Pod anti-affinity (required): one per node (hostname)") }
            CheckBox { id: spreadBox; objectName: "spreadBox"; text: qsTr("Topology spread: zones, maxSkew 1, DoNotSchedule") }

            Label {
                objectName: "paletteProblems"
                Layout.fillWidth: true
                visible: text.length > 0
                text: panel.refusal.length > 0 ? panel.refusal : panel.problems.join("\n")
                color: AppPalette.error
                wrapMode: Text.Wrap
                maximumLineCount: 6
                elide: Text.ElideRight
            }
            RowLayout {
                Layout.fillWidth: true
                Item { Layout.fillWidth: true }
                Button {
                    objectName: "submitTemplate"
                    text: qsTr("Submit %1").arg(panel.kind)
                    enabled: panel.planner.loaded && !panel.planner.busy && panel.problems.length === 0
                    onClicked: panel.submit(panel.kind, "", "")
                }
            }
        }
    }

    // What follows the pointer while a tile is dragged (parented to the drag layer so it can
    // leave the palette); a DropArea with key "berth/template" takes it.
    Rectangle {
        id: ghost
        property string kind: ""
        parent: panel.dragLayer
        visible: Drag.active
        width: 84
        height: 34
        radius: 4
        color: AppPalette.accent
        opacity: 0.85
        z: 1000
        Drag.active: panel.activeMouse !== null && panel.activeMouse.drag.active
        Drag.keys: ["berth/template"]
        Drag.hotSpot.x: width / 2
        Drag.hotSpot.y: height / 2
        Label { anchors.centerIn: parent; text: ghost.kind; color: "white"; font.pixelSize: UiScale.px(11) }
    }
}
