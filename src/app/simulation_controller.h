#pragma once
/// The app's front door for QML: owns the worker thread and the models, forwards commands
/// (load, play, pause, step, run to end, speed, edits, undo/redo) to the worker and applies
/// its batches to the models. The session (history, file, autosave) is a PlanSession; the
/// edit and session commands are in simulation_controller_session.cpp. Created in main.cpp
/// and handed to QML as a required property.

#include <QList>
#include <QObject>
#include <QThread>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <memory>
#include <optional>

#include "app/engine/node_verdict.h"
#include "app/engine/sim_types.h"
#include "app/config/placement_diff_model.h"
#include "app/config/scheduler_config_model.h"
#include "app/inspector/inspector.h"
#include "app/playback/cycle_playback.h"
#include "app/session/plan_session.h"
#include "app/session/recent_files.h"
#include "app/models/event_log_model.h"
#include "app/models/node_list_model.h"
#include "app/models/operation_list_model.h"
#include "app/models/pod_list_model.h"
#include "app/models/queue_model.h"

namespace berth::app {

class SimulationWorker;

class SimulationController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Created by main.cpp and passed in as a required property")
    Q_PROPERTY(berth::app::NodeListModel* nodes READ nodes CONSTANT)
    Q_PROPERTY(berth::app::PodListModel* pods READ pods CONSTANT)
    Q_PROPERTY(berth::app::QueueModel* queue READ queue CONSTANT)
    Q_PROPERTY(berth::app::EventLogModel* events READ events CONSTANT)
    Q_PROPERTY(berth::app::Inspector* inspector READ inspector CONSTANT)
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle CONSTANT)
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY loadedChanged)
    Q_PROPERTY(bool finished READ finished NOTIFY statsChanged)
    Q_PROPERTY(QString source READ source NOTIFY loadedChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusTextChanged)
    Q_PROPERTY(double simTime READ simTime NOTIFY statsChanged)
    Q_PROPERTY(QString simTimeText READ simTimeText NOTIFY statsChanged)
    Q_PROPERTY(int boundCount READ boundCount NOTIFY statsChanged)
    Q_PROPERTY(int pendingCount READ pendingCount NOTIFY statsChanged)
    Q_PROPERTY(int assumedCount READ assumedCount NOTIFY statsChanged)
    Q_PROPERTY(int attempts READ attempts NOTIFY statsChanged)
    Q_PROPERTY(int revision READ revision NOTIFY statsChanged)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
    Q_PROPERTY(double maxSpeed READ maxSpeed CONSTANT)
    Q_PROPERTY(berth::app::PlanSession* session READ session CONSTANT)
    Q_PROPERTY(berth::app::EditHistoryModel* history READ history CONSTANT)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY historyChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY historyChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    /// The plan's PriorityClass names (the template palette's choices).
    Q_PROPERTY(QStringList priorityClasses READ priorityClasses NOTIFY priorityClassesChanged)
    /// File > Open Recent (simulation_controller_open.cpp).
    Q_PROPERTY(berth::app::RecentFiles* recentFiles READ recentFiles CONSTANT)
    Q_PROPERTY(berth::app::SchedulerConfigModel* schedulerConfig READ schedulerConfig CONSTANT)
    Q_PROPERTY(berth::app::PlacementDiffModel* placementDiff READ placementDiff CONSTANT)
    /// The long operations under way (loading, replaying, running to the end, exporting,
    /// comparing placements), each with its progress and a cancel.
    Q_PROPERTY(berth::app::OperationListModel* operations READ operations CONSTANT)
