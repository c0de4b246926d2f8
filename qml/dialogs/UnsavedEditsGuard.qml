import QtQuick
import QtQuick.Dialogs
import Berth.App

// Before the plan on show is replaced (Open, Open Recent, a drop) or the window closes: a plan
// with unsaved edits (PlanSession.dirty) is saved, discarded, or kept (the action cancelled).
// `run(action)` runs `action()` at once when there is nothing to lose; otherwise after Save
// (`save(then)`: the caller's, which calls `then()` once saved) or Discard.
MessageDialog {
    id: guard
    required property PlanSession planSession
    /// (then) => saves the session, then calls then(); a cancelled save does not.
    property var save: function(then) { then() }
    property var pending: null

    title: qsTr("Unsaved edits")
    text: qsTr("The plan has edits that are not saved.")
    informativeText: qsTr("Save them in a session file first, or discard them?")
    buttons: MessageDialog.Save | MessageDialog.Discard | MessageDialog.Cancel

    function run(action) {
        if (!planSession.dirty) {
            action()
            return
        }
        pending = action
        open()
    }
    onButtonClicked: (button) => {
        const action = pending
        pending = null
        if (!action) return
        if (button === MessageDialog.Discard) action()
        else if (button === MessageDialog.Save) guard.save(action)
    }
}
