#pragma once
/// InterPodAffinity PreFilter/Filter state (plugins/interpodaffinity/filtering.go): three
/// counts by topology pair — existing pods whose required anti-affinity matches the incoming
/// pod, existing pods matching all its required affinity terms, and existing pods matching
/// each of its required anti-affinity terms.

#include <memory>
#include <vector>

#include "core/framework/plugins/interpodaffinity/affinity_terms.h"

namespace berth::core::interpodaffinity {

/// What never changes after PreFilter; shared between clones.
struct PreFilterShared {
    std::vector<IncomingTerm> affinity;      // required affinity terms of the incoming pod
    std::vector<IncomingTerm> antiAffinity;  // required anti-affinity terms
    Labels namespaceLabels;                  // of the incoming pod's namespace
    bool matchesOwnAffinity = false;         // the pod matches all its own affinity terms
};

struct PreFilterState {
    std::shared_ptr<const PreFilterShared> shared;
    TopologyCounts existingAntiAffinity;
    TopologyCounts affinity;
    TopologyCounts antiAffinity;
    std::vector<Sym> existingKeys;  // topology keys that occur in existingAntiAffinity

    /// topologyToMatchedTermCount.update: += delta, the entry dropped when it reaches 0.
    static void update(TopologyCounts& m, Sym key, Sym value, std::int64_t delta);
    void updateExisting(Sym key, Sym value, std::int64_t delta);
    static std::int64_t count(const TopologyCounts& m, Sym key, Sym value) {
        const auto it = m.find(topologyPair(key, value));
        return it == m.end() ? 0 : it->second;
    }
};

}  // namespace berth::core::interpodaffinity
