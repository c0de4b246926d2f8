#pragma once
/// NodeName (plugins/nodename/node_name.go): a pod with spec.nodeName fits only that node.
/// v1.37.2's PreFilter also restricts such a pod to its node; Berth never schedules a pod with
/// spec.nodeName (it is bound on load), so the PassingPreFilter (>= 1.37) is enough.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/passing_pre_filter.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeName final : public PassingPreFilter, public FilterPlugin {
public:
    static constexpr std::string_view kName = "NodeName";
    NodeName(const PluginArgs&, Handle& h) : m_reason(h.intern("node(s) didn't match the requested node name")) {}
    std::string_view name() const override { return kName; }
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override { return pointExists(p, v); }
    Status filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const override {
        if (pod.nodeName == kEmptySym || (nodeInfo.node() && nodeInfo.node()->nameSym == pod.nodeName)) return {};
        return Status(Code::UnschedulableAndUnresolvable, m_reason);
    }
    bool passesEveryNode(const CycleState&, const Pod& pod) const override { return pod.nodeName == kEmptySym; }

private:
    Sym m_reason;
};

}  // namespace berth::core
