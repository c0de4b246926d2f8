#include "plan/controllers/disruption.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace berth::plan {
namespace {

using core::Cluster;
using core::OwnerReference;
using core::Pod;
using core::PodDisruptionBudget;
using core::Workload;
using core::WorkloadKind;

/// The API group of an apiVersion ("apps/v1" -> "apps", "v1" -> "").
std::string_view groupOf(std::string_view apiVersion) {
    const auto slash = apiVersion.find('/');
    return slash == std::string_view::npos ? std::string_view() : apiVersion.substr(0, slash);
}

/// verifyGroupKind: the reference names `kind` in one of `groups`.
bool refersTo(const OwnerReference& ref, std::string_view kind, std::initializer_list<std::string_view> groups) {
    if (ref.kind != kind) return false;
    return std::find(groups.begin(), groups.end(), groupOf(ref.apiVersion)) != groups.end();
}

/// The workload a reference names, when its uid matches (a lister Get plus the UID check).
const Workload* find(const Cluster& c, WorkloadKind kind, core::Sym ns, const OwnerReference& ref) {
    for (const auto& w : c.workloads)
        if (w.kind == kind && w.ns == ns && w.name == ref.name && w.uid == ref.uid) return &w;
    return nullptr;
}

struct ControllerScale {
    std::string uid;
    std::int32_t scale = 0;
};

/// The finders of disruption.go in their order: ReplicationController, the Deployment of a
/// ReplicaSet, a ReplicaSet no Deployment controls, StatefulSet, then the scale subresource
/// (which Berth's workloads have when they are one of those four kinds; a Job or a DaemonSet
/// has none, which upstream reports as an error).
std::optional<ControllerScale> findControllerScale(const Cluster& c, const OwnerReference& ref, core::Sym ns) {
    if (refersTo(ref, "ReplicationController", {""}))
        if (const Workload* rc = find(c, WorkloadKind::ReplicationController, ns, ref))
            return ControllerScale{rc->uid, rc->replicas};
    if (refersTo(ref, "ReplicaSet", {"apps", "extensions"})) {
        if (const Workload* rs = find(c, WorkloadKind::ReplicaSet, ns, ref)) {
            const OwnerReference* owner = core::controllerOf(rs->ownerReferences);
            if (owner && refersTo(*owner, "Deployment", {"apps", "extensions"})) {
                if (const Workload* d = find(c, WorkloadKind::Deployment, ns, *owner))
                    return ControllerScale{d->uid, d->replicas};
            } else if (!owner || owner->kind != "Deployment") {
                return ControllerScale{rs->uid, rs->replicas};
            }
        }
    }
    if (refersTo(ref, "StatefulSet", {"apps"}))
        if (const Workload* ss = find(c, WorkloadKind::StatefulSet, ns, ref))
            return ControllerScale{ss->uid, ss->replicas};
    // getScaleController: any of the scalable kinds by name and uid.
    for (WorkloadKind k : {WorkloadKind::Deployment, WorkloadKind::ReplicaSet, WorkloadKind::StatefulSet,
                           WorkloadKind::ReplicationController})
        if (ref.kind == core::workloadKindName(k))
            if (const Workload* w = find(c, k, ns, ref)) return ControllerScale{w->uid, w->replicas};
    return std::nullopt;
}

/// getExpectedScale: the sum of the scale of every controller of the pods (pods without one
/// are skipped, as upstream now does). nullopt: a pod's controller has no scale (upstream's
/// sync error, after which failSafe sets disruptionsAllowed to 0).
std::optional<std::int32_t> expectedScale(const Cluster& c, const std::vector<const Pod*>& pods) {
    std::map<std::string, std::int32_t> scaleByUid;
    for (const Pod* p : pods) {
        const OwnerReference* ref = core::controllerOf(*p);
        if (!ref || scaleByUid.count(ref->uid)) continue;
        const auto found = findControllerScale(c, *ref, p->ns);
        if (!found) return std::nullopt;
        scaleByUid[found->uid] = found->scale;
    }
    std::int32_t total = 0;
    for (const auto& [uid, scale] : scaleByUid) total += scale;
    return total;
}

/// IsPodReady, as far as a plan knows: bound and running (a pod the file gives with a node and
/// no phase runs there too).
bool ready(const Pod& p) {
    return p.nodeName != core::kEmptySym && (p.phase == core::PodPhase::Running || p.phase == core::PodPhase::Pending);
}

/// getPodsForPdb: the namespace's pods the selector matches. LabelSelectorAsSelector makes a
/// nil selector match nothing and an empty one everything.
std::vector<const Pod*> podsFor(const Cluster& c, const PodDisruptionBudget& pdb) {
    std::vector<const Pod*> pods;
    if (!pdb.selector) return pods;
    for (std::size_t i = 0; i < c.pods.size(); ++i) {
        const Pod& p = c.pods[i];
        if (i < c.podRemoved.size() && c.podRemoved[i]) continue;
        if (p.ns == pdb.ns && pdb.selector->matches(p.labels)) pods.push_back(&p);
    }
    return pods;
}

}  // namespace

