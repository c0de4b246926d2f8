#pragma once
/// The facade the CLI and the app drive: the whole scheduleOne loop on simulated time —
/// queue, scheduling cycle, assume, asynchronous binding cycle, failure handling with
/// backoff and requeue, preemption — with an ordered event stream and per-pod outcomes.
/// simulation.cpp sets it up and runs the loop; the cycle itself is in schedule_one.cpp, the
/// cluster edits in cluster_edits.cpp.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/api/cluster.h"
#include "core/backend/queue/scheduling_queue.h"
#include "core/clock/simulated_clock.h"
#include "core/events.h"
#include "core/node_check.h"
#include "core/profile/config.h"
#include "core/schedule_one.h"
#include "core/scheduler.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

class InvariantCheck;

/// How a pod leaves: deleted (by its controller, a person, preemption, its node's removal),
/// or evicted through the eviction API (a drain), which PodDisruptionBudgets guard.
enum class PodRemoval : std::uint8_t { Delete, Eviction };

class Simulation {
public:
    Simulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options,
               const Registry* registry = nullptr);
    ~Simulation();

    /// Builds profiles, fills the cache and queues the pending pods; false with `error` on a
    /// bad configuration.
    bool init(std::string& error);

    void setBindingSettings(BindingSettings b) { m_binding = std::move(b); }
    /// How long a pod runs once bound before it completes (Succeeded: its room is freed, its
    /// Job makes the next pods); none: until deleted. The plan gives the pods their
    /// berth.dev/duration (io/run_duration.h). Set before init(): pods bound in the input run
    /// theirs from t = 0.
    using Lifetime = std::function<std::optional<SimTime>(const Pod&)>;
    void setLifetime(Lifetime lifetime) { m_lifetime = std::move(lifetime); }

    /// Each pending pod is attempted exactly once, in queue order; binds complete.
    RunStats runSinglePass();
    /// The full loop until nothing can change any more (activeQ empty, nothing binding, and
    /// no waiting pod whose retry could see a changed cluster: see retryCouldChangeAnything),
    /// or until simulated time `until` (when >= 0).
    RunStats run(SimTime until = -1);
    /// Waits until simulated time `t`: runs the loop as run(t) does, and then the clock reaches
    /// `t` even when the loop went idle earlier (run() stops at the last event). For callers
    /// that wait a set time, such as kubectl drain between eviction retries.
    void waitUntil(SimTime t);
    /// One scheduling cycle, or one timed event when activeQ is empty. False when idle.
    bool step();
    bool idle() const;
    /// Why the loop stopped before it went idle; empty when it did not. Today the one such stop
    /// is a preemption livelock (noteVictimEvicted): the run ends there, the cluster as it was.
    const std::string& stoppedBy() const { return m_stoppedBy; }
    /// Checks the invariants (invariant_check.h) while the simulation runs, from now on: every
    /// placement's Filter plugins run again, alone, for its node. Changes no decision.
    void checkInvariantsWhileRunning();
    /// The invariants: the violations found while the run went on (after
    /// checkInvariantsWhileRunning), then the final state's. Empty when all hold.
    std::vector<std::string> checkInvariants() const;
    /// Would the pending pod `podId` pass PreFilter and Filter on `node` now? Runs its
    /// profile's real plugins against the current snapshot for that one node; changes no
    /// scheduling state (see node_check.h).
    NodeCheck checkNodeForPod(std::uint32_t podId, std::string_view node);

    void setTraceListener(std::function<void(const CycleTrace&)> l) { m_traceListener = std::move(l); }
    /// Turns cycle traces on or off between cycles (Scheduler::setTrace).
    void setTrace(bool on) { m_scheduler->setTrace(on); }
    void setEventListener(std::function<void(const SimEvent&)> l) { m_eventListener = std::move(l); }

    Cluster& cluster() { return m_cluster; }
    Scheduler& scheduler() { return *m_scheduler; }
    SchedulingQueue& queue() { return *m_queue; }
    const SimulatedClock& clock() const { return m_clock; }
    /// By pod id. A deque: growing it (controllers create pods mid-cycle) keeps references valid.
    const std::deque<PodOutcome>& outcomes() const { return m_outcomes; }
    const PodOutcome& outcome(const Pod& p) const { return m_outcomes[p.id]; }
    /// The scheduler's cached view of a node (requested resources, pods), or null.
    const NodeInfo* nodeInfo(Sym node) const { return m_scheduler->cache().nodeInfo(node); }
    /// The node the scheduler's cache has the pod on, assumed or bound; kNoSym when none.
    Sym nodeOf(const Pod& pod) const { return m_scheduler->cache().nodeOf(pod); }

    // --- Cluster edits (cluster_edits.cpp): events the loop reacts to, as the informers
    // would deliver them. ---
    /// Deletes a pod (a preemption victim, a drained or deleted pod). Owners recreate theirs.
    /// A pod's completion (setLifetime) still to come is cancelled.
    /// `removal` Eviction: the caller honoured the pod's budgets (the invariants check it).
    void evictPod(const Pod& pod, std::string_view why, PodRemoval removal = PodRemoval::Delete);
    /// A new pod from outside (kubectl apply, a controller): bound ones join the cache,
    /// pending ones the queue. `pod` must already be in cluster().pods.
    void podAdded(const Pod& pod);
    void addNode(Node node);
    /// Replaces a node's object (labels, taints, allocatable, cordon) and requeues pods the
    /// change may help. False when no such node.
    bool updateNode(std::string_view name, const std::function<void(Node&)>& edit);
    bool cordon(std::string_view name) {
        return updateNode(name, [](Node& n) { n.unschedulable = true; });
    }
    bool uncordon(std::string_view name) {
        return updateNode(name, [](Node& n) { n.unschedulable = false; });
    }
    /// Deletes the node and the pods on it.
    bool removeNode(std::string_view name);
    /// Cordons the node and evicts its pods except DaemonSet pods; an eviction a
    /// PodDisruptionBudget forbids is refused (the pod stays). Returns the refused pods.
    std::vector<const Pod*> drain(std::string_view name);

    /// Scales a Deployment, ReplicaSet, ReplicationController or StatefulSet (replicas) or a
    /// Job (parallelism), then lets the controllers act: new pods are queued, surplus ones
    /// deleted. False when there is no such workload (or it is a DaemonSet).
    bool scaleWorkload(WorkloadKind kind, std::string_view ns, std::string_view name, std::int32_t replicas);

    /// The controllers: called after pods were deleted or a workload changed. It appends the
    /// pods they create to cluster().pods (the simulation queues them) and returns the ids of
    /// the pods they delete (the simulation evicts them).
    using Reconciler = std::function<std::vector<std::uint32_t>(Cluster&)>;
    void setReconciler(Reconciler r) { m_reconciler = std::move(r); }
    /// The disruption controller (plan/controllers/disruption.h): recomputes every
    /// PodDisruptionBudget's status from the pods. Core cannot compute it itself (it needs
    /// the controllers' scale), so the plan installs it. It runs after the controllers
    /// reconcile, and before preemption or an eviction reads the budgets whenever a pod was
    /// added, bound or deleted since it last ran.
    using DisruptionController = std::function<void(Cluster&)>;
    void setDisruptionController(DisruptionController d) {
        m_disruption = std::move(d);
        m_budgetsStale = true;
    }
    /// Runs the disruption controller now when a pod changed since it last ran.
    void syncDisruptionBudgets();
    /// Workloads were added to cluster().workloads (objects submitted while planning): the
    /// controllers create their pods, which are queued.
    void workloadsChanged() { reconcile(); }

