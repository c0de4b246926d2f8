#pragma once
/// The priority queue (internal/queue/scheduling_queue.go, v1.26 semantics): activeQ ordered
/// by the QueueSort plugin, backoffQ ordered by backoff expiry, and the unschedulable pool
/// that waits for a cluster event (or podMaxInUnschedulablePodsDuration).

#include <cstdint>
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
    std::uint64_t sequence = 0;  // arrival order, breaks timestamp ties
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

    SchedulingQueue(const QueueSortPlugin& sort, const SimulatedClock& clock, QueueSettings settings,
                    PreEnqueueFn preEnqueue);

    void setMoveListener(MoveListener l) { m_listener = std::move(l); }

    /// A new pending pod (informer Add).
    void add(const Pod& pod);
    /// Pops the head of activeQ (Attempts++, cycle++); nullopt when activeQ is empty.
    std::optional<QueuedPodInfo> pop();
    /// Failure handler: back to backoffQ (if a move request came during its cycle) or the
    /// unschedulable pool.
    void addUnschedulableIfNotPresent(QueuedPodInfo info, std::int64_t podSchedulingCycle);
    /// The pod was bound or deleted: forget it.
    void done(const Pod& pod);
    void remove(const Pod& pod);
    /// A pending pod changed (e.g. its scheduling gates were removed).
    void update(const Pod& pod);

    void moveAllToActiveOrBackoffQueue(const ClusterEvent& event, const std::function<bool(const Pod&)>& preCheck = {});
    /// AssignedPodAdded: only unschedulable pods whose required pod affinity matches `assigned`.
    void assignedPodAdded(const Pod& assigned,
                          const std::function<bool(const Pod& pending, const Pod& assigned)>& affinityMatches);
    void flushBackoffQCompleted();
    void flushUnschedulablePodsLeftover();

    std::int64_t schedulingCycle() const { return m_schedulingCycle; }
    QueueLocation location(const Pod& pod) const;
    const QueuedPodInfo* info(const Pod& pod) const;
    std::size_t activeCount() const { return m_active.size(); }
    std::size_t backoffCount() const { return m_backoff.size(); }
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

    SimTime backoffDuration(const QueuedPodInfo& info) const;
    bool isBackingOff(const QueuedPodInfo& info) const;
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

    std::unordered_map<std::uint32_t, QueuedPodInfo> m_infos;  // by pod id
    std::unordered_map<std::uint32_t, QueueLocation> m_where;
    std::set<std::uint32_t, ActiveLess> m_active;
    std::set<std::uint32_t, BackoffLess> m_backoff;
    std::set<std::uint32_t> m_unschedulable;  // by pod id: deterministic iteration
    std::int64_t m_schedulingCycle = 0;
    std::int64_t m_moveRequestCycle = -1;
    std::uint64_t m_nextSequence = 0;
};

}  // namespace berth::core
