pragma Singleton
import QtQuick

// The one colour table of the window, light, dark and high contrast (View > Theme; Main.qml
// sets `dark` and `highContrast` from AppearanceSettings). Three parts:
//   controls  Qt Quick Controls' palette (Fusion): Main.qml hands it to the window.
//   (top)     the panels' semantic colours: text, good/bad, table cells, the narration note...
//   canvas    the cluster canvas's colours. The canvas draws tens of thousands of quads in
//             C++, headless in its tests, so it keeps these in canvas_palette.h;
//             tests/qml/tst_app_palette.qml checks that both tables agree, colour by colour.
QtObject {
    id: table
    property bool dark: false
    /// View > Theme > High contrast (AppearanceSettings.highContrast): wins over `dark`.
    property bool highContrast: false

    readonly property QtObject controls: QtObject {
        readonly property color window: table.highContrast ? "#000000" : table.dark ? "#2b2e33" : "#efefef"
        readonly property color windowText: table.highContrast ? "#ffffff" : table.dark ? "#e6e9ee" : "#000000"
        readonly property color base: table.highContrast ? "#000000" : table.dark ? "#1f2227" : "#ffffff"
        readonly property color alternateBase: table.highContrast ? "#141414" : table.dark ? "#282c32" : "#f7f7f7"
        readonly property color text: table.highContrast ? "#ffffff" : table.dark ? "#e6e9ee" : "#000000"
        readonly property color button: table.highContrast ? "#1a1a1a" : table.dark ? "#363b42" : "#efefef"
        readonly property color buttonText: table.highContrast ? "#ffffff" : table.dark ? "#e6e9ee" : "#000000"
        readonly property color brightText: "#ffffff"
        readonly property color highlight: table.highContrast ? "#ffd400" : table.dark ? "#2f6fc9" : "#308cc6"
        readonly property color highlightedText: table.highContrast ? "#000000" : "#ffffff"
        readonly property color toolTipBase: table.highContrast ? "#000000" : table.dark ? "#2b2f36" : "#ffffdc"
        readonly property color toolTipText: table.highContrast ? "#ffffff" : table.dark ? "#e6e9ee" : "#000000"
        readonly property color placeholderText: table.highContrast ? "#c0c0c0" : table.dark ? "#8a919c" : "#7f7f7f"
        readonly property color light: table.highContrast ? "#ffffff" : table.dark ? "#4a5059" : "#ffffff"
        readonly property color midlight: table.highContrast ? "#bdbdbd" : table.dark ? "#3d424a" : "#cacaca"
        readonly property color mid: table.highContrast ? "#9e9e9e" : table.dark ? "#4a5059" : "#b8b8b8"
        readonly property color dark: table.highContrast ? "#ffffff" : table.dark ? "#17191d" : "#9f9f9f"
        readonly property color shadow: table.highContrast ? "#000000" : table.dark ? "#0d0e10" : "#767676"
        readonly property color link: table.highContrast ? "#00e5ff" : table.dark ? "#6cb0ff" : "#0000ff"
        readonly property color disabledWindowText: table.highContrast ? "#9e9e9e" : table.dark ? "#6d737c" : "#bebebe"
        readonly property color disabledText: table.highContrast ? "#9e9e9e" : table.dark ? "#6d737c" : "#bebebe"
        readonly property color disabledButtonText: table.highContrast ? "#9e9e9e" : table.dark ? "#6d737c" : "#bebebe"
    }

    readonly property color text: highContrast ? "#ffffff" : dark ? "#e6e9ee" : "#222222"
    readonly property color muted: highContrast ? "#e0e0e0" : dark ? "#9aa3ae" : "#666677"
    readonly property color good: highContrast ? "#00ff66" : dark ? "#5fd47f" : "#1b6e2e"
    readonly property color bad: highContrast ? "#ff6b6b" : dark ? "#ff8080" : "#a12b2b"
    readonly property color warn: highContrast ? "#ffd400" : dark ? "#f0b429" : "#9a6a00"
    readonly property color error: highContrast ? "#ff6b6b" : dark ? "#ff8a80" : "#b3261e"
    readonly property color panel: highContrast ? "#000000" : dark ? "#24272c" : "#fafbfc"
    readonly property color border: highContrast ? "#ffffff" : dark ? "#3d424a" : "#d5d9df"
    readonly property color header: highContrast ? "#1a1a1a" : dark ? "#30343b" : "#e8ebf0"
    readonly property color note: highContrast ? "#000000" : dark ? "#2e2b22" : "#fffdf3"
    readonly property color noteBorder: highContrast ? "#ffd400" : dark ? "#5a5237" : "#e2d9b4"
    readonly property color noteTitle: highContrast ? "#ffd400" : dark ? "#f0c75e" : "#7a5b00"
    readonly property color pass: highContrast ? "#003d14" : dark ? "#22442d" : "#e4f4e7"
    readonly property color fail: highContrast ? "#4a0000" : dark ? "#4d262a" : "#fae3e3"
    readonly property color skip: highContrast ? "#1a1a1a" : dark ? "#2c3036" : "#f1f2f4"
    readonly property color cell: highContrast ? "#000000" : dark ? "#1f2227" : "#ffffff"
    readonly property color cellBorder: highContrast ? "#9e9e9e" : dark ? "#353a41" : "#e3e6ea"
    readonly property color timed: highContrast ? "#d58cff" : dark ? "#b48cff" : "#7b4fc9"  // the timeline's timed edits
    readonly property color track: highContrast ? "#333333" : dark ? "#3a3f47" : "#e6e9ee"
    // Fixed accents of the panels (the same in both themes).
    readonly property color accent: "#2f80d1"        // the chosen template, the drag chip's ring
    readonly property color cpu: "#2f80d1"           // the inspector's usage bars
    readonly property color memory: "#8a5cd6"
    readonly property color podSlots: "#5a8f5a"
    readonly property color full: "#d64545"          // a usage bar over 90%
    readonly property color refusal: "#b3261e"       // a refused configuration, a pod that lost its node
    readonly property color placed: "#1b7f3b"        // a pod that found a node
    readonly property color pendingInk: "#7a2e2e"
    readonly property color dropBorder: "#1f6feb"    // files dragged over the window
    readonly property color dragChip: "#2b2f36"      // the pending pod under the pointer
    readonly property color swatchBorder: "#999999"  // the canvas legend's swatches

    readonly property QtObject canvas: QtObject {
        readonly property color background: table.highContrast ? "#000000" : table.dark ? "#1b1e23" : "#f3f5f8"
        readonly property color card: table.highContrast ? "#101010" : table.dark ? "#323740" : "#ffffff"
        readonly property color cardBorder: table.highContrast ? "#ffffff" : table.dark ? "#4b525d" : "#c5ccd6"
        readonly property color cordonedCard: table.highContrast ? "#3d2600" : table.dark ? "#4d3d29" : "#fbecd9"
        readonly property color selectedBorder: table.highContrast ? "#00e5ff" : table.dark ? "#4f9dff" : "#1f6feb"
        readonly property color zone: table.highContrast ? "#1a1a1a" : table.dark ? "#262a31" : "#e2e7ee"
        readonly property color tray: table.highContrast ? "#2a0010" : table.dark ? "#3b2a2e" : "#f6e9e9"
        readonly property color barTrack: table.highContrast ? "#333333" : table.dark ? "#464c56" : "#e6e9ee"
        readonly property color cpuBar: table.highContrast ? "#3fa9ff" : table.dark ? "#4a9ae8" : "#2f80d1"
        readonly property color memBar: table.highContrast ? "#d58cff" : table.dark ? "#a57ff0" : "#8a5cd6"
        readonly property color overBar: table.highContrast ? "#ff4040" : table.dark ? "#e35d5d" : "#d64545"
        readonly property color passCard: table.highContrast ? "#003d14" : table.dark ? "#22442d" : "#e4f4e7"
        readonly property color passBorder: table.highContrast ? "#00ff66" : table.dark ? "#4fbf6a" : "#3c9a52"
        readonly property color failCard: table.highContrast ? "#4a0000" : table.dark ? "#4d262a" : "#fae3e3"
        readonly property color failBorder: table.highContrast ? "#ff4040" : table.dark ? "#e06060" : "#c94a4a"
        readonly property color skipBorder: table.highContrast ? "#9e9e9e" : table.dark ? "#6b717c" : "#a0a6b0"
        readonly property color heatLow: table.highContrast ? "#3d3300" : table.dark ? "#4d4624" : "#fff4c8"
        readonly property color heatHigh: table.highContrast ? "#ffb000" : table.dark ? "#c9772a" : "#f59b42"
        readonly property color winnerBorder: table.highContrast ? "#00ff66" : table.dark ? "#5fd47f" : "#0f7b2f"
        readonly property color cyclePod: table.highContrast ? "#ffd400" : table.dark ? "#ffa31a" : "#f08c00"
        readonly property color searchMark: table.highContrast ? "#ff4fd8" : table.dark ? "#ff6fa8" : "#d6336c"
        readonly property color trayInk: table.highContrast ? "#ffb3b3" : table.dark ? "#f0b4b4" : "#7a2e2e"
        readonly property color groupInk: table.highContrast ? "#ffffff" : table.dark ? "#c8d0dc" : "#333344"
        readonly property color nodeInk: table.highContrast ? "#ffffff" : table.dark ? "#e6e9ee" : "#222222"
        readonly property color scoreInk: table.highContrast ? "#ffd400" : table.dark ? "#ffd199" : "#7a3b00"
        readonly property color failInk: table.highContrast ? "#ff6b6b" : table.dark ? "#ff8a8a" : "#a12b2b"
        readonly property color legendInk: table.highContrast ? "#ffffff" : table.dark ? "#c0c6d0" : "#444455"
        readonly property color tipBackground: table.highContrast ? "#000000" : table.dark ? "#2b2f36" : "#fffff4"
        readonly property color tipBorder: table.highContrast ? "#ffffff" : table.dark ? "#5a616c" : "#a0a090"
        readonly property color tipInk: table.highContrast ? "#ffffff" : table.dark ? "#e6e9ee" : "#222222"
    }
}
