import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import Berth.App
import BerthTest

// View > Theme and View > Group nodes by (AppearanceSettings -> canvas), and File > Open
// Recent (the controller's list): the menus list what they should and act on a click.
Item {
    id: root
    width: 900
    height: 600

    AppearanceSettings { id: appearance }
    Binding { target: AppPalette; property: "dark"; value: appearance.dark }
    ClusterCanvas {
        id: canvas
        anchors.fill: parent
        nodes: TestEnv.controller.nodes
        pods: TestEnv.controller.pods
        dark: appearance.dark
        groupBy: appearance.groupBy
    }
    MenuBar {
        id: bar
        RecentFilesMenu { id: recentMenu; session: TestEnv.stub.session }
        ViewMenu { id: viewMenu; appearance: appearance; canvas: canvas }
    }

    TestCase {
        name: "ViewMenus"
        when: windowShown

        function initTestCase() {
            TestEnv.controller.session.load([TestEnv.smallCluster])
            tryCompare(TestEnv.controller, "loaded", true, 10000)
            // The recent list: a load over the stub host, once its plan is on show.
            TestEnv.stub.session.load([TestEnv.smallCluster])
            verify(TestEnv.stub.commitReplay())
        }

        function test_1_theme() {
            appearance.theme = AppearanceSettings.Light
            compare(canvas.dark, false)
            const light = String(canvas.background)  // a copy, not a live reference
            viewMenu.open()
            tryCompare(viewMenu, "opened", true)
            const themeMenu = viewMenu.menuAt(0)
            themeMenu.open()
            tryCompare(themeMenu, "opened", true)
            compare(themeMenu.count, 4)  // Light, Dark, High contrast, System
            compare(themeMenu.itemAt(0).checked, true)  // Light
            mouseClick(themeMenu.itemAt(1))             // Dark
            compare(appearance.theme, AppearanceSettings.Dark)
            compare(canvas.dark, true)
            compare(AppPalette.dark, true)
            verify(String(canvas.background) !== light)
            verify(Qt.colorEqual(AppPalette.text, "#e6e9ee"))
            appearance.theme = AppearanceSettings.Light
            compare(AppPalette.dark, false)
        }

        function test_2_groupBy() {
            compare(canvas.groupTitles(), ["zone-a", "zone-b"])
            viewMenu.open()
            tryCompare(viewMenu, "opened", true)
            const groupMenu = viewMenu.menuAt(1)
            groupMenu.open()
            tryCompare(groupMenu, "opened", true)
            // zone, hostname (the small cluster's only other key), none.
            tryCompare(groupMenu, "count", 3)
            compare(groupMenu.itemAt(0).text, "topology.kubernetes.io/zone")
            compare(groupMenu.itemAt(0).checked, true)
            compare(groupMenu.itemAt(1).text, "kubernetes.io/hostname")
            compare(groupMenu.itemAt(2).text, "none")
            // Items made as the menu opens: wait until they are laid out to click one.
            tryVerify(() => groupMenu.itemAt(2).height > 0 && groupMenu.itemAt(2).mapToItem(null, 0, 0).y > 0, 5000)
            waitForRendering(groupMenu.contentItem)
            mouseClick(groupMenu.itemAt(2))
            compare(appearance.groupBy, "")
            compare(canvas.groupTitles(), ["all nodes"])
            appearance.groupBy = "kubernetes.io/hostname"
            compare(canvas.groupTitles(), ["node-a1", "node-a2", "node-b1", "node-b2"])
            appearance.groupBy = "topology.kubernetes.io/zone"
        }

        function test_3_recent() {
            compare(TestEnv.stub.session.recentFiles.count, 1)
            recentMenu.open()
            tryCompare(recentMenu, "opened", true)
            // The entry, a separator, "Clear recent".
            tryCompare(recentMenu, "count", 3)
            compare(recentMenu.itemAt(0).text, "small-cluster.yaml")
            verify(recentMenu.itemAt(0).enabled)
            mouseClick(recentMenu.itemAt(2))
            compare(TestEnv.stub.session.recentFiles.count, 0)
            tryCompare(recentMenu, "count", 2)
        }
    }
}
