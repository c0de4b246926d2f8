#include "core/framework/plugins/nodeunschedulable/node_unschedulable.h"

namespace berth::core {

NodeUnschedulable::NodeUnschedulable(const PluginArgs&, Handle& h)
    : m_unschedulableTaint{h.intern("node.kubernetes.io/unschedulable"), kEmptySym, TaintEffect::NoSchedule},
      m_reasonUnschedulable(h.intern("node(s) were unschedulable")),
      m_reasonUnknown(h.intern("node(s) had unknown conditions")) {}

Status NodeUnschedulable::filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const {
    const Node* node = nodeInfo.node();
    if (!node) return Status(Code::UnschedulableAndUnresolvable, m_reasonUnknown);
    if (nodeInfo.unschedulable() && !toleratesTaint(pod.tolerations, m_unschedulableTaint))
        return Status(Code::UnschedulableAndUnresolvable, m_reasonUnschedulable);
    return {};
}

// Once per block of nodes, with filter() above called directly (FilterPlugin::filterNodes).
std::size_t NodeUnschedulable::filterNodes(const CycleState& state, const Pod& pod,
                                           std::span<const NodeInfo* const> nodes, std::span<std::uint8_t> pass,
                                           std::span<Status> out) const {
    return filterEach(*this, state, pod, nodes, pass, out);
}

QueueingHint NodeUnschedulable::queueingHint(const Pod&, const ClusterEvent& event, const EventObjects& objects) const {
    // node_unschedulable.go isSchedulableAfterNodeChange (v1.37.2).
    const Node* before = objects.oldNode;
    const Node* after = objects.newNode;
    if (event.resource != EventResource::Node || !after) return QueueingHint::Queue;
    if ((before && before->unschedulable && !after->unschedulable) || (!before && !after->unschedulable))
        return QueueingHint::Queue;
    return QueueingHint::Skip;
}

}  // namespace berth::core
