#pragma once
/// The session's controller, for the menus and dialogs that open, save and move through a
/// plan: loading manifests, opening and saving session files, restoring after a crash,
/// export, undo/redo, and File > Open Recent. A new plan is built by the host's worker
/// (PlanHost::startReplay); the session (PlanSession) changes only once it is on show.

#include <QList>
#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include "app/background_jobs.h"
#include "app/session/plan_session.h"
#include "app/session/recent_files.h"
#include "plan/plan_export.h"

namespace berth::app {

class ConfigController;
class PlanHost;

class SessionController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.session)")
    Q_PROPERTY(berth::app::PlanSession* planSession READ planSession CONSTANT)
    Q_PROPERTY(berth::app::EditHistoryModel* history READ history CONSTANT)
    Q_PROPERTY(berth::app::RecentFiles* recentFiles READ recentFiles CONSTANT)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY historyChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY historyChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY stateChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY stateChanged)
public:
    SessionController(PlanHost& host, ConfigController& config, QObject* parent = nullptr);

    PlanSession* planSession();
    EditHistoryModel* history();
    RecentFiles* recentFiles() { return &m_recent; }
    bool canUndo() const;
    bool canRedo() const;
    bool loaded() const;
    bool busy() const;

    /// Loads manifest files (file:// URLs or local paths) into a fresh simulation. Files that
    /// cannot be read, or hold an object with an error, are refused as a whole (openFailed,
    /// the status line): the session on show stays. A load is listed in recentFiles.
    Q_INVOKABLE void load(const QList<QUrl>& urls);
    void loadFiles(const QStringList& paths);
    /// Loads an in-memory manifest (the embedded demo), named `name` in messages.
    void loadText(const QByteArray& text, const QString& name);
    /// The seed of the next load (workload pod names, random tie-breaks); berthctl's --seed.
    void setSeed(quint64 seed) { m_seed = seed; }
    /// A timeline file the next load plays (berth --timeline; once): a file with an error
    /// refuses that load (openFailed), as a bad manifest does.
    void setLaunchTimeline(const QString& path) { m_launchTimeline = path; }
    /// File > Open timeline…: the file's timed edits (berthctl --timeline's format) replace
    /// the session's, and the plan is rebuilt from t = 0 with them and the applied edits,
    /// shown where the last edit was made. A file with an error is refused (openFailed, with
    /// file:line), and the session stays as it is. Empty, or why nothing was opened (no
    /// cluster, busy).
    Q_INVOKABLE QString openTimeline(const QUrl& file);
    /// Opens recentFiles' entry `row` (a session or manifests); a missing file is reported
    /// and its entry removed.
    Q_INVOKABLE void openRecent(int row);
    /// Files dropped on the window: one Berth session file opens as a session; otherwise
    /// .yaml/.yml/.json files load as manifests (as File > Open). Anything else is refused.
    Q_INVOKABLE void openDropped(const QList<QUrl>& urls);
    /// Local files to open (dropped, or on berth's command line, as the desktop entry passes
    /// them): a single file that reads as a Berth session opens as that session; otherwise
    /// the files load as manifests.
    void openFiles(const QStringList& paths);

    Q_INVOKABLE void undo();
    Q_INVOKABLE void redo();
    /// Moves to a point of the history: `applied` edits in effect (a click in the list).
    Q_INVOKABLE void revertTo(int applied);

    // --- Session files and export. Each returns an empty string or the reason it failed;
    // nothing is ever overwritten unless `overwrite` says so.
    Q_INVOKABLE QString saveSession(const QUrl& file, bool overwrite);
    Q_INVOKABLE QString openSession(const QUrl& file);
    /// Exports the plan after the applied edits, run to the end, as berthctl would print it:
    /// format "pods" (Pods with spec.nodeName), "bindings" (a v1 List of Binding), "json" or
    /// "csv" (the per-pod placement report); `ns` empty for every namespace. Runs in the
    /// background (controller.operations shows its progress and can cancel it: nothing is
    /// then written); exportFinished tells the outcome, error "cancelled" for a cancel.
    /// Refusals come back at once.
    Q_INVOKABLE QString exportPlacements(const QUrl& file, const QString& format, const QString& ns, bool overwrite);
    /// The export format for `file` where its extension decides, else `chosen`
    /// (plan::exportFormatForFile): what File > Export writes after the save dialog.
    Q_INVOKABLE QString exportFormatFor(const QUrl& file, const QString& chosen) const;
    /// Crash recovery in `dir` (main.cpp: Autosave::defaultDir()). False when another
    /// running instance uses it.
    bool enableAutosave(const QString& dir);
    Q_INVOKABLE QString restoreSession();
    Q_INVOKABLE void discardRestore();

Q_SIGNALS:
    void historyChanged();
    void stateChanged();
    void exportFinished(const QString& path, const QString& error);
    /// An open was refused (unreadable, bad or empty files): `message` names the file and
    /// `problems` lists file:line:col messages. Nothing changed. Emitted by the host
    /// (PlanHost::refuseOpen).
    void openFailed(const QString& message, const QStringList& problems);

private:
    void startLoad(plan::PlanInput input, const QString& source, const QStringList& recentPaths);
    /// Opens `path` as a session; a refusal is reported as openFailed.
    void openSessionOrRefuse(const QString& path);
    /// Writes an export's texts off the GUI thread and reports the outcome.
    void startExport(plan::ExportFormat format, const QString& ns, const QString& path, const QString& csvPath,
                     bool overwrite);

    PlanHost& m_host;
    ConfigController& m_config;
    RecentFiles m_recent{this};
    quint64 m_seed = 0;
    QString m_launchTimeline;
    BackgroundJobs m_jobs{this};  // running exports; last: destroyed (waited for) first
};

}  // namespace berth::app
