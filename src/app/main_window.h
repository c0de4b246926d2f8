#pragma once
/// Opens Berth's main window (Main.qml) for a controller, with the window settings every way
/// of opening it shares: the app (main.cpp) and the GUI benchmark measure the same window.

#include <QVariantMap>

class QQmlApplicationEngine;
class QQuickWindow;

namespace berth::app {

class SimulationController;

/// Process-wide defaults that must be set before the QGuiApplication exists; each only where
/// the user's environment has not set it already:
/// - the Fusion controls style (the panels are laid out for it);
/// - no idle delay before a requested frame (QT_QPA_UPDATE_IDLE_TIME=0). Qt's default waits
///   5 ms after update() before it polishes and renders, to gather more events
///   (QPlatformWindow::requestUpdate); the canvas redraws on every wheel notch and drag move,
///   and those 5 ms are added to every frame of a pan or zoom. Mouse moves are already
///   compressed by the platform, and the render loops still pace animations themselves.
void setApplicationDefaults();

/// Window-wide settings that must precede the first window: panel text is drawn as native
/// glyphs (FreeType), which llvmpipe composites in about two thirds of the time distance-field
/// text takes; the canvas's zoomed labels keep distance fields (CanvasView.qml).
void configureQuickWindows();

/// Loads Main.qml into `engine` with `controller` and `initial` as its initial properties.
/// Returns the window, or null when Main.qml did not load.
QQuickWindow* loadMainWindow(QQmlApplicationEngine& engine, SimulationController& controller, QVariantMap initial = {});

}  // namespace berth::app
