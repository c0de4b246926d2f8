#include "app/launch_hooks.h"

#include <QCoreApplication>
#include <QImage>
#include <QQuickWindow>
#include <QTimer>

#include <cstdio>

#include "app/simulation_controller.h"

namespace berth::app {

bool LaunchHooks::install(const LaunchOptions& options, QString& error) {
    SimulationController* c = &m_controller;
    if (!options.cordons.isEmpty())
        connect(
            c, &SimulationController::loadedChanged, this,
            [c, cordons = options.cordons] {
                for (const QString& node : cordons) c->planner()->cordonNode(node);
            },
            Qt::SingleShotConnection);
    if (!options.selection.isEmpty()) connectSelection(options.selection);
    if (!options.scriptFile.isEmpty()) {
        m_script = readUiScript(options.scriptFile, error);
        if (!m_script) return false;
    }
    // Connected before --run's own handler, so that the script's edits come first.
    if (m_script && !m_script->atLoad.isEmpty())
        connect(
            c, &SimulationController::loadedChanged, this, [this] { runScript(m_script->atLoad); },
            Qt::SingleShotConnection);
    if (options.run) {
        connect(
            c, &SimulationController::loadedChanged, this, [c] { c->runToEnd(); }, Qt::SingleShotConnection);
        if (m_script && !m_script->afterRun.isEmpty())
            connect(
                c, &SimulationController::runFinished, this, [this] { runScript(m_script->afterRun); },
                Qt::SingleShotConnection);
    }
    if (!options.screenshot.isEmpty()) connectScreenshot(options.screenshot, options.run);
    return true;
}

void LaunchHooks::connectSelection(const QString& selection) {
    // Pods are namespace/name; anything else names a node.
    const bool pod = selection.contains(QLatin1Char('/'));
    SimulationController* c = &m_controller;
    connect(
        c, &SimulationController::loadedChanged, this,
        [c, selection, pod] { c->inspector()->select(pod ? QString() : selection, pod ? selection : QString()); },
        Qt::SingleShotConnection);
}

void LaunchHooks::connectScreenshot(const QString& path, bool afterRun) {
    SimulationController* c = &m_controller;
    const auto grab = [this, path] { saveScreenshot(path); };
    if (afterRun)
        connect(c, &SimulationController::runFinished, this, grab, Qt::SingleShotConnection);
    else
        connect(c, &SimulationController::loadedChanged, this, grab, Qt::SingleShotConnection);
    // A refused file loads nothing: show the refusal instead of waiting for the timeout.
    connect(c->session(), &SessionController::openFailed, this, grab, Qt::SingleShotConnection);
    QTimer::singleShot(120'000, this, [] {
        std::fprintf(stderr, "berth: timed out waiting for the run to finish\n");
        QCoreApplication::exit(2);
    });
}

void LaunchHooks::saveScreenshot(const QString& path) {
    // Give the scene graph a couple of frames to show the final state first.
    QTimer::singleShot(400, this, [this, path] {
        const QImage image = m_window ? m_window->grabWindow() : QImage();
        if (image.isNull() || !image.save(path)) {
            std::fprintf(stderr, "berth: could not save screenshot %s\n", qPrintable(path));
            QCoreApplication::exit(1);
            return;
        }
        QCoreApplication::exit(0);
    });
}

void LaunchHooks::runScript(const QStringList& lines) {
    QString error;
    if (runUiScript(m_window, lines, error)) return;
    std::fprintf(stderr, "berth: --script: %s\n", qPrintable(error));
    QCoreApplication::exit(1);
}

}  // namespace berth::app
