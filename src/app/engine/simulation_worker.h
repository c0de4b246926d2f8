#pragma once
/// The engine side of the app: owns the cluster and the core::Simulation and lives on its own
/// QThread. The GUI talks to it only through queued calls; it answers with immutable
/// snapshots and update batches, at most one batch per frame (changes are coalesced by a
/// ~16 ms timer). It holds no scheduling logic: it drives core::Simulation and copies rows out.

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <vector>

#include "app/engine/sim_types.h"
#include "app/engine/node_verdict.h"
#include "app/engine/trace_store.h"
#include "core/progress.h"
#include "plan/checkpoint_shelf.h"
#include "plan/plan.h"
#include "plan/run_timeline.h"

namespace berth::core {
struct Cluster;
class Simulation;
struct SimEvent;
struct CycleTrace;
}  // namespace berth::core

namespace berth::app {

class SimulationWorker : public QObject {
    Q_OBJECT
public:
    explicit SimulationWorker(QObject* parent = nullptr);
    ~SimulationWorker() override;

    /// Steps per simulated second of "1x" playback.
    static constexpr double kStepsPerSecondAt1x = 8.0;
    /// Speeds at or above this run as fast as the machine allows.
    static constexpr double kMaxSpeed = 64.0;
    /// Up to this many nodes every attempt is traced, even flat out; above it, traces are
    /// recorded only while playback is slow enough to watch (tracing costs per node).
    static constexpr std::size_t kTraceAllNodes = 1000;
    /// A step back replays up to this many steps traced (every pod's newest attempt kept
    /// for the inspector); a longer replay traces its last step only.
    static constexpr quint64 kTraceTravelSteps = 2000;
    /// Up to this many nodes x steps a jump replays from step 0, traced all the way (the
    /// demo: 30 x 134); a larger one starts from the nearest checkpoint.
    static constexpr quint64 kTracedReplayNodeSteps = 200'000;
    /// Up to this many pods the run keeps checkpoints for time travel (at most 14 plans of
    /// this size in memory: about 770 MiB at the limit).
    static constexpr std::size_t kCheckpointedPods = 25'000;

public Q_SLOTS:
    /// Builds a fresh plan from `input` (loaded as berthctl loads it), replays `edits` (each
    /// at its recorded step), steps on to `stopAtStep` and answers with `loaded`. Loading a
    /// cluster, opening a session, undo and redo all come here. The plan on show stays until
    /// the new one is complete: when `progress` is cancelled the answer is replayCancelled,
    /// and with `refuseBadInput` manifests with an error (or nothing to plan) are answered
    /// with openRefused; either way nothing changed. `serial` comes back in the answer.
    void replay(std::shared_ptr<const berth::plan::PlanInput> input, std::vector<berth::plan::PlanEdit> edits,
                quint64 stopAtStep, const QString& source, quint64 serial,
                std::shared_ptr<berth::core::Progress> progress, bool refuseBadInput);
    /// Applies one edit at the current step and answers with `editDone` (the edit with its
    /// step recorded, or why it was refused: the plan is then unchanged). Refused while the
    /// playback is stepped back before an edit already made (its future holds that edit).
    void applyEdit(berth::plan::PlanEdit edit, quint64 serial);
    /// Time travel (step back, restart): the plan on show as it was at core step `target`.
    /// A fresh plan from the same input steps to it, applying the edits recorded up to there
    /// (simulation_worker_travel.cpp): the core is deterministic, so the cluster, the queue
    /// and the traces are what they were, and stepping forward again makes the same
    /// decisions. The last step to `target` runs traced, so step mode can show its cycle.
    /// Answers with `loaded` (travelled) and then a batch carrying `serial`.
    void travel(quint64 target, quint64 serial);
    void play();
    void pause();
    /// One core step (a scheduling cycle, or one timed event such as a bind). `serial` comes
    /// back in the batch that shows its result, so the GUI knows which batch answers it.
    void step(quint64 serial = 0);
    /// Runs flat out until idle, reporting settled pods through `progress`; cancelling it
    /// pauses the run (as pause() does).
    void runToEnd(std::shared_ptr<berth::core::Progress> progress);
    void setSpeed(double speed);
    /// The pod the inspector shows (-1: none). Answers at once with `traceReady` (its newest
    /// kept attempt, possibly invalid); later attempts come in the batches' selectedTrace.
    void selectPod(qint64 podId);
    /// Would the pending pod (namespace/name) pass PreFilter and Filter on `node` now? Runs
    /// the core's plugins (Simulation::checkNodeForPod; changes nothing) and answers with
    /// podNodeChecked carrying `serial`. Defined in node_verdict.cpp.
    void checkPodOnNode(const QString& podKey, const QString& node, quint64 serial);

Q_SIGNALS:
    void loaded(const berth::app::ClusterSnapshot& snapshot);
    /// replay() stopped on a cancel; the plan on show is unchanged.
    void replayCancelled(quint64 serial);
    /// replay() refused its manifests (refuseBadInput): `problems` are file:line:col lines.
    void openRefused(quint64 serial, const QStringList& problems);
    void editDone(const berth::app::EditOutcome& outcome);
    void updated(const berth::app::UpdateBatch& batch);
    void traceReady(const berth::app::CycleTraceUi& trace);
    void podNodeChecked(const berth::app::NodeVerdictUi& verdict);
    /// The PriorityClass names of the plan, sorted (after a load, and after edits change them).
    void priorityClassesChanged(const QStringList& names);

private:
    /// One core step, after the recorded edits due at this step (they are re-applied when
    /// the playback steps forward again after a step back). False: nothing left to do.
    bool advance();
    void applyDueEdits();
    /// travel() to a later step without a nearer checkpoint: the plan on show steps on.
    void travelForward(quint64 target);
    /// Asks the shelf for the checkpoints up to the newest step, within kCheckpointedPods.
    void fillCheckpoints();
    // simulation_worker_timeline.cpp
    /// Records `plan`'s steps and marks into `timeline` (a replay, before the plan is adopted).
    static void listenForTimeline(plan::Plan& plan, plan::RunTimeline& timeline);
    /// The edit marks of m_edits a replay to plan.steps() applied.
    void addReplayedEdits(const plan::Plan& plan, plan::RunTimeline& timeline) const;
    /// An edit was applied at the current step (the future past it is gone).
    void timelineEdit();
    /// The plan on show finished step `step` (Plan's step listener).
    void timelineStepDone(std::uint64_t step);
    /// What the GUI has not seen of the timeline yet; it has seen all of it afterwards.
    TimelineDelta takeTimelineDelta();
    /// The step just done, a fresh one, was the input's timed edits: notes for the batch
    /// (m_timedDone) and an event-log row for each that failed.
    void noteTimedEdits(std::uint64_t step);
    /// The input's next timed edit not yet due (index -1: none).
    TimedEditNote nextTimedNote() const;
    /// Why an edit cannot be made now (stepped back before recorded edits), else empty.
    QString editRefusal() const;
    /// Makes `plan` the one on show: listeners attached, the per-plan state reset.
    void adopt(std::unique_ptr<plan::Plan> plan);
    /// The full tables of the plan on show (a load, a replay, a travel).
    ClusterSnapshot snapshot(const QString& error, quint64 serial) const;
    void onEvent(const core::SimEvent& e);
    void announcePriorityClasses();  // node_verdict.cpp
    void tick();
    void flush();
    void scheduleFlush();
    void setRunning(bool running);
    /// The run to the end under way (if any) is over: its operation leaves the list.
    void endRunProgress();
    void updateTracing();
    void onTrace(const core::CycleTrace& trace);
    NodeRow nodeRow(quint32 id) const;
    PodRow podRow(quint32 id) const;
    QList<QueueRow> queueRows() const;
    SimStats stats() const;
    EventRow eventRow(const core::SimEvent& e) const;

