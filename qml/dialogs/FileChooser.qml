import QtQuick
import QtQuick.Dialogs
import Berth.App

// Chooses files to open, or one to save to, with Qt Quick Dialogs' FileDialog: the desktop's
// own dialog where the platform has one (GTK, KDE, through qt6-gtk-platformtheme or the
// portal), Qt Quick's otherwise. It opens in the folder a file was last chosen in
// (RecentFiles.lastFolder, kept in QSettings) and hands the choice to the caller's
// `handler(urls, overwrite)`, which returns an error to show or "" when done.
//
// Saving (fileMode: FileDialog.SaveFile): an existing file is replaced only after a
// question (asked here, the same on every platform: DontConfirmOverwrite keeps a native
// dialog from asking twice), and Qt 6.4's own dialog is mended (QTBUG-style flaws measured
// in tests/qml/tst_save_dialogs.qml): it takes the typed name only on Enter or focus loss,
// so a click on Save handed back the folder plus ".<defaultSuffix>"; and the name it did
// take came back as a bare path, not a file URL.
//
// parentWindow must be set (e.g. `parentWindow: someItem.Window.window`): a dialog finds the
// window it opens over only when its parent item has one as it is created, and a test's has not.
FileDialog {
    id: dialog
    /// Where the folder is remembered and files are checked for; null: the dialog starts
    /// where Qt chooses, and nothing asks before replacing (the handler refuses instead).
    property RecentFiles recent: null
    /// (urls: the chosen file URLs, overwrite: the user agreed to replace) => "" or an error.
    property var handler: function(urls, overwrite) { return "" }
    /// The last error the handler returned ("" when it succeeded).
    property string error: ""
    /// The file to replace, while the question is on show.
    property url pendingFile
    readonly property bool saving: fileMode === FileDialog.SaveFile
    /// The error on show after a choice.
    readonly property MessageDialog message: MessageDialog {
        parentWindow: dialog.parentWindow  // its parent is no item to find the window from
        title: dialog.title
        text: dialog.error
        buttons: MessageDialog.Ok
    }
    /// "Replace it?" before an existing file is overwritten.
    readonly property MessageDialog replaceQuestion: MessageDialog {
        parentWindow: dialog.parentWindow
        title: dialog.title
        text: qsTr("%1 already exists. Replace it?").arg(dialog.fileNameOf(dialog.pendingFile))
        buttons: MessageDialog.Yes | MessageDialog.No
        onButtonClicked: (button) => { if (button === MessageDialog.Yes) dialog.deliver([dialog.pendingFile], true) }
    }

    acceptLabel: saving ? qsTr("Save") : ""
    options: saving ? FileDialog.DontConfirmOverwrite : 0

    /// Opens the dialog in the remembered folder; to save, with `suggestedName` in its name field.
    function begin(suggestedName) {
        if (recent) currentFolder = recent.lastFolder
        if (saving && suggestedName)
            selectedFile = suggestedName.startsWith("/") ? "file://" + suggestedName
                                                         : String(currentFolder) + "/" + suggestedName
        open()
        if (saving) Qt.callLater(mendNameField)
    }

    function fileNameOf(url) { return String(url).replace(/^.*\//, "") }
    /// A file URL for what the dialog handed back (Qt 6.4's own dialog: a bare path).
    function fileUrl(chosen) {
        const s = String(chosen)
        return s.length === 0 || /^[a-z]+:/.test(s) ? s : "file://" + s
    }
    /// Qt 6.4's own dialog commits its name field on editingFinished only: commit every edit,
    /// so that the Save button sees what is typed. (Nothing to do for a native dialog.)
    property Item mendedField: null
    function mendNameField() {
        const field = findNameField(parentWindow ? parentWindow.contentItem : null)
        if (!field || field === mendedField) return
        mendedField = field
        field.textChanged.connect(() => { if (field.activeFocus) field.editingFinished() })
    }
    function findNameField(item) {
        if (!item) return null
        if (item.objectName === "fileNameTextField" && item.visible) return item
        for (let i = item.children.length - 1; i >= 0; --i) {  // the overlay is on top: last
            const found = findNameField(item.children[i])
            if (found) return found
        }
        return null
    }

    function deliver(urls, overwrite) {
        error = handler(urls, overwrite)
        if (error.length > 0) message.open()
    }
    onAccepted: {
        // Saving: a file URL made of what Qt 6.4's own dialog hands back (see above).
        const chosen = fileMode === FileDialog.OpenFiles ? selectedFiles : [saving ? fileUrl(selectedFile) : selectedFile]
        if (recent && chosen.length > 0) recent.lastFolder = String(chosen[0]).replace(/\/[^\/]*$/, "")
        if (!saving) {
            deliver(chosen, false)
            return
        }
        // Nothing typed: the dialog hands back the folder plus the default suffix.
        const name = fileNameOf(chosen[0])
        if (name.length === 0 || (defaultSuffix.length > 0 && name === "." + defaultSuffix)) {
            error = qsTr("No file name")
            message.open()
        } else if (recent && recent.fileExists(chosen[0])) {
            pendingFile = chosen[0]
            replaceQuestion.open()
        } else {
            deliver(chosen, false)
        }
    }
}
