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

        // High contrast: a theme like the others, dark underneath, and the canvas's own set.
        function test_high_contrast_theme() {
            viewMenu.open()
            tryCompare(viewMenu, "opened", true)
            const themeMenu = viewMenu.menuAt(0)
            themeMenu.open()
            tryCompare(themeMenu, "opened", true)
            compare(themeMenu.itemAt(2).text, "High contrast")
            mouseClick(themeMenu.itemAt(2))
            compare(appearance.theme, AppearanceSettings.HighContrast)
            verify(appearance.highContrast && appearance.dark)
            viewMenu.close()
            appearance.theme = AppearanceSettings.Light
            verify(!appearance.highContrast)
        }

        // View > Text size: Larger, Smaller, Usual size step through the scales; the scale is
        // kept for the next run (a second AppearanceSettings reads it back).
        function test_text_size() {
            appearance.resetZoom()
            compare(appearance.uiScale, 1.0)
            viewMenu.open()
            tryCompare(viewMenu, "opened", true)
            const sizeMenu = viewMenu.menuAt(3)
            verify(sizeMenu !== null)
            compare(sizeMenu.title, "Text si&ze (100%)")
            sizeMenu.open()
            tryCompare(sizeMenu, "opened", true)
            mouseClick(sizeMenu.itemAt(0))  // Larger
            compare(appearance.uiScale, 1.1)
            viewMenu.close()
            appearance.zoomIn()
            appearance.zoomIn()
            compare(appearance.uiScale, 1.5)
            const next = Qt.createQmlObject("import Berth.App; AppearanceSettings {}", root)
            compare(next.uiScale, 1.5)
            next.destroy()
            appearance.zoomOut()
            compare(appearance.uiScale, 1.25)
            for (let i = 0; i < 20; ++i) appearance.zoomIn()
            compare(appearance.uiScale, 3.0)  // the largest
            appearance.resetZoom()
            compare(appearance.uiScale, 1.0)
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
