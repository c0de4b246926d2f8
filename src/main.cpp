// berth: the visual planner. Thin on purpose: parse arguments, create the controller, hand it
// to QML as a required property, load the demo or the given files.
//
//   berth [FILE ...] [--run] [--screenshot PNG] [--select NAMESPACE/POD | NODE]
//         [--session FILE] [--cordon NODE] [--no-autosave] [--restore-check] [--script FILE]
//         [--theme light|dark|system] [--group-by KEY|none]

#include <QCommandLineParser>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>
#include <optional>

#include "app/appearance_settings.h"
#include "app/session/autosave.h"
#include "app/main_window.h"
#include "app/simulation_controller.h"
#include "app/ui_script.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

int main(int argc, char** argv) {
    berth::app::setApplicationDefaults();
    QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(QStringLiteral("Berth"));
    QGuiApplication::setOrganizationName(QStringLiteral("Berth"));
    QGuiApplication::setApplicationVersion(QStringLiteral("0.1"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Berth: watch the Kubernetes scheduler plan a cluster."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Manifests to load (default: the demo cluster)."),
                                 QStringLiteral("[FILE...]"));
    const QCommandLineOption runOption(QStringLiteral("run"), QStringLiteral("Run the simulation to completion at full speed."));
    const QCommandLineOption shotOption(QStringLiteral("screenshot"),
                                        QStringLiteral("Save the window to PNG once the run is done, then exit."),
                                        QStringLiteral("PNG"));
    const QCommandLineOption selectOption(QStringLiteral("select"),
                                          QStringLiteral("Select a pod (NAMESPACE/NAME) or a node in the inspector."),
                                          QStringLiteral("OBJECT"));
    const QCommandLineOption sessionOption(QStringLiteral("session"), QStringLiteral("Open a saved session."),
                                           QStringLiteral("FILE"));
    // Scripted input for tests and demos: the edit goes through the history like a click.
    const QCommandLineOption cordonOption(QStringLiteral("cordon"), QStringLiteral("Cordon NODE once loaded (an edit)."),
                                          QStringLiteral("NODE"));
    const QCommandLineOption noAutosaveOption(QStringLiteral("no-autosave"),
                                              QStringLiteral("No crash-recovery autosave (BERTH_AUTOSAVE_DIR sets its folder)."));
    const QCommandLineOption restoreCheckOption(
        QStringLiteral("restore-check"),
        QStringLiteral("Print whether a session that did not exit cleanly can be restored (exit 0) or not (exit 3)."));
    // For one run, not saved (View > Theme and View > Group by save theirs).
    const QCommandLineOption themeOption(QStringLiteral("theme"), QStringLiteral("Theme for this run: light, dark or system."),
                                         QStringLiteral("THEME"));
    const QCommandLineOption groupByOption(QStringLiteral("group-by"),
                                           QStringLiteral("Group the nodes by this label key (none: no groups)."),
                                           QStringLiteral("KEY"));
    const QCommandLineOption scriptOption(
        QStringLiteral("script"),
        QStringLiteral("Evaluate the JavaScript lines of FILE in the window once loaded (lines after '// after run': when --run is done)."),
        QStringLiteral("FILE"));
    parser.addOption(scriptOption);
    parser.addOption(themeOption);
    parser.addOption(groupByOption);
    parser.addOption(sessionOption);
    parser.addOption(cordonOption);
    parser.addOption(noAutosaveOption);
    parser.addOption(restoreCheckOption);
    parser.addOption(runOption);
    parser.addOption(shotOption);
    parser.addOption(selectOption);
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    const bool run = parser.isSet(runOption);
    const QString screenshot = parser.value(shotOption);
    const QString selection = parser.value(selectOption);
    const QString theme = parser.value(themeOption);
    if (!theme.isEmpty() && !berth::app::AppearanceSettings::validTheme(theme)) {
        std::fprintf(stderr, "berth: --theme takes light, dark or system, not '%s'\n", qPrintable(theme));
        return 2;
    }

    if (parser.isSet(restoreCheckOption)) {
        berth::app::Autosave autosave(berth::app::Autosave::defaultDir());
        if (!autosave.start()) {
            std::printf("berth: another instance is using %s\n", qPrintable(autosave.dir()));
            return 3;
        }
        const bool available = autosave.restoreAvailable();
        if (available) std::printf("restore available: %s\n", qPrintable(autosave.recoveredPath()));
        else std::printf("nothing to restore\n");
        autosave.finish();
        return available ? 0 : 3;
    }

    berth::app::SimulationController controller;
    controller.recentFiles()->enablePersistence();  // QSettings: organisation and application "Berth"
    if (!parser.isSet(noAutosaveOption) && !controller.enableAutosave(berth::app::Autosave::defaultDir()))
        std::fprintf(stderr, "berth: another instance is running: no autosave for this one\n");
    const QStringList cordons = parser.values(cordonOption);
    if (!cordons.isEmpty()) {
        QObject::connect(&controller, &berth::app::SimulationController::loadedChanged, &controller,
                         [&controller, cordons] {
                             for (const QString& node : cordons) controller.cordonNode(node);
                         }, Qt::SingleShotConnection);
    }
    QQmlApplicationEngine engine;
    QVariantMap initial;
    if (!theme.isEmpty()) initial.insert(QStringLiteral("themeOverride"), theme);
    if (parser.isSet(groupByOption)) initial.insert(QStringLiteral("groupByOverride"), parser.value(groupByOption));
    QQuickWindow* window = berth::app::loadMainWindow(engine, controller, initial);
    if (!window) return 1;

    auto grab = [&] {
        // Give the scene graph a couple of frames to show the final state first.
        QTimer::singleShot(400, &app, [&] {
            const QImage image = window ? window->grabWindow() : QImage();
            if (image.isNull() || !image.save(screenshot)) {
                std::fprintf(stderr, "berth: could not save screenshot %s\n", qPrintable(screenshot));
                QCoreApplication::exit(1);
                return;
            }
            QCoreApplication::exit(0);
        });
    };
    if (!selection.isEmpty()) {
        // Pods are namespace/name; anything else names a node.
        const bool pod = selection.contains(QLatin1Char('/'));
        QObject::connect(&controller, &berth::app::SimulationController::loadedChanged, &controller,
                         [&controller, selection, pod] {
                             controller.inspector()->select(pod ? QString() : selection, pod ? selection : QString());
                         }, Qt::SingleShotConnection);
    }
    std::optional<berth::app::UiScript> script;
    if (parser.isSet(scriptOption)) {
        QString error;
        script = berth::app::readUiScript(parser.value(scriptOption), error);
        if (!script) {
            std::fprintf(stderr, "berth: %s\n", qPrintable(error));
            return 1;
        }
    }
    auto runScript = [&](const QStringList& lines) {
        QString error;
        if (berth::app::runUiScript(window, lines, error)) return;
        std::fprintf(stderr, "berth: --script: %s\n", qPrintable(error));
        QCoreApplication::exit(1);
    };
    // Connected before --run's own handler, so that the script's edits come first.
    if (script && !script->atLoad.isEmpty())
        QObject::connect(&controller, &berth::app::SimulationController::loadedChanged, &controller,
                         [&] { runScript(script->atLoad); }, Qt::SingleShotConnection);
    if (run) {
        QObject::connect(&controller, &berth::app::SimulationController::loadedChanged, &controller,
                         [&controller] { controller.runToEnd(); }, Qt::SingleShotConnection);
        if (script && !script->afterRun.isEmpty())
            QObject::connect(&controller, &berth::app::SimulationController::runFinished, &controller,
                             [&] { runScript(script->afterRun); }, Qt::SingleShotConnection);
    }
    if (!screenshot.isEmpty()) {
        if (run) QObject::connect(&controller, &berth::app::SimulationController::runFinished, &app, grab, Qt::SingleShotConnection);
        else QObject::connect(&controller, &berth::app::SimulationController::loadedChanged, &app, grab, Qt::SingleShotConnection);
        // A refused file loads nothing: show the refusal instead of waiting for the timeout.
        QObject::connect(&controller, &berth::app::SimulationController::openFailed, &app, grab, Qt::SingleShotConnection);
        QTimer::singleShot(120'000, &app, [] {
            std::fprintf(stderr, "berth: timed out waiting for the run to finish\n");
            QCoreApplication::exit(2);
        });
    }

    if (parser.isSet(sessionOption)) {
        const QString err = controller.openSession(QUrl::fromLocalFile(parser.value(sessionOption)));
        if (!err.isEmpty()) {
            std::fprintf(stderr, "berth: %s\n", qPrintable(err));
            return 1;
        }
    } else if (files.isEmpty()) {
        QFile demo(QStringLiteral(":/berth/demo/demo-cluster.yaml"));
        if (!demo.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "berth: the embedded demo cluster is missing\n");
            return 1;
        }
        controller.loadText(demo.readAll(), QStringLiteral("demo-cluster.yaml"));
    } else {
        controller.loadFiles(files);
    }
    return app.exec();
}
