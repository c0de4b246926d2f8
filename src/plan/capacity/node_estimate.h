#pragma once
/// "How many nodes" by arithmetic: the first guess `capacity nodes` makes before it runs the
/// scheduler, modelled on Cluster Autoscaler's scale-up (cluster-autoscaler/core/scaleup,
/// estimator/binpacking_estimator.go, expander/*). Never the answer itself: every mix it
/// proposes is checked by full scheduling runs (nodes.h).
///
/// - binpack(): one pool's expansion option for a set of pods, as CA's binpacking estimator
///   builds it: pods in decreasing order of cpu/allocatable + memory/allocatable
///   (estimator/decreasing_pod_orderer.go), each put on the first new node it fits, a new node
///   opened when none does. CA runs the scheduler's Filter plugins against the template node
///   there; Berth checks requests against a new node's free resources (its allocatable less
///   what the pool's DaemonSet pods request), which pods the template node takes at all having
///   been decided by the real Filter plugins beforehand (EstimatePod::pools), and keeps pods of
///   one group apart (a required anti-affinity to their own labels per hostname).
/// - pickOption(): which pool a strategy expands, named after CA's expanders:
///   least-waste (expander/waste: the least unused fraction of cpu plus memory on the new
///   nodes), most-pods (expander/mostpods: the most pods placed), least-nodes
///   (expander/leastnodes: the fewest nodes), price (expander/price: the cheapest per unit of
///   what it places; CA divides the nodes' price by the price its pricing model gives the
///   pods, Berth has no price for pods and divides by the pods placed). CA breaks ties at
///   random; Berth takes the template given first, so an answer is reproducible.
/// - estimateMix(): CA's loop over scale-ups: an option is picked, its pods leave the pending
///   set, the next scale-up looks at the rest, until every pod has a node or none can.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/api/resource_list.h"

namespace berth::plan::capacity {

enum class Strategy : std::uint8_t { LeastWaste, MostPods, LeastNodes, Price };

/// "least-waste", "most-pods", "least-nodes", "price".
std::optional<Strategy> parseStrategy(std::string_view name);
const char* strategyName(Strategy s);
inline constexpr Strategy kStrategies[] = {Strategy::LeastWaste, Strategy::MostPods, Strategy::LeastNodes,
                                           Strategy::Price};

/// The most node templates one question takes (EstimatePod::pools is a bit set).
constexpr std::size_t kMaxNodeTemplates = 64;

struct EstimatePod {
    core::ResourceList requests;   // what the pod asks a node for (one pod slot besides)
    std::uint64_t pools = 0;       // bit i: pool i's template node passes the pod's Filter
    std::int32_t apartGroup = -1;  // pods of one group never share a node (-1: no group)
};

struct EstimatePool {
    /// A new node's room: allocatable less the requests of the DaemonSet pods that land on
    /// every node of the pool; `pods` is the pod slots they leave.
    core::ResourceList room;
    std::optional<double> pricePerHour;
};

/// One pool's expansion option for a set of pods (CA's expander.Option).
struct PoolOption {
    std::size_t pool = 0;
    std::int64_t nodes = 0;
    std::vector<std::size_t> pods;  // the pods placed, as indexes into the pod list
    std::int64_t requestedMilliCpu = 0;
    std::int64_t requestedMemory = 0;
};

/// The pods of `which` that pool `poolIndex` takes, packed onto at most `maxNodes` new nodes.
PoolOption binpack(const std::vector<EstimatePod>& pods, const std::vector<std::size_t>& which,
                   const std::vector<EstimatePool>& pools, std::size_t poolIndex, std::int64_t maxNodes);

/// The option `strategy` expands: an index into `options`, each of which places a pod or more.
std::size_t pickOption(Strategy strategy, const std::vector<PoolOption>& options,
                       const std::vector<EstimatePool>& pools);

struct Mix {
    std::vector<std::int64_t> nodes;  // per pool
    std::int64_t unplaced = 0;        // pods of `which` no pick placed (within maxNodes)
    std::int64_t total() const;
};

/// Nodes per pool for the pods of `which`, one scale-up after another, at most `maxNodes`.
Mix estimateMix(const std::vector<EstimatePod>& pods, const std::vector<std::size_t>& which,
                const std::vector<EstimatePool>& pools, Strategy strategy, std::int64_t maxNodes);

}  // namespace berth::plan::capacity
