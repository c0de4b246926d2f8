import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtTest
import Berth
import BerthTest

// The save dialogs (FileChooser in SaveFile mode over Qt Quick Dialogs' FileDialog; offscreen,
// Qt Quick's own implementation is the one shown), driven as a user would: a name typed in
// the dialog's name field and Save clicked (no Enter: Qt 6.4's dialog alone would hand back
// only ".berth"), nothing typed, an existing file (a question first), and File > Export
// whose typed extension picks the format.
Item {
    id: root
    width: 1000
    height: 750
    readonly property Item overlay: Overlay.overlay
    readonly property string dataFolder: String(TestEnv.smallCluster).replace(/\/[^\/]*$/, "")
    readonly property string tempFolder: String(TestEnv.tempDir).replace(/\/$/, "")

    property var saved: []
    FileChooser {
        id: saveChooser
        title: "Save session"
        fileMode: FileDialog.SaveFile
        defaultSuffix: "berth"
        nameFilters: ["Berth sessions (*.berth)", "All files (*)"]
        recent: TestEnv.stub.session.recentFiles
        parentWindow: root.Window.window
        handler: (urls, overwrite) => { root.saved.push([String(urls[0]), overwrite]); return "" }
    }

    property var exported: []
    ExportDialog {
        id: exportDialog
        recent: TestEnv.stub.session.recentFiles
        parentWindow: root.Window.window
        inferFormat: (url, chosen) => TestEnv.stub.session.exportFormatFor(url, chosen)
        accept: (url, format, ns, overwrite) => {
            root.exported.push({ url: String(url), format: format, ns: ns, overwrite: overwrite })
            return ""
        }
    }

    TestCase {
        name: "SaveDialogs"
        when: windowShown

        function findNamed(item, name) {
            if (!item) return null
            if (item.objectName === name && item.visible) return item  // not a closed dialog's
            for (let i = 0; i < item.children.length; ++i) {
                const found = findNamed(item.children[i], name)
                if (found) return found
            }
            return null
        }
        function findButton(item, text) {
            if (!item) return null
            // The dialog's buttons are the style's own types: found by their properties.
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
        /// Types `name` into the save dialog's name field, as a user would (click, clear, keys).
        function typeName(name) {
            let field = null
            tryVerify(() => (field = findNamed(root.overlay, "fileNameTextField")) !== null, 5000)
            mouseClick(field)
            field.selectAll()
            keyClick(Qt.Key_Backspace)
            for (const c of name) keyClick(c)
            compare(field.text, name)
        }

        function init() {
            root.saved = []
            root.exported = []
            TestEnv.stub.session.recentFiles.lastFolder = root.tempFolder
        }

        function test_1_aTypedNameIsSaved() {
            saveChooser.begin("plan.berth")
            compare(String(saveChooser.currentFolder), root.tempFolder)
            typeName("my-plan")
            click("Save")  // the button says Save, not Open
            tryCompare(root.saved, "length", 1)
            // The folder plus the typed name, the default suffix added, as a file URL.
            compare(root.saved[0][0], root.tempFolder + "/my-plan.berth")
            compare(root.saved[0][1], false)
            compare(saveChooser.error, "")
        }

        function test_2_theSuggestedNameIsSavedAsIs() {
            saveChooser.begin("plan.berth")
            click("Save")
            tryCompare(root.saved, "length", 1)
            compare(root.saved[0][0], root.tempFolder + "/plan.berth")
        }

        // An empty name saves nothing: Qt's own dialog takes Save as "into this folder" and
        // stays; were a name-less file handed back (".berth"), the chooser refuses it.
        function test_3_noNameSavesNothing() {
            saveChooser.begin("")
            typeName("")
            click("Save")
            wait(300)
            compare(root.saved.length, 0)
            if (saveChooser.message.visible) {
                compare(saveChooser.error, "No file name")
                click("OK")
            }
            saveChooser.close()
            tryCompare(saveChooser, "visible", false)
        }

        function test_4_anExistingFileIsReplacedOnlyAfterAsking() {
            TestEnv.stub.session.recentFiles.lastFolder = root.dataFolder
            saveChooser.begin("small-cluster.yaml")
            click("Save")
            tryCompare(saveChooser.replaceQuestion, "visible", true)
            compare(saveChooser.replaceQuestion.text, "small-cluster.yaml already exists. Replace it?")
            click("No")
            tryCompare(saveChooser.replaceQuestion, "visible", false)
            compare(root.saved.length, 0)

            saveChooser.begin("small-cluster.yaml")
            click("Save")
            tryCompare(saveChooser.replaceQuestion, "visible", true)
            click("Yes")
            tryCompare(root.saved, "length", 1)
            compare(root.saved[0], [String(TestEnv.smallCluster), true])
        }

        function test_5_exportTakesTheFormatFromTheTypedExtension() {
            exportDialog.begin()
            tryCompare(exportDialog, "opened", true)
            compare(exportDialog.format, "pods")  // the first format is the default
            waitForRendering(exportDialog.contentItem, 500)
            mouseClick(exportDialog.standardButton(Dialog.Ok))
            tryCompare(exportDialog, "opened", false)  // then the save dialog opens (typeName waits for it)
            compare(exportDialog.fileChooser.defaultSuffix, "yaml")
            typeName("report.csv")
            click("Save")
            tryCompare(root.exported, "length", 1)
            compare(root.exported[0].url, root.tempFolder + "/report.csv")
            compare(root.exported[0].format, "csv")  // .csv: the CSV report, whatever was picked
            compare(root.exported[0].ns, "")
        }

        function test_6_exportKeepsTheFormatAYamlNameCannotTell() {
            exportDialog.begin()
            tryCompare(exportDialog, "opened", true)
            const box = findChild(exportDialog.contentItem, "formatBox")
            box.currentIndex = 1  // bindings
            waitForRendering(exportDialog.contentItem, 500)
            mouseClick(exportDialog.standardButton(Dialog.Ok))
            tryCompare(exportDialog, "opened", false)  // then the save dialog opens (typeName waits for it)
            typeName("bindings")  // no extension: the default suffix (.yaml) is added
            click("Save")
            tryCompare(root.exported, "length", 1)
            compare(root.exported[0].url, root.tempFolder + "/bindings.yaml")
            compare(root.exported[0].format, "bindings")
        }
    }
}
