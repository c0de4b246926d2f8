#include "core/framework/plugins/noderesources/balanced_allocation.h"

namespace berth::core {
namespace {

struct ScoreState final : StateData {
    std::int64_t podRequests[8] = {};
    std::unique_ptr<StateData> clone() const override { return std::make_unique<ScoreState>(*this); }
};

}  // namespace

NodeResourcesBalancedAllocation::NodeResourcesBalancedAllocation(const PluginArgs& args, Handle& h)
    : m_handle(h), m_resources(resolveResources(args.balancedAllocation.resources, *h.pool)) {}

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

Status NodeResourcesBalancedAllocation::score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo,
                                              std::int64_t& score) const {
    std::int64_t local[8];
    const std::int64_t* requests = local;
    if (const auto* s = state.read<ScoreState>(slot())) {
        requests = s->podRequests;
    } else {
        for (std::size_t i = 0; i < m_resources.size(); ++i)
            local[i] = podScoringRequest(pod, m_resources[i], false, m_handle.version);
    }
    AllocationVector a;
    allocationFor(m_resources, requests, nodeInfo, true, a);
    score = balancedAllocationScore(a);
    return {};
}

}  // namespace berth::core
