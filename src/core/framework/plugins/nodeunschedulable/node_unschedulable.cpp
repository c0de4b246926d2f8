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

}  // namespace berth::core
