import QtQuick
import QtTest
import Berth
import Berth.App
import BerthTest

// The scheduler configuration panel: plugins listed with toggles and weights, a strategy
// switch applied with "Apply & re-run" (one SetSchedulerConfig edit), and reset to defaults.
// Over the stub host: the edit is recorded at once and the test plays the re-run's arrival
// (what moved is tests/app/tst_scheduler_config.cpp's business).
Item {
    id: root
    width: 1120
    height: 900

    SchedulerConfigPanel {
        id: panel
        width: 560
        height: parent.height
        configController: TestEnv.stub.config
    }
    // The same panel over the real controller (worker thread): the re-run and what moved.
    SchedulerConfigPanel {
        id: realPanel
        x: 560
        width: 560
        height: parent.height
        configController: TestEnv.controller.config
    }

    TestCase {
        name: "SchedulerConfigPanel"
        when: windowShown
        readonly property var list: findChild(panel, "pluginList")
        readonly property var diffList: findChild(panel, "diffList")

        function initTestCase() {
            TestEnv.stub.session.load([TestEnv.smallCluster])
            verify(TestEnv.stub.commitReplay())
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
            compare(TestEnv.stub.lastCall, "edit: Scheduler configuration scheduler-config.yaml")
            verify(TestEnv.stub.lastEdit.yaml.indexOf("MostAllocated") >= 0)
            compare(TestEnv.stub.session.history.appliedCount, 1)
            TestEnv.stub.showAppliedEdits()
            compare(panel.config.source, "scheduler-config.yaml")
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
            compare(TestEnv.stub.lastCall, "edit: Default scheduler configuration")
            compare(TestEnv.stub.session.history.appliedCount, 2)
            TestEnv.stub.showAppliedEdits()
            compare(panel.config.strategy, "LeastAllocated")
        }

        function test_5_busyOrNotLoadedDisablesApply() {
            const strategy = findChild(panel, "strategyBox")
            strategy.currentIndex = 1
            strategy.activated(1)
            const apply = findChild(panel, "applyButton")
            tryCompare(apply, "enabled", true, 2000)
            TestEnv.stub.busy = true
            compare(apply.enabled, false)
            compare(findChild(panel, "resetButton").enabled, false)
            TestEnv.stub.busy = false
            compare(apply.enabled, true)
            panel.config.revert()
        }

        function test_6_realRerunListsWhatMoved() {
            const c = TestEnv.controller
            c.session.load([TestEnv.smallCluster])
            tryCompare(c, "loaded", true, 10000)
            c.runToEnd()
            tryCompare(c, "finished", true, 10000)
            const strategy = findChild(realPanel, "strategyBox")
            strategy.currentIndex = 1
            strategy.activated(1)
            const apply = findChild(realPanel, "applyButton")
            tryCompare(apply, "enabled", true, 2000)
            mouseClick(apply)
            compare(realPanel.lastError, "")
            tryCompare(c.session.history, "appliedCount", 1, 10000)
            tryCompare(c, "busy", false, 10000)
            tryCompare(realPanel.diff, "computing", false, 10000)
            verify(realPanel.diff.valid)
            verify(findChild(realPanel, "diffList").count > 0)
            verify(findChild(realPanel, "diffSummary").text.indexOf("moved") >= 0)
            // Each row's kind is a PlacementDiffModel.ChangeKind; a moved pod is drawn as text.
            const kinds = [PlacementDiffModel.Moved, PlacementDiffModel.Unscheduled, PlacementDiffModel.Scheduled]
            for (let i = 0; i < realPanel.diff.count; ++i)
                verify(kinds.indexOf(realPanel.diff.data(realPanel.diff.index(i, 0), Qt.UserRole + 2)) >= 0)
            compare(apply.enabled, false)
        }
    }
}
