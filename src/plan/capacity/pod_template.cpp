#include "plan/capacity/pod_template.h"

namespace berth::plan::capacity {
namespace {

const core::Workload* workloadOf(const core::Cluster& c, core::Sym ns, const core::OwnerReference& ref) {
    for (const core::Workload& w : c.workloads)
        if (w.ns == ns && w.name == ref.name && ref.kind == core::workloadKindName(w.kind)) return &w;
    return nullptr;
}

/// The pod as a new one: unbound, not started, not nominated, without the identity the
/// question gives each copy.
core::Pod freshCopy(const core::Pod& p) {
    core::Pod copy = p;
    copy.id = 0;
    copy.uid.clear();
    copy.nodeName = core::kEmptySym;
    copy.nominatedNodeName = core::kEmptySym;
    copy.phase = core::PodPhase::Pending;
    copy.startTime.reset();
    copy.terminating = false;
    return copy;
}

}  // namespace

std::optional<CapacityTemplate> templateOfPod(const core::Cluster& cluster, const std::string& podKey,
                                              std::string& error) {
    const core::Pod* pod = cluster.findPod(podKey);
    if (!pod) {
        error = "the plan has no pod " + podKey;
        return std::nullopt;
    }
    // Up the controller chain (a Deployment's ReplicaSet, then the Deployment), as far as the
    // plan knows the owners.
    const core::Workload* top = nullptr;
    const core::OwnerReference* ref = core::controllerOf(*pod);
    for (int depth = 0; ref && depth < 4; ++depth) {
        const core::Workload* w = workloadOf(cluster, pod->ns, *ref);
        if (!w) break;
        top = w;
        ref = core::controllerOf(w->ownerReferences);
    }
    CapacityTemplate t;
    if (!top) {
        t.kind = CapacityTemplate::Kind::Pod;
        t.pod = freshCopy(*pod);
        t.kindName = "Pod";
        t.ref = podKey;
        return t;
    }
    t.kindName = core::workloadKindName(top->kind);
    t.ref = std::string(cluster.pool.str(top->ns)) + "/" + top->name;
    if (top->kind == core::WorkloadKind::DaemonSet) {
        error = "DaemonSet " + t.ref + " runs one pod per node: add nodes instead of replicas";
        return std::nullopt;
    }
    t.kind = CapacityTemplate::Kind::Workload;
    t.workload = *top;
    return t;
}

}  // namespace berth::plan::capacity
