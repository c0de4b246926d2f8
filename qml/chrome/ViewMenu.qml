import QtQuick
import QtQuick.Controls
import Berth.App

// View menu: the theme (light, dark, the system's), the node label the canvas groups by
// and the text size, all kept across runs by AppearanceSettings; presenter mode.
Menu {
    id: root
    required property AppearanceSettings appearance
    required property ClusterCanvas canvas
    property bool presenter: false
    signal presenterToggled()
    title: qsTr("&View")


    Menu {
        title: qsTr("&Theme")
        ButtonGroup { id: themes }
        MenuItem {
            text: qsTr("Light")
            checkable: true
            checked: root.appearance.theme === AppearanceSettings.Light
            ButtonGroup.group: themes
            onTriggered: root.appearance.theme = AppearanceSettings.Light
        }
        MenuItem {
            text: qsTr("Dark")
            checkable: true
            checked: root.appearance.theme === AppearanceSettings.Dark
            ButtonGroup.group: themes
            onTriggered: root.appearance.theme = AppearanceSettings.Dark
        }
        MenuItem {
            text: qsTr("High contrast")
            checkable: true
            checked: root.appearance.theme === AppearanceSettings.HighContrast
            ButtonGroup.group: themes
            onTriggered: root.appearance.theme = AppearanceSettings.HighContrast
        }
        MenuItem {
            text: qsTr("System")
            checkable: true
            checked: root.appearance.theme === AppearanceSettings.System
            ButtonGroup.group: themes
            onTriggered: root.appearance.theme = AppearanceSettings.System
        }
    }
    Menu {
        id: groupMenu
        title: qsTr("&Group nodes by")
        // The keys on the nodes now: read as the menu opens, not on every layout.
        property var keys: []
        onAboutToShow: keys = root.canvas.availableGroupKeys().concat([""])
        ButtonGroup { id: groups }
        Instantiator {
            model: groupMenu.keys
            delegate: MenuItem {
                required property var modelData
                text: modelData.length > 0 ? modelData : qsTr("none")
                checkable: true
                checked: root.appearance.groupBy === modelData
                ButtonGroup.group: groups
                onTriggered: root.appearance.groupBy = modelData
            }
            onObjectAdded: (index, object) => groupMenu.insertItem(index, object)
            onObjectRemoved: (index, object) => groupMenu.removeItem(object)
        }
    }

    MenuItem {
        text: qsTr("Presenter mode (F5)")
        checkable: true
        checked: root.presenter
        onTriggered: root.presenterToggled()
    }
    Menu {
        title: qsTr("Text si&ze (%1%)").arg(Math.round(root.appearance.uiScale * 100))
        MenuItem { text: qsTr("Larger (Ctrl++)"); onTriggered: root.appearance.zoomIn() }
        MenuItem { text: qsTr("Smaller (Ctrl+−)"); onTriggered: root.appearance.zoomOut() }
        MenuItem { text: qsTr("Usual size (Ctrl+0)"); onTriggered: root.appearance.resetZoom() }
    }
}
