#pragma once
/// NodeUnschedulable (plugins/nodeunschedulable/node_unschedulable.go): a cordoned node
/// rejects pods that do not tolerate node.kubernetes.io/unschedulable:NoSchedule. PreFilter
/// from 1.37 (PassingPreFilter).

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/passing_pre_filter.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeUnschedulable final : public PassingPreFilter, public FilterPlugin, public QueueingHintPlugin {
public:
    static constexpr std::string_view kName = "NodeUnschedulable";
    NodeUnschedulable(const PluginArgs&, Handle& h);
    std::string_view name() const override { return kName; }
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override { return pointExists(p, v); }
    Status filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const override;
    std::size_t filterNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                            std::span<std::uint8_t> pass, std::span<Status> out) const override;
    /// isSchedulableAfterNodeChange: a node added schedulable, or uncordoned.
    QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const override;

private:
    Taint m_unschedulableTaint;
    Sym m_reasonUnschedulable;
    Sym m_reasonUnknown;
};

}  // namespace berth::core
