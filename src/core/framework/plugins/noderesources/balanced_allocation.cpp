#include "core/framework/plugins/noderesources/balanced_allocation.h"

namespace berth::core {
namespace {

struct ScoreState final : StateData {
    std::int64_t podRequests[8] = {};
    std::unique_ptr<StateData> clone() const override { return std::make_unique<ScoreState>(*this); }
};

}  // namespace

NodeResourcesBalancedAllocation::NodeResourcesBalancedAllocation(const PluginArgs& args, Handle& h)
    : m_handle(h), m_resources(resolveResources(args.balancedAllocation.resources, *h.pool)) {
    if (h.fastPaths) m_kept = std::make_unique<KeptNodeScores<PodScoringRequests>>();
}

Status NodeResourcesBalancedAllocation::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const>) {
    auto s = std::make_unique<ScoreState>();
    bool any = false;
    for (std::size_t i = 0; i < m_resources.size(); ++i) {
        s->podRequests[i] = podScoringRequest(pod, m_resources[i], false, m_handle.version);
        any = any || s->podRequests[i] != 0;
    }
    // >= 1.33 (PR #130260): a pod requesting none of the resources has nothing to balance.
    if (!any && m_handle.version.atLeast(33)) return Status(Code::Skip);
    state.write(slot(), std::move(s));
    return {};
}

PodScoringRequests NodeResourcesBalancedAllocation::scoringRequests(const CycleState& state, const Pod& pod) const {
    PodScoringRequests requests{};
    if (const auto* s = state.read<ScoreState>(slot())) {
        std::copy(std::begin(s->podRequests), std::end(s->podRequests), requests.begin());
    } else {
        for (std::size_t i = 0; i < m_resources.size(); ++i)
            requests[i] = podScoringRequest(pod, m_resources[i], false, m_handle.version);
    }
    return requests;
}

std::int64_t NodeResourcesBalancedAllocation::scoreWith(const PodScoringRequests& requests,
                                                        const NodeInfo& nodeInfo) const {
    AllocationVector a;
    allocationFor(m_resources, requests.data(), nodeInfo, true, a);
    return balancedAllocationScore(a);
}

Status NodeResourcesBalancedAllocation::score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo,
                                              std::int64_t& score) const {
    score = scoreWith(scoringRequests(state, pod), nodeInfo);
    return {};
}

Status NodeResourcesBalancedAllocation::scoreNodes(const CycleState& state, const Pod& pod,
                                                   std::span<NodeInfo* const> all, std::span<const int> positions,
                                                   std::span<NodeScore> out) const {
    if (!m_kept) return ScorePlugin::scoreNodes(state, pod, all, positions, out);
    const PodScoringRequests requests = scoringRequests(state, pod);
    m_kept->begin(requests, *m_handle.snapshot);
    m_kept->scoreAll(all, positions, out, [&](const NodeInfo& info) { return scoreWith(requests, info); });
    return {};
}

}  // namespace berth::core
