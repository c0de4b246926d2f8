#pragma once
/// The simulated controller-manager behind expandWorkloads (workloads.h): one pass over the
/// cluster's workloads, each kind's controller in its own file as upstream has them
/// (deployment.cpp, replicaset.cpp, statefulset.cpp, job.cpp, daemonset.cpp), the admission
/// a created pod gets in admission.cpp, and what they share (owned pods, names, surplus
/// ranking: pkg/controller/controller_utils.go) in workloads.cpp. Internal to the controllers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "io/diagnostics.h"
#include "plan/controllers/admission.h"
#include "plan/controllers/names.h"
#include "plan/controllers/workload_index.h"

namespace berth::plan::detail {

// The controllers' files speak of these constantly.
using core::Cluster;
using core::Pod;
using core::Sym;
using core::Workload;
using core::WorkloadKind;

class WorkloadExpander {
public:
    /// `index` is kept between passes over the same cluster (WorkloadExpansion).
    WorkloadExpander(core::Cluster& cluster, WorkloadIndex& index, std::uint64_t seed,
                     const core::KubeVersion& version, io::Diagnostics& diags);

    /// Pods the controllers delete because their workload wants fewer (scaled down).
    std::vector<std::uint32_t> surplus() const { return m_surplus; }

    void run();

private:
    /// What admission decides for a template's pods: the priority and the RuntimeClass's
    /// overhead (admission.h).
    using AdmissionDecision = detail::AdmissionDecision;

    // --- shared (workloads.cpp) ---
    /// Pods that `w` controls (controller ownerReference of its kind and name; the uid too,
    /// when both sides have one), still present.
    std::vector<const core::Pod*> ownedPods(const core::Workload& w);
    /// ownedPods without the list: `visit(pod)` for each, in the same order.
    template <typename Visit>
    void forEachOwnedPod(const core::Workload& w, Visit&& visit);
    /// Whether `count` more pods keep the cluster within kMaxPlannedPods; an error if not.
    bool roomFor(const core::Workload& w, std::int64_t count, const char* field);
    /// controller.FilterActivePods: not Succeeded, not Failed, not being deleted.
    static bool isActive(const core::Pod& p);
    void warn(const core::Workload& w, std::string message) { report(w, io::Severity::Warning, std::move(message)); }
    void report(const core::Workload& w, io::Severity severity, std::string message);
    std::string generateName(core::Sym ns, std::string_view prefix) { return m_index.generateName(ns, prefix); }
    core::OwnerReference controllerRefTo(const core::Workload& w) const;
    /// The pod a controller creates from `w`'s template (before per-kind labels).
    core::Pod podFromTemplate(const core::Workload& w, std::string name, std::string generateNamePrefix);
    void addPod(core::Pod pod, const AdmissionDecision& admission);
    /// controller.getPodsPrefix: "<name>-".
    static std::string podsPrefix(const core::Workload& w) { return w.name + "-"; }
    void deleteSurplus(std::vector<const core::Pod*> active, std::size_t count, bool rankByColocation);

    // --- admission (admission.cpp) ---
    /// nullopt (and a warning) when the API server would refuse every pod of the template (a
    /// PriorityClass or RuntimeClass that does not exist, an overhead of its own).
    std::optional<AdmissionDecision> resolveAdmission(const core::Workload& w);
    void admit(core::Pod& pod, const AdmissionDecision& admission);

    // --- one controller each ---
    void expandDeployment(std::size_t index);
    void expandReplicaSet(const core::Workload& w);
    void expandStatefulSet(const core::Workload& w);
    void expandJob(core::Workload& w);
    void expandDaemonSet(const core::Workload& w);
    void addDaemonTolerations(std::vector<core::Toleration>& tolerations);
    core::Sym pinnedNode(const core::Pod& p) const;
    bool shouldRunDaemonPod(const core::Pod& probe, const core::Node& node) const;

    core::Cluster& m_cluster;
    WorkloadIndex& m_index;
    core::StringPool& m_pool;
    std::uint64_t m_seed;
    core::KubeVersion m_version;
    io::Diagnostics& m_diags;
    core::Sym m_tcp;
    core::Sym m_anyIp;
    std::vector<std::uint32_t> m_surplus;
};

template <typename Visit>
void WorkloadExpander::forEachOwnedPod(const core::Workload& w, Visit&& visit) {
    const std::vector<std::uint32_t>* ids = m_index.controlledBy(w.kind, w.ns, w.name);
    if (!ids) return;
    // Every pod of the list has a controller reference of w's kind and name; one whose uid
    // is another's belongs to another object of that name (both uids given).
    const std::uint32_t uid = m_index.controllerUidId(w.uid);
    // The pods lie far apart in memory and every visit reads one (its phase, at least): each
    // is asked for a few pods ahead, as the scheduler's filter scan does with its nodes (a
    // capacity fit or drain visits a ReplicaSet's thousands of pods at every pass).
    constexpr std::size_t kAhead = 8;
    const std::size_t n = ids->size();
    for (std::size_t k = 0; k < n; ++k) {
        if (k + kAhead < n) __builtin_prefetch(&m_cluster.pods[(*ids)[k + kAhead]].phase);
        const std::uint32_t idx = (*ids)[k];
        if (uid == WorkloadIndex::kNoUid || m_index.uidMatches(idx, uid)) visit(std::as_const(m_cluster.pods[idx]));
    }
}

}  // namespace berth::plan::detail
