#include "core/framework/plugins/noderesources/balanced_allocation.h"

#include <algorithm>

namespace berth::core {

NodeResourcesBalancedAllocation::NodeResourcesBalancedAllocation(const PluginArgs& args, Handle& h)
    : m_handle(h), m_resources(resolveResources(args.balancedAllocation.resources, *h.pool)) {
    if (h.fastPaths) m_kept = std::make_unique<KeptNodeScores<PodScoringRequests>>();
}

Status NodeResourcesBalancedAllocation::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const>) {
    const PodScoringRequests requests = podScoringRequests(pod, m_resources, false, m_handle.version);
    // >= 1.33 (PR #130260): a pod requesting none of the resources has nothing to balance.
    const bool any = std::any_of(requests.begin(), requests.end(), [](std::int64_t r) { return r != 0; });
    if (!any && m_handle.version.atLeast(33)) return Status(Code::Skip);
    state.write(slot(), std::make_unique<ScoringRequestsState>(requests));
    return {};
}

PodScoringRequests NodeResourcesBalancedAllocation::scoringRequests(const CycleState& state, const Pod& pod) const {
    return recordedScoringRequests(state, slot(), pod, m_resources, false, m_handle.version);
}

std::int64_t NodeResourcesBalancedAllocation::scoreWith(const PodScoringRequests& requests,
                                                        const NodeInfo& nodeInfo) const {
    AllocationVector a;
    allocationFor(m_resources, requests.data(), nodeInfo, true, a);
    // >= 1.36 (PR #135573): the change of balance the pod causes, not the balance after it.
    return m_handle.version.atLeast(36) ? balancedAllocationChangeScore(a) : balancedAllocationScore(a);
}

Status NodeResourcesBalancedAllocation::score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo,
                                              std::int64_t& score) const {
    score = scoreWith(scoringRequests(state, pod), nodeInfo);
    return {};
}

Status NodeResourcesBalancedAllocation::scoreNodes(const CycleState& state, const Pod& pod,
                                                   std::span<NodeInfo* const> all, std::span<const int> positions,
                                                   std::span<NodeScore> out) const {
    const PodScoringRequests requests = scoringRequests(state, pod);
    scoreNodesFor(m_kept.get(), requests, *m_handle.snapshot, all, positions, out,
                  [&](const NodeInfo& info) { return scoreWith(requests, info); });
    return {};
}

}  // namespace berth::core
