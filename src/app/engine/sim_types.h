#pragma once
/// Immutable value types the simulation worker hands to the GUI thread: rows of the views
/// (nodes, pods, queue entries, log lines) copied out of the core, so the GUI never reads the
/// core's state while the worker mutates it.

#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include <cstdint>
#include <vector>

#include "app/engine/trace_types.h"
#include "plan/plan_edit.h"
#include "plan/run_timeline.h"
#include "plan/timed_edits.h"

namespace berth::app {

struct NodeRow {
    quint32 id = 0;  // core node id: stable for the whole load
    QString name;
    QString zone;             // topology.kubernetes.io/zone, "" when absent
    QString pool;             // a node-pool style label, for the inspector
    qint64 cpuRequested = 0;  // milli-CPU
    qint64 cpuAllocatable = 0;
    qint64 memRequested = 0;  // bytes
    qint64 memAllocatable = 0;
    int podCount = 0;
    qint64 podsAllocatable = 0;
    bool cordoned = false;
    bool removed = false;
    QString taints;                         // "key=value:Effect, ..."
    QList<QPair<QString, QString>> labels;  // every label, sorted by key (the canvas's group-by)
    bool operator==(const NodeRow&) const = default;
};

/// Succeeded: a pod whose lifetime (berth.dev/duration) ended; off its node.
enum class PodPhaseUi : quint8 { Pending, Assumed, Bound, Preexisting, Evicted, Ignored, Succeeded };

struct PodRow {
    quint32 id = 0;      // core pod id: stable for the whole load
    QString key;         // namespace/name
    QString workload;    // owner kind/name (or the pod itself): the chip colour
    QString owner;       // the top controlling workload, Kind/name (a Deployment, not its
                         // ReplicaSet): what scale and delete act on; "" for a bare pod
    qint32 nodeId = -1;  // bound / assumed / preexisting node, -1 when none
    QString node;
    PodPhaseUi phase = PodPhaseUi::Pending;
    QString queue;  // "active" | "backoff" | "unschedulable" | "" (not queued)
    int attempts = 0;
    QString message;    // last FailedScheduling text
    qint64 cpu = 0;     // milli-CPU requested
    qint64 memory = 0;  // bytes requested
    qint32 priority = 0;
    QList<QPair<QString, QString>> labels;  // every label, sorted by key (Edit > Find's selectors)
    bool operator==(const PodRow&) const = default;
};

struct QueueRow {
    quint32 podId = 0;
    QString key;
    QString queue;  // "active" | "backoff" | "unschedulable"
    int attempts = 0;
    qint64 backoffLeftNs = 0;  // backoffQ only
    QString reason;            // unschedulable plugins / last message
    bool operator==(const QueueRow&) const = default;
};

struct EventRow {
    quint64 sequence = 0;
    qint64 timeNs = 0;
    QString type;
    QString pod;
    QString node;
    QString message;
};

struct SimStats {
    qint64 timeNs = 0;
    int bound = 0;  // bound or preexisting
    int pending = 0;
    int assumed = 0;
    int attempts = 0;
    bool idle = true;
    /// Core steps taken (the playback's position), and the most ever reached in this plan:
    /// stepping back replays to an earlier position; End returns to the newest.
    quint64 steps = 0;
    quint64 newestStep = 0;
};

/// What the scrubber's timeline gained (plan::RunTimeline): the GUI keeps its marks of steps
/// before `from` and the times of steps before `from`, and adds these.
struct TimelineDelta {
    bool changed = false;
    quint64 from = 0;
    std::vector<plan::TimelineMark> marks;
    std::vector<qint64> times;  // times[i]: simulated ns after step from + i
    std::vector<plan::QueueDepth> depths;  // beside times: the queue after each step
};

/// One of the input's timed edits (a timeline file) as the narration and the scrubber name it.
struct TimedEditNote {
    qint64 atNs = 0;  // its time on the simulated clock
    QString title;    // "Cordon node-2" (plan::describeEdit)
    QString source;   // "outage.yaml:4"
    QString error;    // why it could not be applied when its time came (empty: it was)
    int index = -1;   // among the input's timed edits, in the order applied (the Timed marks')
    quint64 step = 0; // the step that applied it
};

/// Everything the GUI needs to know after a load: the full tables.
struct ClusterSnapshot {
    QString source;  // file names, for the title
    QString error;   // non-empty when the load failed
    QStringList diagnostics;
    QList<NodeRow> nodes;  // index == node id
    QList<PodRow> pods;    // index == pod id
    QList<QueueRow> queue;
    SimStats stats;
    quint64 serial = 0;  // the replay request this answers
    /// A step back or a restart (SimulationWorker::travel): the same plan at an earlier
    /// step, not a new one. The selection stays; the batch carrying `stepSerial` follows.
    bool travelled = false;
    /// With `travelled`: the event log keeps its rows before this sequence number (the
    /// batch that follows brings the last step's events again).
    quint64 eventsFrom = 0;
    TimelineDelta timeline;  // a load or replay: the whole timeline (a travel keeps it)
    /// The input's timed edits (a timeline file), as written: the scrubber marks each, also
    /// before the run reaches it.
    std::vector<plan::TimedEdit> timedEdits;
    /// A load or replay: those of them the plan failed to apply on its way (index and error).
    QList<TimedEditNote> timedFailed;
};

/// One frame's worth of change: rows whose content changed, new pods, the queue as it now is,
/// the events in order.
struct UpdateBatch {
    QList<NodeRow> nodes;   // changed rows (by id; ids >= known count are new)
    QList<PodRow> pods;     // changed or new rows
    QList<QueueRow> queue;  // the whole queue, in order (active, backoff, unschedulable)
    QList<EventRow> events;
    SimStats stats;
    bool running = false;
    bool finished = false;  // the simulation went idle during this batch
    /// Why the loop stopped before it went idle (Simulation::stoppedBy: a preemption
    /// livelock), when it finished so during this batch; empty otherwise.
    QString stoppedBy;
    /// The newest scheduling cycle of this batch (invalid when none ran or traces are off):
    /// what step mode plays back and the canvas highlights.
    CycleTraceUi lastCycle;
    /// The selected pod's newest attempt, when it was attempted during this batch.
    CycleTraceUi selectedTrace;
    /// The serial of the last step command done before this batch (0: none yet).
    quint64 stepSerial = 0;
    TimelineDelta timeline;
    /// The input's timed edits the run reached for the first time during this batch, applied
    /// or failed, in order; and the next one not yet due (an empty title: none is left).
    QList<TimedEditNote> timedDone;
    TimedEditNote nextTimed;
};

/// The worker's answer to an edit: the edit as applied (with its step), or why not.
struct EditOutcome {
    quint64 serial = 0;
    plan::PlanEdit edit;
    QString error;  // empty: applied
};

}  // namespace berth::app

Q_DECLARE_METATYPE(berth::app::ClusterSnapshot)
Q_DECLARE_METATYPE(berth::app::EditOutcome)
Q_DECLARE_METATYPE(berth::app::UpdateBatch)
