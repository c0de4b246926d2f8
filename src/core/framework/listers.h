#pragma once
/// What plugins may read of the cycle's snapshot (framework/listers.go: the NodeInfoLister
/// behind Handle.SnapshotSharedLister().NodeInfos()). The cache's Snapshot implements it;
/// plugins see only this. StorageInfoLister is not modelled: Berth has no volumes to count.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/framework/node_info.h"

namespace berth::core {

class NodeInfoLister {
public:
    /// Every node in the snapshot's order (List); a node's position indexes this list.
    virtual const std::vector<NodeInfo*>& nodes() const = 0;
    virtual const std::vector<NodeInfo*>& havePodsWithAffinity() const = 0;
    virtual const std::vector<NodeInfo*>& havePodsWithRequiredAntiAffinity() const = 0;
    /// nullptr when the node is not in the snapshot (Get).
    virtual const NodeInfo* get(Sym nodeName) const = 0;
    /// Position of a node in nodes(), or -1.
    virtual int indexOf(Sym nodeName) const = 0;
    std::size_t size() const { return nodes().size(); }

    // Berth's own, for plugins that keep data per position between cycles (their kept counts
    // and scores); each is called once per cycle, never per node.

    /// Changes whenever nodes() is rebuilt (a node came or went, so positions moved).
    virtual std::uint64_t listVersion() const = 0;
    /// The sequence a reader that has just rescanned every node starts from.
    virtual std::uint64_t changeLogEnd() const = 0;
    /// The positions updated since the reader's `seq` (repeats are possible), and `seq` moved to
    /// the end. False, with `positions` empty, when the reader must rescan every node instead:
    /// the list was rebuilt since `listVersion`, or the log no longer reaches back to `seq`.
    virtual bool changedSince(std::uint64_t listVersion, std::uint64_t& seq, std::span<const int>& positions) const = 0;
    /// changedSince, calling `fn(position)` for each position.
    template <class Fn>
    bool forEachChangedSince(std::uint64_t listVersion, std::uint64_t& seq, Fn&& fn) const {
        std::span<const int> positions;
        if (!changedSince(listVersion, seq, positions)) return false;
        for (const int pos : positions) fn(static_cast<std::size_t>(pos));
        return true;
    }

protected:
    ~NodeInfoLister() = default;
};

}  // namespace berth::core
