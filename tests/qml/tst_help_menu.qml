import QtQuick
import QtQuick.Controls
import QtTest
import Berth
import Berth.App
import BerthTest

// The Help menu (last, after a menu the window adds), Help > About (version, kube-scheduler
// release, licence), Help > Keyboard shortcuts (read from the menus and the window's
// Shortcuts) and the shortcuts shown in the menus.
Item {
    id: root
    width: 1000
    height: 700

    PlannerMenuBar {
        id: menuBar
        width: parent.width
        session: TestEnv.stub.session
        planner: TestEnv.stub.planner
        onAboutRequested: about.open()
        onShortcutsRequested: shortcuts.open()
        onConceptsRequested: concepts.open()
        Menu { title: qsTr("&View") }  // as Main.qml adds ViewMenu
    }
    Shortcut { id: play; sequence: "Space"; property string help: "Play or pause" }
    Shortcut { sequences: ["N", "Right"]; property string help: "Step one extension point" }
    Shortcut { sequence: "Ctrl+Alt+X" }  // no help: not listed
    AboutDialog { id: about }
    ConceptsDialog { id: concepts }
    ShortcutsDialog { id: shortcuts; menuBar: menuBar; scope: root }

    TestCase {
        name: "HelpMenu"
        when: windowShown

        function menu(title) {
            for (let i = 0; i < menuBar.count; ++i)
                if (menuBar.menuAt(i).title.replace("&", "") === title) return menuBar.menuAt(i)
            return null
        }
        function itemNamed(m, text) {
            for (let i = 0; i < m.count; ++i)
                if (m.itemAt(i) && m.itemAt(i).text === text) return m.itemAt(i)
            return null
        }

        function test_helpIsTheLastMenu() {
            compare(menuBar.menuAt(menuBar.count - 1).title, "&Help")
            compare(menuBar.menuAt(menuBar.count - 2).title, "&View")
        }

        function test_menusShowShortcuts() {
            const file = menu("File")
            file.open()
            tryCompare(file, "opened", true)
            const open = itemNamed(file, "Open manifests…")
            compare(open.shortcutText, "Ctrl+O")
            compare(itemNamed(file, "Save session as…").shortcutText, "Ctrl+Shift+S")
            compare(itemNamed(file, "Open session…").shortcutText, "")
            // The shortcut is drawn beside the text, inside the item.
            const labels = open.contentItem.children
            compare(labels[1].text, "Ctrl+O")
            verify(labels[1].visible)
            verify(labels[1].x > labels[0].x)
            verify(labels[1].x + labels[1].width <= open.contentItem.width + 0.5)
            file.close()
        }

        function test_aboutSaysVersionReleaseAndLicence() {
            const help = menu("Help")
            help.open()
            tryCompare(help, "opened", true)
            mouseClick(itemNamed(help, "About Berth…"))
            tryCompare(about, "opened", true)
            verify(/^\d+\.\d+\.\d+/.test(about.info.version), about.info.version)
            verify(/^1\.\d+$/.test(about.info.kubeRelease), about.info.kubeRelease)
            compare(about.info.license, "Apache-2.0")
            compare(about.versionText, "Version " + about.info.version)
            verify(about.kubeText.indexOf("kube-scheduler " + about.info.kubeRelease + " ") >= 0, about.kubeText)
            compare(about.licenseText, "Licence: Apache-2.0")
            about.close()
            tryCompare(about, "visible", false)
        }

        function test_shortcutsListsMenusAndWindowKeys() {
            const help = menu("Help")
            help.open()
            tryCompare(help, "opened", true)
            compare(itemNamed(help, "Keyboard shortcuts…").shortcutText, "F1")
            mouseClick(itemNamed(help, "Keyboard shortcuts…"))
            tryCompare(shortcuts, "opened", true)
            const rows = []
            for (let i = 0; i < shortcuts.rows.count; ++i) {
                const r = shortcuts.rows.get(i)
                rows.push(r.group + "|" + r.action + "|" + r.keys)
            }
            verify(rows.indexOf("Window|Play or pause|Space") >= 0, rows)
            verify(rows.indexOf("Window|Step one extension point|N, Right") >= 0, rows)
            verify(rows.indexOf("File|Open manifests|Ctrl+O") >= 0, rows)
            verify(rows.indexOf("Edit|Undo|Ctrl+Z") >= 0, rows)
            verify(rows.indexOf("Help|Keyboard shortcuts|F1") >= 0, rows)
            compare(rows.filter(r => r.indexOf("Ctrl+Alt+X") >= 0).length, 0)  // no help text
            compare(rows.filter(r => r.indexOf("Open session") >= 0).length, 0)  // no shortcut
            shortcuts.close()
        }

        // Help > Concepts shows the README's "Concepts" section, rendered: the text is the
        // section as the build cut it out of README.md, every concept of the pipeline in it.
        function test_conceptsShowTheReadmeSection() {
            const help = menu("Help")
            help.open()
            tryCompare(help, "opened", true)
            mouseClick(itemNamed(help, "Concepts…"))
            tryCompare(concepts, "opened", true)
            const source = concepts.info.concepts
            verify(source.startsWith("## Concepts\n"), source.slice(0, 40))
            verify(source.indexOf("\n## ") < 0, "the next README section leaked in")
            for (const word of ["scheduling queue", "scheduling cycle", "FitError", "Preemption", "Assume and bind"])
                verify(concepts.text.indexOf(word) >= 0, word)
            verify(concepts.text.indexOf("## Concepts") < 0)  // the title says it
            const body = findChild(concepts, "conceptsText")
            verify(body.visible)
            // Rendered and wrapped: many lines tall, and no wider than the dialog.
            verify(body.contentHeight > 20 * body.font.pixelSize, body.contentHeight)
            verify(body.contentWidth <= concepts.availableWidth, body.contentWidth)
            concepts.close()
            tryCompare(concepts, "visible", false)
        }
    }
}
