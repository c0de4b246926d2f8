#include "core/api/cluster.h"

namespace berth::core {

NamespacedName splitNamespacedName(std::string_view key) {
    const std::size_t slash = key.find('/');
    if (slash == std::string_view::npos) return {"default", key};
    return {key.substr(0, slash), key.substr(slash + 1)};
}

const Node* Cluster::findNode(Sym name) const {
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!nodeRemoved[i] && nodes[i].nameSym == name) return &nodes[i];
    return nullptr;
}

const Pod* Cluster::findPod(Sym ns, std::string_view name) const {
    for (std::size_t i = 0; i < pods.size(); ++i)
        if (!podRemoved[i] && pods[i].ns == ns && pods[i].name == name) return &pods[i];
    return nullptr;
}

const Pod* Cluster::findPod(std::string_view key) const {
    const NamespacedName n = splitNamespacedName(key);
    const Sym ns = pool.find(n.ns);
    return ns == kNoSym ? nullptr : findPod(ns, n.name);
}

}  // namespace berth::core
