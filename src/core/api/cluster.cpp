#include "core/api/cluster.h"

namespace berth::core {

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

}  // namespace berth::core
