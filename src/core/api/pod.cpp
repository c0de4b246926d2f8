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

}  // namespace

void computeDerived(Pod& pod, const KubeVersion& version, Sym defaultProtocol, Sym defaultHostIP) {
    auto& d = pod.derived;
    d = Pod::Derived{};
    NonZero nz;
    if (version.atLeast(29))
        sidecarAggregate(pod, d.requests, nz);
    else
        classicAggregate(pod, d.requests, nz);
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
