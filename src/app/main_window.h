#pragma once
/// Opens Berth's main window (Main.qml) for a controller, with the window settings every way
/// of opening it shares: the app (main.cpp) and the GUI benchmark measure the same window.

#include <QVariantMap>

class QQmlApplicationEngine;
class QQuickWindow;

namespace berth::app {

class SimulationController;

/// Window-wide settings that must precede the first window: panel text is drawn as native
/// glyphs (FreeType), which llvmpipe composites in about two thirds of the time distance-field
/// text takes; the canvas's zoomed labels keep distance fields (CanvasView.qml).
void configureQuickWindows();

/// Loads Main.qml into `engine` with `controller` and `initial` as its initial properties.
/// Returns the window, or null when Main.qml did not load.
QQuickWindow* loadMainWindow(QQmlApplicationEngine& engine, SimulationController& controller, QVariantMap initial = {});

}  // namespace berth::app
