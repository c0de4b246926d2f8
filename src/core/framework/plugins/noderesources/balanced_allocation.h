#pragma once
/// NodeResourcesBalancedAllocation (plugins/noderesources/balanced_allocation.go): favours
/// nodes whose resource fractions stay close to each other after placing the pod.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/noderesources/resource_allocation.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeResourcesBalancedAllocation final : public PreScorePlugin, public ScorePlugin {
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

private:
    Handle& m_handle;
    std::vector<ScoredResource> m_resources;
};

}  // namespace berth::core
