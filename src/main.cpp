// berth: the visual planner. Thin on purpose: read the command line (launch_options.h),
// create the controller, hand it to QML as a required property, connect the scripted input
// (launch_hooks.h) and load the demo, the given files or a session.

#include <QApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>

#include "app/launch_hooks.h"
#include "app/launch_options.h"
#include "app/main_window.h"
#include "app/session/autosave.h"
#include "app/simulation_controller.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

int main(int argc, char** argv) {
    berth::app::setApplicationDefaults();
    // QApplication, not QGuiApplication: Qt Charts (the Capacity panel) draws with the
    // Graphics View framework, which needs it.
    berth::app::LaunchArguments arguments(argc, argv);  // keeps --session FILE from Qt
    QApplication app(arguments.argc(), arguments.argv());
    QGuiApplication::setApplicationName(QStringLiteral("Berth"));
    QGuiApplication::setOrganizationName(QStringLiteral("Berth"));
    // One version for both binaries: CMake's project VERSION (berthctl --version prints it too).
    QGuiApplication::setApplicationVersion(QStringLiteral(BERTH_VERSION));
    // The installed desktop entry (packaging/): Wayland matches windows to it by this name.
    QGuiApplication::setDesktopFileName(QStringLiteral("dev.berth.Berth"));
    QIcon icon;
    for (const char* size : {"48x48", "128x128", "256x256"})
        icon.addFile(QStringLiteral(":/berth/icons/%1/apps/dev.berth.Berth.png").arg(QLatin1String(size)));
    QGuiApplication::setWindowIcon(icon);

    QString error;
    const auto options = berth::app::parseLaunchOptions(QCoreApplication::arguments(), error);
    if (!options) {
        std::fprintf(stderr, "berth: %s\n", qPrintable(error));
        return 2;
    }
    if (options->restoreCheck) return berth::app::printRestoreCheck();

    berth::app::SimulationController controller;
    berth::app::SessionController* session = controller.session();
    session->recentFiles()->enablePersistence();  // QSettings: organisation and application "Berth"
    if (options->autosave && !session->enableAutosave(berth::app::Autosave::defaultDir()))
        std::fprintf(stderr, "berth: another instance is running: no autosave for this one\n");
    QQmlApplicationEngine engine;
    QQuickWindow* window =
        berth::app::loadMainWindow(engine, controller, berth::app::initialWindowProperties(*options));
    if (!window) return 1;

    berth::app::LaunchHooks hooks(controller, window);
    if (!hooks.install(*options, error) || !(error = berth::app::startLaunchLoad(controller, *options)).isEmpty()) {
        std::fprintf(stderr, "berth: %s\n", qPrintable(error));
        return 1;
    }
    return app.exec();
}
