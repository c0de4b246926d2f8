import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth
import Berth.App

// requested / allocatable as a bar with its numbers: the inspector's node usage.
Item {
    id: bar
    property real used: 0
    property real total: 0
    property color color: AppPalette.cpu
    property string text
    readonly property real fraction: total > 0 ? Math.min(1, used / total) : 0
    Layout.fillWidth: true
    implicitHeight: 18
    Rectangle { anchors.fill: parent; color: AppPalette.track; radius: 2 }
    Rectangle {
        width: parent.width * bar.fraction
        height: parent.height
        radius: 2
        color: bar.fraction > 0.9 ? AppPalette.full : bar.color
        opacity: 0.45
    }
    Label { anchors.fill: parent; anchors.leftMargin: 4; verticalAlignment: Text.AlignVCenter; text: bar.text; font.pixelSize: UiScale.px(12) }
}
