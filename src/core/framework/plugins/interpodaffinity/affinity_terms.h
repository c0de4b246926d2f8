#pragma once
/// Pod (anti-)affinity terms as InterPodAffinity evaluates them (framework/types.go
/// AffinityTerm and its Matches, plugins/interpodaffinity/plugin.go
/// mergeAffinityTermNamespacesIfNotEmpty and GetNamespaceLabelsSnapshot), plus the packed
/// (topology key, value) pair the plugin counts by.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/api/affinity.h"
#include "core/api/cluster.h"
#include "core/api/labels.h"
#include "core/api/pod.h"
#include "core/api/version.h"

namespace berth::core::interpodaffinity {

/// (topology key, topology value) as one integer: both are interned ids.
inline std::uint64_t topologyPair(Sym key, Sym value) {
    return (static_cast<std::uint64_t>(key) << 32) | static_cast<std::uint64_t>(value);
}

/// topologyToMatchedTermCount / scoreMap: pair -> count (or weight sum).
using TopologyCounts = std::unordered_map<std::uint64_t, std::int64_t>;

/// One term of the incoming pod, resolved once per cycle: the namespace set with the
/// namespaceSelector's matches unrolled into it (so no namespace lookup per existing pod).
struct IncomingTerm {
    Sym topologyKey = kEmptySym;
    std::int32_t weight = 0;      // preferred terms only
    bool nothing = true;          // nil labelSelector: selects nothing
    LabelSelector selector;       // matchLabelKeys / mismatchLabelKeys merged in when enabled
    std::vector<Sym> namespaces;  // sorted
    bool allNamespaces = false;   // namespaceSelector {}: every namespace

    /// AffinityTerm.Matches(q, nil) for the incoming pod's terms.
    bool matches(const Pod& q) const;
    bool operator==(const IncomingTerm&) const = default;
};

/// Resolves the incoming pod's terms against the cluster's Namespace objects.
class TermResolver {
public:
    TermResolver(const Cluster* cluster, bool labelKeys) : m_cluster(cluster), m_labelKeys(labelKeys) {}
    std::vector<IncomingTerm> resolve(const Pod& owner, const std::vector<PodAffinityTerm>& terms) const;
    std::vector<IncomingTerm> resolve(const Pod& owner, const std::vector<WeightedPodAffinityTerm>& terms) const;

private:
    IncomingTerm resolveOne(const Pod& owner, const PodAffinityTerm& t, std::int32_t weight) const;
    const Cluster* m_cluster;
    bool m_labelKeys;
};

/// False when a selector or namespaceSelector of the terms failed to parse (NewPodInfo): the
/// pod then has no terms of that kind at all.
bool termsParse(const std::vector<PodAffinityTerm>& terms);
bool termsParse(const std::vector<WeightedPodAffinityTerm>& terms);

/// AffinityTerm.Matches for a term of the existing pod `owner` against pod `q`, whose
/// namespace has the labels `qNamespaceLabels` (a namespaceSelector is evaluated on them).
bool existingTermMatches(const PodAffinityTerm& t, const Pod& owner, const Pod& q, const Labels& qNamespaceLabels,
                         bool labelKeys);

/// The labels of namespace `ns`; empty when no Namespace object exists.
const Labels& namespaceLabels(const Cluster* cluster, Sym ns);

/// MatchLabelKeysInPodAffinity: the API server merges matchLabelKeys / mismatchLabelKeys
/// into the selector at pod creation; beta and on from 1.31.
inline bool labelKeysEnabled(const KubeVersion& v) { return v.atLeast(31); }

}  // namespace berth::core::interpodaffinity
