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
        status: TestEnv.run.status
        operations: TestEnv.run.operations
    }

    TestCase {
        name: "StatusBar"
        when: windowShown

        function label(row) {
            for (let i = 0; i < row.children.length; ++i)
                if (row.children[i].text !== undefined && String(row.children[i].text).indexOf(" — ") >= 0) return row.children[i]
            return null
        }

        // The counts and the simulated time, as a batch brings them.
        function test_0_counts() {
            TestEnv.run.setStats(75.5, 8, 2, 1, 12)
            compare(findChild(bar, "simTime").text, "t = 1:15.500")
            compare(findChild(bar, "bound").text, "bound 8")
            compare(findChild(bar, "pending").text, "pending 2")
            const binding = findChild(bar, "binding")
            compare(binding.text, "binding 1")
            verify(binding.visible)
            compare(findChild(bar, "attempts").text, "attempts 12")
            TestEnv.run.setStats(2.25, 9, 2, 0, 13)
            compare(findChild(bar, "simTime").text, "t = 2.250 s")
            verify(!binding.visible)  // nothing is binding: the count hides
        }

        function test_1_operationRowsAndCancel() {
            TestEnv.run.setStatusText("Loaded small-cluster.yaml: 4 nodes, 9 pods")
            const status = TestEnv.run.status.statusText
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
            compare(TestEnv.run.operations.count, 0)
            const line = findChild(bar, "statusLine")
            verify(line.visible)
            compare(line.text, status)
        }
    }
}
