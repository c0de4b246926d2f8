#pragma once
/// A Score plugin without NormalizeScore whose score of a node reads only that node and a few
/// numbers of the pod (its key: the requests NodeResourcesFit and BalancedAllocation score).
/// The runtime keeps, per node, the weighted sum of all such plugins' scores for their keys
/// together (framework_score.cpp; the fast paths only, without a trace, on one thread): one
/// kept lookup and one addition per node instead of one per plugin. Each plugin keeps its own
/// scores too (KeptNodeScores) for the other paths; both give the plugin's formula's value.

#include <array>
#include <cstdint>

#include "core/api/pod.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"

namespace berth::core {

class NodeLocalScore {
public:
    using Key = std::array<std::int64_t, 8>;
    virtual ~NodeLocalScore() = default;
    /// The pod's inputs to the score in this cycle: a node scores the same for equal keys.
    virtual Key nodeLocalKey(const CycleState& state, const Pod& pod) const = 0;
    /// The node's score for `key`: what Score gives it for a pod with that key.
    virtual std::int64_t nodeLocalScore(const Key& key, const NodeInfo& info) const = 0;
};

}  // namespace berth::core