public:
    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    NodeListModel* nodes() { return &m_nodes; }
    PodListModel* pods() { return &m_pods; }
    QueueModel* queue() { return &m_queue; }
    EventLogModel* events() { return &m_events; }
    Inspector* inspector() { return &m_inspector; }
    CyclePlayback* cycle() { return &m_cycle; }
    bool running() const { return m_running; }
    bool loaded() const { return m_loaded; }
    bool finished() const { return m_loaded && m_stats.idle && !m_running; }
    QString source() const { return m_source; }
    QString statusText() const { return m_statusText; }
    double simTime() const { return static_cast<double>(m_stats.timeNs) / 1e9; }
    QString simTimeText() const;
    int boundCount() const { return m_stats.bound; }
    int pendingCount() const { return m_stats.pending; }
    int assumedCount() const { return m_stats.assumed; }
    int attempts() const { return m_stats.attempts; }
    int revision() const { return m_revision; }
    double speed() const { return m_speed; }
    double maxSpeed() const;
    PlanSession* session() { return &m_session; }
    EditHistoryModel* history() { return m_session.history(); }
    bool canUndo() const { return !busy() && m_session.history()->canUndo(); }
    bool canRedo() const { return !busy() && m_session.history()->canRedo(); }
    /// A load, replay or edit is with the worker; undo, redo and opening wait for it.
    bool busy() const { return !m_replays.isEmpty() || m_pendingEdits > 0; }
    OperationListModel* operations() { return &m_operations; }
    /// Cancels every long operation under way (Esc). A cancelled load, open, undo or redo
    /// leaves the session as it was; a cancelled run to the end pauses; a cancelled export
    /// writes nothing.
    Q_INVOKABLE void cancelOperations() { m_operations.cancelAll(); }
    QStringList priorityClasses() const { return m_priorityClasses; }

    /// Loads manifest files (file:// URLs or local paths) into a fresh simulation. Files that
    /// cannot be read, or hold an object with an error, are refused as a whole (openFailed,
    /// the status line): the session on show stays. A load is listed in recentFiles.
    Q_INVOKABLE void load(const QList<QUrl>& urls);
    void loadFiles(const QStringList& paths);
    // --- Opening (simulation_controller_open.cpp).
    RecentFiles* recentFiles() { return &m_recent; }
    /// Opens recentFiles' entry `row` (a session or manifests); a missing file is reported
    /// and its entry removed.
    Q_INVOKABLE void openRecent(int row);
    /// Files dropped on the window: one Berth session file opens as a session; otherwise
    /// .yaml/.yml/.json files load as manifests (as File > Open). Anything else is refused.
    Q_INVOKABLE void openDropped(const QList<QUrl>& urls);
    /// Loads an in-memory manifest (the embedded demo), named `name` in messages.
    void loadText(const QByteArray& text, const QString& name);
    /// The seed of the next load (workload pod names, random tie-breaks); berthctl's --seed.
    void setSeed(quint64 seed) { m_seed = seed; }

    // --- Edits: each is recorded in the history once the worker applied it (editApplied),
    // or refused with a reason (editFailed), leaving the plan unchanged.
    Q_INVOKABLE void cordonNode(const QString& node);
    Q_INVOKABLE void uncordonNode(const QString& node);
    Q_INVOKABLE void drainNode(const QString& node);
    Q_INVOKABLE void deleteNode(const QString& node);
    /// `count` copies of `templateNode` named <namePrefix>-1.. in `zone` (empty: the template's).
    Q_INVOKABLE void addNodePool(const QString& templateNode, int count, const QString& zone, const QString& namePrefix);
    /// Replaces the node's labels (a map of strings).
    Q_INVOKABLE void setNodeLabels(const QString& node, const QVariantMap& labels);
    /// Replaces the node's taints: a list of {key, value, effect} maps.
    Q_INVOKABLE void setNodeTaints(const QString& node, const QVariantList& taints);
    Q_INVOKABLE void scaleWorkload(const QString& kind, const QString& ns, const QString& name, int replicas);
    Q_INVOKABLE void deleteWorkload(const QString& kind, const QString& ns, const QString& name);
    /// Submits YAML objects (validated completely first: any error refuses them all).
    Q_INVOKABLE void submitYaml(const QString& yaml);
    /// The problems in `yaml` on its own (file:line:col messages), for an editor that
    /// validates as the user types. Empty when it would load.
    Q_INVOKABLE QStringList validateYaml(const QString& yaml) const;
    /// Sets spec.nodeName of a pending pod (namespace/name): the scheduler is bypassed.
    Q_INVOKABLE void pinPod(const QString& podKey, const QString& node);

    // --- Planner checks (simulation_controller_planner.cpp).
    /// Asks the worker whether the pending pod would pass every filter on `node` now (the
    /// core's own PreFilter and Filter plugins; nothing changes). Answered by podNodeVerdict;
    /// only the newest request is answered.
    Q_INVOKABLE void checkPodOnNode(const QString& podKey, const QString& node);
    /// Label syntax problems (key: qualified name; value: label value), one line each; empty
    /// when setNodeLabels would accept them.
    Q_INVOKABLE QStringList labelProblems(const QVariantMap& labels) const;
    /// Problems in a list of {key, value, effect} taints; empty when valid.
    Q_INVOKABLE QStringList taintProblems(const QVariantList& taints) const;
    /// A node's labels as a map and its taints as a list of {key, value, effect} (for the
    /// label and taint dialogs).
    Q_INVOKABLE QVariantMap nodeLabels(const QString& node) const;
    Q_INVOKABLE QVariantList nodeTaints(const QString& node) const;
    void applyEdit(const plan::PlanEdit& edit);

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

    // --- Scheduler configuration (simulation_controller_config.cpp). The configuration is
    // session state: each change is a SetSchedulerConfig edit (undo, redo and session files
    // keep it) and re-runs the plan from its starting state to the end; placementDiff then
    // lists what moved. Each returns an empty string or why nothing changed.
    SchedulerConfigModel* schedulerConfig() { return &m_schedulerConfig; }
    PlacementDiffModel* placementDiff() { return &m_placementDiff; }
    /// Applies the configuration panel's draft.
    Q_INVOKABLE QString applySchedulerConfig();
    /// Applies a KubeSchedulerConfiguration file; a bad one is refused with file:line messages.
    Q_INVOKABLE QString loadSchedulerConfig(const QUrl& file);
    /// Back to upstream's default configuration.
    Q_INVOKABLE QString resetSchedulerConfig();
    /// Crash recovery in `dir` (main.cpp: Autosave::defaultDir()). False when another
    /// running instance uses it.
    bool enableAutosave(const QString& dir);
    Q_INVOKABLE QString restoreSession();
    Q_INVOKABLE void discardRestore();
    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay() { m_running ? pause() : play(); }
    /// Step one pod: one scheduling cycle (or, with activeQ empty, one timed event such as a
    /// bind), shown at once at its last phase.
    Q_INVOKABLE void step();
    /// Step one extension point: the next phase of the cycle on show (pop -> filter -> score
    /// -> select -> assume); past its last phase, the next core step, from its first phase.
    Q_INVOKABLE void stepPhase();
    Q_INVOKABLE void runToEnd();
    Q_INVOKABLE void setSpeed(double speed);

    /// What the inspector shows for a pod (by namespace/name): phase, node, queue, message...
    Q_INVOKABLE QVariantMap podDetails(const QString& key) const;
    /// What the inspector shows for a node: usage, taints and its pods.
    Q_INVOKABLE QVariantMap nodeDetails(const QString& name) const;

