#include "core/backend/cache/node_tree.h"

#include <algorithm>

namespace berth::core {
namespace {

std::string labelOr(const Node& node, const StringPool& pool, std::string_view key) {
    const Sym k = pool.find(key);
    if (k == kNoSym) return {};
    const Sym v = node.labels.get(k);
    return v == kNoSym ? std::string{} : std::string(pool.str(v));
}

}  // namespace

std::string NodeTree::zoneKey(const Node& node, const StringPool& pool) {
    // component-helpers/node/topology GetZoneKey: deprecated labels first, then the GA ones.
    std::string region = labelOr(node, pool, "failure-domain.beta.kubernetes.io/region");
    if (region.empty()) region = labelOr(node, pool, "topology.kubernetes.io/region");
    std::string zone = labelOr(node, pool, "failure-domain.beta.kubernetes.io/zone");
    if (zone.empty()) zone = labelOr(node, pool, "topology.kubernetes.io/zone");
    if (region.empty() && zone.empty()) return {};
    return region + ":\x00:" + zone;
}

void NodeTree::add(const Node& node, const StringPool& pool) {
    const std::string key = zoneKey(node, pool);
    auto it = std::find_if(m_zones.begin(), m_zones.end(), [&](const Zone& z) { return z.key == key; });
    if (it == m_zones.end()) {
        m_zones.push_back(Zone{key, {}});
        it = std::prev(m_zones.end());
    }
    if (std::find(it->nodes.begin(), it->nodes.end(), node.nameSym) != it->nodes.end()) return;
    it->nodes.push_back(node.nameSym);
    ++m_count;
}

void NodeTree::remove(const Node& node) {
    for (auto z = m_zones.begin(); z != m_zones.end(); ++z) {
        auto it = std::find(z->nodes.begin(), z->nodes.end(), node.nameSym);
        if (it == z->nodes.end()) continue;
        z->nodes.erase(it);
        --m_count;
        if (z->nodes.empty()) m_zones.erase(z);
        return;
    }
}

void NodeTree::update(const Node& oldNode, const Node& newNode, const StringPool& pool) {
    if (zoneKey(oldNode, pool) == zoneKey(newNode, pool)) return;
    remove(oldNode);
    add(newNode, pool);
}

std::vector<Sym> NodeTree::list() const {
    std::vector<Sym> out;
    out.reserve(m_count);
    for (std::size_t round = 0; out.size() < m_count; ++round)
        for (const auto& z : m_zones)
            if (round < z.nodes.size()) out.push_back(z.nodes[round]);
    return out;
}

}  // namespace berth::core
