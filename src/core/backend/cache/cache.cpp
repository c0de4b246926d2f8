#include "core/backend/cache/cache.h"

#include <algorithm>

namespace berth::core {

Cache::Item* Cache::itemFor(Sym nodeName) {
    auto it = m_nodes.find(nodeName);
    if (it != m_nodes.end()) return it->second.get();
    auto item = std::make_unique<Item>();
    Item* raw = item.get();
    m_nodes.emplace(nodeName, std::move(item));
    moveToHead(raw);
    return raw;
}

void Cache::unlink(Item* item) {
    if (item->prev) item->prev->next = item->next;
    if (item->next) item->next->prev = item->prev;
    if (m_head == item) m_head = item->next;
    item->prev = item->next = nullptr;
}

void Cache::moveToHead(Item* item) {
    if (m_head == item) return;
    unlink(item);
    item->next = m_head;
    if (m_head) m_head->prev = item;
    m_head = item;
}

void Cache::touch(Item* item) {
    item->info.setGeneration(++m_generation);
    moveToHead(item);
}

void Cache::addNodeImages(const Node& node, Item* item) {
    auto& summaries = item->info.imageStates();
    summaries.clear();
    for (const auto& image : node.images) {
        for (const auto& name : image.names) {
            const Sym s = m_pool.intern(name);
            auto& st = m_images[s];
            if (st.nodes.empty()) st.size = image.sizeBytes;  // the first node's size is kept
            if (std::find(st.nodes.begin(), st.nodes.end(), node.nameSym) == st.nodes.end())
                st.nodes.push_back(node.nameSym);
        }
    }
    // v1.26-1.28 freeze the count at this moment (UPSTREAM 5.10); newer refresh it (below).
    for (const auto& image : node.images)
        for (const auto& name : image.names) {
            const Sym s = m_pool.intern(name);
            const auto& st = m_images[s];
            summaries.push_back({s, st.size, static_cast<std::int32_t>(st.nodes.size())});
            if (m_version.atLeast(29)) refreshImageCounts(s);
        }
}

void Cache::removeNodeImages(const Node& node) {
    for (const auto& image : node.images)
        for (const auto& name : image.names) {
            const Sym s = m_pool.intern(name);
            auto it = m_images.find(s);
            if (it == m_images.end()) continue;
            auto& nodes = it->second.nodes;
            nodes.erase(std::remove(nodes.begin(), nodes.end(), node.nameSym), nodes.end());
            if (m_version.atLeast(29)) refreshImageCounts(s);
            if (nodes.empty()) m_images.erase(it);
        }
}

void Cache::refreshImageCounts(Sym image) {
    auto it = m_images.find(image);
    if (it == m_images.end()) return;
    const auto count = static_cast<std::int32_t>(it->second.nodes.size());
    for (Sym n : it->second.nodes) {
        auto ni = m_nodes.find(n);
        if (ni == m_nodes.end()) continue;
        for (auto& st : ni->second->info.imageStates())
            if (st.name == image && st.numNodes != count) {
                st.numNodes = count;
                touch(ni->second.get());
            }
    }
}

void Cache::refreshAllImageCounts() {
    for (const auto& entry : m_images) refreshImageCounts(entry.first);
}

void Cache::addNode(const Node& node) {
    Item* item = itemFor(node.nameSym);
    item->info.setNode(&node);
    m_tree.add(node, m_pool);
    addNodeImages(node, item);
    touch(item);
}

void Cache::updateNode(const Node& oldNode, const Node& newNode) {
    Item* item = itemFor(newNode.nameSym);
    removeNodeImages(oldNode);
    item->info.setNode(&newNode);
    m_tree.update(oldNode, newNode, m_pool);
    addNodeImages(newNode, item);
    touch(item);
}

void Cache::removeNode(const Node& node) {
    auto it = m_nodes.find(node.nameSym);
    if (it == m_nodes.end()) return;
    Item* item = it->second.get();
    m_tree.remove(node);
    removeNodeImages(node);
    if (item->info.podCount() == 0) {
        unlink(item);
        m_nodes.erase(it);
        ++m_generation;
    } else {
        item->info.setNode(nullptr);  // a ghost until its pods go
        touch(item);
    }
}

void Cache::addPodToNode(const Pod& pod, Sym nodeName) {
    Item* item = itemFor(nodeName);
    item->info.addPod(&pod);
    touch(item);
}

bool Cache::removePodFromNode(const Pod& pod, Sym nodeName) {
    auto it = m_nodes.find(nodeName);
    if (it == m_nodes.end()) return false;
    Item* item = it->second.get();
    if (!item->info.removePod(&pod)) return false;
    if (item->info.podCount() == 0 && item->info.node() == nullptr) {
        unlink(item);
        m_nodes.erase(it);
        ++m_generation;
    } else {
        touch(item);
    }
    return true;
}

std::string Cache::assumePod(const Pod& pod, Sym nodeName) {
    if (m_podStates.count(pod.id))
        return "pod " + std::string(m_pool.str(pod.ns)) + "/" + pod.name + " is in the cache, so can't be assumed";
    addPodToNode(pod, nodeName);
    m_podStates[pod.id] = PodState{nodeName, true, false};
    return {};
}

void Cache::finishBinding(const Pod& pod) {
    auto it = m_podStates.find(pod.id);
    if (it != m_podStates.end() && it->second.assumed) it->second.bindingFinished = true;
}

std::string Cache::forgetPod(const Pod& pod) {
    auto it = m_podStates.find(pod.id);
    const std::string key = std::string(m_pool.str(pod.ns)) + "/" + pod.name;
    if (it == m_podStates.end() || !it->second.assumed) return "pod " + key + " wasn't assumed so cannot be forgotten";
    removePodFromNode(pod, it->second.node);
    m_podStates.erase(it);
    return {};
}

std::string Cache::addPod(const Pod& pod, Sym nodeName) {
    auto it = m_podStates.find(pod.id);
    if (it != m_podStates.end()) {
        if (!it->second.assumed)
            return "pod " + std::string(m_pool.str(pod.ns)) + "/" + pod.name + " was already in added state";
        if (it->second.node != nodeName) {
            removePodFromNode(pod, it->second.node);
            addPodToNode(pod, nodeName);
        }
        it->second = PodState{nodeName, false, false};
        return {};
    }
    addPodToNode(pod, nodeName);
    m_podStates[pod.id] = PodState{nodeName, false, false};
    return {};
}

std::string Cache::removePod(const Pod& pod) {
    auto it = m_podStates.find(pod.id);
    if (it == m_podStates.end())
        return "pod " + std::string(m_pool.str(pod.ns)) + "/" + pod.name +
               " is not found in scheduler cache, so cannot be removed from it";
    removePodFromNode(pod, it->second.node);
    m_podStates.erase(it);
    return {};
}

bool Cache::isAssumed(const Pod& pod) const {
    auto it = m_podStates.find(pod.id);
    return it != m_podStates.end() && it->second.assumed;
}

Sym Cache::nodeOf(const Pod& pod) const {
    auto it = m_podStates.find(pod.id);
    return it == m_podStates.end() ? kNoSym : it->second.node;
}

const NodeInfo* Cache::nodeInfo(Sym nodeName) const {
    auto it = m_nodes.find(nodeName);
    return it == m_nodes.end() ? nullptr : &it->second->info;
}

std::size_t Cache::updateSnapshot(Snapshot& snap) {
    // backend/cache/cache.go UpdateSnapshot: walk from the most recently updated node and stop
    // at the first one the snapshot already has.
    std::size_t copied = 0;
    std::vector<Sym>& changedNames = m_changedNames;
    changedNames.clear();
    bool rebuildAll = false;
    bool rebuildAffinity = false;
    for (Item* item = m_head; item && item->info.generation() > snap.m_generation; item = item->next) {
        if (item->info.node() == nullptr) continue;
        const Sym name = item->info.node()->nameSym;
        auto& slot = snap.m_map[name];
        if (!slot) {
            slot = std::make_unique<NodeInfo>();
            rebuildAll = true;
        } else {
            const bool hadAff = !slot->podsWithAffinity().empty();
            const bool hadAnti = !slot->podsWithRequiredAntiAffinity().empty();
            if (hadAff != !item->info.podsWithAffinity().empty() ||
                hadAnti != !item->info.podsWithRequiredAntiAffinity().empty())
                rebuildAffinity = true;
        }
        const int position = slot->snapshotPosition();
        *slot = item->info;  // copy in place: list pointers stay valid
        slot->setSnapshotPosition(position);
        changedNames.push_back(name);
        ++copied;
    }
    if (m_head) snap.m_generation = std::max(snap.m_generation, m_head->info.generation());
    snap.m_generation = std::max(snap.m_generation, m_generation);

    if (snap.m_map.size() > m_tree.size()) {
        for (auto it = snap.m_map.begin(); it != snap.m_map.end();) {
            auto ci = m_nodes.find(it->first);
            if (ci == m_nodes.end() || ci->second->info.node() == nullptr)
                it = snap.m_map.erase(it);
            else
                ++it;
        }
        rebuildAll = true;
    }
    if (rebuildAll) {
        snap.m_list.clear();
        snap.m_index.clear();
        for (Sym name : m_tree.list()) {
            auto it = snap.m_map.find(name);
            if (it == snap.m_map.end()) continue;
            it->second->setSnapshotPosition(static_cast<int>(snap.m_list.size()));
            snap.m_index[name] = static_cast<int>(snap.m_list.size());
            snap.m_list.push_back(it->second.get());
        }
    }
    // The change log readers of per-position data follow (Snapshot::forEachChangedSince). A
    // rebuilt list moves positions, so it starts a new list version instead.
    if (rebuildAll) {
        ++snap.m_listVersion;
        snap.m_changeLogStart += snap.m_changeLog.size();
        snap.m_changeLog.clear();
    } else if (!changedNames.empty()) {
        if (snap.m_changeLog.size() + changedNames.size() > std::max<std::size_t>(1024, 2 * snap.m_list.size())) {
            snap.m_changeLogStart += snap.m_changeLog.size();
            snap.m_changeLog.clear();
        }
        for (Sym name : changedNames)
            if (const auto it = snap.m_index.find(name); it != snap.m_index.end())
                snap.m_changeLog.push_back(it->second);
    }
    if (rebuildAll || rebuildAffinity) {
        snap.m_withAffinity.clear();
        snap.m_withRequiredAntiAffinity.clear();
        for (NodeInfo* ni : snap.m_list) {
            if (!ni->podsWithAffinity().empty()) snap.m_withAffinity.push_back(ni);
            if (!ni->podsWithRequiredAntiAffinity().empty()) snap.m_withRequiredAntiAffinity.push_back(ni);
        }
    }
    return copied;
}

}  // namespace berth::core
