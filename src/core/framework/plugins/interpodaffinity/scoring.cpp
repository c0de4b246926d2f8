// InterPodAffinity PreScore, Score and NormalizeScore
// (pkg/scheduler/framework/plugins/interpodaffinity/scoring.go).
#include "core/framework/plugins/interpodaffinity/scoring.h"

#include <algorithm>
#include <limits>

#include "core/backend/cache/snapshot.h"
#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"

namespace berth::core {
namespace interpodaffinity {

void PreScoreState::add(Sym key, Sym value, std::int64_t weight) {
    auto [it, inserted] = topologyScore.try_emplace(topologyPair(key, value), 0);
    it->second += weight;  // entries that sum to 0 stay (a Go map entry, len > 0)
    if (inserted && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
}

}  // namespace interpodaffinity

using namespace interpodaffinity;

namespace {

Status missingState() { return Status::error("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found"); }

void processTerms(PreScoreState& s, const std::vector<IncomingTerm>& terms, const Pod& existing, const Node& node,
                  std::int64_t multiplier) {
    for (const auto& t : terms) {
        if (!t.matches(existing)) continue;
        if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym) s.add(t.topologyKey, v, t.weight * multiplier);
    }
}

void processExistingTerms(PreScoreState& s, const std::vector<WeightedPodAffinityTerm>& terms, const Pod& existing,
                          const Pod& incoming, const Labels& nsLabels, const Node& node, std::int64_t multiplier,
                          bool labelKeys) {
    if (!termsParse(terms)) return;
    for (const auto& wt : terms) {
        if (!existingTermMatches(wt.term, existing, incoming, nsLabels, labelKeys)) continue;
        if (const Sym v = node.labels.get(wt.term.topologyKey); v != kNoSym)
            s.add(wt.term.topologyKey, v, static_cast<std::int64_t>(wt.weight) * multiplier);
    }
}

}  // namespace

Status InterPodAffinity::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const>) {
    const auto& pa = pod.affinity;
    const bool hasPreferred = !pa.podAffinity.preferred.empty() || !pa.podAntiAffinity.preferred.empty();
    auto s = std::make_shared<PreScoreState>();

    // >= 1.27: ignorePreferredTermsOfExistingPods with no preferred terms of its own -> the
    // existing pods are not visited (Skip from 1.28). The arg does not exist in v1.26.
    const bool ignoreExisting =
        m_handle.version.atLeast(27) && m_args.ignorePreferredTermsOfExistingPods && !hasPreferred;
    if (ignoreExisting && m_handle.version.atLeast(28)) return Status(Code::Skip);

    if (!ignoreExisting) {
        if (!termsParse(pa.podAffinity.preferred) || !termsParse(pa.podAntiAffinity.preferred))
            return Status::error("failed to parse pod: invalid label selector in a preferred pod (anti-)affinity term");
        const bool lk = labelKeys();
        const TermResolver resolver(m_handle.cluster, lk);
        const std::vector<IncomingTerm> preferredAffinity = resolver.resolve(pod, pa.podAffinity.preferred);
        const std::vector<IncomingTerm> preferredAnti = resolver.resolve(pod, pa.podAntiAffinity.preferred);
        const Labels& nsLabels = namespaceLabels(m_handle.cluster, pod.ns);
        const std::int64_t hardWeight = m_args.hardPodAffinityWeight;

        // Without preferred terms of its own only pods with affinity terms can contribute.
        const auto& nodes = hasPreferred ? m_handle.snapshot->nodes() : m_handle.snapshot->havePodsWithAffinity();
        for (const NodeInfo* ni : nodes) {
            const Node& node = *ni->node();
            if (node.labels.empty()) continue;
            const auto pods = hasPreferred ? ni->pods() : ni->podsWithAffinity();
            for (const Pod* existing : pods) {
                // Without preferred terms of its own, an existing pod whose only terms are
                // required anti-affinity adds nothing: skip the walk over its terms.
                const auto& ea = existing->affinity;
                if (!hasPreferred && ea.podAffinity.empty() && ea.podAntiAffinity.preferred.empty()) continue;
                // processExistingPod: the incoming pod's preferred terms against the existing
                // pod, then the existing pod's required affinity (hardPodAffinityWeight) and
                // preferred terms against the incoming pod.
                processTerms(*s, preferredAffinity, *existing, node, 1);
                processTerms(*s, preferredAnti, *existing, node, -1);
                const auto& required = existing->affinity.podAffinity.required;
                if (hardWeight > 0 && termsParse(required))
                    for (const auto& t : required)
                        if (existingTermMatches(t, *existing, pod, nsLabels, lk))
                            if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym)
                                s->add(t.topologyKey, v, hardWeight);
                processExistingTerms(*s, existing->affinity.podAffinity.preferred, *existing, pod, nsLabels, node, 1, lk);
                processExistingTerms(*s, existing->affinity.podAntiAffinity.preferred, *existing, pod, nsLabels, node,
                                     -1, lk);
            }
        }
    }

    // >= 1.28: nothing matched anywhere -> Skip. v1.26 keeps the empty map; NormalizeScore then
    // leaves the raw scores (all 0).
    if (s->topologyScore.empty() && m_handle.version.atLeast(28)) return Status(Code::Skip);

    auto* data = state.read<CycleData>(slot());
    if (!data) {
        auto fresh = std::make_unique<CycleData>();
        data = fresh.get();
        state.write(slot(), std::move(fresh));
    }
    data->preScore = std::move(s);
    return {};
}

// Score: Σ over the topology keys the node has of the weight sum at the node's value.
Status InterPodAffinity::score(const CycleState& state, const Pod&, const NodeInfo& nodeInfo,
                               std::int64_t& score) const {
    score = 0;
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preScore) return missingState();
    const PreScoreState& s = *data->preScore;
    const Node& node = *nodeInfo.node();
    for (Sym key : s.keys) {
        const Sym v = node.labels.get(key);
        if (v == kNoSym) continue;
        if (const auto it = s.topologyScore.find(topologyPair(key, v)); it != s.topologyScore.end())
            score += it->second;
    }
    return {};
}

// NormalizeScore: min-max scaling in float64, truncated: 100 * ((s - min) / (max - min)).
Status InterPodAffinity::normalizeScore(const CycleState& state, const Pod&, std::span<NodeScore> scores) const {
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preScore) return missingState();
    if (data->preScore->topologyScore.empty()) return {};
    std::int64_t minCount = std::numeric_limits<std::int64_t>::max();
    std::int64_t maxCount = std::numeric_limits<std::int64_t>::min();
    for (const auto& ns : scores) {
        maxCount = std::max(maxCount, ns.score);
        minCount = std::min(minCount, ns.score);
    }
    const std::int64_t diff = maxCount - minCount;
    for (auto& ns : scores) {
        double f = 0;
        if (diff > 0)
            f = static_cast<double>(kMaxNodeScore) *
                (static_cast<double>(ns.score - minCount) / static_cast<double>(diff));
        ns.score = static_cast<std::int64_t>(f);
    }
    return {};
}

}  // namespace berth::core
