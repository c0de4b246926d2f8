#include "core/framework/plugins/noderesources/resource_allocation.h"

#include <algorithm>
#include <cmath>

#include "core/api/string_pool.h"

namespace berth::core {

std::vector<ScoredResource> resolveResources(const std::vector<ResourceSpec>& specs, StringPool& pool) {
    std::vector<ScoredResource> out;
    for (const auto& s : specs) {
        ScoredResource r;
        if (s.name == "cpu")
            r.kind = ResourceKind::Cpu;
        else if (s.name == "memory")
            r.kind = ResourceKind::Memory;
        else if (s.name == "ephemeral-storage")
            r.kind = ResourceKind::EphemeralStorage;
        else
            r.name = pool.intern(s.name);
        r.weight = s.weight == 0 ? 1 : s.weight;
        out.push_back(r);
        if (out.size() == 8) break;  // AllocationVector capacity; configs list a handful
    }
    return out;
}

namespace {

std::int64_t containerRequest(const Container& c, const ScoredResource& r, bool nonZero) {
    switch (r.kind) {
        case ResourceKind::Cpu: return nonZero && !c.hasCpuRequest ? kDefaultMilliCpuRequest : c.requests.milliCpu;
        case ResourceKind::Memory: return nonZero && !c.hasMemoryRequest ? kDefaultMemoryRequest : c.requests.memory;
        case ResourceKind::EphemeralStorage: return c.requests.ephemeralStorage;
        case ResourceKind::Other: return c.requests.scalar(r.name);
    }
    return 0;
}

/// The containers' aggregate of a scalar resource plus overhead, as if the pod had no
/// `spec.resources`: what PodRequests gives with SkipPodLevelResources (the derived requests
/// hold the pod-level value instead).
std::int64_t withoutPodLevelResources(const Pod& pod, Sym name, const KubeVersion& v) {
    Pod containersOnly = pod;
    containersOnly.podResources = PodLevelResources{};
    computeDerived(containersOnly, v, kEmptySym, kEmptySym);
    return containersOnly.derived.requests.scalar(name);
}

}  // namespace

std::int64_t podScoringRequest(const Pod& pod, const ScoredResource& r, bool nonZero, const KubeVersion& v) {
    if (v.atLeast(27)) {
        const auto& d = pod.derived;
        switch (r.kind) {
            case ResourceKind::Cpu: return nonZero ? d.scoringNonZeroMilliCpu : d.requests.milliCpu;
            case ResourceKind::Memory: return nonZero ? d.scoringNonZeroMemory : d.requests.memory;
            case ResourceKind::EphemeralStorage: return d.requests.ephemeralStorage;
            // NodeResourcesFit's scorer (nonZero) is built without enablePodLevelResources
            // (v1.37.2 fit.go): a pod-level hugepages request is not what it sees, the
            // containers' is; BalancedAllocation's sees the pod-level one (docs/versions.md row 30).
            case ResourceKind::Other:
                if (nonZero && d.podLevelResources &&
                    (pod.podResources.requests.hasScalar(r.name) || pod.podResources.limits.hasScalar(r.name)))
                    return withoutPodLevelResources(pod, r.name, v);
                return d.requests.scalar(r.name);
        }
        return 0;
    }
    // v1.26 resource_allocation.go calculatePodResourceRequest.
    std::int64_t req = 0;
    for (const auto& c : pod.containers) req += containerRequest(c, r, nonZero);
    for (const auto& ic : pod.initContainers) req = std::max(req, containerRequest(ic, r, nonZero));
    switch (r.kind) {
        case ResourceKind::Cpu:
            // overhead[cpu].Value(): whole cores, rounded up.
            if (pod.overhead.milliCpu > 0) req += (pod.overhead.milliCpu + 999) / 1000;
            break;
        case ResourceKind::Memory: req += pod.overhead.memory; break;
        case ResourceKind::EphemeralStorage: req += pod.overhead.ephemeralStorage; break;
        case ResourceKind::Other: req += pod.overhead.scalar(r.name); break;
    }
    return req;
}

PodScoringRequests podScoringRequests(const Pod& pod, const std::vector<ScoredResource>& resources, bool nonZero,
                                      const KubeVersion& v) {
    PodScoringRequests requests{};
    for (std::size_t i = 0; i < resources.size() && i < requests.size(); ++i)
        requests[i] = podScoringRequest(pod, resources[i], nonZero, v);
    return requests;
}

PodScoringRequests recordedScoringRequests(const CycleState& state, int slot, const Pod& pod,
                                           const std::vector<ScoredResource>& resources, bool nonZero,
                                           const KubeVersion& v) {
    if (const auto* s = state.read<ScoringRequestsState>(slot)) return s->requests;
    return podScoringRequests(pod, resources, nonZero, v);
}

void allocationFor(const std::vector<ScoredResource>& resources, const std::int64_t* podRequests,
                   const NodeInfo& nodeInfo, bool useRequested, AllocationVector& out) {
    out.count = 0;
    const ResourceList& alloc = nodeInfo.node()->allocatable;
    const ResourceList& requested = nodeInfo.requested();
    for (std::size_t i = 0; i < resources.size(); ++i) {
        const auto& r = resources[i];
        const std::int64_t podReq = podRequests[i];
        std::int64_t a = 0;
        std::int64_t q = 0;
        switch (r.kind) {
            case ResourceKind::Cpu:
                a = alloc.milliCpu;
                q = (useRequested ? requested.milliCpu : nodeInfo.nonZeroMilliCpu()) + podReq;
                break;
            case ResourceKind::Memory:
                a = alloc.memory;
                q = (useRequested ? requested.memory : nodeInfo.nonZeroMemory()) + podReq;
                break;
            case ResourceKind::EphemeralStorage:
                a = alloc.ephemeralStorage;
                q = requested.ephemeralStorage + podReq;
                break;
            case ResourceKind::Other:
                // A scalar the pod does not request, or the node does not have, is not scored.
                if (podReq == 0 || !alloc.hasScalar(r.name)) continue;
                a = alloc.scalar(r.name);
                q = requested.scalar(r.name) + podReq;
                break;
        }
        if (a == 0) continue;
        out.allocatable[out.count] = a;
        out.requested[out.count] = q;
        out.allocated[out.count] = q - podReq;
        out.weight[out.count] = r.weight;
        ++out.count;
    }
}

// least_allocated.go
std::int64_t leastAllocatedScore(const AllocationVector& a) {
    std::int64_t score = 0;
    std::int64_t weights = 0;
    for (int i = 0; i < a.count; ++i) {
        const std::int64_t cap = a.allocatable[i];
        const std::int64_t req = a.requested[i];
        const std::int64_t s = req > cap ? 0 : (cap - req) * 100 / cap;
        score += s * a.weight[i];
        weights += a.weight[i];
    }
    return weights == 0 ? 0 : score / weights;
}

// most_allocated.go
std::int64_t mostAllocatedScore(const AllocationVector& a) {
    std::int64_t score = 0;
    std::int64_t weights = 0;
    for (int i = 0; i < a.count; ++i) {
        const std::int64_t cap = a.allocatable[i];
        const std::int64_t req = std::min(a.requested[i], cap);
        score += req * 100 / cap * a.weight[i];
        weights += a.weight[i];
    }
    return weights == 0 ? 0 : score / weights;
}

// requested_to_capacity_ratio.go + helper/shape_score.go: broken-linear shape, scores x10.
std::int64_t requestedToCapacityRatioScore(const AllocationVector& a, const std::vector<UtilizationShapePoint>& shape) {
    auto f = [&](std::int64_t p) -> std::int64_t {
        for (std::size_t i = 0; i < shape.size(); ++i) {
            if (p <= shape[i].utilization) {
                const std::int64_t si = std::int64_t{shape[i].score} * 10;
                if (i == 0) return si;
                const std::int64_t sp = std::int64_t{shape[i - 1].score} * 10;
                return sp +
                       (si - sp) * (p - shape[i - 1].utilization) / (shape[i].utilization - shape[i - 1].utilization);
            }
        }
        return shape.empty() ? 0 : std::int64_t{shape.back().score} * 10;
    };
    std::int64_t score = 0;
    std::int64_t weights = 0;
    for (int i = 0; i < a.count; ++i) {
        const std::int64_t cap = a.allocatable[i];
        const std::int64_t req = a.requested[i];
        const std::int64_t s = (cap == 0 || req > cap) ? f(100) : f(req * 100 / cap);
        if (s > 0) {
            score += s * a.weight[i];
            weights += a.weight[i];
        }
    }
    if (weights == 0) return 0;
    return static_cast<std::int64_t>(std::round(static_cast<double>(score) / static_cast<double>(weights)));
}

namespace {

// balanced_allocation.go balancedResourceScore (std-dev form, since v1.22): the fractions
// used/allocatable, capped at 1, and 100 * (1 - their population standard deviation).
std::int64_t balanceOf(const std::int64_t* used, const AllocationVector& a) {
    double fractions[8];
    double total = 0;
    for (int i = 0; i < a.count; ++i) {
        double f = static_cast<double>(used[i]) / static_cast<double>(a.allocatable[i]);
        if (f > 1) f = 1;
        fractions[i] = f;
        total += f;
    }
    double stddev = 0;
    if (a.count == 2) {
        stddev = std::fabs((fractions[0] - fractions[1]) / 2);
    } else if (a.count > 2) {
        const double mean = total / a.count;
        double sum = 0;
        for (int i = 0; i < a.count; ++i) sum += (fractions[i] - mean) * (fractions[i] - mean);
        stddev = std::sqrt(sum / a.count);
    }
    return static_cast<std::int64_t>((1 - stddev) * 100);
}

}  // namespace

std::int64_t balancedAllocationScore(const AllocationVector& a) { return balanceOf(a.requested, a); }

// balanced_allocation.go balancedResourceScorer, v1.36+ (PR #135573): both balances lie in
// [50, 100], so their difference in [-50, 50]; it is shifted and halved back into [50, 100]:
// 50 + (50 + with - without) / 2, integer division of a non-negative number (75: no change).
std::int64_t balancedAllocationChangeScore(const AllocationVector& a) {
    const std::int64_t with = balanceOf(a.requested, a);
    const std::int64_t without = balanceOf(a.allocated, a);
    return 50 + (50 + with - without) / 2;
}

}  // namespace berth::core
