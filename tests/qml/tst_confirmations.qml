import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtTest
import Berth
import BerthTest

// Destructive actions ask first: ConfirmDialog runs its action only on the confirming
// button; UnsavedEditsGuard lets an open or a close through at once when nothing is
// unsaved, and otherwise only after Discard or a Save.
Item {
    id: root
    width: 800
    height: 600
    readonly property Item overlay: Overlay.overlay
    property int done: 0
    property var saveThen: null

    ConfirmDialog { id: confirm; parentWindow: root.Window.window; title: "Delete" }
    UnsavedEditsGuard {
        id: guard
        planSession: TestEnv.stub.session.planSession
        parentWindow: root.Window.window
        save: (then) => { root.saveThen = then }
    }

    TestCase {
        name: "Confirmations"
        when: windowShown

        function findButton(item, text) {
            if (!item) return null
            if (item.pressed !== undefined && item.text !== undefined && item.visible
                    && item.text.replace("&", "") === text)
                return item
            for (let i = 0; i < item.children.length; ++i) {
                const found = findButton(item.children[i], text)
                if (found) return found
            }
            return null
        }
        function click(text) {
            let button = null
            tryVerify(() => (button = findButton(root.overlay, text)) !== null, 5000, text + " is shown")
            // Laid out first: until then a dialog's buttons lie on top of each other.
            waitForRendering(button, 500)
            mouseClick(button)
        }
        function init() { root.done = 0; root.saveThen = null }
        // A fresh plan (nothing unsaved) before, and again after: the stub is shared with the
        // other test files.
        function freshPlan() {
            TestEnv.stub.session.load([TestEnv.smallCluster])
            verify(TestEnv.stub.commitReplay())
        }
        function initTestCase() { freshPlan() }
        function cleanupTestCase() { freshPlan() }

        function test_1_deleteRunsOnlyOnOk() {
            confirm.ask("Delete node node-a1?", "Its pods go back to the queue.", () => ++root.done)
            tryCompare(confirm, "visible", true)
            compare(confirm.text, "Delete node node-a1?")
            click("Cancel")
            tryCompare(confirm, "visible", false)
            compare(root.done, 0)
            confirm.ask("Delete node node-a1?", "", () => ++root.done)
            click("OK")
            tryCompare(root, "done", 1)
        }

        function test_2_nothingUnsavedGoesThrough() {
            verify(!TestEnv.stub.session.planSession.dirty)
            guard.run(() => ++root.done)
            compare(root.done, 1)
            verify(!guard.visible)
        }

        function test_3_unsavedEditsAreAskedAbout() {
            TestEnv.stub.planner.cordonNode("node-a1")  // an edit: the session has unsaved work
            verify(TestEnv.stub.session.planSession.dirty)
            guard.run(() => ++root.done)
            tryCompare(guard, "visible", true)
            click("Cancel")
            tryCompare(guard, "visible", false)
            compare(root.done, 0)  // kept: nothing opened or closed

            guard.run(() => ++root.done)
            click("Discard")
            tryCompare(root, "done", 1)

            guard.run(() => ++root.done)
            click("Save")
            tryVerify(() => root.saveThen !== null)
            compare(root.done, 1)  // not before the save is done
            root.saveThen()
            compare(root.done, 2)
        }
    }
}
