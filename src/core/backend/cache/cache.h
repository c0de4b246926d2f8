#pragma once
/// The scheduler cache (backend/cache/cache.go): NodeInfo per node, pods by state.
///
/// Pod lifecycle in the cache (as upstream):
///
///   +-------------------------------------------+  +----+
///   |                            Add            |  |    |
///   |                                           |  |    | Update
///   +      Assume                Add            v  v    |
/// Initial +--------> Assumed +------------+---> Added <--+
///   ^                +   +               |       +
///   |                |   |               |       |
///   |                |   |           Add |       | Remove
///   |                |   |               |       |
///   |                |   |               +       |
///   +----------------+   +-----------> Expired   +----> Deleted
///         Forget             Expire
///
/// Expiry never happens with the shipped TTL of 0 (UPSTREAM 2.10), so Berth has no Expired state.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "core/backend/cache/node_tree.h"
#include "core/backend/cache/snapshot.h"
#include "core/framework/node_info.h"

namespace berth::core {

class Cache {
public:
    Cache(StringPool& pool, KubeVersion version) : m_pool(pool), m_version(version) {}

    void addNode(const Node& node);
    void updateNode(const Node& oldNode, const Node& newNode);
    void removeNode(const Node& node);

    /// Errors are returned as text (empty = success), as upstream's cache errors.
    std::string assumePod(const Pod& pod, Sym nodeName);
    void finishBinding(const Pod& pod);
    std::string forgetPod(const Pod& pod);
    /// A bound pod (informer Add): confirms an assumed pod or adds a new one.
    std::string addPod(const Pod& pod, Sym nodeName);
    std::string removePod(const Pod& pod);

    /// Every node's image counts set to the current cluster-wide count, as if each node had been
    /// updated once after the last was added. Only v1.26-1.28 need it (their counts freeze when a
    /// node is added or updated); newer releases keep them live anyway.
    void refreshAllImageCounts();

    bool isAssumed(const Pod& pod) const;
    /// The node a pod is on in the cache, or kNoSym.
    Sym nodeOf(const Pod& pod) const;
    const NodeInfo* nodeInfo(Sym nodeName) const;
    std::size_t nodeCount() const { return m_tree.size(); }
    std::int64_t generation() const { return m_generation; }

    /// Brings `snapshot` up to date, copying only nodes changed since its generation.
    /// Returns the number of NodeInfos copied (for tests and stats).
    std::size_t updateSnapshot(Snapshot& snapshot);

private:
    struct Item {
        NodeInfo info;
        Item* prev = nullptr;
        Item* next = nullptr;
    };
    struct PodState {
        Sym node = kEmptySym;
        bool assumed = false;
        bool bindingFinished = false;
    };
    struct ImageState {
        std::int64_t size = 0;
        std::vector<Sym> nodes;
    };

    Item* itemFor(Sym nodeName);
    void moveToHead(Item* item);
    void unlink(Item* item);
    void touch(Item* item);
    void addPodToNode(const Pod& pod, Sym nodeName);
    bool removePodFromNode(const Pod& pod, Sym nodeName);
    void addNodeImages(const Node& node, Item* item);
    void removeNodeImages(const Node& node);
    void refreshImageCounts(Sym image);

    StringPool& m_pool;
    KubeVersion m_version;
    std::unordered_map<Sym, std::unique_ptr<Item>> m_nodes;
    Item* m_head = nullptr;
    NodeTree m_tree;
    std::unordered_map<std::uint32_t, PodState> m_podStates;  // by pod id
    std::unordered_map<Sym, ImageState> m_images;
    std::int64_t m_generation = 0;
    std::vector<Sym> m_changedNames;  // updateSnapshot's scratch, kept to avoid a per-cycle allocation
};

}  // namespace berth::core
