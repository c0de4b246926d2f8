#pragma once
/// Raw Score results a plugin keeps per snapshot position from one cycle to the next (issue 6).
/// A kept score is reused while the node's NodeInfo is the same object, unchanged since (the
/// snapshot's change log: each begin() forgets the positions updated since the set's last
/// cycle, so a Score pass reads no NodeInfo whose score it keeps), and the pod's inputs to the
/// plugin (its `Key`: e.g. the requests NodeResourcesFit scores) equal those the score was
/// computed for. Pods of one workload share their spec, and each
/// cycle changes one node, so almost every node's score carries over from the last pod with
/// the same key, even with other workloads' pods in between; the value is always the one the
/// plugin's own formula gives for that node and pod.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/framework/listers.h"
#include "core/framework/node_info.h"
#include "core/framework/plugins/helper/kept_per_query.h"
#include "core/framework/types.h"

namespace berth::core {

template <class Key>
class KeptNodeScores {
public:
    /// Starts a Score pass for `key`: the scores kept for that key (issue 19: one set per key,
    /// for interleaved workloads), all forgotten when the node list was rebuilt since.
    void begin(const Key& key, const NodeInfoLister& snapshot) {
        m_current = &m_sets.find([&](const Set& s) { return s.key == key; },
                                 [&] {
                                     auto s = std::make_unique<Set>();
                                     s->key = key;
                                     return s;
                                 });
        Set& s = *m_current;
        if (s.valid && s.entries.size() == snapshot.size() &&
            snapshot.forEachChangedSince(s.listVersion, s.seq, [&](std::size_t pos) {
                if (pos < s.entries.size()) s.entries[pos].info = nullptr;
            }))
            return;
        // First use, a rebuilt node list, or a change log that no longer reaches back.
        s.valid = true;
        s.listVersion = snapshot.listVersion();
        s.seq = snapshot.changeLogEnd();
        s.entries.assign(snapshot.size(), Entry{});
    }

    /// The kept score of the node at `pos` for begin()'s key, or `compute()`'s (then kept).
    template <class Compute>
    std::int64_t get(std::size_t pos, const NodeInfo& info, Compute&& compute) {
        if (!m_current) return compute();
        return lookup(m_current->entries.data(), m_current->entries.size(), pos, info, compute);
    }

    /// A plugin's whole Score pass: out[k] for the node at positions[k] of `all`, kept where
    /// valid, else `score(const NodeInfo&)`.
    template <class Score>
    void scoreAll(std::span<NodeInfo* const> all, std::span<const int> positions, std::span<NodeScore> out,
                  Score&& score) {
        // The set's entries read once, not through m_current per node (the compiler cannot
        // tell that the entries' stores leave m_current alone).
        Entry* const entries = m_current ? m_current->entries.data() : nullptr;
        const std::size_t size = m_current ? m_current->entries.size() : 0;
        for (std::size_t k = 0; k < positions.size(); ++k) {
            const auto pos = static_cast<std::size_t>(positions[k]);
            const NodeInfo& info = *all[pos];
            out[k].node = positions[k];
            out[k].score = lookup(entries, size, pos, info, [&] { return score(info); });
        }
    }

    /// scoreAll's pass, each node's kept or computed score added to totals[k] instead.
    template <class Score>
    void addAll(std::span<NodeInfo* const> all, std::span<const int> positions, std::int64_t* totals, Score&& score) {
        Entry* const entries = m_current ? m_current->entries.data() : nullptr;
        const std::size_t size = m_current ? m_current->entries.size() : 0;
        for (std::size_t k = 0; k < positions.size(); ++k) {
            const auto pos = static_cast<std::size_t>(positions[k]);
            const NodeInfo& info = *all[pos];
            totals[k] += lookup(entries, size, pos, info, [&] { return score(info); });
        }
    }

    /// Forgets every score kept for begin()'s key (the next begin() for it starts afresh).
    void forgetCurrent() {
        if (m_current) m_current->valid = false;
    }

private:
    struct Entry {
        const NodeInfo* info = nullptr;  // null: not kept (or forgotten by begin())
        std::int64_t score = 0;
    };
    template <class Compute>
    static std::int64_t lookup(Entry* entries, std::size_t size, std::size_t pos, const NodeInfo& info,
                               Compute&& compute) {
        if (pos >= size) return compute();
        Entry& e = entries[pos];
        if (e.info == &info) return e.score;
        e.score = compute();
        e.info = &info;
        return e.score;
    }
    struct Set {
        Key key{};
        bool valid = false;
        std::uint64_t listVersion = 0;
        std::uint64_t seq = 0;  // the snapshot change log read up to here
        std::vector<Entry> entries;  // per snapshot position
    };
    KeptPerQuery<Set> m_sets;
    Set* m_current = nullptr;
};

/// A plugin's scoreNodes for the pod's `key`: through `kept` when the fast paths keep scores,
/// else (null) every node computed afresh with the same `score(const NodeInfo&)`.
template <class Key, class Score>
void scoreNodesFor(KeptNodeScores<Key>* kept, const Key& key, const NodeInfoLister& snapshot,
                   std::span<NodeInfo* const> all, std::span<const int> positions, std::span<NodeScore> out,
                   Score&& score) {
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
