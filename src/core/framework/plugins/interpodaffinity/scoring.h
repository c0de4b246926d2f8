#pragma once
/// InterPodAffinity PreScore/Score state (plugins/interpodaffinity/scoring.go): the summed
/// weights by topology pair (scoreMap), and those sums kept between cycles.

#include <cstdint>
#include <vector>

#include "core/framework/listers.h"
#include "core/framework/node_info.h"
#include "core/framework/plugins/interpodaffinity/affinity_terms.h"

namespace berth::core::interpodaffinity {

/// What PreScore weighs the existing pods against: the incoming pod's side of the query.
struct ScoreQuery {
    const Pod* pod = nullptr;
    std::vector<IncomingTerm> preferredAffinity;
    std::vector<IncomingTerm> preferredAnti;
    Labels namespaceLabels;       // of the incoming pod's namespace
    std::int64_t hardWeight = 0;  // hardPodAffinityWeight
    bool labelKeys = false;
    bool hasPreferred = false;  // the pod has preferred terms: every existing pod is visited
};

class ScoreCountCache;

struct PreScoreState {
    TopologyCounts topologyScore;  // when not kept
    std::vector<Sym> keys;         // distinct topology keys of the map, in first-seen order
    // The sums kept between cycles (null: topologyScore holds them), valid while the cache's
    // stamp is still `keptStamp` (Score follows in the same cycle).
    const ScoreCountCache* kept = nullptr;
    std::uint64_t keptStamp = 0;

    void add(Sym key, Sym value, std::int64_t weight);
    /// len(scoreMap) == 0.
    bool empty() const;
    /// The weight sum of a pair, 0 when it has none.
    std::int64_t at(std::uint64_t pair) const;
};

/// PreScore's weight sums over all nodes, kept from one cycle to the next per query (issue 19:
/// with preferred terms, or with existing pods' affinity terms, upstream walks every such pod
/// of every node each cycle, a cost that grows with the pods placed). A node's contributions
/// are recomputed only when its NodeInfo changed, which its generation says; the sums are then
/// those of the full walk. A pair stays in the map while any contribution to it is counted,
/// even when they sum to 0 (a Go map entry once written stays).
class ScoreCountCache {
public:
    bool sameQuery(const ScoreQuery& q) const;
    /// Recounts the nodes changed since the last call (every node for a new query or a
    /// rebuilt node list) and returns the distinct keys of the pairs present.
    void update(const ScoreQuery& q, const NodeInfoLister& snapshot, std::vector<Sym>& keys);
    bool empty() const { return m_totals.empty(); }
    std::int64_t at(std::uint64_t pair) const {
        const auto it = m_totals.find(pair);
        return it == m_totals.end() ? 0 : it->second.sum;
    }
    std::uint64_t stamp() const { return m_stamp; }

private:
    struct Share {
        std::uint64_t pair = 0;
        std::int64_t weight = 0;
    };
    struct Sum {
        std::int64_t sum = 0;
        std::int64_t contributions = 0;
    };
    void add(const Share& s, std::int64_t sign);
    void recount(std::size_t pos, const NodeInfo* ni, const ScoreQuery& q);

    bool m_valid = false;
    Sym m_ns = kNoSym;
    Labels m_labels;
    ScoreQuery m_query;                        // pod left null
    std::vector<const NodeInfo*> m_nodes;      // per snapshot position: whose shares are stored
    std::vector<std::int64_t> m_generations;   // per position: that NodeInfo's generation
    std::vector<std::vector<Share>> m_shares;  // per position: its contributions
    std::unordered_map<std::uint64_t, Sum> m_totals;
    std::unordered_map<Sym, std::int64_t> m_keyPairs;  // pairs present per topology key
    std::uint64_t m_stamp = 0;
    std::uint64_t m_listVersion = 0;
    std::uint64_t m_changeSeq = 0;
};

}  // namespace berth::core::interpodaffinity