private:
    // schedule_one.cpp
    void scheduleOne(QueuedPodInfo info);
    /// Assumes the pod on `node` and runs Reserve; false (the failure handled) when either fails.
    bool assumeAndReserve(Framework& fw, CycleState& state, QueuedPodInfo& info, Sym node);
    /// Runs Permit, then waits or schedules the binding cycle.
    void permitAndBind(Framework& fw, std::shared_ptr<CycleState> state, QueuedPodInfo info, Sym node);
    /// DefaultPreemption's victim: rejected at Permit when waiting there, deleted otherwise.
    void evictVictim(const Pod& victim, const Pod& preemptor, Sym node);
    /// Counts preemption's evictions at the current instant and stops the run on a livelock.
    void noteVictimEvicted(const Pod& victim, const Pod& preemptor, Sym node);
    void handleFailure(QueuedPodInfo info, const std::string& message, bool schedulerError,
                       const std::vector<std::string>& unschedulablePlugins, std::optional<NominatingInfo> nominating);
    void runBindingCycle(std::uint32_t podId, Sym node, std::shared_ptr<CycleState> state, QueuedPodInfo info);
    /// A binding cycle that will not bind: it leaves the in-flight count and the scheduled
    /// tally, and Unreserve runs. The caller forgets, requeues or drops the pod.
    void abandonBinding(const Pod& pod, Sym node, CycleState& state);
    /// `rejectedBy`: the Permit plugin whose wait timed out (a rejection); empty for errors.
    void bindFailed(std::uint32_t podId, Sym node, CycleState& state, QueuedPodInfo info, const std::string& message,
                    const std::string& rejectedBy = {});
    // cluster_edits.cpp
    /// Records `node` as the pod's nomination (kEmptySym clears it) and requeues what a moved
    /// or cleared nomination may let in (>= 1.32).
    void setNominated(const Pod& pod, Sym node);
    // simulation.cpp
    void makeQueue();
    /// Fills the cache with the nodes and bound pods and queues the pending pods.
    void loadCluster();
    /// Whether events are wanted: someone listens, or the invariants are checked.
    bool listening() const { return m_eventListener || m_check; }
    void emitEvent(SimEvent e);  // not emit(): Qt defines `emit` as a macro
    void emitPod(EventType type, const Pod& pod, Sym node = kEmptySym, std::string message = {});
    void schedulePeriodicFlushes();
    bool requiredAffinityMatches(const Pod& pending, const Pod& assigned) const;
    bool retryCouldChangeAnything() const;
    // cluster_edits.cpp
    void reconcile();
    /// A bound pod with a lifetime: its completion is scheduled that long from now.
    void startLifetime(const Pod& pod);
    /// The pod's lifetime ended: it turns Succeeded and leaves the scheduler's view.
    void podSucceeded(std::uint32_t podId);
    /// The informer's delete of a pod that was on `node`: AssignedPodDelete moves the pods
    /// its room may let in.
    void assignedPodDeleted(const Pod& pod, Sym node);
    bool admissionPreCheck(const Pod& pod, const NodeInfo* nodeInfo) const;

    Cluster& m_cluster;
    SchedulerConfiguration m_config;
    SchedulerOptions m_options;
    const Registry* m_registry;
    BindingSettings m_binding;
    SimulatedClock m_clock;
    std::unique_ptr<Scheduler> m_scheduler;
    std::unique_ptr<SchedulingQueue> m_queue;
    std::deque<PodOutcome> m_outcomes;
    std::size_t m_inFlightBindings = 0;
    bool m_singlePass = false;
    bool m_flushesScheduled = false;
    RunStats m_stats;
    std::uint64_t m_eventSeq = 0;
    /// Seconds since the epoch at simulated time 0: after every start time in the input, so a
    /// pod bound during the run started after the running ones (victim ordering reads it).
    std::int64_t m_runStartEpoch = 0;
    std::function<void(const CycleTrace&)> m_traceListener;
    std::function<void(const SimEvent&)> m_eventListener;
    std::unique_ptr<InvariantCheck> m_check;  // checkInvariantsWhileRunning
    Reconciler m_reconciler;
    bool m_reconciling = false;
    DisruptionController m_disruption;
    Lifetime m_lifetime;
    /// Pods running with a lifetime: their completion's clock event (SimulatedClock id).
    std::map<std::uint32_t, std::uint64_t> m_completions;
    bool m_budgetsStale = true;  // a pod changed since the disruption controller last ran
    /// Pods waiting at Permit: the timeout event that rejects them, and what their binding
    /// cycle needs. Preemption rejects a waiting victim instead of deleting it.
    struct WaitingPod {
        Sym node = kEmptySym;
        std::shared_ptr<CycleState> state;
        QueuedPodInfo info;
        std::uint64_t timeoutEvent = 0;  // SimulatedClock event id
    };
    std::map<std::uint32_t, WaitingPod> m_waitingPods;  // by pod id
    /// Each pod's last failure: the cache generation after it, and how many errors (no
    /// plugin rejected it) in a row. See retryCouldChangeAnything.
    struct FailureRecord {
        std::int64_t generation = 0;
        int consecutiveErrors = 0;  // failures in a row with no rejector plugin
    };
    std::unordered_map<std::uint32_t, FailureRecord> m_failures;
    /// Preemption's evictions since the clock last moved (noteVictimEvicted).
    struct Instant {
        SimTime at = -1;
        std::size_t evictions = 0;
        std::size_t limit = 0;
    };
    Instant m_instant;
    std::string m_stoppedBy;
};

}  // namespace berth::core
