import QtQuick
import QtTest
import Berth

// The inspector's usage bar: the filled part is used / total (capped at the whole bar), and
// it turns to AppPalette.full above 90%.
Item {
    id: root
    width: 200
    height: 40

    UsageBar { id: bar; width: 200; used: 1; total: 4; text: "1 of 4" }

    TestCase {
        name: "UsageBar"

        function fill() { return bar.children[1] }

        function test_fraction_and_colour() {
            compare(bar.fraction, 0.25)
            compare(fill().width, 50)
            verify(Qt.colorEqual(fill().color, AppPalette.cpu))
            bar.used = 3.8
            verify(Qt.colorEqual(fill().color, AppPalette.full))
            bar.used = 9
            compare(bar.fraction, 1)
            compare(fill().width, 200)
            bar.total = 0
            compare(bar.fraction, 0)  // no allocatable: an empty bar, not a division by zero
        }
    }
}
