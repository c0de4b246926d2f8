#pragma once
/// Aggregated per-node state the plugins read (framework/types.go NodeInfo): the pods on the
/// node (bound, assumed, or added for a simulation), their summed requests, used host ports and
/// image states. Flat data; copied by value into the snapshot.

#include <cstdint>
#include <span>
#include <vector>

#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/resource_list.h"

namespace berth::core {

/// One image of the node with the number of nodes that have it (ImageStateSummary).
struct ImageStateSummary {
    Sym name = kEmptySym;
    std::int64_t size = 0;
    std::int32_t numNodes = 0;
};

class NodeInfo {
public:
    NodeInfo() = default;
    explicit NodeInfo(const Node* node) : m_node(node) {}

    const Node* node() const { return m_node; }
    void setNode(const Node* n) { m_node = n; }

    std::span<const Pod* const> pods() const { return m_pods; }
    std::span<const Pod* const> podsWithAffinity() const { return m_podsWithAffinity; }
    std::span<const Pod* const> podsWithRequiredAntiAffinity() const { return m_podsWithRequiredAntiAffinity; }
    std::size_t podCount() const { return m_pods.size(); }

    const ResourceList& requested() const { return m_requested; }
    std::int64_t nonZeroMilliCpu() const { return m_nonZeroMilliCpu; }
    std::int64_t nonZeroMemory() const { return m_nonZeroMemory; }
    std::span<const HostPort> usedPorts() const { return m_usedPorts; }

    const std::vector<ImageStateSummary>& imageStates() const { return m_imageStates; }
    std::vector<ImageStateSummary>& imageStates() { return m_imageStates; }

    std::int64_t generation() const { return m_generation; }
    void setGeneration(std::int64_t g) { m_generation = g; }

    void addPod(const Pod* pod);
    /// False when the pod is not on this node.
    bool removePod(const Pod* pod);

private:
    const Node* m_node = nullptr;
    std::vector<const Pod*> m_pods;
    std::vector<const Pod*> m_podsWithAffinity;
    std::vector<const Pod*> m_podsWithRequiredAntiAffinity;
    ResourceList m_requested;
    std::int64_t m_nonZeroMilliCpu = 0;
    std::int64_t m_nonZeroMemory = 0;
    std::vector<HostPort> m_usedPorts;  // one entry per pod port (a multiset)
    std::vector<ImageStateSummary> m_imageStates;
    std::int64_t m_generation = 0;
};

}  // namespace berth::core
