pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// The scheduler configuration of the session's profile: Score plugins (on/off, weight) and
// Filter plugins (on/off), NodeResourcesFit's scoring strategy, percentageOfNodesToScore.
// "Apply & re-run" records the draft as an edit (undo takes it back) and re-runs the plan from
// its starting state; "What moved" then lists the pods placed differently.
Pane {
    id: panel
    required property ConfigController configController
    readonly property SchedulerConfigModel config: configController.schedulerConfig
    readonly property PlacementDiffModel diff: configController.placementDiff
    property string lastError: ""
    /// A pod of the "what moved" list was clicked (namespace/name).
    signal podClicked(string key)

    function apply() { lastError = configController.apply() }
    function reset() { lastError = configController.reset() }

    FileChooser {
        id: loadDialog
        objectName: "loadConfigDialog"
        title: qsTr("Load KubeSchedulerConfiguration")
        nameFilters: [qsTr("KubeSchedulerConfiguration (*.yaml *.yml *.json)"), qsTr("All files (*)")]
        handler: (urls) => panel.configController.load(urls[0])
        parentWindow: panel.Window.window
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        Label {
            Layout.fillWidth: true
            text: qsTr("Profile <b>%1</b> — in effect: %2").arg(panel.config.profile).arg(panel.config.source)
            elide: Text.ElideRight
        }
        // The configuration's scheduler extenders, and how the session reaches them: live
        // (each call recorded into the session file) or from that recording, offline.
        RowLayout {
            Layout.fillWidth: true
            visible: panel.configController.extenders.length > 0
            Label {
                Layout.fillWidth: true
                objectName: "extenderList"
                text: qsTr("Extenders: %1").arg(panel.configController.extenders.join(", "))
                elide: Text.ElideMiddle
            }
            RadioButton {
                objectName: "extendersLive"
                text: qsTr("live")
                checked: !panel.configController.extendersReplayed
                enabled: panel.configController.loaded && !panel.configController.busy
                checkable: false  // checked follows the session, not the click
                onClicked: panel.lastError = panel.configController.setExtendersReplayed(false)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Call the extenders, recording their answers afresh into the session")
            }
            RadioButton {
                objectName: "extendersReplayed"
                text: qsTr("replay recorded answers")
                checked: panel.configController.extendersReplayed
                enabled: panel.configController.loaded && !panel.configController.busy
                checkable: false  // checked follows the session, not the click
                onClicked: panel.lastError = panel.configController.setExtendersReplayed(true)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Answer from the session's recording, with no extender running")
            }
        }
        RowLayout {
            Layout.fillWidth: true
            Button {
                text: qsTr("Load KubeSchedulerConfiguration…")
                enabled: panel.configController.loaded && !panel.configController.busy
                onClicked: loadDialog.begin()
            }
            Button {
                objectName: "resetButton"
                text: qsTr("Reset to defaults")
                enabled: panel.configController.loaded && !panel.configController.busy
                onClicked: panel.reset()
            }
        }

        ListView {
            id: plugins
            objectName: "pluginList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 120
            clip: true
            model: panel.config
            ScrollBar.vertical: ScrollBar {}
            delegate: ColumnLayout {
                id: row
                required property int index
                required property var model  // its roles: name, point, enabled, weight, first
                readonly property string name: model.name
                readonly property bool score: model.point === SchedulerConfigModel.ScorePoint
                readonly property bool on: model.enabled
                width: ListView.view.width
                spacing: 0
                // A heading above the first row of each list (a section delegate would not
                // be created under ComponentBehavior: Bound on Qt 6.4).
                Label {
                    visible: row.model.first
                    text: row.score ? qsTr("Score plugins (weight 1–100)") : qsTr("Filter plugins")
                    font.bold: true
                    topPadding: 6
                }
                RowLayout {
                    Layout.fillWidth: true
                    CheckBox {
                        objectName: (row.score ? "toggle_score_" : "toggle_filter_") + row.name
                        text: row.name
                        checked: row.on
                        Layout.fillWidth: true
                        onToggled: panel.config.setEnabled(row.index, checked)
                    }
                    SpinBox {
                        objectName: "weight_" + row.name
                        visible: row.score
                        enabled: row.on
                        from: 0
                        to: 100
                        editable: true
                        value: row.model.weight
                        onValueModified: panel.config.setWeight(row.index, value)
                    }
                }
            }
        }

        GridLayout {
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("Scoring strategy") }
            ComboBox {
                id: strategy
                objectName: "strategyBox"
                Layout.fillWidth: true
                model: panel.config.strategies
                currentIndex: panel.config.strategyIndex
                onActivated: (i) => panel.config.strategyIndex = i
            }
            Label { text: qsTr("Resources") }
            TextField {
                Layout.fillWidth: true
                text: panel.config.resourcesText
                placeholderText: "cpu=1, memory=1"
                onEditingFinished: panel.config.resourcesText = text
            }
            Label {
                text: qsTr("Shape")
                visible: panel.config.strategy === "RequestedToCapacityRatio"
            }
            TextField {
                Layout.fillWidth: true
                visible: panel.config.strategy === "RequestedToCapacityRatio"
                text: panel.config.shapeText
                placeholderText: qsTr("utilization=score: 0=0, 100=10")
                onEditingFinished: panel.config.shapeText = text
            }
            Label { text: qsTr("percentageOfNodesToScore") }
            SpinBox {
                objectName: "percentageBox"
                from: 0
                to: 100
                editable: true
                value: panel.config.percentageOfNodesToScore
                onValueModified: panel.config.percentageOfNodesToScore = value
                ToolTip.visible: hovered
                ToolTip.text: qsTr("0: adaptive (upstream's default)")
            }
        }

        Label {
            objectName: "configErrors"
            Layout.fillWidth: true
            visible: text.length > 0
            text: panel.config.errorText.length > 0 ? panel.config.errorText : panel.lastError
            color: AppPalette.refusal
            wrapMode: Text.Wrap
        }
        RowLayout {
            Layout.fillWidth: true
            Button {
                objectName: "applyButton"
                text: qsTr("Apply && re-run")
                enabled: panel.config.dirty && panel.config.errors.length === 0 && panel.configController.loaded
                         && !panel.configController.busy
                onClicked: panel.apply()
            }
            Button {
                text: qsTr("Revert")
                enabled: panel.config.dirty
                onClicked: { panel.config.revert(); panel.lastError = "" }
            }
        }

        Label { text: qsTr("What moved"); font.bold: true }
        Label {
            objectName: "diffSummary"
            Layout.fillWidth: true
            text: panel.diff.summary
            wrapMode: Text.Wrap
        }
        ListView {
            objectName: "diffList"
            Layout.fillWidth: true
            Layout.preferredHeight: 120
            clip: true
            model: panel.diff
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                id: change
                required property string pod
                required property int kind  // PlacementDiffModel.ChangeKind
                required text
                width: ListView.view.width
                padding: 2
                contentItem: Label {
                    text: change.text
                    color: change.kind === PlacementDiffModel.Unscheduled ? AppPalette.refusal
                         : change.kind === PlacementDiffModel.Scheduled ? AppPalette.placed : palette.text
                    elide: Text.ElideRight
                }
                onClicked: panel.podClicked(change.pod)
            }
        }
    }
}
