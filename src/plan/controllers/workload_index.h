#pragma once
/// What the controllers look up about a cluster's pods — the pods each controller owns, the
/// names in use, the next generated name — kept between reconciles of one cluster. A cluster
/// only appends pods and flags removed ones (core::Cluster), so the index catches up on the
/// pods appended since its last pass instead of reading every pod again: an eviction or a
/// batch of replicas costs its own pods. Internal to the controllers (workload_expander.h).
///
/// Every answer is the one a fresh index of the whole cluster gives (each expandWorkloads
/// call used to build one): the generated names too, which follow names.SimpleNameGenerator
/// with a generator seeded anew at every pass.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/api/cluster.h"
#include "plan/controllers/names.h"

namespace berth::plan::detail {

class WorkloadIndex {
public:
    explicit WorkloadIndex(std::uint64_t seed) : m_seed(seed), m_suffixes(seed) {}

    /// Starts a pass of the controllers over `cluster`: indexes the pods appended since the
    /// last pass (by owner, and by name unless podCreated already did), and rewinds the name
    /// generator. Another cluster, or pods cut back since (a template read and dropped),
    /// start the index over.
    void startPass(const core::Cluster& cluster);

    /// The ids of the pods whose controller reference is of `kind` and names `ns`/`name`, in
    /// creation order, removed ones dropped; null when there are none. Pods created during
    /// this pass are not in it yet: a pass counts the pods it started with.
    std::vector<std::uint32_t>* controlledBy(core::WorkloadKind kind, core::Sym ns, std::string_view name);
    /// How many pods whose controller reference names `kind` `ns`/`name` were removed after
    /// they succeeded. A Job counted them in status.succeeded while they were there, and a
    /// delete does not take them back (job_controller.go trackJobStatusAndRemoveFinalizers).
    std::size_t removedSucceeded(core::WorkloadKind kind, core::Sym ns, std::string_view name);

    /// The uid a controller's pods are checked against (ownedBy): one lookup per workload,
    /// so that each of its pods costs an integer comparison, not a string one.
    std::uint32_t controllerUidId(std::string_view uid) const;
    /// Whether pod `id` (one of a controlledBy list) may belong to the workload whose uid has
    /// `uidId`: its controller reference carries no uid, or the same one (a pod's owner
    /// references never change once it is in the cluster).
    bool uidMatches(std::uint32_t id, std::uint32_t uidId) const {
        return m_controllerUid[id] == kNoUid || m_controllerUid[id] == uidId;
    }
    /// controllerUidId of an empty uid: every pod matches it.
    static constexpr std::uint32_t kNoUid = 0;

    /// Whether a pod named `ns`/`name` was ever in the cluster (removed ones included).
    bool nameTaken(core::Sym ns, std::string_view name) const;
    /// Whether a pod named `ns`/`name` is in the cluster and not removed.
    bool nameLive(core::Sym ns, std::string_view name) const;

    /// names.SimpleNameGenerator: `prefix` cut to 58 characters, then the first of the
    /// pass's random suffixes, from where the last call of the pass stopped, that makes a name
    /// not taken.
    std::string generateName(core::Sym ns, std::string_view prefix);

    /// The controllers appended `pod` to the cluster: its name is taken from now on.
    void podCreated(const core::Pod& pod);

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};

    void reset(const core::Cluster& cluster);
    void indexName(const core::Pod& pod);
    void rememberLast(const core::Pod& pod);
    bool sameLastPod(const core::Cluster& cluster) const;
    std::string_view suffix(std::size_t i);

    std::uint64_t m_seed;
    const core::Cluster* m_cluster = nullptr;
    std::size_t m_ownersUpTo = 0;  // pods [0, m_ownersUpTo) are in m_owned
    std::size_t m_namesUpTo = 0;   // pods [0, m_namesUpTo) are in m_newestByName
    // pods[m_namesUpTo - 1] as indexed: a cluster cut back and grown again holds another pod there.
    core::Sym m_lastPodNs = core::kNoSym;
    std::string m_lastPodName;
    std::string m_lastPodUid;
    std::unordered_map<std::string, std::vector<std::uint32_t>> m_owned;  // controller -> pods
    std::unordered_map<std::string, std::size_t> m_removedSucceeded;      // controller -> count
    std::unordered_map<std::string, std::uint32_t> m_newestByName;        // "ns/name" -> pod id
    std::vector<std::uint32_t> m_sameNameBefore;  // by pod id: the previous pod of that name
    // By pod id, for pods [0, m_ownersUpTo): its controller reference's uid as a number
    // (kNoUid: none, or no uid); the numbers from m_uidIds, 1 and up.
    std::vector<std::uint32_t> m_controllerUid;
    std::unordered_map<std::string, std::uint32_t> m_uidIds;

    // The suffixes a fresh generator draws, in order; a pass reads them from m_cursor on.
    SuffixGenerator m_suffixes;
    std::vector<std::array<char, kRandomLength>> m_drawn;
    std::size_t m_cursor = 0;
    // "ns/prefix" -> n: the names prefix + suffix(i) for every i < n are taken. Names stay
    // taken once taken, so this only grows, and a pass skips those suffixes at once.
    std::unordered_map<std::string, std::size_t> m_takenRun;
};

}  // namespace berth::plan::detail
