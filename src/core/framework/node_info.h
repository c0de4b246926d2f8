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

/// Aligned so that its first cache line (the node, the generation and position, and the
/// filter facts below) is one line: the per-node loops over thousands of nodes read that line
/// first and, in the common case, nothing else.
class alignas(64) NodeInfo {
public:
    NodeInfo() = default;
    explicit NodeInfo(const Node* node) { setNode(node); }

    const Node* node() const { return m_node; }
    void setNode(const Node* n);

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

    /// Position in the snapshot's node list for the snapshot's own NodeInfos, -1 elsewhere.
    /// Lets plugins read data they keep per position; they must check that the NodeInfo at
    /// that position is this very object (a copy keeps the number but not the address).
    int snapshotPosition() const { return m_snapshotPosition; }
    void setSnapshotPosition(int pos) { m_snapshotPosition = pos; }

    /// Filter facts: copies of the Node's and the summed requests' numbers the per-node
    /// Filter checks read first (NodeUnschedulable, TaintToleration, NodeResourcesFit), kept
    /// in step by setNode/addPod/removePod. A plugin decides from them only when they settle
    /// the verdict; otherwise it reads the full data.
    bool unschedulable() const { return m_unschedulable; }
    /// The node has a NoSchedule or NoExecute taint.
    bool hasHardTaints() const { return m_hardTaints; }
    std::int64_t allocatableMilliCpu() const { return m_allocatableMilliCpu; }
    std::int64_t allocatableMemory() const { return m_allocatableMemory; }
    /// Allocatable pods minus the pods on the node.
    std::int64_t podRoom() const { return m_podRoom; }
    std::int64_t requestedMilliCpu() const { return m_requestedMilliCpu; }
    std::int64_t requestedMemory() const { return m_requestedMemory; }

    void addPod(const Pod* pod);
    /// False when the pod is not on this node.
    bool removePod(const Pod* pod);

private:
    void updatePodRoom();

    // First cache line (62 bytes): see the class comment.
    const Node* m_node = nullptr;
    std::int64_t m_generation = 0;
    std::int64_t m_allocatableMilliCpu = 0;
    std::int64_t m_allocatableMemory = 0;
    std::int64_t m_requestedMilliCpu = 0;
    std::int64_t m_requestedMemory = 0;
    std::int32_t m_podRoom = 0;  // clamped to int32
    std::int32_t m_snapshotPosition = -1;
    bool m_unschedulable = false;
    bool m_hardTaints = false;
    // The rest.
    std::vector<const Pod*> m_pods;
    std::vector<const Pod*> m_podsWithAffinity;
    std::vector<const Pod*> m_podsWithRequiredAntiAffinity;
    ResourceList m_requested;
    std::int64_t m_nonZeroMilliCpu = 0;
    std::int64_t m_nonZeroMemory = 0;
    std::vector<HostPort> m_usedPorts;  // one entry per pod port (a multiset)
    std::vector<ImageStateSummary> m_imageStates;
};

/// Asks the CPU to start loading the NodeInfo's first line (the filter facts), which is what
/// the per-node loops read of a node in the common case, ahead of the loop reaching it.
inline void prefetchNodeData(const NodeInfo& info) { __builtin_prefetch(&info); }

}  // namespace berth::core
