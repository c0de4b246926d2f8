import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// The scheduler configuration panel: plugins listed with toggles and weights, a strategy
// switch applied with "Apply & re-run" (recorded in the history), what moved listed, and
// reset to defaults.
Item {
    id: root
    width: 560
    height: 900

    SchedulerConfigPanel {
        id: panel
        anchors.fill: parent
        controller: TestEnv.controller
    }

    TestCase {
        name: "SchedulerConfigPanel"
        when: windowShown
        readonly property var list: findChild(panel, "pluginList")
        readonly property var diffList: findChild(panel, "diffList")

        function initTestCase() {
            TestEnv.controller.load([TestEnv.smallCluster])
            tryCompare(TestEnv.controller, "loaded", true, 10000)
            TestEnv.controller.runToEnd()
            tryCompare(TestEnv.controller, "finished", true, 10000)
        }

        function test_1_pluginsAreListed() {
            verify(list.count > 10)
            const strategy = findChild(panel, "strategyBox")
            compare(strategy.currentText, "LeastAllocated")
            compare(findChild(panel, "applyButton").enabled, false)  // nothing to apply yet
        }

        function test_2_strategySwitchIsAppliedAndDiffed() {
            const strategy = findChild(panel, "strategyBox")
            strategy.currentIndex = 1
            strategy.activated(1)
            compare(panel.config.strategy, "MostAllocated")
            const apply = findChild(panel, "applyButton")
            tryCompare(apply, "enabled", true, 2000)
            mouseClick(apply)
            compare(panel.lastError, "")
            tryCompare(TestEnv.controller.history, "appliedCount", 1, 10000)
            tryCompare(TestEnv.controller, "busy", false, 10000)
            tryCompare(panel.diff, "computing", false, 10000)
            verify(panel.diff.valid)
            verify(diffList.count > 0)
            verify(findChild(panel, "diffSummary").text.indexOf("moved") >= 0)
            // Each row's kind is a PlacementDiffModel.ChangeKind; a moved pod is drawn as text.
            const kinds = [PlacementDiffModel.Moved, PlacementDiffModel.Unscheduled, PlacementDiffModel.Scheduled]
            for (let i = 0; i < panel.diff.count; ++i)
                verify(kinds.indexOf(panel.diff.data(panel.diff.index(i, 0), Qt.UserRole + 2)) >= 0)
            compare(apply.enabled, false)
        }

        function test_3_weightZeroIsAnError() {
            let row = -1
            for (let i = 0; i < panel.config.rowCount(); ++i)
                if (panel.config.data(panel.config.index(i, 0), Qt.UserRole + 1) === "ImageLocality") row = i
            verify(row >= 0)
            panel.config.setWeight(row, 0)
            verify(panel.config.errors.length > 0)
            compare(findChild(panel, "applyButton").enabled, false)
            verify(findChild(panel, "configErrors").visible)
            panel.config.revert()
            compare(panel.config.errors.length, 0)
        }

        function test_4_resetToDefaults() {
            mouseClick(findChild(panel, "resetButton"))
            tryCompare(TestEnv.controller.history, "appliedCount", 2, 10000)
            tryCompare(TestEnv.controller, "busy", false, 10000)
            tryCompare(panel.config, "strategy", "LeastAllocated", 5000)
        }
    }
}
