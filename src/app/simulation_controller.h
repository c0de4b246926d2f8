#pragma once
/// The app's front door for QML: owns the worker thread and the models, runs the playback
/// (play, pause, step, speed) and applies the worker's batches to the models. Its parts are
/// QObjects of their own, each what one group of panels takes: `session` (SessionController:
/// load, open, save, export, undo/redo, recent files), `config` (ConfigController: the
/// scheduler configuration and the placement comparison), `planner` (PlannerActions: the
/// edits and checks), `playback` (PlaybackControls: play, pause, step, speed) and `status`
/// (RunStatus: what is on show and the run's counts). It is their PlanHost and PlaybackHost:
/// edits, replays and playback go through it to the worker (simulation_controller_replay.cpp).
/// Created in main.cpp and handed to QML as a required property.

#include <QList>
#include <QObject>
#include <QThread>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <optional>

#include "app/capacity/capacity_controller.h"
#include "app/capacity/compare_controller.h"
#include "app/capacity/fit_controller.h"
#include "app/capacity/group_drain_controller.h"
#include "app/capacity/nodes_controller.h"
#include "app/config/config_controller.h"
#include "app/engine/node_verdict.h"
#include "app/engine/sim_types.h"
#include "app/inspector/inspector.h"
#include "app/models/event_log_model.h"
#include "app/models/node_list_model.h"
#include "app/models/operation_list_model.h"
#include "app/models/pod_list_model.h"
#include "app/models/queue_model.h"
#include "app/plan_host.h"
#include "app/planner_actions.h"
#include "app/playback/cycle_playback.h"
#include "app/playback/playback_controls.h"
#include "app/playback/playback_host.h"
#include "app/playback/run_status.h"
#include "app/session/plan_session.h"
#include "app/session/session_controller.h"

namespace berth::app {

class SimulationWorker;

class SimulationController : public QObject, public PlanHost, public PlaybackHost {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Created by main.cpp and passed in as a required property")
    Q_PROPERTY(berth::app::NodeListModel* nodes READ nodes CONSTANT)
    Q_PROPERTY(berth::app::PodListModel* pods READ pods CONSTANT)
    Q_PROPERTY(berth::app::QueueModel* queue READ queue CONSTANT)
    Q_PROPERTY(berth::app::EventLogModel* events READ events CONSTANT)
    Q_PROPERTY(berth::app::Inspector* inspector READ inspector CONSTANT)
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle CONSTANT)
    Q_PROPERTY(berth::app::SessionController* session READ session CONSTANT)
    Q_PROPERTY(berth::app::ConfigController* config READ config CONSTANT)
    Q_PROPERTY(berth::app::PlannerActions* planner READ planner CONSTANT)
    /// The Capacity panel: the plan run to the end, measured (requested/allocatable, fragmentation).
    Q_PROPERTY(berth::app::CapacityController* capacity READ capacity CONSTANT)
    /// Node > Drain or cordon a group…: cordon edits, and the drain simulation's report.
    Q_PROPERTY(berth::app::GroupDrainController* groupDrain READ groupDrain CONSTANT)
    /// "How many more fit?" on a pod: the answer and the ghost replicas on the canvas.
    Q_PROPERTY(berth::app::FitController* fit READ fit CONSTANT)
    /// The Capacity panel's configurations side by side.
    Q_PROPERTY(berth::app::CompareController* compare READ compare CONSTANT)
    /// Node > Add nodes until everything fits…
    Q_PROPERTY(berth::app::NodesController* nodeSearch READ nodeSearch CONSTANT)
    Q_PROPERTY(berth::app::PlaybackControls* playback READ playback CONSTANT)
    Q_PROPERTY(berth::app::RunStatus* status READ status CONSTANT)
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY loadedChanged)
    Q_PROPERTY(bool finished READ finished NOTIFY statsChanged)
    Q_PROPERTY(QString source READ source NOTIFY loadedChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusTextChanged)
    Q_PROPERTY(int revision READ revision NOTIFY statsChanged)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
    Q_PROPERTY(double maxSpeed READ maxSpeed CONSTANT)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
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
    SessionController* session() { return &m_sessionController; }
    ConfigController* config() { return &m_config; }
    PlannerActions* planner() { return &m_planner; }
    CapacityController* capacity() { return &m_capacity; }
    GroupDrainController* groupDrain() { return &m_groupDrain; }
    FitController* fit() { return &m_fit; }
    CompareController* compare() { return &m_compare; }
    NodesController* nodeSearch() { return &m_nodeSearch; }
    PlaybackControls* playback() { return &m_playback; }
    RunStatus* status() { return &m_status; }
    bool running() const override { return m_running; }
    bool loaded() const override { return m_status.loaded(); }
    bool finished() const { return loaded() && m_status.stats().idle && !m_running; }
    QString source() const { return m_status.source(); }
    QString statusText() const { return m_status.statusText(); }
    int revision() const { return m_revision; }
    double speed() const override { return m_speed; }
    double maxSpeed() const override;
    /// A load, replay or edit is with the worker; undo, redo and opening wait for it.
    bool busy() const { return !m_replays.isEmpty() || m_pendingEdits > 0; }
    /// A step or a step back is with the worker; the next one waits for its answer.
    bool stepPending() const { return m_stepPending; }
    OperationListModel* operations() { return &m_operations; }
    /// Cancels every long operation under way (Esc). A cancelled load, open, undo or redo
    /// leaves the session as it was; a cancelled run to the end pauses; a cancelled export
    /// writes nothing.
    Q_INVOKABLE void cancelOperations() { m_operations.cancelAll(); }

    // --- PlaybackHost: what `playback` asks of the worker.
    Q_INVOKABLE void play() override;
    Q_INVOKABLE void pause() override;
    /// Step one pod: one scheduling cycle (or, with activeQ empty, one timed event such as a
    /// bind), shown at once at its last phase.
    Q_INVOKABLE void step() override;
    /// Step one extension point: the next phase of the cycle on show (pop -> filter -> score
    /// -> select -> assume); past its last phase, the next core step, from its first phase.
    Q_INVOKABLE void stepPhase() override;
    Q_INVOKABLE void runToEnd() override;
    Q_INVOKABLE void setSpeed(double speed) override;
    quint64 position() const override { return m_status.stats().steps; }
    quint64 newestPosition() const override { return m_status.stats().newestStep; }
    Q_INVOKABLE void stepBack() override;
    Q_INVOKABLE void stepPodBack() override;
    Q_INVOKABLE void restart() override;
    Q_INVOKABLE void toNewest() override;
    void seek(quint64 step) override;

    // --- PlanHost (simulation_controller_replay.cpp): what the parts ask of the worker.
    bool planLoaded() const override { return loaded(); }
    bool planBusy() const override { return busy(); }
    PlanSession& planSession() override { return m_session; }
    const NodeListModel& nodeRows() const override { return m_nodes; }
    OperationListModel& operationList() override { return m_operations; }
    void applyEdit(const plan::PlanEdit& edit) override;
    void refuseEdit(plan::EditKind kind, const QString& description, const QString& error) override;
    void startReplay(ReplayRequest request) override;
    void askPodOnNode(const QString& podKey, const QString& node, quint64 serial) override;
    void showStatus(const QString& text) override { m_status.setStatusText(text); }
    void refuseOpen(const QString& what, const QStringList& problems) override;

