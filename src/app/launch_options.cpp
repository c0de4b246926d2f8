#include "app/launch_options.h"

#include <QCommandLineParser>
#include <QFile>
#include <QGuiApplication>

#include <cstdio>

#include "app/appearance_settings.h"
#include "app/session/autosave.h"
#include "app/simulation_controller.h"

namespace berth::app {

std::optional<LaunchOptions> parseLaunchOptions(const QGuiApplication& app, QString& error) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Berth: watch the Kubernetes scheduler plan a cluster."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("Manifests to load, or one session file (default: the demo cluster)."),
                                 QStringLiteral("[FILE...]"));
    const QCommandLineOption run(QStringLiteral("run"),
                                 QStringLiteral("Run the simulation to completion at full speed."));
    const QCommandLineOption shot(QStringLiteral("screenshot"),
                                  QStringLiteral("Save the window to PNG once the run is done, then exit."),
                                  QStringLiteral("PNG"));
    const QCommandLineOption select(QStringLiteral("select"),
                                    QStringLiteral("Select a pod (NAMESPACE/NAME) or a node in the inspector."),
                                    QStringLiteral("OBJECT"));
    const QCommandLineOption session(QStringLiteral("session"), QStringLiteral("Open a saved session."),
                                     QStringLiteral("FILE"));
    const QCommandLineOption timeline(
        QStringLiteral("timeline"),
        QStringLiteral("Play the cluster edits of a Timeline file on the simulated clock (as berthctl --timeline)."),
        QStringLiteral("FILE"));
    // Scripted input for tests and demos: the edit goes through the history like a click.
    const QCommandLineOption cordon(QStringLiteral("cordon"), QStringLiteral("Cordon NODE once loaded (an edit)."),
                                    QStringLiteral("NODE"));
    const QCommandLineOption noAutosave(
        QStringLiteral("no-autosave"),
        QStringLiteral("No crash-recovery autosave (BERTH_AUTOSAVE_DIR sets its folder)."));
    const QCommandLineOption restoreCheck(
        QStringLiteral("restore-check"),
        QStringLiteral("Print whether a session that did not exit cleanly can be restored (exit 0) or not (exit 3)."));
    // For one run, not saved (View > Theme and View > Group by save theirs).
    const QCommandLineOption theme(
        QStringLiteral("theme"), QStringLiteral("Theme for this run: light, dark, system or high-contrast."), QStringLiteral("THEME"));
    const QCommandLineOption groupBy(QStringLiteral("group-by"),
                                     QStringLiteral("Group the nodes by this label key (none: no groups)."),
                                     QStringLiteral("KEY"));
    const QCommandLineOption script(QStringLiteral("script"),
                                    QStringLiteral("Evaluate the JavaScript lines of FILE in the window once loaded "
                                                   "(lines after '// after run': when --run is done)."),
                                    QStringLiteral("FILE"));
    parser.addOptions({script, theme, groupBy, session, timeline, cordon, noAutosave, restoreCheck, run, shot, select});
    parser.process(app);

    LaunchOptions o;
    o.files = parser.positionalArguments();
    if (parser.isSet(session)) o.sessionFile = parser.value(session);
    o.timelineFile = parser.value(timeline);
    o.run = parser.isSet(run);
    o.screenshot = parser.value(shot);
    o.selection = parser.value(select);
    o.cordons = parser.values(cordon);
    o.scriptFile = parser.value(script);
    o.autosave = !parser.isSet(noAutosave);
    o.restoreCheck = parser.isSet(restoreCheck);
    o.theme = parser.value(theme);
    if (parser.isSet(groupBy)) o.groupBy = parser.value(groupBy);
    if (!o.timelineFile.isEmpty() && o.sessionFile) {
        error = QStringLiteral("--timeline goes with manifests (or the demo), not --session: a session keeps its own");
        return std::nullopt;
    }
    if (!o.theme.isEmpty() && !AppearanceSettings::validTheme(o.theme)) {
        error = QStringLiteral("--theme takes light, dark, system or high-contrast, not '%1'").arg(o.theme);
        return std::nullopt;
    }
    return o;
}

QVariantMap initialWindowProperties(const LaunchOptions& options) {
    QVariantMap initial;
    if (!options.theme.isEmpty()) initial.insert(QStringLiteral("themeOverride"), options.theme);
    if (options.groupBy) initial.insert(QStringLiteral("groupByOverride"), *options.groupBy);
    return initial;
}

int printRestoreCheck() {
    Autosave autosave(Autosave::defaultDir());
    if (!autosave.start()) {
        std::printf("berth: another instance is using %s\n", qPrintable(autosave.dir()));
        return 3;
    }
    const bool available = autosave.restoreAvailable();
    if (available)
        std::printf("restore available: %s\n", qPrintable(autosave.recoveredPath()));
    else
        std::printf("nothing to restore\n");
    autosave.finish();
    return available ? 0 : 3;
}

QString startLaunchLoad(SimulationController& controller, const LaunchOptions& options) {
    SessionController* session = controller.session();
    if (options.sessionFile) return session->openSession(QUrl::fromLocalFile(*options.sessionFile));
    session->setLaunchTimeline(options.timelineFile);
    if (!options.files.isEmpty()) {
        // With a timeline the files are the manifests it plays on (a session keeps its own).
        if (options.timelineFile.isEmpty())
            session->openFiles(options.files);
        else
            session->loadFiles(options.files);
        return {};
    }
    QFile demo(QStringLiteral(":/berth/demo/demo-cluster.yaml"));
    if (!demo.open(QIODevice::ReadOnly)) return QStringLiteral("the embedded demo cluster is missing");
    session->loadText(demo.readAll(), QStringLiteral("demo-cluster.yaml"));
    return {};
}

}  // namespace berth::app
