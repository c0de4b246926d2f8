import QtQuick
import QtQuick.Controls
import QtTest
import Berth

// The path dialog (File > Save session), without a controller: paths become file URLs, an
// empty path is refused in the dialog, "Replace" is offered only when asked.
Item {
    id: root
    width: 800
    height: 600

    property var accepted: []
    PathDialog {
        id: saveDialog
        title: "Save session"
        accept: (url, overwrite) => { root.accepted.push([url, overwrite]); return "" }
    }
    PathDialog { id: openSessionDialog; askOverwrite: false }

    TestCase {
        name: "PathDialog"
        when: windowShown

        function find(item, type) {
            for (let i = 0; i < item.children.length; ++i) {
                const c = item.children[i]
                if (c instanceof type) return c
                const below = find(c, type)
                if (below) return below
            }
            return null
        }

        function test_empty_path_is_refused() {
            saveDialog.begin("")
            tryCompare(saveDialog, "opened", true)
            mouseClick(saveDialog.standardButton(Dialog.Ok))
            tryCompare(saveDialog, "visible", true)
            compare(saveDialog.error, "No file name")
            compare(root.accepted.length, 0)
            saveDialog.close()
        }

        function test_replace_checkbox() {
            saveDialog.begin("/tmp/s.berth")
            tryCompare(saveDialog, "opened", true)
            const replace = find(saveDialog.contentItem, CheckBox)
            verify(replace.visible)
            compare(replace.checked, false)  // begin() clears it
            replace.checked = true
            mouseClick(saveDialog.standardButton(Dialog.Ok))
            tryCompare(saveDialog, "opened", false)
            compare(root.accepted[0], ["file:///tmp/s.berth", true])
            openSessionDialog.begin("")
            tryCompare(openSessionDialog, "opened", true)
            verify(!find(openSessionDialog.contentItem, CheckBox).visible)
            openSessionDialog.close()
        }
    }
}
