#pragma once
/// PodTopologySpread PreFilter/Filter state (plugins/podtopologyspread/filtering.go): matching
/// pod counts per constraint and topology value, and the two "critical paths" (smallest
/// counts) per constraint that give the global minimum.

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/api/version.h"
#include "core/framework/plugins/podtopologyspread/common.h"

namespace berth::core::podtopologyspread {

/// criticalPaths of filtering.go: paths[0] always holds the minimum count; paths[1] is >= it
/// but, after AddPod/RemovePod, not necessarily the second minimum (upstream's caveat, kept).
struct CriticalPaths {
    struct Path {
        Sym value = kEmptySym;
        std::int64_t matchNum = kMaxInt32;
    };
    Path paths[2];
    void update(Sym value, std::int64_t num);
};

/// What Filter reads; the parts that never change after PreFilter are shared between clones.
struct PreFilterShared {
    std::vector<Constraint> constraints;  // DoNotSchedule ones
    std::vector<std::uint8_t> selfMatch;  // per constraint: the incoming pod matches its selector
};

struct PreFilterState {
    std::shared_ptr<const PreFilterShared> shared;              // null: no constraints (v1.26 "empty" state)
    std::vector<std::unordered_map<Sym, std::int64_t>> counts;  // per constraint: value -> matching pods
    std::vector<CriticalPaths> paths;                           // per constraint

    const std::vector<Constraint>& constraints() const;
    bool empty() const { return !shared || shared->constraints.empty(); }
    /// The global minimum for constraint i; with minDomains (>= 1.27) 0 while fewer domains
    /// than minDomains exist.
    std::int64_t minMatchNum(std::size_t i, bool honourMinDomains) const;
};

}  // namespace berth::core::podtopologyspread
