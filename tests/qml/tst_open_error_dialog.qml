import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import BerthTest

// A refused open (here: a drop of files that are not manifests) opens the dialog, which names
// what was refused and lists the problems, at most twelve; the plan on show is unchanged.
// Over the stub host's SessionController (no worker thread).
Item {
    id: root
    width: 900
    height: 600

    OpenErrorDialog {
        id: dialog
        anchors.centerIn: parent
        session: TestEnv.stub.session
    }

    TestCase {
        name: "OpenErrorDialog"
        when: windowShown

        function labels() {
            const out = []
            const stack = [dialog.contentItem]
            while (stack.length > 0) {
                const item = stack.pop()
                if (item.text !== undefined && item.visible) out.push(String(item.text))
                for (let i = 0; i < item.children.length; ++i) stack.push(item.children[i])
            }
            return out.join("\n")
        }

        function test_1_refusedDropOpensIt() {
            verify(!dialog.visible)
            TestEnv.stub.session.openDropped(["file:///tmp/notes.txt", "file:///tmp/picture.png"])
            tryCompare(dialog, "opened", true, 2000)
            verify(dialog.message.indexOf("Not opened") === 0, dialog.message)
            compare(dialog.problems.length, 2)
            const text = labels()
            verify(text.indexOf(dialog.message) >= 0, text)
            verify(text.indexOf("notes.txt") >= 0, text)
            verify(text.indexOf("The plan on show is unchanged.") >= 0, text)
            mouseClick(dialog.standardButton(Dialog.Ok))
            tryCompare(dialog, "visible", false, 2000)
        }

        function test_2_longListsAreCut() {
            const urls = []
            for (let i = 1; i <= 15; ++i) urls.push("file:///tmp/file-" + i + ".txt")
            TestEnv.stub.session.openDropped(urls)
            tryCompare(dialog, "opened", true, 2000)
            compare(dialog.problems.length, 15)
            const text = labels()
            verify(text.indexOf("file-12.txt") >= 0, text)
            verify(text.indexOf("file-13.txt") < 0, text)
            verify(text.indexOf("… and 3 more") >= 0, text)
            dialog.close()
        }
    }
}
