import QtQuick
import QtQuick.Dialogs

// Asks before a destructive action: `ask(text, detail, action)` shows the question and runs
// `action()` only on the confirming button (`confirmButton`: Ok, Yes, Discard...). Nothing
// happens on the other buttons.
MessageDialog {
    id: dialog
    /// The button that confirms (MessageDialog.Ok by default).
    property int confirmButton: MessageDialog.Ok
    /// What to do once confirmed, while the question is on show.
    property var pending: null

    buttons: confirmButton | MessageDialog.Cancel

    function ask(question, detail, action) {
        text = question
        informativeText = detail || ""
        pending = action
        open()
    }
    onButtonClicked: (button) => {
        const action = pending
        pending = null
        if (button === confirmButton && action) action()
    }
}
