#pragma once
/// The simulation's invariants, checked on a run (`berthctl schedule --check`, and after the
/// simulations of the test suite): what no scheduler bug, fast path or thread count may ever
/// break, whatever the input.
///
/// - Every placement passes every Filter plugin of the pod's profile: at the moment the
///   scheduler commits it (the cycle's snapshot, just before assume), the profile's PreFilter
///   and each Filter plugin run again, alone and in full, for that pod and node
///   (checkNodeForPod). This is the cluster the binding cycle binds against: the pods
///   scheduled while a bind is in flight already see the pod assumed, and upstream does not
///   filter again at bind.
/// - No node is over-committed: at the end, the requests of the pods on each node, summed
///   from each pod's own requests, stay within its allocatable on cpu, memory, ephemeral
///   storage, extended resources and the pod count. Only where it is the scheduler's doing:
///   a resource some pod bound by the run requests, through a profile that filters on
///   resources (NodeResourcesFit), on a node whose allocatable no edit changed; and not an
///   extended resource that profile's NodeResourcesFit ignores (its ignoredResources and
///   ignoredResourceGroups, an extender's ignoredByScheduler resources): the cycle never
///   checks those, so a node full of them is not over-committed by any rule upstream keeps.
/// - No pod is bound twice.
/// - No eviction through the eviction API (a drain) leaves a PodDisruptionBudget below its
///   desired healthy count. Preemption's deletions are not evictions: upstream lets them
///   violate a budget as the last resort.
/// - The event stream is ordered: simulated time never goes back, sequence numbers rise.
///
/// The messages are sentences a person reads; each names the pod, node or budget and the
/// simulated time.

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/api/cluster.h"
#include "core/events.h"
#include "core/schedule_one.h"

namespace berth::core {

class NodeResourcesFit;
class Scheduler;

/// The NodeResourcesFit that filters a pod's profile, or null when that profile filters on no
/// resources (a profile without it at Filter).
using ResourceFilterOf = std::function<const NodeResourcesFit*(const Pod&)>;

class InvariantCheck {
public:
    /// Every event the simulation emits, in order.
    void onEvent(const SimEvent& e, const Cluster& cluster);
    /// The scheduler committed `pod` to `node` (before assume): re-runs its profile's
    /// PreFilter and Filter for that node against the scheduler's snapshot.
    void onPlacement(Scheduler& scheduler, const Pod& pod, Sym node, SimTime now);
    /// `pod` was just deleted through the eviction API: every budget covering it must still
    /// have its desired healthy pods.
    void onBudgetedEviction(const Cluster& cluster, const Pod& pod, SimTime now);

    /// The violations found during the run, then those of the final state: over-committed
    /// nodes, on the resources `fitOf` a bound pod's profile checks.
    std::vector<std::string> finish(const Cluster& cluster, const std::deque<PodOutcome>& outcomes,
                                    const ResourceFilterOf& fitOf) const;

    const std::vector<std::string>& violations() const { return m_violations; }

private:
    std::vector<std::string> m_violations;
    bool m_anyEvent = false;
    SimTime m_lastTime = 0;
    std::uint64_t m_lastSequence = 0;
    std::unordered_map<std::uint32_t, std::uint64_t> m_boundAt;  // pod id -> PodBound event sequence
    std::unordered_set<Sym> m_updatedNodes;                        // NodeUpdated seen
};

/// Simulated time as a person reads it in these messages: seconds with milliseconds, "1.250s".
std::string invariantTime(SimTime t);

}  // namespace berth::core
