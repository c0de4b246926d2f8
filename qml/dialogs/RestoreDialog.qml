import QtQuick
import QtQuick.Controls
import Berth.App

// Offered at start-up when the previous session did not exit cleanly (killed, crashed):
// its last autosave can be restored or discarded.
Dialog {
    id: dialog
    required property SessionController session
    title: qsTr("Restore the previous session?")
    modal: true
    standardButtons: Dialog.Yes | Dialog.Discard
    Label {
        text: qsTr("Berth did not exit cleanly last time. Restore the session as it was autosaved?")
        wrapMode: Text.Wrap
        width: 420
    }
    onAccepted: dialog.session.restoreSession()
    onDiscarded: {
        dialog.session.discardRestore()
        dialog.close()
    }
    // Closing it otherwise (Escape) decides nothing: the offer comes back next time.
}
