#pragma once
/// The scripted input of berth's command line, for tests and demos (launch_options.h):
/// --cordon and --select once loaded, --script's lines once loaded and after --run, --run
/// itself, and --screenshot once the run is done (or the open was refused), then exit.

#include <QObject>
#include <QString>

#include <optional>

#include "app/launch_options.h"
#include "app/ui_script.h"

class QQuickWindow;

namespace berth::app {

class SimulationController;

class LaunchHooks : public QObject {
    Q_OBJECT
public:
    LaunchHooks(SimulationController& controller, QQuickWindow* window, QObject* parent = nullptr)
        : QObject(parent), m_controller(controller), m_window(window) {}

    /// Connects what `options` ask for; false (and `error`) when the script cannot be read.
    bool install(const LaunchOptions& options, QString& error);

private:
    void connectSelection(const QString& selection);
    void connectScreenshot(const QString& path, bool afterRun);
    void runScript(const QStringList& lines);
    void saveScreenshot(const QString& path);

    SimulationController& m_controller;
    QQuickWindow* m_window;
    std::optional<UiScript> m_script;
};

}  // namespace berth::app
