#pragma once
/// Shared scoring machinery of NodeResourcesFit and NodeResourcesBalancedAllocation
/// (plugins/noderesources/resource_allocation.go): per configured resource, the node's
/// allocatable and requested-with-this-pod, handed to a strategy.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/api/pod.h"
#include "core/api/version.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"
#include "core/profile/config.h"

namespace berth::core {

class StringPool;

enum class ResourceKind : std::uint8_t { Cpu, Memory, EphemeralStorage, Other };

struct ScoredResource {
    ResourceKind kind = ResourceKind::Other;
    Sym name = kEmptySym;  // for Other
    std::int64_t weight = 1;
};

std::vector<ScoredResource> resolveResources(const std::vector<ResourceSpec>& specs, StringPool& pool);

/// The incoming pod's request for one resource as the scorers see it. v1.26 sums the
/// containers itself and adds the overhead with Quantity.Value() — whole cores for cpu
/// (UPSTREAM 4.14 quirk); newer versions use PodRequests (overhead in millicores). `nonZero`:
/// NodeResourcesFit's scorer (cpu/memory defaults for containers without them, pod-level
/// resources ignored); otherwise BalancedAllocation's (requests as given, pod-level ones read).
std::int64_t podScoringRequest(const Pod& pod, const ScoredResource& r, bool nonZero, const KubeVersion& v);

/// The pod's scoring requests parallel to the scored resources (at most 8), zero past them:
/// all a resource scorer reads of the pod, so also the key of the scores it keeps.
using PodScoringRequests = std::array<std::int64_t, 8>;

/// podScoringRequest for each of `resources`.
PodScoringRequests podScoringRequests(const Pod& pod, const std::vector<ScoredResource>& resources, bool nonZero,
                                      const KubeVersion& v);

/// What the PreScore of NodeResourcesFit and BalancedAllocation records for their Score.
struct ScoringRequestsState final : StateData {
    explicit ScoringRequestsState(const PodScoringRequests& r) : requests(r) {}
    PodScoringRequests requests;
    std::unique_ptr<StateData> clone() const override { return std::make_unique<ScoringRequestsState>(*this); }
};

/// The requests PreScore recorded in `slot`, or computed now: v1.26 has no PreScore for these
/// plugins, and a PreScore that skipped records nothing.
PodScoringRequests recordedScoringRequests(const CycleState& state, int slot, const Pod& pod,
                                           const std::vector<ScoredResource>& resources, bool nonZero,
                                           const KubeVersion& v);

/// Requested (node + pod), allocated (the node alone) and allocatable per resource; resources
/// with allocatable 0 and scalar resources the pod does not request are left out (count =
/// number kept).
struct AllocationVector {
    std::int64_t requested[8];
    std::int64_t allocated[8];
    std::int64_t allocatable[8];
    std::int64_t weight[8];
    int count = 0;
};

/// `podRequests` parallel to `resources`. `useRequested`: BalancedAllocation (real requests);
/// otherwise the node's non-zero requested cpu/memory.
void allocationFor(const std::vector<ScoredResource>& resources, const std::int64_t* podRequests,
                   const NodeInfo& nodeInfo, bool useRequested, AllocationVector& out);

std::int64_t leastAllocatedScore(const AllocationVector& a);
std::int64_t mostAllocatedScore(const AllocationVector& a);
std::int64_t requestedToCapacityRatioScore(const AllocationVector& a, const std::vector<UtilizationShapePoint>& shape);
/// The balance of `a.requested` (with the pod): 100 * (1 - std-dev of the fractions).
std::int64_t balancedAllocationScore(const AllocationVector& a);
/// >= 1.36: the change of balance the pod causes, from the balance with and without it.
std::int64_t balancedAllocationChangeScore(const AllocationVector& a);

}  // namespace berth::core
