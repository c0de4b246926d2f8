import QtQuick
import QtQuick.Dialogs
import Berth.App

// Chooses files to open with Qt Quick Dialogs' FileDialog: the desktop's own dialog where the
// platform has one (GTK, KDE, through qt6-gtk-platformtheme or the portal), Qt Quick's
// otherwise. It opens in the folder a file was last chosen in (RecentFiles.lastFolder, kept
// in QSettings) and hands the choice to the caller's `handler(urls)`, which returns an error
// to show or "" when done. (Saving still goes through PathDialog: Qt 6.4's own dialog loses
// the typed name in save mode and would save ".berth".)
//
// parentWindow must be set (e.g. `parentWindow: someItem.Window.window`): a dialog finds the
// window it opens over only when its parent item has one as it is created, and a test's has not.
FileDialog {
    id: dialog
    /// Where the folder is remembered; null: the dialog starts where Qt chooses.
    property RecentFiles recent: null
    /// (urls: the chosen file URLs) => "" or an error to show.
    property var handler: function(urls) { return "" }
    /// The last error the handler returned ("" when it succeeded).
    property string error: ""
    /// The error on show after a choice.
    readonly property MessageDialog message: MessageDialog {
        parentWindow: dialog.parentWindow  // its parent is no item to find the window from
        title: dialog.title
        text: dialog.error
        buttons: MessageDialog.Ok
    }

    /// Opens the dialog in the remembered folder.
    function begin() {
        if (recent) currentFolder = recent.lastFolder
        open()
    }
    onAccepted: {
        const chosen = fileMode === FileDialog.OpenFiles ? selectedFiles : [selectedFile]
        if (recent && chosen.length > 0) recent.lastFolder = String(chosen[0]).replace(/\/[^\/]*$/, "")
        error = handler(chosen)
        if (error.length > 0) message.open()
    }
}
