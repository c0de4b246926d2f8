#pragma once
/// Workload expansion: turns the controllers of a cluster (Deployment, ReplicaSet,
/// ReplicationController, StatefulSet, Job, DaemonSet) into the pods their controllers would
/// create, named, labelled and owned as upstream does, with the admission defaults a pod
/// receives when the API server stores it (LimitRanger, Priority, DefaultTolerationSeconds,
/// RuntimeClass: controllers/admission.h).
///
/// Follows pkg/controller/deployment (sync.go getNewReplicaSet), replicaset, statefulset
/// (stateful_set_utils.go newVersionedStatefulSetPod), job (job_controller.go), daemon
/// (daemon_controller.go NodeShouldRunDaemonPod, util/daemonset_util.go) and the plugins
/// plugin/pkg/admission/limitranger, priority, defaulttolerationseconds and runtimeclass.
///
/// Pure and deterministic: the same cluster, seed and version give the same pods, names and
/// uids. Expansion reconciles like the controllers do: pods a controller already owns count
/// towards its replicas, so expanding twice (or a dump that holds the pods) adds nothing, and
/// pods removed or terminating since are replaced — which makes it usable as the
/// Simulation's reconciler. A replacement never reuses a removed pod's generated name or uid
/// (a StatefulSet pod keeps its name, as upstream, with a new uid).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "io/diagnostics.h"

namespace berth::plan {

/// The most pods a cluster may hold once its controllers have made theirs. Kubernetes supports
/// 150,000 pods a cluster; a pod costs Berth about 1.6 KB, so this keeps a plan in about
/// 1.6 GB. A typo in `replicas` (6000000 for 6) would otherwise take the machine's memory.
constexpr std::int64_t kMaxPlannedPods = 1'000'000;

/// Appends to cluster.pods the pods the workloads' controllers would create (each finalised
/// with core::computeDerived), and to cluster.workloads the ReplicaSet each Deployment owns.
/// Workloads without a uid get a deterministic one; a Job without a selector gets the one API
/// defaulting generates. A Job's `completions` < 0 means spec.completions is nil (only
/// parallelism set). Problems the API server would reject (an unknown priority or runtime class) become
/// warnings, and that workload creates no pods. A workload whose pods would take the cluster
/// past kMaxPlannedPods creates none, with an error.
///
/// Returns the ids of the pods the controllers would delete because a workload now wants
/// fewer than it has (a scale-down): the caller deletes them (Simulation::evictPod). The
/// choice follows each controller: ReplicaSets and Jobs rank pods as controller.ActivePods
/// does (unassigned, then pending, then the most co-located, then the newest); StatefulSets
/// condemn the highest ordinals.
std::vector<std::uint32_t> expandWorkloads(core::Cluster& cluster, std::uint64_t seed, const core::KubeVersion& version,
                                           io::Diagnostics& diags);

namespace detail {
class WorkloadIndex;
}

/// expandWorkloads called again and again on one cluster, as the controllers reconcile while
/// a plan runs: each call answers exactly as a fresh expandWorkloads call would (pods, names,
/// uids, surplus), but the index of the cluster's pods (owners, names; see
/// controllers/workload_index.h) is kept between calls and catches up on the pods appended
/// since, so a call costs the pods it creates and the workloads' own pods, not every pod of
/// the cluster. Given another cluster, or one whose pods were cut back, it starts over.
class WorkloadExpansion {
public:
    WorkloadExpansion(std::uint64_t seed, const core::KubeVersion& version);
    ~WorkloadExpansion();
    WorkloadExpansion(const WorkloadExpansion&) = delete;
    WorkloadExpansion& operator=(const WorkloadExpansion&) = delete;

    std::vector<std::uint32_t> expand(core::Cluster& cluster, io::Diagnostics& diags);

private:
    std::uint64_t m_seed;
    core::KubeVersion m_version;
    std::unique_ptr<detail::WorkloadIndex> m_index;
};

/// The same for the newest Kubernetes version Berth models.
std::vector<std::uint32_t> expandWorkloads(core::Cluster& cluster, std::uint64_t seed, io::Diagnostics& diags);

/// rand.SafeEncodeString (k8s.io/apimachinery/pkg/util/rand): every byte mapped into the
/// alphabet "bcdfghjklmnpqrstvwxz2456789" (no vowels, no look-alikes).
std::string safeEncodeString(std::string_view s);

/// The pod-template-hash / controller-revision-hash shape: a 32-bit FNV-1a hash of the
/// template's content, written in decimal and passed through safeEncodeString (upstream
/// hashes the Go object dump; Berth hashes its own canonical form of the same fields).
std::string podTemplateHash(const core::Pod& podTemplate, const core::StringPool& pool);

}  // namespace berth::plan
