import QtQuick
import QtQuick.Controls
import QtTest
import Berth

// File > Export placements and Node > Add node pool, without a controller: the export dialog
// hands its path, format and namespace to the caller's accept() and stays open on an error;
// the pool dialog emits what the user entered.
Item {
    id: root
    width: 800
    height: 600

    property var exported: []
    ExportDialog {
        id: exportDialog
        accept: (url, overwrite) => {
            root.exported.push({ url: url, overwrite: overwrite, format: exportDialog.format,
                                 ns: exportDialog.exportNamespace })
            return url.endsWith("/refused.yaml") ? "cannot write there" : ""
        }
    }
    NodePoolDialog { id: poolDialog; templateNode: "node-a1" }
    SignalSpy { id: poolSpy; target: poolDialog; signalName: "poolRequested" }

    TestCase {
        name: "ExportAndPoolDialogs"
        when: windowShown

        function textFields(item) {
            let found = []
            for (let i = 0; i < item.children.length; ++i) {
                const c = item.children[i]
                if (c instanceof TextField) found.push(c)
                found = found.concat(textFields(c))
            }
            return found
        }

        // Not dialog.accept(): PathDialog's `accept` property (the caller's function) hides it.
        function clickOk(dialog) { mouseClick(dialog.standardButton(Dialog.Ok)) }

        function test_export() {
            exportDialog.begin("/tmp/out.yaml")
            tryCompare(exportDialog, "opened", true)
            compare(exportDialog.format, "pods")  // the first format is the default
            const fields = textFields(exportDialog.contentItem)
            compare(fields.length, 2)  // the path, the namespace
            fields[1].text = " team-a "
            clickOk(exportDialog)
            tryCompare(exportDialog, "opened", false)
            compare(root.exported.length, 1)
            compare(root.exported[0].url, "file:///tmp/out.yaml")  // a plain path becomes a URL
            compare(root.exported[0].ns, "team-a")
            compare(root.exported[0].overwrite, false)
        }

        function test_export_error_keeps_the_dialog_open() {
            exportDialog.begin("/tmp/refused.yaml")
            tryCompare(exportDialog, "opened", true)
            clickOk(exportDialog)
            tryCompare(exportDialog, "visible", true)
            compare(exportDialog.error, "cannot write there")
            exportDialog.close()
        }

        function test_pool() {
            poolDialog.open()
            tryCompare(poolDialog, "opened", true)
            compare(poolDialog.title, "Add a node pool like node-a1")
            findChild(poolDialog.contentItem, "count").value = 5
            findChild(poolDialog.contentItem, "zone").text = "zone-z "
            clickOk(poolDialog)
            compare(poolSpy.count, 1)
            compare(poolSpy.signalArguments[0][0], "node-a1")
            compare(poolSpy.signalArguments[0][1], 5)
            compare(poolSpy.signalArguments[0][2], "zone-z")
            compare(poolSpy.signalArguments[0][3], "pool")
        }
    }
}
