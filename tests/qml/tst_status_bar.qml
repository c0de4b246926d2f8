import QtQuick
import QtTest
import Berth
import BerthTest

// The status bar lists the long operations under way, each with how far it has got and a
// Cancel button; a click asks that operation (and only that one) to stop, and a stopped
// operation leaves the bar, which then shows the status line again.
Item {
    id: root
    width: 1280
    height: 60

    StatusBar {
        id: bar
        anchors.left: parent.left
        anchors.right: parent.right
        controller: TestEnv.controller
    }

    TestCase {
        name: "StatusBar"
        when: windowShown

        function label(row) {
            for (let i = 0; i < row.children.length; ++i)
                if (row.children[i].text !== undefined && String(row.children[i].text).indexOf(" — ") >= 0) return row.children[i]
            return null
        }

        function test_1_operationRowsAndCancel() {
            const status = TestEnv.controller.statusText
            const first = TestEnv.startOperation("Running to the end", 4, 10)
            const second = TestEnv.startOperation("Exporting plan.yaml", 0, 0)
            let row = null
            tryVerify(() => (row = findChild(bar, "operation-" + first)) !== null, 2000)
            const text = label(row)
            verify(text)
            tryCompare(text, "text", "Running to the end — scheduling: 4 of 10 pods settled", 2000)
            verify(findChild(bar, "operation-" + second))

            // Cancel the first one: it says so and its button goes grey; the second runs on.
            // The bar lays its rows out at the next polish: click where the button is drawn.
            waitForRendering(bar)
            const cancel = findChild(row, "cancelOperation")
            verify(cancel.enabled)
            mouseClick(cancel)
            verify(TestEnv.operationCancelled(first))
            verify(!TestEnv.operationCancelled(second))
            tryCompare(text, "text", "Running to the end — cancelling…", 2000)
            compare(cancel.enabled, false)

            // Both stop: the rows go and the status line is back.
            TestEnv.finishOperation(first)
            TestEnv.finishOperation(second)
            tryVerify(() => findChild(bar, "operation-" + first) === null && findChild(bar, "operation-" + second) === null, 2000)
            compare(TestEnv.controller.operations.count, 0)
            const line = findChild(bar, "statusLine")
            verify(line.visible)
            compare(line.text, status)
        }
    }
}
