#include "core/api/pod.h"

#include <algorithm>

#include "core/api/version.h"

namespace berth::core {
namespace {

struct NonZero {
    std::int64_t cpu = 0;
    std::int64_t memory = 0;
};

NonZero nonZeroOf(const Container& c) {
    return {c.hasCpuRequest ? c.requests.milliCpu : kDefaultMilliCpuRequest,
            c.hasMemoryRequest ? c.requests.memory : kDefaultMemoryRequest};
}

// v1.26: max(sum of containers, each init container) — restartable init containers do not
// exist in that API (NodeInfo calculateResource, pkg/scheduler/framework/types.go).
void classicAggregate(const Pod& pod, ResourceList& req, NonZero& nz) {
    for (const auto& c : pod.containers) {
        req.add(c.requests);
        const NonZero n = nonZeroOf(c);
        nz.cpu += n.cpu;
        nz.memory += n.memory;
    }
    for (const auto& ic : pod.initContainers) {
        req.maxWith(ic.requests);
        const NonZero n = nonZeroOf(ic);
        nz.cpu = std::max(nz.cpu, n.cpu);
        nz.memory = std::max(nz.memory, n.memory);
    }
}

// Sidecar-aware aggregation (component-helpers/resource/helpers.go PodRequests, KEP-753).
void sidecarAggregate(const Pod& pod, ResourceList& req, NonZero& nz) {
    for (const auto& c : pod.containers) {
        req.add(c.requests);
        const NonZero n = nonZeroOf(c);
        nz.cpu += n.cpu;
        nz.memory += n.memory;
    }
    ResourceList sidecars;
    NonZero sidecarNz;
    ResourceList initPeak;
    NonZero initPeakNz;
    for (const auto& ic : pod.initContainers) {
        const NonZero n = nonZeroOf(ic);
        if (ic.restartPolicyAlways) {
            sidecars.add(ic.requests);
            sidecarNz.cpu += n.cpu;
            sidecarNz.memory += n.memory;
            initPeak.maxWith(sidecars);
            initPeakNz.cpu = std::max(initPeakNz.cpu, sidecarNz.cpu);
            initPeakNz.memory = std::max(initPeakNz.memory, sidecarNz.memory);
        } else {
            ResourceList tmp = ic.requests;
            tmp.add(sidecars);
            initPeak.maxWith(tmp);
            initPeakNz.cpu = std::max(initPeakNz.cpu, n.cpu + sidecarNz.cpu);
            initPeakNz.memory = std::max(initPeakNz.memory, n.memory + sidecarNz.memory);
        }
    }
    req.add(sidecars);
    nz.cpu += sidecarNz.cpu;
    nz.memory += sidecarNz.memory;
    req.maxWith(initPeak);
    nz.cpu = std::max(nz.cpu, initPeakNz.cpu);
    nz.memory = std::max(nz.memory, initPeakNz.memory);
}

// Which of cpu and memory some container or init container requests explicitly (a key in
// AggregateContainerRequests' result, even with 0).
struct RequestedKeys {
    bool cpu = false;
    bool memory = false;
};

RequestedKeys containerRequestKeys(const Pod& pod) {
    RequestedKeys keys;
    for (const auto* list : {&pod.containers, &pod.initContainers})
        for (const auto& c : *list) {
            keys.cpu = keys.cpu || c.hasCpuRequest;
            keys.memory = keys.memory || c.hasMemoryRequest;
        }
    return keys;
}

// Pod-level resources (KEP-2837; gate PodLevelResources beta and on from 1.34). `d.requests`
// and `nz` hold the containers' aggregate without overhead on entry.
//
// The API server first defaults spec.resources.requests (1.34-1.36 apis/core/v1/defaults.go
// defaultPodRequests; 1.37 api/pod/util.go DefaultPodLevelResources): a resource without a
// pod-level request takes the containers' aggregate when a container requests it (cpu, memory;
// hugepages are not overcommittable), else the pod-level limit. Then component-helpers
// resource/helpers.go PodRequests: every pod-level request replaces the containers' aggregate
// (applyPodLevelResources). A defaulted request equal to the aggregate changes no amount, so
// which release defaults when does not show here.
//
// NodeInfo's non-zero sums (framework/types.go CalculateResource, getNonMissingContainerRequests):
// the 100m / 200Mi defaults fill containers' missing requests only for a resource absent from
// the pod's requests altogether (no container, pod-level entry or overhead names it); otherwise
// the requests as they are.
void applyPodLevelRequests(const Pod& pod, Pod::Derived& d, NonZero& nz) {
    const PodLevelResources& pl = pod.podResources;
    const RequestedKeys keys = containerRequestKeys(pod);
    if (pl.hasCpuRequest)
        d.requests.milliCpu = pl.requests.milliCpu;
    else if (pl.hasCpuLimit && !keys.cpu)
        d.requests.milliCpu = pl.limits.milliCpu;
    if (pl.hasMemoryRequest)
        d.requests.memory = pl.requests.memory;
    else if (pl.hasMemoryLimit && !keys.memory)
        d.requests.memory = pl.limits.memory;
    for (const auto& s : pl.requests.scalars) d.requests.setScalar(s.name, s.value);
    for (const auto& s : pl.limits.scalars)
        if (!pl.requests.hasScalar(s.name)) d.requests.setScalar(s.name, s.value);

    const bool cpuKey = keys.cpu || pl.hasCpuRequest || pl.hasCpuLimit || pod.overhead.milliCpu != 0;
    const bool memoryKey = keys.memory || pl.hasMemoryRequest || pl.hasMemoryLimit || pod.overhead.memory != 0;
    nz.cpu = cpuKey ? d.requests.milliCpu : nz.cpu;
    nz.memory = memoryKey ? d.requests.memory : nz.memory;
}

}  // namespace

void computeDerived(Pod& pod, const KubeVersion& version, Sym defaultProtocol, Sym defaultHostIP) {
    auto& d = pod.derived;
    d = Pod::Derived{};
    NonZero nz;
    if (version.atLeast(29))
        sidecarAggregate(pod, d.requests, nz);
    else
        classicAggregate(pod, d.requests, nz);
    // NodeResourcesFit scores the incoming pod without its pod-level resources: v1.37.2 fit.go
    // builds its resourceAllocationScorer without enablePodLevelResources, so
    // calculatePodResourceRequest skips them (BalancedAllocation's scorer has it and reads
    // `requests`). The containers' non-zero aggregate plus overhead, before pod-level values.
    d.scoringNonZeroMilliCpu = nz.cpu + pod.overhead.milliCpu;
    d.scoringNonZeroMemory = nz.memory + pod.overhead.memory;
    d.podLevelResources = version.atLeast(34) && !pod.podResources.empty();
    if (d.podLevelResources) applyPodLevelRequests(pod, d, nz);
    d.requests.add(pod.overhead);
    nz.cpu += pod.overhead.milliCpu;
    nz.memory += pod.overhead.memory;
    d.nonZeroMilliCpu = nz.cpu;
    d.nonZeroMemory = nz.memory;
    d.requests.pods = 0;
    d.requestsNothing = d.requests.milliCpu == 0 && d.requests.memory == 0 && d.requests.ephemeralStorage == 0 &&
                        d.requests.scalars.empty();

    auto addPorts = [&](const Container& c) {
        for (const auto& p : c.ports) {
            if (p.hostPort <= 0) continue;
            d.hostPorts.push_back(HostPort{p.hostIP == kEmptySym ? defaultHostIP : p.hostIP,
                                           p.protocol == kEmptySym ? defaultProtocol : p.protocol, p.hostPort});
        }
    };
    for (const auto& c : pod.containers) addPorts(c);
    if (version.atLeast(29))
        for (const auto& ic : pod.initContainers)
            if (ic.restartPolicyAlways) addPorts(ic);

    d.hasAffinityTerms = !pod.affinity.podAffinity.empty() || !pod.affinity.podAntiAffinity.empty();
    d.hasRequiredAntiAffinity = !pod.affinity.podAntiAffinity.required.empty();
}

}  // namespace berth::core
