import QtQuick
import QtQuick.Controls
import QtTest
import Berth

// Node > Add node pool, without a controller: the pool dialog emits what the user entered.
// (File > Export placements: tst_save_dialogs.qml.)
Item {
    id: root
    width: 800
    height: 600

    NodePoolDialog { id: poolDialog; templateNode: "node-a1" }
    SignalSpy { id: poolSpy; target: poolDialog; signalName: "poolRequested" }

    TestCase {
        name: "PoolDialog"
        when: windowShown

        function clickOk(dialog) { mouseClick(dialog.standardButton(Dialog.Ok)) }

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
