#include "core/framework/node_info.h"

#include <algorithm>
#include <limits>

namespace berth::core {
namespace {

bool eraseOne(std::vector<const Pod*>& v, const Pod* p) {
    auto it = std::find(v.begin(), v.end(), p);
    if (it == v.end()) return false;
    v.erase(it);
    return true;
}

}  // namespace

void NodeInfo::setNode(const Node* n) {
    m_node = n;
    m_unschedulable = n && n->unschedulable;
    m_hardTaints = false;
    if (n)
        for (const Taint& t : n->taints)
            if (t.effect == TaintEffect::NoSchedule || t.effect == TaintEffect::NoExecute) m_hardTaints = true;
    m_allocatableMilliCpu = n ? n->allocatable.milliCpu : 0;
    m_allocatableMemory = n ? n->allocatable.memory : 0;
    updatePodRoom();
}

void NodeInfo::updatePodRoom() {
    const std::int64_t room = (m_node ? m_node->allocatable.pods : 0) - static_cast<std::int64_t>(m_pods.size());
    m_podRoom = static_cast<std::int32_t>(std::clamp<std::int64_t>(room, std::numeric_limits<std::int32_t>::min(),
                                                                   std::numeric_limits<std::int32_t>::max()));
}

void NodeInfo::addPod(const Pod* pod) {
    m_pods.push_back(pod);
    updatePodRoom();
    if (pod->derived.hasAffinityTerms) m_podsWithAffinity.push_back(pod);
    if (pod->derived.hasRequiredAntiAffinity) m_podsWithRequiredAntiAffinity.push_back(pod);
    m_requested.add(pod->derived.requests);
    m_requestedMilliCpu = m_requested.milliCpu;
    m_requestedMemory = m_requested.memory;
    m_nonZeroMilliCpu += pod->derived.nonZeroMilliCpu;
    m_nonZeroMemory += pod->derived.nonZeroMemory;
    m_usedPorts.insert(m_usedPorts.end(), pod->derived.hostPorts.begin(), pod->derived.hostPorts.end());
}

bool NodeInfo::removePod(const Pod* pod) {
    if (!eraseOne(m_pods, pod)) return false;
    updatePodRoom();
    eraseOne(m_podsWithAffinity, pod);
    eraseOne(m_podsWithRequiredAntiAffinity, pod);
    m_requested.subtract(pod->derived.requests);
    m_requestedMilliCpu = m_requested.milliCpu;
    m_requestedMemory = m_requested.memory;
    m_nonZeroMilliCpu -= pod->derived.nonZeroMilliCpu;
    m_nonZeroMemory -= pod->derived.nonZeroMemory;
    for (const auto& hp : pod->derived.hostPorts) {
        auto it = std::find(m_usedPorts.begin(), m_usedPorts.end(), hp);
        if (it != m_usedPorts.end()) m_usedPorts.erase(it);
    }
    return true;
}

}  // namespace berth::core
