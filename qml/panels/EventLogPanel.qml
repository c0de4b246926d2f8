import QtQuick
import QtQuick.Controls
import Berth
import Berth.App

// The event stream, newest at the bottom; follows the tail unless the user scrolled up.
ListView {
    id: log
    required property EventLogModel events
    // Only while shown: hidden in its tab, a ListView still lays out the rows that each batch
    // shifts in, which is GUI-thread time for nothing while the core runs flat out.
    model: visible ? log.events : null
    clip: true
    // Following the tail scrolls a screenful of new rows in per batch: reuse the delegates.
    reuseItems: true
    ScrollBar.vertical: ScrollBar {}
    property bool follow: true
    onMovementEnded: follow = atYEnd
    onCountChanged: if (follow) Qt.callLater(positionViewAtEnd)
    delegate: Label {
        required property real time
        required property string type
        required property string pod
        required property string node
        required property string message
        width: ListView.view.width
        leftPadding: 6
        rightPadding: 6
        wrapMode: Text.Wrap
        font.pixelSize: UiScale.px(11)
        textFormat: Text.PlainText
        text: time.toFixed(3) + "s  " + type + "  " + pod + (node.length ? " → " + node : "") + (message.length ? "  " + message : "")
        color: type === "PodUnschedulable" || type === "PodSchedulerError" ? AppPalette.bad
             : type === "PodBound" ? AppPalette.good : AppPalette.text
    }
}
