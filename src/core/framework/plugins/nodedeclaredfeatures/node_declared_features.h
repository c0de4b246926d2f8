#pragma once
/// NodeDeclaredFeatures (plugins/nodedeclaredfeatures/nodedeclaredfeatures.go; gate beta and
/// on in 1.36, GA in 1.37): PreFilter infers the node features a pod needs from its spec
/// (component-helpers nodedeclaredfeatures/features: a restart rule RestartAllContainers,
/// hostNetwork with hostUsers false, bind mount options) and Skips when there are none;
/// Filter rejects nodes whose status.declaredFeatures lack them. Berth models neither those
/// pod fields nor declared features: PreFilter always Skips, as upstream does for every pod
/// without such fields. The manifest loader warns about a pod that uses one of them.

#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeDeclaredFeatures final : public PreFilterPlugin, public FilterPlugin {
public:
    static constexpr std::string_view kName = "NodeDeclaredFeatures";
    NodeDeclaredFeatures(const PluginArgs&, Handle&) {}
    std::string_view name() const override { return kName; }
    Status preFilter(CycleState&, const Pod&, PreFilterResult&) override { return Status(Code::Skip); }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override { return {}; }
    bool passesEveryNode(const CycleState&, const Pod&) const override { return true; }
};

}  // namespace berth::core
