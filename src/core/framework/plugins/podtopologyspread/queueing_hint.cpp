// PodTopologySpread's QueueingHint for assigned pods (v1.37.2
// plugins/podtopologyspread/plugin.go isSchedulableAfterAssignedPodChange, getConstraints).
#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"

namespace berth::core {

QueueingHint PodTopologySpread::queueingHint(const Pod& pod, const ClusterEvent& event,
                                             const EventObjects& objects) const {
    if (event.resource != EventResource::Pod) return QueueingHint::Queue;  // node events: not modelled, queue
    const Pod* changed = objects.newPod ? objects.newPod : objects.oldPod;
    if (!changed) return QueueingHint::Queue;
    // involvedInTopologySpreading: an assigned (or nominated) pod of the same namespace.
    if (changed->nodeName == kEmptySym && changed->nominatedNodeName == kEmptySym) return QueueingHint::Skip;
    if (changed->ns != pod.ns) return QueueingHint::Skip;
    // The hard constraints (the pod's own, or the defaults) decide: an added or deleted pod
    // their selector matches changes the counts.
    const podtopologyspread::Constraints built =
        m_builder.build(pod, UnsatisfiableAction::DoNotSchedule, m_handle.cluster);
    if (built.error) return QueueingHint::Queue;
    for (const auto& c : built.items)
        if (c.selector.matches(changed->labels)) return QueueingHint::Queue;
    return QueueingHint::Skip;
}

}  // namespace berth::core
