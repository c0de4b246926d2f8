#include "core/framework/plugins/nodeports/node_ports.h"

namespace berth::core {

NodePorts::NodePorts(const PluginArgs&, Handle& h)
    : m_handle(h),
      m_reason(h.intern("node(s) didn't have free ports for the requested pod ports")),
      m_anyIP(h.intern("0.0.0.0")) {}

Status NodePorts::preFilter(CycleState&, const Pod& pod, PreFilterResult&) {
    // The wanted ports are precomputed in pod.derived.hostPorts (regular containers; sidecars
    // too from 1.29). >= 1.28 skips the Filter when there are none.
    if (pod.derived.hostPorts.empty() && m_handle.version.atLeast(28)) return Status(Code::Skip);
    return {};
}

bool NodePorts::conflicts(const HostPort& want, std::span<const HostPort> used, Sym anyIP) {
    if (want.port <= 0) return false;
    for (const auto& u : used) {
        if (u.port != want.port || u.protocol != want.protocol) continue;
        if (want.ip == anyIP || u.ip == anyIP || u.ip == want.ip) return true;
    }
    return false;
}

Status NodePorts::filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const {
    for (const auto& hp : pod.derived.hostPorts)
        if (conflicts(hp, nodeInfo.usedPorts(), m_anyIP)) return Status(Code::Unschedulable, m_reason);
    return {};
}

QueueingHint NodePorts::queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const {
    // node_ports.go: a node add queues (no hint); an assigned pod's delete queues only when it
    // held a port the pod wants.
    const Pod* deleted = objects.oldPod;
    if (event.resource != EventResource::Pod || !deleted || objects.newPod) return QueueingHint::Queue;
    if (deleted->nodeName == kEmptySym && deleted->nominatedNodeName == kEmptySym) return QueueingHint::Skip;
    for (const auto& hp : pod.derived.hostPorts)
        if (conflicts(hp, deleted->derived.hostPorts, m_anyIP)) return QueueingHint::Queue;
    return QueueingHint::Skip;
}

}  // namespace berth::core
