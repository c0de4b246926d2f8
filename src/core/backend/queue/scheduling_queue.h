#pragma once
/// The priority queue: activeQ ordered by the QueueSort plugin, backoffQ ordered by backoff
/// expiry, and the unschedulable pool that waits for a cluster event (or
/// podMaxInUnschedulablePodsDuration). v1.26 semantics (internal/queue/scheduling_queue.go)
/// unless QueueSettings switch on the newer ones (backend/queue/scheduling_queue.go,
/// active_queue.go, backoff_queue.go of v1.37): QueueingHints, the backoffQ of
/// SchedulerPopFromBackoffQ, backoff by unschedulable count.

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/api/pod.h"
#include "core/backend/queue/cluster_event.h"
#include "core/clock/simulated_clock.h"
#include "core/framework/interface.h"

namespace berth::core {

struct QueuedPodInfo {
    const Pod* pod = nullptr;
    SimTime timestamp = 0;  // last time it was (re)added
    SimTime initialAttemptTimestamp = -1;
    int attempts = 0;
    /// >= 1.35 backoff counts (QueuedPodInfo UnschedulableCount, ConsecutiveErrorsCount):
    /// attempts that ended with a plugin's rejection, and errors in a row since the last one.
    int unschedulableCount = 0;
    int consecutiveErrorsCount = 0;
    std::uint64_t sequence = 0;  // arrival order, breaks timestamp ties
    std::uint64_t inFlightSince = 0;  // hints: the first in-flight event its cycle may see
    std::vector<std::string> unschedulablePlugins;
    bool gated = false;
    std::string gatingMessage;
};

enum class QueueLocation : std::uint8_t { None, Active, Backoff, Unschedulable, InFlight };
const char* queueLocationName(QueueLocation l);

struct QueueSettings {
    SimTime podInitialBackoff = 1 * kSecond;
    SimTime podMaxBackoff = 10 * kSecond;
    SimTime podMaxInUnschedulablePodsDuration = 300 * kSecond;
    /// [ver >= 1.29] a failed pod with no rejector plugins (an error, not a verdict) goes
    /// straight to backoffQ instead of waiting for an event in the unschedulable pool.
    bool noRejectorsToBackoff = false;
    /// [ver >= 1.32] SchedulerQueueingHints: each rejecting plugin's QueueingHint decides
    /// whether an event requeues a pod; events during a pod's cycle are replayed through them.
    bool queueingHints = false;
    /// [ver >= 1.33] SchedulerPopFromBackoffQ: expiries aligned to 1 s windows, backoffQ
    /// ordered by expiry then QueueSort, errors in a queue of their own, and Pop takes the
    /// backoffQ head when activeQ is empty.
    bool popFromBackoffQ = false;
    /// [ver >= 1.35] backoff by unschedulable attempts (or errors in a row), not all attempts.
    bool backoffByUnschedulableCount = false;
};

class SchedulingQueue {
public:
    /// What the profile's PreEnqueue plugins said about a pod: `admitted` -> it may enter
    /// activeQ; otherwise `plugin` is the plugin that gated it and `message` its reason.
    struct PreEnqueueVerdict {
        bool admitted = true;
        std::string plugin;
        std::string message;
    };
    /// `preEnqueue` runs the profile's PreEnqueue plugins.
    using PreEnqueueFn = std::function<PreEnqueueVerdict(const Pod&)>;
    /// Called whenever a pod changes sub-queue (for the event stream): pod, from, to, reason.
    using MoveListener = std::function<void(const Pod&, QueueLocation, QueueLocation, std::string_view)>;
    /// QueueingHintFn of `plugin` in the pod's profile for an event it registered.
    using HintFn = std::function<QueueingHint(std::string_view plugin, const Pod&, const ClusterEvent&,
                                              const EventObjects&)>;

    SchedulingQueue(const QueueSortPlugin& sort, const SimulatedClock& clock, QueueSettings settings,
                    PreEnqueueFn preEnqueue);

    void setMoveListener(MoveListener l) { m_listener = std::move(l); }
    /// With queueingHints: the plugins' hints (none set: every registered event queues).
    void setHintFn(HintFn h) { m_hint = std::move(h); }

    /// A new pending pod (informer Add).
    void add(const Pod& pod);
    /// Pops the head of activeQ (Attempts++, cycle++); with popFromBackoffQ the head of
    /// backoffQ when activeQ is empty; nullopt when there is nothing to pop.
    std::optional<QueuedPodInfo> pop();
    /// Whether pop() would return a pod.
    bool hasPoppable() const;
    /// Failure handler: back to backoffQ (if a move request came during its cycle) or the
    /// unschedulable pool.
    void addUnschedulableIfNotPresent(QueuedPodInfo info, std::int64_t podSchedulingCycle);
    /// The pod was bound or deleted: forget it.
    void done(const Pod& pod);
    void remove(const Pod& pod);
    /// A pending pod changed (e.g. its scheduling gates were removed).
    void update(const Pod& pod);

