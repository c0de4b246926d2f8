pragma Singleton
import QtQuick

// The one UI scale of the window (View > Text size, Ctrl+plus / Ctrl+minus / Ctrl+0): the
// panels' text, the narration and the canvas's labels grow and shrink together, for a
// projector. Main.qml sets `factor` from AppearanceSettings.uiScale (kept across runs); a
// view with a fixed text size writes `font.pixelSize: UiScale.px(12)`.
QtObject {
    property real factor: 1.0
    function px(size) { return Math.round(size * factor) }
}
