import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Berth

// Help > Keyboard shortcuts: every key the window answers, read from where the keys are
// defined so the list cannot fall behind: the menu bar's actions (menu, text, shortcut) and
// the window's Shortcut objects that carry a `help` text (Main.qml).
Dialog {
    id: dialog
    title: qsTr("Keyboard shortcuts")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay
    width: 520
    height: Math.min(560, (parent ? parent.height : 560) - 40)

    /// The MenuBar whose menus' actions are listed.
    property MenuBar menuBar: null
    /// The object whose `data` holds the Shortcuts with a `help` property (the window).
    property var scope: null
    /// Rows {group, action, keys}, filled when the dialog opens.
    readonly property ListModel rows: ListModel {}

    function keysOf(shortcut) {
        return shortcut.sequences && shortcut.sequences.length > 0 ? shortcut.sequences.join(", ")
                                                                   : String(shortcut.sequence)
    }
    function collect() {
        rows.clear()
        const objects = scope ? scope.data : []  // read now: `data` has no change signal
        for (let i = 0; i < objects.length; ++i) {
            const o = objects[i]
            // A Shortcut: `sequences` is always a list (`sequence` is undefined when unset).
            if (o && o.help !== undefined && o.sequences !== undefined && o.help.length > 0)
                rows.append({ group: qsTr("Window"), action: o.help, keys: keysOf(o) })
        }
        for (let m = 0; menuBar && m < menuBar.count; ++m) {
            const menu = menuBar.menuAt(m)
            for (let i = 0; i < menu.count; ++i) {
                const item = menu.itemAt(i)
                const a = item ? item.action : null
                if (a && a.shortcut && String(a.shortcut).length > 0)
                    rows.append({ group: menu.title.replace("&", ""), action: a.text.replace("…", ""), keys: String(a.shortcut) })
            }
        }
    }
    onAboutToShow: collect()

    ListView {
        id: list
        anchors.fill: parent
        clip: true
        model: dialog.rows
        ScrollBar.vertical: ScrollBar {}
        section.property: "group"
        section.delegate: Label {
            required property string section
            text: section
            font.bold: true
            topPadding: 8
            bottomPadding: 2
        }
        delegate: RowLayout {
            id: row
            required property string action
            required property string keys
            width: ListView.view.width
            Label { text: row.action; Layout.fillWidth: true; elide: Text.ElideRight }
            Label { text: row.keys; color: AppPalette.controls.placeholderText; Layout.rightMargin: 12 }
        }
    }
}