    void moveAllToActiveOrBackoffQueue(const ClusterEvent& event, const std::function<bool(const Pod&)>& preCheck = {},
                                       const EventObjects& objects = {});
    /// AssignedPodAdded: v1.26 moves only unschedulable pods whose required pod affinity matches
    /// `assigned`; with hints every pod whose rejecting plugins' hints say Queue.
    void assignedPodAdded(const Pod& assigned,
                          const std::function<bool(const Pod& pending, const Pod& assigned)>& affinityMatches);
    void flushBackoffQCompleted();
    void flushUnschedulablePodsLeftover();

    std::int64_t schedulingCycle() const { return m_schedulingCycle; }
    QueueLocation location(const Pod& pod) const;
    const QueuedPodInfo* info(const Pod& pod) const;
    std::size_t activeCount() const { return m_active.size(); }
    std::size_t backoffCount() const { return m_backoff.size() + m_errorBackoff.size(); }
    std::size_t unschedulableCount() const { return m_unschedulable.size(); }
    /// Earliest backoff expiry in backoffQ, or -1.
    SimTime nextBackoffExpiry() const;
    SimTime backoffTime(const QueuedPodInfo& info) const;

    /// Pods of each sub-queue in order (activeQ in pop order).
    std::vector<const QueuedPodInfo*> activePods() const;
    std::vector<const QueuedPodInfo*> backoffPods() const;
    std::vector<const QueuedPodInfo*> unschedulablePods() const;

private:
    struct ActiveLess {
        const SchedulingQueue* q;
        bool operator()(std::uint32_t a, std::uint32_t b) const;
    };
    struct BackoffLess {
        const SchedulingQueue* q;
        bool operator()(std::uint32_t a, std::uint32_t b) const;
    };
    /// An event recorded while pods were in flight (active_queue.go inFlightEvents), with
    /// copies of its objects: the cluster may change them before the pod comes back.
    struct RecordedEvent {
        std::uint64_t sequence = 0;
        ClusterEvent event;
        std::optional<Pod> oldPod, newPod;
        std::optional<Node> oldNode, newNode;
        EventObjects objects() const;
    };
    /// queueingStrategy of scheduling_queue.go.
    enum class Strategy : std::uint8_t { Skip, AfterBackoff, Immediately };

    SimTime backoffDuration(const QueuedPodInfo& info) const;
    bool isBackingOff(const QueuedPodInfo& info) const;
    /// The count the backoff doubles by: attempts (< 1.35), else unschedulable attempts or
    /// errors in a row.
    int backoffCount(const QueuedPodInfo& info) const;
    SimTime alignToWindow(SimTime t) const;
    bool isError(const QueuedPodInfo& info) const { return info.unschedulablePlugins.empty(); }
    void insertBackoff(std::uint32_t id, std::string_view reason);

    // scheduling_queue_hints.cpp: the QueueingHints path (>= 1.32).
    Strategy podWorthRequeuing(const QueuedPodInfo& info, const ClusterEvent& event, const EventObjects& objects) const;
    Strategy hintForInFlightPod(const QueuedPodInfo& info) const;
    /// requeuePodWithQueueingStrategy; returns where the pod went.
    QueueLocation requeueWithStrategy(std::uint32_t id, Strategy strategy, std::string_view reason);
    void movePodsWithHints(const std::vector<std::uint32_t>& ids, const ClusterEvent& event,
                           const EventObjects& objects);
    void recordIfInFlight(const ClusterEvent& event, const EventObjects& objects);
    void leaveFlight(std::uint32_t id);
    /// PreEnqueue, then activeQ; a gated pod goes to the unschedulable pool. True if queued.
    bool addToActive(std::uint32_t id, std::string_view reason);
    void movePods(const std::vector<std::uint32_t>& ids, const ClusterEvent& event);
    bool podMatchesEvent(const QueuedPodInfo& info, const ClusterEvent& event) const;
    void setLocation(std::uint32_t id, QueueLocation to, std::string_view reason);
    void detach(std::uint32_t id);

    const QueueSortPlugin& m_sort;
    const SimulatedClock& m_clock;
    QueueSettings m_settings;
    PreEnqueueFn m_preEnqueue;
    MoveListener m_listener;
    HintFn m_hint;

    std::unordered_map<std::uint32_t, QueuedPodInfo> m_infos;  // by pod id
    std::unordered_map<std::uint32_t, QueueLocation> m_where;
    std::set<std::uint32_t, ActiveLess> m_active;
    std::set<std::uint32_t, BackoffLess> m_backoff;
    std::set<std::uint32_t, BackoffLess> m_errorBackoff;  // popFromBackoffQ: failed with an error
    std::deque<RecordedEvent> m_inFlightEvents;
    std::uint64_t m_nextEventSequence = 0;
    std::size_t m_inFlight = 0;
    std::set<std::uint32_t> m_unschedulable;  // by pod id: deterministic iteration
    std::int64_t m_schedulingCycle = 0;
    std::int64_t m_moveRequestCycle = -1;
    std::uint64_t m_nextSequence = 0;
};

}  // namespace berth::core
