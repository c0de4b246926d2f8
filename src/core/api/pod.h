#pragma once
/// A pod as the scheduler sees it: spec fields interned, plus derived data (aggregate
/// requests, non-zero requests, host ports) computed once when the pod enters a simulation.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api/affinity.h"
#include "core/api/labels.h"
#include "core/api/resource_list.h"
#include "core/api/source_ref.h"
#include "core/api/string_pool.h"
#include "core/api/taint.h"

namespace berth::core {

struct ContainerPort {
    std::int32_t containerPort = 0;
    std::int32_t hostPort = 0;
    Sym protocol = kEmptySym;  // interned "TCP" by default
    Sym hostIP = kEmptySym;    // interned "0.0.0.0" by default
};

struct Container {
    std::string name;
    std::string image;
    ResourceList requests;
    bool hasCpuRequest = false;  // an explicit entry, even "0" (non-zero defaulting)
    bool hasMemoryRequest = false;
    bool hasEphemeralStorageRequest = false;  // (extended resources: requests.hasScalar)
    // resources.limits as written, and the LimitRanger's default limits: only admission reads
    // them (LimitRanger's max and maxLimitRequestRatio); scheduling reads requests alone.
    NamedResourceList limits;
    std::vector<ContainerPort> ports;
    bool restartPolicyAlways = false;  // a sidecar when used as an init container
};

/// spec.resources, pod-level resources (KEP-2837) as written: cpu, memory and hugepages-*
/// (the loader rejects any other name, as the API server's validation does). Which amounts the
/// scheduler then uses depends on the release (computeDerived).
struct PodLevelResources {
    ResourceList requests;  // hugepages-* in scalars
    ResourceList limits;
    bool hasCpuRequest = false;  // an explicit entry, even "0"
    bool hasMemoryRequest = false;
    bool hasCpuLimit = false;
    bool hasMemoryLimit = false;

    bool hasRequests() const { return hasCpuRequest || hasMemoryRequest || !requests.scalars.empty(); }
    bool hasLimits() const { return hasCpuLimit || hasMemoryLimit || !limits.scalars.empty(); }
    bool empty() const { return !hasRequests() && !hasLimits(); }
};

struct OwnerReference {
    std::string apiVersion;
    std::string kind;
    std::string name;
    std::string uid;
    bool controller = false;
};

/// metav1.GetControllerOf: the first owner reference marked controller, or null. (The API
/// server accepts at most one such reference per object.)
inline const OwnerReference* controllerOf(const std::vector<OwnerReference>& refs) {
    for (const auto& r : refs)
        if (r.controller) return &r;
    return nullptr;
}

enum class PodPhase : std::uint8_t { Pending, Running, Succeeded, Failed, Unknown };
enum class PreemptionPolicy : std::uint8_t { PreemptLowerPriority, Never };

/// One host port a pod wants, normalised (protocol and IP defaulted).
struct HostPort {
    Sym ip = kEmptySym;
    Sym protocol = kEmptySym;
    std::int32_t port = 0;
    bool operator==(const HostPort&) const = default;
};

struct Pod {
    // identity
    std::uint32_t id = 0;  // index in Cluster::pods
    std::string name;
    Sym ns = kEmptySym;
    std::string uid;
    Labels labels;
    std::vector<OwnerReference> ownerReferences;
    std::string generateName;

    // spec
    Sym nodeName = kEmptySym;  // spec.nodeName; kEmptySym when pending
    Sym schedulerName = kEmptySym;
    std::int32_t priority = 0;
    std::string priorityClassName;
    PreemptionPolicy preemptionPolicy = PreemptionPolicy::PreemptLowerPriority;
    Labels nodeSelector;
    Affinity affinity;
    std::vector<Toleration> tolerations;
    std::vector<TopologySpreadConstraint> topologySpreadConstraints;
    std::vector<Container> containers;
    std::vector<Container> initContainers;
    ResourceList overhead;
    std::string runtimeClassName;  // spec.runtimeClassName (RuntimeClass admission sets overhead)
    PodLevelResources podResources;  // spec.resources
    std::vector<std::string> schedulingGates;
    // What `kubectl drain` asks of a pod besides its owner (staging/src/k8s.io/kubectl/pkg/drain/filters.go).
    bool emptyDirVolume = false;  // a spec.volumes[] entry is an emptyDir (local storage)
    bool notSafeToEvict = false;  // annotation cluster-autoscaler.kubernetes.io/safe-to-evict: "false"

    // status
    PodPhase phase = PodPhase::Pending;
    std::optional<std::int64_t> startTime;  // seconds since the epoch
    bool terminating = false;               // metadata.deletionTimestamp set
    Sym nominatedNodeName = kEmptySym;

    SourceRef source;

    // derived (see computeDerived)
    struct Derived {
        ResourceList requests;             // PodRequests: what Filter and NodeInfo use
        std::int64_t nonZeroMilliCpu = 0;  // NodeInfo's non-zero sums, with 100m / 200Mi defaults
        std::int64_t nonZeroMemory = 0;
        // The incoming pod's non-zero requests in resource scoring (resource_allocation.go
        // calculatePodResourceRequest). Equal to the two above unless pod-level resources apply.
        std::int64_t scoringNonZeroMilliCpu = 0;
        std::int64_t scoringNonZeroMemory = 0;
        bool podLevelResources = false;  // spec.resources decided some amounts (1.34+)
        std::vector<HostPort> hostPorts;
        bool hasAffinityTerms = false;  // any pod affinity or anti-affinity
        bool hasRequiredAntiAffinity = false;
        bool requestsNothing = false;  // cpu, memory, storage 0 and no scalars
    } derived;
};

inline const OwnerReference* controllerOf(const Pod& pod) { return controllerOf(pod.ownerReferences); }

inline constexpr std::int64_t kDefaultMilliCpuRequest = 100;
inline constexpr std::int64_t kDefaultMemoryRequest = 200LL * 1024 * 1024;

struct KubeVersion;

/// Fills pod.derived following upstream's PodRequests (component-helpers/resource/helpers.go)
/// and GetNonzeroRequests (pkg/scheduler/util/pod_resources.go) for the given version.
void computeDerived(Pod& pod, const KubeVersion& version, Sym defaultProtocol, Sym defaultHostIP);

}  // namespace berth::core
