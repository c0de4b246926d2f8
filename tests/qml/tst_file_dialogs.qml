import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtTest
import Berth
import BerthTest

// The file dialogs (FileChooser over Qt Quick Dialogs' FileDialog; offscreen, Qt Quick's own
// implementation is the one shown), driven as a user would: File > Open manifests opens in
// the folder remembered in RecentFiles, a file is picked in its list and opened with its
// button, the URL reaches the handler and the folder is remembered; a handler's error is
// shown in a message.
Item {
    id: root
    width: 1000
    height: 750
    readonly property Item overlay: Overlay.overlay
    readonly property string dataFolder: String(TestEnv.smallCluster).replace(/\/[^\/]*$/, "")

    property var opened: []
    FileChooser {
        id: openChooser
        title: "Open manifests"
        fileMode: FileDialog.OpenFiles
        nameFilters: ["Kubernetes manifests (*.yaml *.yml *.json)", "All files (*)"]
        recent: TestEnv.stub.session.recentFiles
        parentWindow: root.Window.window
        handler: (urls) => { root.opened = urls.map(String); return "" }
    }
    FileChooser {
        id: refusingChooser
        title: "Open session"
        parentWindow: root.Window.window
        handler: (urls) => "not a Berth session: " + urls[0]
    }

    TestCase {
        name: "FileDialogs"
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
            // A button by its properties: the dialog's buttons are the style's own types,
            // which `instanceof AbstractButton` does not recognise.
            if (item.pressed !== undefined && item.text !== undefined && item.visible
                    && item.text.replace("&", "") === text)
                return item
            for (let i = 0; i < item.children.length; ++i) {
                const found = findButton(item.children[i], text)
                if (found) return found
            }
            return null
        }
        function rowNamed(fileName) {
            const list = findNamed(root.overlay, "fileDialogListView")
            for (let i = 0; list && i < list.count; ++i) {
                const d = findNamed(list, "fileDialogDelegate" + i)
                if (d && d.fileName === fileName) return d
            }
            return null
        }
        // The folder is listed asynchronously: wait for the file's row, click it, then Open.
        function pick(fileName) {
            let row = null
            tryVerify(() => (row = rowNamed(fileName)) !== null, 5000)
            mouseClick(row)
            mouseClick(findButton(root.overlay, "Open"))
            return true
        }

        function test_1_openPicksAFileInTheRememberedFolder() {
            TestEnv.stub.session.recentFiles.lastFolder = root.dataFolder
            openChooser.begin()
            compare(String(openChooser.currentFolder), root.dataFolder)
            verify(pick("small-cluster.yaml"), "small-cluster.yaml is listed")
            tryCompare(root, "opened", [String(TestEnv.smallCluster)])
            compare(String(TestEnv.stub.session.recentFiles.lastFolder), root.dataFolder)
            compare(openChooser.error, "")
        }

        function test_2_aRefusalIsShown() {
            refusingChooser.currentFolder = root.dataFolder
            refusingChooser.open()
            verify(pick("small-cluster.yaml"))
            tryCompare(refusingChooser.message, "visible", true)
            compare(refusingChooser.error, "not a Berth session: " + String(TestEnv.smallCluster))
            compare(refusingChooser.message.text, refusingChooser.error)
            let ok = null
            tryVerify(() => (ok = findButton(root.overlay, "OK")) !== null, 5000)
            mouseClick(ok)
            tryCompare(refusingChooser.message, "visible", false)
        }
    }
}
