#pragma once
/// PodTopologySpread PreScore/Score state (plugins/podtopologyspread/scoring.go): the soft
/// constraints, nodes ignored for lacking a topology key, matching pod counts per non-hostname
/// topology value, and the ln(size + 2) weight of every constraint.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/framework/plugins/podtopologyspread/common.h"

namespace berth::core::podtopologyspread {

struct PreScoreState {
    std::vector<Constraint> constraints;                        // ScheduleAnyway ones (or the defaults)
    std::vector<std::uint8_t> ignored;                          // by Node::id; nodes scored 0
    std::vector<std::unordered_map<Sym, std::int64_t>> counts;  // per constraint (not hostname)
    std::vector<double> weights;                                // per constraint: ln(topoSize + 2)
    // The kept per-node counts of the hostname constraints, when PreScore used them: valid
    // while the cache's stamp is still `hostCountsStamp` (Score follows in the same cycle).
    const DomainCountCache* hostCounts = nullptr;
    std::uint64_t hostCountsStamp = 0;

    bool isIgnored(const Node& node) const { return node.id < ignored.size() && ignored[node.id] != 0; }
};

/// scoring.go topologyNormalizingWeight.
double topologyNormalizingWeight(std::int64_t size);
/// scoring.go scoreForCount: cnt * weight + (maxSkew - 1).
double scoreForCount(std::int64_t cnt, std::int32_t maxSkew, double weight);
/// math.Round (half away from zero) as an integer score, without a libm call per node.
std::int64_t roundHalfAwayFromZero(double x);

}  // namespace berth::core::podtopologyspread
