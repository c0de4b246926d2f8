#pragma once
/// InterPodAffinity PreFilter/Filter state (plugins/interpodaffinity/filtering.go): three
/// counts by topology pair — existing pods whose required anti-affinity matches the incoming
/// pod, existing pods matching all its required affinity terms, and existing pods matching
/// each of its required anti-affinity terms.

#include <memory>
#include <vector>

#include "core/framework/listers.h"
#include "core/framework/node_info.h"

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

/// PreFilter's three counts summed over all nodes, kept from one cycle to the next (issue 6).
/// Upstream walks every pod of every node each cycle (getExistingAntiAffinityCounts,
/// getIncomingAffinityAntiAffinityCounts); the sums are the same when a node's share is
/// recounted only if the node changed, which its NodeInfo generation says. Valid while the
/// incoming pod's side is the same: namespace, labels, namespace labels and resolved terms.
class ExistingCountCache {
public:
    /// Recounts the changed nodes and writes the three counts (and existingKeys) into `out`.
    /// Only the nodes the snapshot updated since the last call are looked at, unless the
    /// query or the snapshot's node list changed.
    void update(const Pod& pod, const PreFilterShared& sh, bool labelKeys, const NodeInfoLister& snapshot,
                PreFilterState& out);
    /// Whether the counts are kept for this query (update() would not start afresh).
    bool sameQuery(const Pod& pod, const PreFilterShared& sh, bool labelKeys) const;

private:
    struct Share {
        std::uint8_t map = 0;  // 0 existingAntiAffinity, 1 affinity, 2 antiAffinity
        std::uint64_t pair = 0;
    };
    void add(const Share& s, std::int64_t delta);
    void recount(std::size_t pos, const NodeInfo* ni, const Pod& pod, const PreFilterShared& sh);

    bool m_valid = false;
    Sym m_ns = kNoSym;
    Labels m_labels;
    Labels m_namespaceLabels;
    std::vector<IncomingTerm> m_affinity;
    std::vector<IncomingTerm> m_antiAffinity;
    bool m_labelKeys = false;
    std::vector<const NodeInfo*> m_nodes;      // per snapshot position: whose shares are stored
    std::vector<std::int64_t> m_generations;   // per position: that NodeInfo's generation
    std::vector<std::vector<Share>> m_shares;  // per position: one +1 per counted match
    TopologyCounts m_totals[3];
    std::uint64_t m_listVersion = 0;  // the snapshot list the positions refer to
    std::uint64_t m_changeSeq = 0;    // the snapshot change-log entry read up to
};

}  // namespace berth::core::interpodaffinity
