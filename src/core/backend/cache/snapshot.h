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

private:
    friend class Cache;
    std::unordered_map<Sym, std::unique_ptr<NodeInfo>> m_map;
    std::vector<NodeInfo*> m_list;
    std::unordered_map<Sym, int> m_index;
    std::vector<NodeInfo*> m_withAffinity;
    std::vector<NodeInfo*> m_withRequiredAntiAffinity;
    std::int64_t m_generation = 0;
};

}  // namespace berth::core