std::int32_t scaledValue(const core::IntOrPercent& v, std::int32_t total, bool roundUp) {
    if (!v.percent) return v.value;
    const std::int64_t product = static_cast<std::int64_t>(v.value) * total;
    return static_cast<std::int32_t>(roundUp ? (product + 99) / 100 : product / 100);
}

void syncDisruptionBudget(const Cluster& cluster, PodDisruptionBudget& pdb) {
    const std::vector<const Pod*> pods = podsFor(cluster, pdb);
    if (pods.empty() && pdb.givenStatus) {
        // The pods the given status counted are not in the plan: it is all there is to go on.
        const core::PodDisruptionBudgetStatus& s = *pdb.givenStatus;
        pdb.disruptionsAllowed = s.disruptionsAllowed;
        pdb.currentHealthy = s.currentHealthy;
        pdb.desiredHealthy = s.desiredHealthy;
        pdb.expectedPods = s.expectedPods;
        pdb.disruptedPods = s.disruptedPods;
        return;
    }
    // getExpectedPodCount: maxUnavailable first, then minAvailable; neither gives 0 and 0.
    std::int32_t expected = 0;
    std::int32_t desired = 0;
    if (pdb.maxUnavailable) {
        const auto scale = expectedScale(cluster, pods);
        if (!scale) {
            pdb.disruptionsAllowed = 0;  // failSafe
            return;
        }
        expected = *scale;
        desired = std::max(0, expected - scaledValue(*pdb.maxUnavailable, expected, true));
    } else if (pdb.minAvailable && !pdb.minAvailable->percent) {
        desired = pdb.minAvailable->value;
        expected = static_cast<std::int32_t>(pods.size());
    } else if (pdb.minAvailable) {
        const auto scale = expectedScale(cluster, pods);
        if (!scale) {
            pdb.disruptionsAllowed = 0;  // failSafe
            return;
        }
        expected = *scale;
        desired = scaledValue(*pdb.minAvailable, expected, true);
    }
    // buildDisruptedPodMap: entries for pods still there and not being deleted.
    std::vector<std::string> disrupted;
    for (const Pod* p : pods)
        if (!p->terminating &&
            std::find(pdb.disruptedPods.begin(), pdb.disruptedPods.end(), p->name) != pdb.disruptedPods.end())
            disrupted.push_back(p->name);
    // countHealthyPods.
    std::int32_t healthy = 0;
    for (const Pod* p : pods) {
        if (p->terminating) continue;
        if (std::find(disrupted.begin(), disrupted.end(), p->name) != disrupted.end()) continue;
        if (ready(*p)) ++healthy;
    }
    // updatePdbStatus: a budget expecting no pods allows nothing (safe until it sees some).
    const std::int32_t allowed = healthy - desired;
    pdb.disruptionsAllowed = expected <= 0 || allowed <= 0 ? 0 : allowed;
    pdb.currentHealthy = healthy;
    pdb.desiredHealthy = desired;
    pdb.expectedPods = expected;
    pdb.disruptedPods = std::move(disrupted);
}

void syncDisruptionBudgets(Cluster& cluster) {
    for (auto& pdb : cluster.pdbs) syncDisruptionBudget(cluster, pdb);
}

core::Simulation::DisruptionController disruptionController() {
    return [](Cluster& cluster) { syncDisruptionBudgets(cluster); };
}

}  // namespace berth::plan
