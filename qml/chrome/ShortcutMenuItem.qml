import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A menu item that shows its action's shortcut on the right, as desktop menus do (Qt Quick
// Controls 6.4's MenuItem shows none). Only the content is replaced: the style keeps its
// indicator, submenu arrow and highlight. The menus of PlannerMenuBar use it as delegate.
MenuItem {
    id: item
    readonly property string shortcutText: action && action.shortcut ? String(action.shortcut) : ""

    contentItem: RowLayout {
        spacing: 24
        Label {
            text: item.text
            color: item.highlighted ? item.palette.highlightedText : item.palette.windowText
            elide: Text.ElideRight
            Layout.fillWidth: true
            leftPadding: item.checkable && item.indicator ? item.indicator.width + item.spacing : 0
            rightPadding: item.subMenu && item.arrow ? item.arrow.width + item.spacing : 0
        }
        Label {
            visible: item.shortcutText.length > 0
            text: item.shortcutText
            color: item.highlighted ? item.palette.highlightedText : item.palette.windowText
            opacity: 0.7
        }
    }
}
