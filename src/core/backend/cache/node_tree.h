#pragma once
/// Zone-interleaved node order (backend/cache/node_tree.go): nodes grouped by region+zone,
/// zones in insertion order, listed round-robin across zones.

#include <string>
#include <vector>

#include "core/api/node.h"

namespace berth::core {

class NodeTree {
public:
    /// Zone key of a node: the deprecated failure-domain labels win over topology.kubernetes.io.
    static std::string zoneKey(const Node& node, const StringPool& pool);

    void add(const Node& node, const StringPool& pool);
    void remove(const Node& node);
    void update(const Node& oldNode, const Node& newNode, const StringPool& pool);
    std::vector<Sym> list() const;
    std::size_t size() const { return m_count; }

private:
    struct Zone {
        std::string key;
        std::vector<Sym> nodes;
    };
    std::vector<Zone> m_zones;
    std::size_t m_count = 0;
};

}  // namespace berth::core
