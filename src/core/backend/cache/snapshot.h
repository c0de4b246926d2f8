#pragma once
/// The scheduler's view for one cycle (backend/cache/snapshot.go): NodeInfo copies in
/// nodeTree order, updated incrementally from the cache by generation number. Plugins read it
/// as a NodeInfoLister; `final`, so the scheduler's own calls are direct.

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/framework/listers.h"
#include "core/framework/node_info.h"

namespace berth::core {

class Snapshot final : public NodeInfoLister {
public:
    const std::vector<NodeInfo*>& nodes() const override { return m_list; }
    const std::vector<NodeInfo*>& havePodsWithAffinity() const override { return m_withAffinity; }
    const std::vector<NodeInfo*>& havePodsWithRequiredAntiAffinity() const override {
        return m_withRequiredAntiAffinity;
    }
    std::size_t size() const { return m_list.size(); }

    const NodeInfo* get(Sym nodeName) const override {
        auto it = m_map.find(nodeName);
        return it == m_map.end() ? nullptr : it->second.get();
    }
    int indexOf(Sym nodeName) const override {
        auto it = m_index.find(nodeName);
        return it == m_index.end() ? -1 : it->second;
    }
    std::int64_t generation() const { return m_generation; }

    std::uint64_t listVersion() const override { return m_listVersion; }
    std::uint64_t changeLogEnd() const override { return m_changeLogStart + m_changeLog.size(); }
    bool changedSince(std::uint64_t listVersion, std::uint64_t& seq, std::span<const int>& positions) const override {
        const std::uint64_t end = changeLogEnd();
        positions = {};
        if (listVersion != m_listVersion || seq < m_changeLogStart || seq > end) {
            seq = end;
            return false;
        }
        positions = std::span<const int>(m_changeLog).subspan(static_cast<std::size_t>(seq - m_changeLogStart));
        seq = end;
        return true;
    }

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
