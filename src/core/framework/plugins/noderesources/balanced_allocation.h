#pragma once
/// NodeResourcesBalancedAllocation (plugins/noderesources/balanced_allocation.go): favours
/// nodes whose resource fractions stay close to each other after placing the pod.

#include <memory>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/node_local_score.h"
#include "core/framework/plugins/helper/kept_node_scores.h"
#include "core/framework/plugins/noderesources/resource_allocation.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeResourcesBalancedAllocation final : public PreScorePlugin, public ScorePlugin, public NodeLocalScore {
public:
    static constexpr std::string_view kName = "NodeResourcesBalancedAllocation";
    NodeResourcesBalancedAllocation(const PluginArgs& args, Handle& h);
    std::string_view name() const override { return kName; }
    /// PreScore exists from 1.27; v1.26 scores without one (UPSTREAM 3.3, 5.1).
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override {
        return p != ExtensionPoint::PreScore || v.atLeast(27);
    }
    Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) override;
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    Status scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                      std::span<const int> positions, std::span<NodeScore> out) const override;
    /// NodeLocalScore: the pod's scored requests, and scoreNodes' score for them.
    Key nodeLocalKey(const CycleState& state, const Pod& pod) const override { return scoringRequests(state, pod); }
    std::int64_t nodeLocalScore(const Key& key, const NodeInfo& info) const override { return scoreWith(key, info); }

private:
    PodScoringRequests scoringRequests(const CycleState& state, const Pod& pod) const;
    std::int64_t scoreWith(const PodScoringRequests& requests, const NodeInfo& nodeInfo) const;

    Handle& m_handle;
    std::vector<ScoredResource> m_resources;
    // Scores kept between cycles; null when the fast paths are off.
    mutable std::unique_ptr<KeptNodeScores<PodScoringRequests>> m_kept;
};

}  // namespace berth::core
