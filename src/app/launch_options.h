#pragma once
/// berth's command line:
///
///   berth [FILE ...] [--run] [--screenshot PNG] [--select NAMESPACE/POD | NODE]
///         [--session FILE] [--timeline FILE] [--cordon NODE] [--no-autosave] [--restore-check] [--script FILE]
///         [--theme light|dark|system] [--group-by KEY|none]
///
/// --run, --screenshot, --select, --cordon and --script are scripted input for tests and
/// demos (launch_hooks.h); the rest choose what the window opens with.

#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

class QGuiApplication;

namespace berth::app {

class SimulationController;

struct LaunchOptions {
    QStringList files;                   // manifests or one session file (none: the demo cluster)
    std::optional<QString> sessionFile;  // --session
    QString timelineFile;                // --timeline: timed edits played on the files (or the demo)
    bool run = false;                    // --run: to the end at full speed
    QString screenshot;                  // --screenshot PNG: saved once the run is done, then exit
    QString selection;                   // --select: a pod (namespace/name) or a node
    QStringList cordons;                 // --cordon NODE, as edits once loaded
    QString scriptFile;                  // --script FILE
    bool autosave = true;                // not --no-autosave
    bool restoreCheck = false;           // --restore-check
    QString theme;                       // --theme, for this run only
    std::optional<QString> groupBy;      // --group-by, for this run only
};

/// Parses the command line (--help and --version print and exit, as QCommandLineParser
/// does). nullopt, with `error`, for a value that is not allowed.
std::optional<LaunchOptions> parseLaunchOptions(const QGuiApplication& app, QString& error);

/// Main.qml's initial properties for these options (the theme and group-by overrides).
QVariantMap initialWindowProperties(const LaunchOptions& options);

/// --restore-check: prints whether a session that did not exit cleanly can be restored;
/// the exit code (0: it can, 3: it cannot, or another instance is using the autosave folder).
int printRestoreCheck();

/// Starts what the window opens with: the session file, the files, or the embedded demo.
/// Empty, or why it could not start.
QString startLaunchLoad(SimulationController& controller, const LaunchOptions& options);

}  // namespace berth::app
