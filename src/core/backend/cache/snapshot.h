#pragma once
/// The scheduler's view for one cycle (backend/cache/snapshot.go): NodeInfo copies in
/// nodeTree order, updated incrementally from the cache by generation number.

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/framework/node_info.h"

namespace berth::core {

class Snapshot {
public:
    const std::vector<NodeInfo*>& nodes() const { return m_list; }
    const std::vector<NodeInfo*>& havePodsWithAffinity() const { return m_withAffinity; }
    const std::vector<NodeInfo*>& havePodsWithRequiredAntiAffinity() const { return m_withRequiredAntiAffinity; }
    std::size_t size() const { return m_list.size(); }

    /// nullptr when the node is not in the snapshot.
    const NodeInfo* get(Sym nodeName) const {
        auto it = m_map.find(nodeName);
        return it == m_map.end() ? nullptr : it->second.get();
    }
    /// Position of a node in nodes(), or -1.
    int indexOf(Sym nodeName) const {
        auto it = m_index.find(nodeName);
        return it == m_index.end() ? -1 : it->second;
    }
    std::int64_t generation() const { return m_generation; }

    /// Changes whenever nodes() is rebuilt (a node came or went, so positions moved).
    std::uint64_t listVersion() const { return m_listVersion; }
    /// For readers that keep data per position between cycles (the plugins' kept counts):
    /// calls `fn(position)` for every node updated since the reader's `seq` (repeats are
    /// possible) and moves `seq` to the end. Returns false, calling nothing, when the reader
    /// must rescan every node instead: the list was rebuilt since `listVersion`, or the log
    /// no longer reaches back to `seq`.
    template <class Fn>
    bool forEachChangedSince(std::uint64_t listVersion, std::uint64_t& seq, Fn&& fn) const {
        const std::uint64_t end = m_changeLogStart + m_changeLog.size();
        if (listVersion != m_listVersion || seq < m_changeLogStart || seq > end) {
            seq = end;
            return false;
        }
        for (std::uint64_t i = seq; i < end; ++i) fn(static_cast<std::size_t>(m_changeLog[i - m_changeLogStart]));
        seq = end;
        return true;
    }
    /// The sequence a reader that has just rescanned every node starts from.
    std::uint64_t changeLogEnd() const { return m_changeLogStart + m_changeLog.size(); }

private:
    friend class Cache;
    std::unordered_map<Sym, std::unique_ptr<NodeInfo>> m_map;
    std::vector<NodeInfo*> m_list;
    std::unordered_map<Sym, int> m_index;
    std::vector<NodeInfo*> m_withAffinity;
    std::vector<NodeInfo*> m_withRequiredAntiAffinity;
    std::int64_t m_generation = 0;
    std::uint64_t m_listVersion = 0;
    std::vector<int> m_changeLog;        // positions updated, oldest first
    std::uint64_t m_changeLogStart = 0;  // sequence number of m_changeLog[0]
};

}  // namespace berth::core
