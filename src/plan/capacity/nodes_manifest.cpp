#include "plan/capacity/nodes_manifest.h"

#include "plan/capacity/node_pool.h"

namespace berth::plan::capacity {

std::optional<std::string> nodeTemplateOf(const core::Cluster& cluster, const std::string& name) {
    const core::Sym sym = cluster.pool.find(name);
    const core::Node* node = sym == core::kNoSym ? nullptr : cluster.findNode(sym);
    if (!node || cluster.nodeRemoved[node->id]) return std::nullopt;
    return poolNodesManifest(*node, cluster.pool, {name});
}

std::optional<std::string> addedNodesManifest(const NodesRequest& request, const NodesAnswer& answer,
                                              const core::KubeVersion& version, io::Diagnostics& diags) {
    std::string out;
    core::Cluster scratch;
    for (std::size_t i = 0; i < answer.pools.size() && i < request.templates.size(); ++i) {
        if (answer.pools[i].nodes.empty()) continue;
        const auto pool = readNodePool(scratch, request.templates[i].text, request.templates[i].file, version, diags);
        if (!pool) return std::nullopt;
        if (!out.empty()) out += "\n---\n";
        out += poolNodesManifest(pool->node, scratch.pool, answer.pools[i].nodes);
    }
    return out;
}

}  // namespace berth::plan::capacity
