#include "core/backend/queue/cluster_event.h"

namespace berth::core {

std::vector<ClusterEvent> eventsRegisteredBy(std::string_view plugin) {
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