Q_SIGNALS:
    void runningChanged();
    void loadedChanged();
    void statusTextChanged();
    void statsChanged();
    void speedChanged();
    /// The simulation became idle (nothing left that can change).
    void runFinished();
    void busyChanged();
    /// An edit the worker applied or refused (PlannerActions forwards both to QML).
    void editApplied(berth::app::PlannerActions::EditKind kind, const QString& description);
    void editFailed(berth::app::PlannerActions::EditKind kind, const QString& description, const QString& error);

private:
    void connectWorker();
    void onLoaded(const berth::app::ClusterSnapshot& snapshot);
    void onUpdated(const berth::app::UpdateBatch& batch);
    void onEditDone(const berth::app::EditOutcome& outcome);
    /// The request `serial` answers, taken off the pending list (nullopt: not one of ours).
    std::optional<ReplayRequest> takeReplay(quint64 serial);
    void onReplayCancelled(quint64 serial);
    void onOpenRefused(quint64 serial, const QStringList& problems);
    /// Tells QML (busy, and the parts' state) when busy() is no longer `wasBusy`.
    void notifyBusy(bool wasBusy);
    /// The parts' loaded and busy changed.
    void notifyParts();
    void setRunning(bool running);
    void requestStep(bool byPhase);
    /// The plan as it was at core step `target` (SimulationWorker::travel); the step that
    /// reached it is shown at its last phase.
    void travelTo(quint64 target);
    void showStepResult(const UpdateBatch& batch);
    /// Flat out (run to end, or the top speed): no per-cycle playback, the net effect only.
    bool flatOut() const { return m_running && (m_toEnd || m_speed >= maxSpeed()); }

    QThread m_thread;
    SimulationWorker* m_worker = nullptr;  // lives on m_thread, deleted when it finishes
    PlanSession m_session;
    quint64 m_editSerial = 0;
    int m_pendingEdits = 0;
    QList<ReplayRequest> m_replays;  // sent to the worker, oldest first
    quint64 m_replaySerial = 0;
    OperationListModel m_operations{this};
    NodeListModel m_nodes;
    PodListModel m_pods;
    QueueModel m_queue;
    EventLogModel m_events;
    Inspector m_inspector;
    CyclePlayback m_cycle;
    RunStatus m_status;
    PlaybackControls m_playback{*this, m_cycle, this};
    ConfigController m_config{*this, this};
    SessionController m_sessionController{*this, m_config, this};
    PlannerActions m_planner{*this, this};
    CapacityController m_capacity{*this, this};
    GroupDrainController m_groupDrain{*this, this};
    FitController m_fit{*this, this};
    CompareController m_compare{*this, this};
    NodesController m_nodeSearch{*this, this};
    double m_speed = 1.0;
    int m_revision = 0;
    bool m_running = false;
    bool m_toEnd = false;
    quint64 m_stepSerial = 0;    // the last step asked of the worker
    bool m_stepPending = false;  // waiting for the batch that answers it
    bool m_stepByPhase = false;  // ... which then plays from its first phase
};

}  // namespace berth::app
