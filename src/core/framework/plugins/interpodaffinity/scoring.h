#pragma once
/// InterPodAffinity PreScore/Score state (plugins/interpodaffinity/scoring.go): the summed
/// weights by topology pair (scoreMap).

#include <vector>

#include "core/framework/plugins/interpodaffinity/affinity_terms.h"

namespace berth::core::interpodaffinity {

struct PreScoreState {
    TopologyCounts topologyScore;
    std::vector<Sym> keys;  // distinct topology keys of topologyScore, in first-seen order

    void add(Sym key, Sym value, std::int64_t weight);
};

}  // namespace berth::core::interpodaffinity
