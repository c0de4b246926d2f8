import QtQuick
import QtTest
import Berth
import BerthTest

// The scheduler configuration panel: plugins listed with toggles and weights, a strategy
// switch applied with "Apply & re-run" (one SetSchedulerConfig edit), and reset to defaults.
// Over the stub host: the edit is recorded at once and the test plays the re-run's arrival
// (what moved is tests/app/tst_scheduler_config.cpp's business).
Item {
    id: root
    width: 560
    height: 900

    SchedulerConfigPanel {
        id: panel
        anchors.fill: parent
        configController: TestEnv.stub.config
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
    }
}
