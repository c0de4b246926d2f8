// InterPodAffinity's QueueingHint for assigned pods (v1.37.2
// plugins/interpodaffinity/plugin.go isSchedulableAfterAssignedPodChange).
#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"

namespace berth::core {

namespace {

bool unscheduled(const Pod* p) { return p && p->nodeName == kEmptySym && p->nominatedNodeName == kEmptySym; }

}  // namespace

QueueingHint InterPodAffinity::queueingHint(const Pod& pod, const ClusterEvent& event,
                                            const EventObjects& objects) const {
    if (event.resource != EventResource::Pod) return QueueingHint::Queue;  // node events: not modelled, queue
    const Pod* added = objects.newPod;
    const Pod* deleted = objects.oldPod;
    if (!added && !deleted) return QueueingHint::Queue;
    if (unscheduled(added) || unscheduled(deleted)) return QueueingHint::Skip;
    // The hint matches terms with no namespace labels (filtering.go podMatchesAllAffinityTerms
    // passes nil, assuming namespaceSelector merged into the namespaces as PreFilter does; the
    // hint's GetAffinityTerms does not merge): a namespaceSelector term matches only when its
    // selector accepts an empty label set.
    static const Labels kNoNamespaceLabels;
    auto termMatches = [&](const PodAffinityTerm& t, const Pod& owner, const Pod& q) {
        return interpodaffinity::existingTermMatches(t, owner, q, kNoNamespaceLabels, labelKeys());
    };
    if (added) {
        // An added pod helps when it matches every required affinity term (one existing pod
        // must satisfy all of them); a pod without such terms was rejected by anti-affinity.
        const auto& terms = pod.affinity.podAffinity.required;
        if (terms.empty()) return QueueingHint::Skip;
        for (const auto& t : terms)
            if (!termMatches(t, pod, *added)) return QueueingHint::Skip;
        return QueueingHint::Queue;
    }
    // A deleted pod helps when it matched the pod's anti-affinity, or the pod matched its own.
    for (const auto& t : pod.affinity.podAntiAffinity.required)
        if (termMatches(t, pod, *deleted)) return QueueingHint::Queue;
    for (const auto& t : deleted->affinity.podAntiAffinity.required)
        if (termMatches(t, *deleted, pod)) return QueueingHint::Queue;
    return QueueingHint::Skip;
}

}  // namespace berth::core
