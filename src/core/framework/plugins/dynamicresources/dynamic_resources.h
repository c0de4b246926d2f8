#pragma once
/// DynamicResources (plugins/dynamicresources/dynamicresources.go, v1.37.2) for what Berth
/// models: pods without ResourceClaims (Berth reads no claims, DeviceClasses or
/// ResourceSlices). For such a pod upstream's PreEnqueue admits it, PreFilter Skips (so Filter
/// never runs), PostFilter returns Unschedulable without a message, Score has no PreScore to
/// skip it and returns 0 on every node, Reserve and PreBind do nothing. The plugin has the same
/// extension points, so the per-point plugin lists equal upstream's. In the default profile
/// from 1.37 (default_plugins.cpp).

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/nothing_to_bind.h"
#include "core/framework/scores_zero.h"
#include "core/profile/config.h"

namespace berth::core {

class DynamicResources final : public PreEnqueuePlugin,
                               public PreFilterPlugin,
                               public FilterPlugin,
                               public PostFilterPlugin,
                               public ScorePlugin,
                               public ScoresZeroEverywhere,
                               public NothingToBind {
public:
    static constexpr std::string_view kName = "DynamicResources";
    DynamicResources(const PluginArgs&, Handle&) {}
    std::string_view name() const override { return kName; }
    Status preEnqueue(const Pod&) override { return {}; }
    Status preFilter(CycleState&, const Pod&, PreFilterResult&) override { return Status(Code::Skip); }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override { return {}; }
    bool passesEveryNode(const CycleState&, const Pod&) const override { return true; }
    Status postFilter(CycleState&, const Pod&, const NodeStatusMap&, PostFilterResult&) override {
        return Status(Code::Unschedulable);
    }
    Status score(const CycleState&, const Pod&, const NodeInfo&, std::int64_t& score) const override {
        score = 0;
        return {};
    }
    bool scoresZeroEverywhere(const CycleState&, const Pod&) const override { return true; }
};

}  // namespace berth::core
