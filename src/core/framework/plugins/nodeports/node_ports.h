#pragma once
/// NodePorts (plugins/nodeports/node_ports.go): the pod's host ports must be free on the node.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/profile/config.h"

namespace berth::core {

class NodePorts final : public PreFilterPlugin, public FilterPlugin, public QueueingHintPlugin {
public:
    static constexpr std::string_view kName = "NodePorts";
    NodePorts(const PluginArgs&, Handle& h);
    std::string_view name() const override { return kName; }
    Status preFilter(CycleState& state, const Pod& pod, PreFilterResult& result) override;
    Status filter(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const override;
    /// isSchedulableAfterAssignedPodDeleted: a deleted pod frees ports the pod wants.
    QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const override;

    /// HostPortInfo.CheckConflict: 0.0.0.0 conflicts with the same protocol/port on any IP.
    static bool conflicts(const HostPort& want, std::span<const HostPort> used, Sym anyIP);

private:
    Handle& m_handle;
    Sym m_reason;
    Sym m_anyIP;
};

}  // namespace berth::core
