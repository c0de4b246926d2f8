#pragma once
/// PodTopologySpread PreScore/Score state (plugins/podtopologyspread/scoring.go): the soft
/// constraints, nodes ignored for lacking a topology key, matching pod counts per non-hostname
/// topology value, and the ln(size + 2) weight of every constraint.

#include <cmath>
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
/// scoring.go scoreForCount: cnt * weight + (maxSkew - 1). `maxSkew - 1` waters down
/// differences between domains (the constraint's tolerance). Inline, as the next one: Score
/// calls both once per node.
inline double scoreForCount(std::int64_t cnt, std::int32_t maxSkew, double weight) {
    return static_cast<double>(cnt) * weight + static_cast<double>(maxSkew - 1);
}
/// math.Round (half away from zero) as an integer score, without a libm call per node.
inline std::int64_t roundHalfAwayFromZero(double x) {
    const double a = x < 0 ? -x : x;
    if (!(a < 4.0e15)) return static_cast<std::int64_t>(std::round(x));  // beyond exact halves (and NaN)
    auto t = static_cast<std::int64_t>(a);
    if (a - static_cast<double>(t) >= 0.5) ++t;
    return x < 0 ? -t : t;
}

}  // namespace berth::core::podtopologyspread
