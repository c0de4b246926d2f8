import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// A lesson in progress (Help > Lessons): its title, the step's explanation and question for
// the class, and the buttons that move through the steps. The narration below follows the
// cycle each step puts on stage.
Pane {
    id: panel
    required property LessonController lessons
    /// Presenter mode: larger type.
    property bool large: false
    visible: lessons.active
    padding: 8
    font.pointSize: Qt.application.font.pointSize * UiScale.factor * (large ? 1.5 : 1)
    background: Rectangle { color: AppPalette.panel; border.color: AppPalette.noteBorder }

    RowLayout {
        anchors.fill: parent
        spacing: 10
        ColumnLayout {
            Layout.fillWidth: true
            spacing: 2
            RowLayout {
                spacing: 8
                Label {
                    objectName: "lessonTitle"
                    text: qsTr("Lesson: %1").arg(panel.lessons.title)
                    font.bold: true
                }
                Label {
                    objectName: "lessonStep"
                    text: qsTr("step %1 of %2").arg(panel.lessons.step + 1).arg(panel.lessons.stepCount)
                    color: AppPalette.muted
                }
                BusyIndicator {
                    running: panel.lessons.seeking
                    visible: running
                    Layout.preferredHeight: UiScale.px(18)
                    Layout.preferredWidth: UiScale.px(18)
                }
            }
            Label {
                objectName: "lessonText"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: panel.lessons.text
            }
            Label {
                objectName: "lessonQuestion"
                Layout.fillWidth: true
                visible: panel.lessons.question.length > 0
                wrapMode: Text.Wrap
                font.bold: true
                color: AppPalette.noteTitle
                text: qsTr("Question: %1").arg(panel.lessons.question)
            }
        }
        Button {
            objectName: "lessonPrevious"
            text: qsTr("Previous")
            enabled: panel.lessons.step > 0 && !panel.lessons.seeking
            onClicked: panel.lessons.previous()
        }
        Button {
            objectName: "lessonNext"
            text: qsTr("Next step")
            enabled: panel.lessons.step + 1 < panel.lessons.stepCount && !panel.lessons.seeking
            onClicked: panel.lessons.next()
        }
        Button {
            objectName: "lessonClose"
            text: qsTr("End lesson")
            onClicked: panel.lessons.close()
        }
    }
}