    std::unique_ptr<plan::Plan> m_plan;
    /// What the plan on show was built from, for travel: the input (the configuration in
    /// effect), the source name, and every edit made, in order, each at its step.
    std::shared_ptr<const plan::PlanInput> m_input;
    QString m_source;
    std::vector<plan::PlanEdit> m_edits;
    std::size_t m_editsApplied = 0;  // m_edits[0, m_editsApplied) are in the plan on show
    quint64 m_newestStep = 0;        // the most steps this plan has reached
    /// Plans of this run parked at earlier steps, for travel (built on a thread of its own).
    plan::CheckpointShelf m_checkpoints;
    /// The run's timeline; the GUI has its steps before m_timelineSent, and its marks and
    /// times from m_timelineDirtyFrom on changed since (kTimelineClean: none).
    plan::RunTimeline m_timeline;
    static constexpr quint64 kTimelineClean = ~quint64{0};
    quint64 m_timelineSent = 0;
    quint64 m_timelineDirtyFrom = kTimelineClean;
    quint64 m_nextSequence = 0;      // the sequence number the next event will carry
    QStringList m_priorityClasses;       // as last announced
    core::Cluster* m_cluster = nullptr;  // the plan's
    core::Simulation* m_sim = nullptr;   // the plan's; null when it has none
    QTimer m_tick;                       // playback pacing
    QTimer m_flushTimer;                 // coalesces changes into one batch per frame
    QElapsedTimer m_sinceTick;
    double m_speed = 1.0;
    double m_stepBudget = 0;
    bool m_running = false;
    bool m_toEnd = false;
    std::shared_ptr<core::Progress> m_runProgress;  // of the run to the end under way
    core::SettledPods m_runSettled;
    bool m_finishedPending = false;
    QSet<quint32> m_dirtyPods;
    QSet<quint32> m_dirtyNodes;
    QList<EventRow> m_events;
    QList<TimedEditNote> m_timedDone;  // since the last batch (noteTimedEdits)
    std::size_t m_timedErrorsSeen = 0;  // the plan's timedEditErrors() noted so far
    quint64 m_knownPods = 0;
    int m_attempts = 0;
    TraceStore m_traces;
    qint64 m_cyclePod = -1;      // the pod whose scheduling cycle is running
    qint64 m_lastCyclePod = -1;  // the newest traced cycle since the last batch
    qint64 m_selectedPod = -1;
    bool m_selectedTraceDirty = false;
    quint64 m_stepSerial = 0;
    /// Where each assumed pod sits: the outcome names the node only once bound, but the
    /// canvas draws the assumed pod there (faded) while its binding is in flight.
    QHash<quint32, quint32> m_assumedOn;
};

}  // namespace berth::app
