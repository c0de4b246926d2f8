#include "core/backend/queue/cluster_event.h"

namespace berth::core {

namespace {

/// EventsToRegister of v1.37.2 (plugins/*/..., each with its QueueingHintFn): the pod events are
/// AssignedPod ones; the target pod's own updates (tolerations, labels) are not modelled.
std::vector<ClusterEvent> eventsWithHints(std::string_view plugin) {
    using namespace action;
    const ClusterEvent podDelete{EventResource::Pod, Delete, {}};
    if (plugin == "NodeResourcesFit") return {podDelete, {EventResource::Node, Add | UpdateNodeAllocatable, {}}};
    if (plugin == "NodePorts") return {podDelete, {EventResource::Node, Add, {}}};
    if (plugin == "NodeAffinity") return {{EventResource::Node, Add | UpdateNodeLabel, {}}};
    if (plugin == "NodeName") return {{EventResource::Node, Add, {}}};
    if (plugin == "TaintToleration" || plugin == "NodeUnschedulable")
        return {{EventResource::Node, Add | UpdateNodeTaint, {}}};
    if (plugin == "PodTopologySpread")
        return {{EventResource::Pod, Add | Delete, {}},
                {EventResource::Node, Add | Delete | UpdateNodeLabel | UpdateNodeTaint, {}}};
    if (plugin == "InterPodAffinity")
        return {{EventResource::Pod, All, {}}, {EventResource::Node, Add | UpdateNodeLabel, {}}};
    if (plugin == "SchedulingGates") return {{EventResource::Pod, Update, {}}};
    return {ClusterEvent{}};
}

}  // namespace

std::vector<ClusterEvent> eventsRegisteredBy(std::string_view plugin, bool withHints) {
    if (withHints) return eventsWithHints(plugin);
    using namespace action;
    const ClusterEvent nodeAddOrUpdate{EventResource::Node, Add | Update, {}};
    const ClusterEvent podDelete{EventResource::Pod, Delete, {}};
    const ClusterEvent podAll{EventResource::Pod, All, {}};
    // EventsToRegister of each plugin (plugins/*/..., v1.26).
    if (plugin == "NodeResourcesFit" || plugin == "NodePorts") return {podDelete, nodeAddOrUpdate};
    if (plugin == "NodeAffinity" || plugin == "NodeName" || plugin == "TaintToleration") return {nodeAddOrUpdate};
    if (plugin == "NodeUnschedulable") return {{EventResource::Node, Add | UpdateNodeTaint, {}}};
    if (plugin == "PodTopologySpread") return {podAll, {EventResource::Node, Add | Delete | UpdateNodeLabel, {}}};
    if (plugin == "InterPodAffinity") return {podAll, {EventResource::Node, Add | UpdateNodeLabel, {}}};
    if (plugin == "SchedulingGates") return {{EventResource::Pod, Update, {}}};
    return {ClusterEvent{}};
}

}  // namespace berth::core
