#include "plan/controllers/workload_index.h"

#include <algorithm>
#include <optional>

namespace berth::plan::detail {
namespace {

std::optional<core::WorkloadKind> kindFromString(std::string_view kind) {
    using core::WorkloadKind;
    if (kind == "Deployment") return WorkloadKind::Deployment;
    if (kind == "ReplicaSet") return WorkloadKind::ReplicaSet;
    if (kind == "StatefulSet") return WorkloadKind::StatefulSet;
    if (kind == "ReplicationController") return WorkloadKind::ReplicationController;
    if (kind == "Job") return WorkloadKind::Job;
    if (kind == "DaemonSet") return WorkloadKind::DaemonSet;
    return std::nullopt;
}

std::string ownerKey(core::WorkloadKind kind, core::Sym ns, std::string_view name) {
    std::string key = std::to_string(static_cast<int>(kind));
    key += '/';
    key += std::to_string(ns);
    key += '/';
    key.append(name);
    return key;
}

std::string nameKey(core::Sym ns, std::string_view name) {
    std::string key = std::to_string(ns);
    key += '/';
    key.append(name);
    return key;
}

}  // namespace

void WorkloadIndex::reset(const core::Cluster& cluster) {
    m_cluster = &cluster;
    m_ownersUpTo = 0;
    m_namesUpTo = 0;
    m_lastPodNs = core::kNoSym;
    m_lastPodName.clear();
    m_lastPodUid.clear();
    m_owned.clear();
    m_removedSucceeded.clear();
    m_newestByName.clear();
    m_sameNameBefore.clear();
    m_controllerUid.clear();
    m_uidIds.clear();
    m_takenRun.clear();  // the drawn suffixes depend on the seed alone: they stay
}

bool WorkloadIndex::sameLastPod(const core::Cluster& cluster) const {
    if (cluster.pods.size() < m_namesUpTo) return false;
    if (m_namesUpTo == 0) return true;
    const core::Pod& last = cluster.pods[m_namesUpTo - 1];
    return last.ns == m_lastPodNs && last.name == m_lastPodName && last.uid == m_lastPodUid;
}

void WorkloadIndex::startPass(const core::Cluster& cluster) {
    if (m_cluster != &cluster || !sameLastPod(cluster)) reset(cluster);
    const auto& pods = cluster.pods;
    for (std::size_t i = m_namesUpTo; i < pods.size(); ++i) indexName(pods[i]);
    if (!pods.empty()) rememberLast(pods.back());
    m_controllerUid.resize(pods.size(), kNoUid);
    for (std::size_t i = m_ownersUpTo; i < pods.size(); ++i) {
        const core::Pod& p = pods[i];
        const auto* ref = core::controllerOf(p);
        const auto kind = ref ? kindFromString(ref->kind) : std::nullopt;
        if (!kind) continue;
        // A removed pod owns nothing any more, but its name stays taken (indexName), and a
        // succeeded one stays counted.
        if (cluster.podRemoved[i]) {
            if (p.phase == core::PodPhase::Succeeded) ++m_removedSucceeded[ownerKey(*kind, p.ns, ref->name)];
            continue;
        }
        m_owned[ownerKey(*kind, p.ns, ref->name)].push_back(static_cast<std::uint32_t>(i));
        if (!ref->uid.empty())
            m_controllerUid[i] =
                m_uidIds.try_emplace(ref->uid, static_cast<std::uint32_t>(m_uidIds.size() + 1)).first->second;
    }
    m_ownersUpTo = pods.size();
    m_cursor = 0;
}

void WorkloadIndex::indexName(const core::Pod& pod) {
    // Names of removed pods stay taken: a replacement gets a new name, so the UI and the
    // event log never show two pods under one generated name.
    auto [it, fresh] = m_newestByName.try_emplace(nameKey(pod.ns, pod.name), pod.id);
    m_sameNameBefore.push_back(fresh ? kNone : it->second);
    it->second = pod.id;
    ++m_namesUpTo;
}

void WorkloadIndex::rememberLast(const core::Pod& pod) {
    m_lastPodNs = pod.ns;
    m_lastPodName = pod.name;
    m_lastPodUid = pod.uid;
}

void WorkloadIndex::podCreated(const core::Pod& pod) {
    if (pod.id != m_namesUpTo) return;
    indexName(pod);
    rememberLast(pod);
}

std::vector<std::uint32_t>* WorkloadIndex::controlledBy(core::WorkloadKind kind, core::Sym ns, std::string_view name) {
    const std::string key = ownerKey(kind, ns, name);
    auto it = m_owned.find(key);
    if (it == m_owned.end()) return nullptr;
    // Removed pods never come back: drop them for good (a succeeded one stays counted).
    std::size_t succeeded = 0;
    std::erase_if(it->second, [&](std::uint32_t id) {
        if (!m_cluster->podRemoved[id]) return false;
        if (m_cluster->pods[id].phase == core::PodPhase::Succeeded) ++succeeded;
        return true;
    });
    if (succeeded > 0) m_removedSucceeded[key] += succeeded;
    return &it->second;
}

std::uint32_t WorkloadIndex::controllerUidId(std::string_view uid) const {
    if (uid.empty()) return kNoUid;
    // A uid no indexed pod carries: no pod with a uid matches it (kNone is no pod's number).
    const auto it = m_uidIds.find(std::string(uid));
    return it == m_uidIds.end() ? kNone : it->second;
}

std::size_t WorkloadIndex::removedSucceeded(core::WorkloadKind kind, core::Sym ns, std::string_view name) {
    controlledBy(kind, ns, name);  // drops (and counts) the pods removed since it was asked
    const auto it = m_removedSucceeded.find(ownerKey(kind, ns, name));
    return it == m_removedSucceeded.end() ? 0 : it->second;
}

bool WorkloadIndex::nameTaken(core::Sym ns, std::string_view name) const {
    return m_newestByName.count(nameKey(ns, name)) != 0;
}

bool WorkloadIndex::nameLive(core::Sym ns, std::string_view name) const {
    auto it = m_newestByName.find(nameKey(ns, name));
    if (it == m_newestByName.end()) return false;
    for (std::uint32_t id = it->second; id != kNone; id = m_sameNameBefore[id])
        if (!m_cluster->podRemoved[id]) return true;
    return false;
}

std::string_view WorkloadIndex::suffix(std::size_t i) {
    while (m_drawn.size() <= i) {
        const std::string s = m_suffixes.next();
        std::array<char, kRandomLength> chars{};
        std::copy_n(s.begin(), kRandomLength, chars.begin());
        m_drawn.push_back(chars);
    }
    return std::string_view(m_drawn[i].data(), kRandomLength);
}

std::string WorkloadIndex::generateName(core::Sym ns, std::string_view prefix) {
    std::string name(prefix.substr(0, std::min(prefix.size(), kMaxGeneratedNameLength)));
    const std::size_t baseLength = name.size();
    std::size_t& run = m_takenRun[nameKey(ns, name)];
    // The pass's generator would draw suffixes m_cursor, m_cursor + 1, ...; those below `run`
    // are taken with this prefix, so it would draw again past them (the controller retries
    // after AlreadyExists).
    std::size_t i = std::max(m_cursor, run);
    for (;; ++i) {
        name.resize(baseLength);
        name.append(suffix(i));
        if (!nameTaken(ns, name)) break;
        if (i == run) ++run;
    }
    m_cursor = i + 1;
    return name;
}

}  // namespace berth::plan::detail