Q_SIGNALS:
    void runningChanged();
    void loadedChanged();
    void statusTextChanged();
    void statsChanged();
    void speedChanged();
    /// The simulation became idle (nothing left that can change).
    void runFinished();
    void historyChanged();
    void busyChanged();
    void editApplied(const QString& description);
    void editFailed(const QString& description, const QString& error);
    void exportFinished(const QString& path, const QString& error);
    /// An open was refused (unreadable, bad or empty files): `message` names the file and
    /// `problems` lists file:line:col messages. Nothing changed.
    void openFailed(const QString& message, const QStringList& problems);
    /// The answer to checkPodOnNode: NodeVerdictUi::toVariant().
    void podNodeVerdict(const QVariantMap& verdict);
    void priorityClassesChanged();

private:
    void onLoaded(const berth::app::ClusterSnapshot& snapshot);
    /// Reports a refused open (status line + openFailed); nothing else changes.
    void refuseOpen(const QString& what, const QStringList& problems);
    void onUpdated(const berth::app::UpdateBatch& batch);
    void onEditDone(const berth::app::EditOutcome& outcome);
    /// Config: applies a configuration text as an edit (checked first).
    QString applyConfigText(const std::string& yaml, const std::string& fileName);
    /// Config: the panel shows the configuration in effect with these edits.
    void refreshSchedulerConfig(const plan::PlanInput& input, const std::vector<plan::PlanEdit>& edits);
    /// Config: runs both edit lists to the end off the GUI thread and fills placementDiff.
    void comparePlacements(std::vector<plan::PlanEdit> before, std::vector<plan::PlanEdit> after);
    /// Config: whether edits [from, to) of the history hold a configuration change.
    bool configChangeBetween(int from, int to) const;
    void onPodNodeChecked(const berth::app::NodeVerdictUi& verdict);
    /// A plan the worker builds to replace the one on show: a load, an open, undo and redo,
    /// a configuration change. The session changes only once the new plan is shown: `commit`
    /// runs then; `rollback` runs when it is cancelled or its manifests are refused.
    struct ReplayRequest {
        std::shared_ptr<const plan::PlanInput> input;
        std::vector<plan::PlanEdit> edits;
        quint64 stopAtStep = 0;
        QString title;               // the operation's name, and what a refusal reports
        bool refuseBadInput = false; // manifests with errors are refused (openFailed)
        std::function<void()> commit;
        std::function<void()> rollback;
        quint64 serial = 0;
        std::shared_ptr<core::Progress> progress;
    };
    void startReplay(ReplayRequest request);
    /// The request `serial` answers, taken off the pending list (nullopt: not one of ours).
    std::optional<ReplayRequest> takeReplay(quint64 serial);
    void onReplayCancelled(quint64 serial);
    void onOpenRefused(quint64 serial, const QStringList& problems);
    static ReplayRequest replayOf(std::shared_ptr<const plan::PlanInput> input, std::vector<plan::PlanEdit> edits,
                                  quint64 stopAtStep, const QString& title);
    /// The session's input with its first `applied` edits, stopping at `stopAtStep`.
    ReplayRequest sessionReplay(int applied, quint64 stopAtStep, const QString& title) const;
    /// A session document's input and applied edits, stopping where the last applied edit was made.
    static ReplayRequest documentReplay(const SessionDocument& doc, const QString& title);
    void startLoad(plan::PlanInput input, const QString& source, const QStringList& recentPaths);
    /// Tells QML (busy, canUndo, canRedo) when busy() is no longer `wasBusy`.
    void notifyBusy(bool wasBusy);
    void setStatusText(const QString& text);
    void setRunning(bool running);
    void requestStep(bool byPhase);
    void showStepResult(const UpdateBatch& batch);
    /// Flat out (run to end, or the top speed): no per-cycle playback, the net effect only.
    bool flatOut() const { return m_running && (m_toEnd || m_speed >= maxSpeed()); }

    QThread m_thread;
    SimulationWorker* m_worker = nullptr;  // lives on m_thread, deleted when it finishes
    PlanSession m_session;
    RecentFiles m_recent{this};
    quint64 m_seed = 0;
    quint64 m_editSerial = 0;
    quint64 m_checkSerial = 0;  // the newest checkPodOnNode request
    QStringList m_priorityClasses;
    int m_pendingEdits = 0;
    QList<ReplayRequest> m_replays;  // sent to the worker, oldest first
    quint64 m_replaySerial = 0;
    OperationListModel m_operations{this};
    std::shared_ptr<core::Progress> m_diffProgress;  // the placement comparison under way
    int m_submitted = 0;  // names submitted YAML texts: submitted-<n>.yaml
    QList<QThread*> m_exports;  // running exports (and placement comparisons), waited for on destruction
    SchedulerConfigModel m_schedulerConfig{this};
    PlacementDiffModel m_placementDiff{this};
    quint64 m_diffSerial = 0;  // the newest comparison asked for; older answers are dropped
    NodeListModel m_nodes;
    PodListModel m_pods;
    QueueModel m_queue;
    EventLogModel m_events;
    Inspector m_inspector;
    CyclePlayback m_cycle;
    SimStats m_stats;
    QString m_source;
    QString m_statusText;
    double m_speed = 1.0;
    int m_revision = 0;
    bool m_running = false;
    bool m_loaded = false;
    bool m_toEnd = false;
    quint64 m_stepSerial = 0;     // the last step asked of the worker
    bool m_stepPending = false;   // waiting for the batch that answers it
    bool m_stepByPhase = false;   // ... which then plays from its first phase
};

}  // namespace berth::app
