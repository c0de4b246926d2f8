import QtQuick
import QtTest
import Berth
import Berth.App

// AppPalette is the window's one colour table. The canvas keeps its colours in C++
// (canvas_palette.h: it colours its quads there, headless in its tests); here both tables
// must agree colour by colour, in both themes, so that one cannot drift from the other.
Item {
    id: root
    width: 200
    height: 200

    ClusterCanvas { id: lightCanvas; dark: false }
    ClusterCanvas { id: darkCanvas; dark: true }
    ClusterCanvas { id: contrastCanvas; dark: true; highContrast: true }

    TestCase {
        name: "AppPalette"

        function compareCanvas(canvas, dark, highContrast) {
            AppPalette.dark = dark
            AppPalette.highContrast = highContrast === true
            const cpp = canvas.colors()
            const names = Object.keys(cpp)
            verify(names.length >= 29, names.length)
            for (const name of names) {
                verify(AppPalette.canvas[name] !== undefined, "AppPalette.canvas lacks " + name)
                verify(Qt.colorEqual(AppPalette.canvas[name], cpp[name]),
                       (dark ? "dark " : "light ") + name + ": AppPalette " + AppPalette.canvas[name] + ", C++ " + cpp[name])
            }
        }

        function test_canvas_light() { compareCanvas(lightCanvas, false) }
        function test_canvas_dark() { compareCanvas(darkCanvas, true) }
        function test_canvas_high_contrast() {
            compareCanvas(contrastCanvas, true, true)
            AppPalette.highContrast = false
        }

        // High contrast: white text on a black window, black-on-amber selection, and each
        // panel colour at least 7:1 against its ground (WCAG AAA) where it is text.
        function luminance(c) {
            const lin = (v) => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)
            return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
        }
        function contrast(a, b) {
            const la = luminance(a), lb = luminance(b)
            return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
        }
        function test_high_contrast_text() {
            AppPalette.highContrast = true
            AppPalette.dark = true
            verify(Qt.colorEqual(AppPalette.controls.window, "#000000"))
            verify(Qt.colorEqual(AppPalette.controls.windowText, "#ffffff"))
            for (const ink of ["text", "muted", "good", "bad", "warn", "noteTitle"])
                verify(contrast(AppPalette[ink], AppPalette.panel) >= 7, ink + " " + contrast(AppPalette[ink], AppPalette.panel))
            verify(contrast(AppPalette.controls.highlightedText, AppPalette.controls.highlight) >= 7)
            for (const ink of ["nodeInk", "groupInk", "legendInk", "scoreInk"])
                verify(contrast(AppPalette.canvas[ink], AppPalette.canvas.card) >= 7, ink)
            AppPalette.highContrast = false
            AppPalette.dark = false
        }

        function test_theme_switches_every_part() {
            AppPalette.dark = false
            const light = [String(AppPalette.controls.window), String(AppPalette.text), String(AppPalette.canvas.card)]
            AppPalette.dark = true
            verify(!Qt.colorEqual(AppPalette.controls.window, light[0]))
            verify(!Qt.colorEqual(AppPalette.text, light[1]))
            verify(!Qt.colorEqual(AppPalette.canvas.card, light[2]))
            AppPalette.dark = false
        }
    }
}
