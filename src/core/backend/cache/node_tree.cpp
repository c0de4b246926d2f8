#include "core/backend/cache/node_tree.h"

#include <algorithm>
#include <optional>

namespace berth::core {
namespace {

/// The label's value, or nullopt when the node does not have the label at all.
std::optional<std::string> labelOf(const Node& node, const StringPool& pool, std::string_view key) {
    const Sym k = pool.find(key);
    if (k == kNoSym) return std::nullopt;
    const Sym v = node.labels.get(k);
    if (v == kNoSym) return std::nullopt;
    return std::string(pool.str(v));
}

}  // namespace

std::string NodeTree::zoneKey(const Node& node, const StringPool& pool) {
    // component-helpers/node/topology GetZoneKey: a deprecated label that is present wins, even
    // with an empty value; the GA label is read only when it is absent.
    auto pick = [&](std::string_view deprecated, std::string_view ga) {
        if (auto v = labelOf(node, pool, deprecated)) return *v;
        return labelOf(node, pool, ga).value_or(std::string{});
    };
    const std::string region = pick("failure-domain.beta.kubernetes.io/region", "topology.kubernetes.io/region");
    const std::string zone = pick("failure-domain.beta.kubernetes.io/zone", "topology.kubernetes.io/zone");
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
