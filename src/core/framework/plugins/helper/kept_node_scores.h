#pragma once
/// Raw Score results a plugin keeps per snapshot position from one cycle to the next (issue 6).
/// A kept score is reused while the node's NodeInfo is the same object at the same generation
/// and the pod's inputs to the plugin (its `Key`: e.g. the requests NodeResourcesFit scores)
/// equal those the score was computed for. Consecutive pods of one workload share their spec,
/// and each cycle changes one node, so almost every node's score carries over; the value is
/// always the one the plugin's own formula gives for that node and pod.

#include <cstdint>
#include <span>
#include <vector>

#include "core/backend/cache/snapshot.h"
#include "core/framework/node_info.h"
#include "core/framework/types.h"

namespace berth::core {

template <class Key>
class KeptNodeScores {
public:
    /// Starts a Score pass for `key`: another key, or a rebuilt node list, forgets every score.
    void begin(const Key& key, const Snapshot& snapshot) {
        if (m_valid && key == m_key && m_listVersion == snapshot.listVersion() && m_entries.size() == snapshot.size())
            return;
        m_valid = true;
        m_key = key;
        m_listVersion = snapshot.listVersion();
        m_entries.assign(snapshot.size(), Entry{});
    }

    /// The kept score of the node at `pos`, or `compute()`'s (then kept).
    template <class Compute>
    std::int64_t get(std::size_t pos, const NodeInfo& info, Compute&& compute) {
        if (pos >= m_entries.size()) return compute();
        Entry& e = m_entries[pos];
        if (e.info == &info && e.generation == info.generation()) return e.score;
        e.score = compute();
        e.info = &info;
        e.generation = info.generation();
        return e.score;
    }

    /// A plugin's whole Score pass: out[k] for the node at positions[k] of `all`, kept where
    /// valid, else `score(const NodeInfo&)`.
    template <class Score>
    void scoreAll(std::span<NodeInfo* const> all, std::span<const int> positions, std::span<NodeScore> out,
                  Score&& score) {
        for (std::size_t k = 0; k < positions.size(); ++k) {
            const auto pos = static_cast<std::size_t>(positions[k]);
            const NodeInfo& info = *all[pos];
            out[k].node = positions[k];
            out[k].score = get(pos, info, [&] { return score(info); });
        }
    }

private:
    struct Entry {
        const NodeInfo* info = nullptr;
        std::int64_t generation = -1;
        std::int64_t score = 0;
    };
    bool m_valid = false;
    Key m_key{};
    std::uint64_t m_listVersion = 0;
    std::vector<Entry> m_entries;  // per snapshot position
};

/// A plugin's scoreNodes for the pod's `key`: through `kept` when the fast paths keep scores,
/// else (null) every node computed afresh with the same `score(const NodeInfo&)`.
template <class Key, class Score>
void scoreNodesFor(KeptNodeScores<Key>* kept, const Key& key, const Snapshot& snapshot, std::span<NodeInfo* const> all,
                   std::span<const int> positions, std::span<NodeScore> out, Score&& score) {
    if (kept) {
        kept->begin(key, snapshot);
        kept->scoreAll(all, positions, out, score);
        return;
    }
    for (std::size_t k = 0; k < positions.size(); ++k) {
        out[k].node = positions[k];
        out[k].score = score(*all[static_cast<std::size_t>(positions[k])]);
    }
}

}  // namespace berth::core
