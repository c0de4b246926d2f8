import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import Berth.App

// View > Theme and View > Group nodes by on their own: AppearanceSettings and an empty canvas,
// no controller. The theme is an AppearanceSettings.Theme; the group menu of a canvas without
// nodes offers the zone and "none".
Item {
    id: root
    width: 600
    height: 400

    AppearanceSettings { id: appearance }
    ClusterCanvas { id: canvas; dark: appearance.dark; groupBy: appearance.groupBy }
    MenuBar {
        ViewMenu { id: viewMenu; appearance: appearance; canvas: canvas }
    }

    TestCase {
        name: "ViewMenuTheme"
        when: windowShown

        function test_theme_items_follow_the_enum() {
            appearance.theme = AppearanceSettings.Dark
            compare(canvas.dark, true)
            viewMenu.open()
            tryCompare(viewMenu, "opened", true)
            const themeMenu = viewMenu.menuAt(0)
            themeMenu.open()
            tryCompare(themeMenu, "opened", true)
            compare(themeMenu.itemAt(1).checked, true)  // Dark
            mouseClick(themeMenu.itemAt(0))             // Light
            compare(appearance.theme, AppearanceSettings.Light)
            compare(canvas.dark, false)
            viewMenu.close()
        }

        function test_group_menu_without_nodes() {
            viewMenu.open()
            tryCompare(viewMenu, "opened", true)
            const groupMenu = viewMenu.menuAt(1)
            groupMenu.open()
            tryCompare(groupMenu, "opened", true)
            tryCompare(groupMenu, "count", 2)
            compare(groupMenu.itemAt(0).text, "topology.kubernetes.io/zone")
            compare(groupMenu.itemAt(1).text, "none")
            viewMenu.close()
        }
    }
}
