import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// Predict mode: before a cycle's outcome is shown the class clicks the node it expects on
// the canvas (Main.qml hands the click to the Prediction) or "No node fits"; at the outcome
// the verdict says who was right and what decided.
Pane {
    id: bar
    required property Prediction predict
    property bool large: false
    padding: 4
    font.pointSize: Qt.application.font.pointSize * UiScale.factor * (large ? 1.5 : 1)
    background: Rectangle { color: AppPalette.panel }

    RowLayout {
        anchors.fill: parent
        spacing: 10
        CheckBox {
            objectName: "predictMode"
            text: qsTr("Predict")
            checked: bar.predict.enabled
            onToggled: bar.predict.enabled = checked
        }
        Label {
            objectName: "predictText"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            visible: bar.predict.enabled
            font.bold: bar.predict.revealed
            color: !bar.predict.revealed ? AppPalette.text : bar.predict.correct ? AppPalette.good : AppPalette.bad
            text: bar.predict.revealed ? bar.predict.verdict
                : bar.predict.guess.length > 0 ? qsTr("Your pick: %1. Step on to see.").arg(bar.predict.guess)
                : bar.predict.guessedNone ? qsTr("Your pick: no node fits. Step on to see.")
                : bar.predict.open ? qsTr("Which node will it get? Click it on the canvas.")
                : qsTr("Step to a pod's cycle, then guess before its outcome.")
        }
        Button {
            objectName: "predictNone"
            visible: bar.predict.enabled
            enabled: bar.predict.open
            text: qsTr("No node fits")
            onClicked: bar.predict.pickNone()
        }
        Label {
            objectName: "predictTally"
            visible: bar.predict.enabled && bar.predict.guesses > 0
            text: qsTr("%1 of %2 right").arg(bar.predict.right).arg(bar.predict.guesses)
            color: AppPalette.muted
        }
    }
}
