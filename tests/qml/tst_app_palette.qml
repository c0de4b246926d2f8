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

    TestCase {
        name: "AppPalette"

        function compareCanvas(canvas, dark) {
            AppPalette.dark = dark
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
