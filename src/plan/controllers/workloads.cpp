// What the controllers share (pkg/controller/controller_utils.go: owned and active pods,
// the deletion ranking, getPodsPrefix) and the pass that runs them (expandWorkloads).
#include "plan/controllers/workloads.h"

#include <algorithm>
#include <unordered_map>

#include "plan/controllers/workload_expander.h"

namespace berth::plan::detail {

namespace {

const char* apiVersionOf(WorkloadKind k) {
    switch (k) {
        case WorkloadKind::Deployment:
        case WorkloadKind::ReplicaSet:
        case WorkloadKind::StatefulSet:
        case WorkloadKind::DaemonSet: return "apps/v1";
        case WorkloadKind::ReplicationController: return "v1";
        case WorkloadKind::Job: return "batch/v1";
    }
    return "v1";
}

}  // namespace

WorkloadExpander::WorkloadExpander(Cluster& cluster, WorkloadIndex& index, std::uint64_t seed,
                                   const core::KubeVersion& version, io::Diagnostics& diags)
    : m_cluster(cluster),
      m_index(index),
      m_pool(cluster.pool),
      m_seed(seed),
      m_version(version),
      m_diags(diags),
      m_tcp(m_pool.intern("TCP")),
      m_anyIp(m_pool.intern("0.0.0.0")) {
    m_index.startPass(m_cluster);
}

void WorkloadExpander::run() {
    // Workloads added here (a Deployment's ReplicaSet) are expanded when they are made.
    const std::size_t count = m_cluster.workloads.size();
    for (std::size_t i = 0; i < count; ++i) {
        Workload& w = m_cluster.workloads[i];
        if (w.uid.empty()) w.uid = deterministicUid(m_seed, core::workloadKindName(w.kind), m_pool.str(w.ns), w.name);
        switch (w.kind) {
            case WorkloadKind::Deployment: expandDeployment(i); break;
            case WorkloadKind::ReplicaSet:
            case WorkloadKind::ReplicationController: expandReplicaSet(m_cluster.workloads[i]); break;
            case WorkloadKind::StatefulSet: expandStatefulSet(w); break;
            case WorkloadKind::Job: expandJob(w); break;
            case WorkloadKind::DaemonSet: expandDaemonSet(w); break;
        }
    }
}

/// Pods that `w` controls (controller ownerReference of its kind and name; the uid too,
/// when both sides have one), still present.
std::vector<const Pod*> WorkloadExpander::ownedPods(const Workload& w) {
    std::vector<const Pod*> out;
    forEachOwnedPod(w, [&](const Pod& p) { out.push_back(&p); });
    return out;
}

/// Whether `count` more pods keep the cluster within kMaxPlannedPods; an error if not.
bool WorkloadExpander::roomFor(const Workload& w, std::int64_t count, const char* field) {
    if (static_cast<std::int64_t>(m_cluster.pods.size()) + count <= kMaxPlannedPods) return true;
    report(w, io::Severity::Error,
           std::string(field) + " asks for " + std::to_string(count) +
               " more pods, which would take the cluster past " + std::to_string(kMaxPlannedPods) +
               " pods, the most Berth plans (Kubernetes supports 150,000): "
               "none of them were made");
    return false;
}

bool WorkloadExpander::isActive(const Pod& p) {
    // controller.FilterActivePods: not Succeeded, not Failed, not being deleted.
    return p.phase != core::PodPhase::Succeeded && p.phase != core::PodPhase::Failed && !p.terminating;
}

void WorkloadExpander::report(const Workload& w, io::Severity severity, std::string message) {
    io::Diagnostic d;
    d.severity = severity;
    d.file = w.source.file;
    d.line = w.source.line;
    d.column = w.source.column;
    d.kind = core::workloadKindName(w.kind);
    d.name = std::string(m_pool.str(w.ns)) + "/" + w.name;
    // A ReplicaSet a Deployment controls follows the Deployment's replicas (whether made
    // here or loaded from a dump): name the Deployment, which is what the user edits.
    if (const auto* owner = core::controllerOf(w.ownerReferences); owner && owner->kind == "Deployment") {
        d.kind = owner->kind;
        d.name = std::string(m_pool.str(w.ns)) + "/" + owner->name;
    }
    d.message = std::move(message);
    m_diags.add(std::move(d));
}

core::OwnerReference WorkloadExpander::controllerRefTo(const Workload& w) const {
    return core::OwnerReference{apiVersionOf(w.kind), core::workloadKindName(w.kind), w.name, w.uid, true};
}

/// The pod a controller creates from `w`'s template (before per-kind labels).
Pod WorkloadExpander::podFromTemplate(const Workload& w, std::string name, std::string generateNamePrefix) {
    Pod pod = w.podTemplate;
    pod.id = 0;
    pod.name = std::move(name);
    pod.generateName = std::move(generateNamePrefix);
    pod.ns = w.ns;
    pod.ownerReferences = {controllerRefTo(w)};
    pod.phase = core::PodPhase::Pending;
    pod.startTime.reset();
    pod.terminating = false;
    pod.nominatedNodeName = core::kEmptySym;
    if (pod.source.file.empty()) pod.source = w.source;
    return pod;
}

void WorkloadExpander::addPod(Pod pod, const AdmissionDecision& admission) {
    admit(pod, admission);
    core::computeDerived(pod, m_version, m_tcp, m_anyIp);
    // The pod's future id is part of the uid: a StatefulSet pod recreated under the same
    // name is a new object.
    pod.uid = deterministicUid(m_seed, "Pod", m_pool.str(pod.ns), pod.name, m_cluster.pods.size());
    m_index.podCreated(m_cluster.addPod(std::move(pod)));
}

/// controller.ActivePods / ActivePodsWithRanks Less (pkg/controller/controller_utils.go):
/// the order in which a controller deletes pods when it has too many. Readiness, restart
/// counts and ready times are equal for simulated pods; creation order stands in for the
/// creation timestamp (newer first), which also keeps the order deterministic where
/// upstream's sort.Sort is not.
void WorkloadExpander::deleteSurplus(std::vector<const Pod*> active, std::size_t count, bool rankByColocation) {
    std::unordered_map<Sym, int> perNode;  // getPodsRankedByRelatedPodsOnSameNode
    if (rankByColocation)
        for (const Pod* p : active)
            if (p->nodeName != core::kEmptySym) ++perNode[p->nodeName];
    auto phaseRank = [](const Pod* p) {
        switch (p->phase) {
            case core::PodPhase::Pending: return 0;
            case core::PodPhase::Unknown: return 1;
            default: return 2;
        }
    };
    std::sort(active.begin(), active.end(), [&](const Pod* a, const Pod* b) {
        const bool aAssigned = a->nodeName != core::kEmptySym;
        const bool bAssigned = b->nodeName != core::kEmptySym;
        if (aAssigned != bAssigned) return !aAssigned;
        if (phaseRank(a) != phaseRank(b)) return phaseRank(a) < phaseRank(b);
        if (rankByColocation) {
            const int ra = aAssigned ? perNode[a->nodeName] : 0;
            const int rb = bAssigned ? perNode[b->nodeName] : 0;
            if (ra != rb) return ra > rb;
        }
        return a->id > b->id;
    });
    for (std::size_t i = 0; i < count && i < active.size(); ++i) m_surplus.push_back(active[i]->id);
}

}  // namespace berth::plan::detail

namespace berth::plan {

WorkloadExpansion::WorkloadExpansion(std::uint64_t seed, const core::KubeVersion& version)
    : m_seed(seed), m_version(version), m_index(std::make_unique<detail::WorkloadIndex>(seed)) {}

WorkloadExpansion::~WorkloadExpansion() = default;

std::vector<std::uint32_t> WorkloadExpansion::expand(core::Cluster& cluster, io::Diagnostics& diags) {
    detail::WorkloadExpander expander(cluster, *m_index, m_seed, m_version, diags);
    expander.run();
    return expander.surplus();
}

std::vector<std::uint32_t> expandWorkloads(core::Cluster& cluster, std::uint64_t seed, const core::KubeVersion& version,
                                           io::Diagnostics& diags) {
    return WorkloadExpansion(seed, version).expand(cluster, diags);
}

std::vector<std::uint32_t> expandWorkloads(core::Cluster& cluster, std::uint64_t seed, io::Diagnostics& diags) {
    return expandWorkloads(cluster, seed, core::KubeVersion::newest(), diags);
}

}  // namespace berth::plan
