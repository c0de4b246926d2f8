#include "core/framework/node_info.h"

#include <algorithm>

namespace berth::core {
namespace {

bool eraseOne(std::vector<const Pod*>& v, const Pod* p) {
    auto it = std::find(v.begin(), v.end(), p);
    if (it == v.end()) return false;
    v.erase(it);
    return true;
}

}  // namespace

void NodeInfo::addPod(const Pod* pod) {
    m_pods.push_back(pod);
    if (pod->derived.hasAffinityTerms) m_podsWithAffinity.push_back(pod);
    if (pod->derived.hasRequiredAntiAffinity) m_podsWithRequiredAntiAffinity.push_back(pod);
    m_requested.add(pod->derived.requests);
    m_nonZeroMilliCpu += pod->derived.nonZeroMilliCpu;
    m_nonZeroMemory += pod->derived.nonZeroMemory;
    m_usedPorts.insert(m_usedPorts.end(), pod->derived.hostPorts.begin(), pod->derived.hostPorts.end());
}

bool NodeInfo::removePod(const Pod* pod) {
    if (!eraseOne(m_pods, pod)) return false;
    eraseOne(m_podsWithAffinity, pod);
    eraseOne(m_podsWithRequiredAntiAffinity, pod);
    m_requested.subtract(pod->derived.requests);
    m_nonZeroMilliCpu -= pod->derived.nonZeroMilliCpu;
    m_nonZeroMemory -= pod->derived.nonZeroMemory;
    for (const auto& hp : pod->derived.hostPorts) {
        auto it = std::find(m_usedPorts.begin(), m_usedPorts.end(), hp);
        if (it != m_usedPorts.end()) m_usedPorts.erase(it);
    }
    return true;
}

}  // namespace berth::core
