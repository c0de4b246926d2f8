import QtQuick
import QtQuick.Controls
import Berth.App

// View menu: the theme (light, dark, the system's) and the node label the canvas groups
// by. Both live in AppearanceSettings, which keeps them across runs.
Menu {
    id: root
    required property AppearanceSettings appearance
    required property ClusterCanvas canvas
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
}
