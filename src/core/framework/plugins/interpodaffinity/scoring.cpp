// InterPodAffinity PreScore, Score and NormalizeScore
// (pkg/scheduler/framework/plugins/interpodaffinity/scoring.go).
#include "core/framework/plugins/interpodaffinity/scoring.h"

#include <algorithm>
#include <limits>

#include "core/framework/listers.h"
#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"

namespace berth::core {
namespace interpodaffinity {
namespace {

// processExistingPod's incoming-term half: the incoming pod's preferred terms against the
// existing pod, at the existing pod's node's value of the term's key.
template <class Add>
void processTerms(const std::vector<IncomingTerm>& terms, const Pod& existing, const Node& node,
                  std::int64_t multiplier, Add& add) {
    for (const auto& t : terms) {
        if (!t.matches(existing)) continue;
        if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym) add(t.topologyKey, v, t.weight * multiplier);
    }
}

template <class Add>
void processExistingTerms(const std::vector<WeightedPodAffinityTerm>& terms, const Pod& existing, const ScoreQuery& q,
                          const Node& node, std::int64_t multiplier, Add& add) {
    if (!termsParse(terms)) return;
    for (const auto& wt : terms) {
        if (!existingTermMatches(wt.term, existing, *q.pod, q.namespaceLabels, q.labelKeys)) continue;
        if (const Sym v = node.labels.get(wt.term.topologyKey); v != kNoSym)
            add(wt.term.topologyKey, v, static_cast<std::int64_t>(wt.weight) * multiplier);
    }
}

// processExistingPod for every pod of one node that can contribute, each contribution handed
// to `add(key, value, weight)`: the full walk and the kept sums share it.
template <class Add>
void forEachContribution(const ScoreQuery& q, const NodeInfo& ni, Add&& add) {
    const Node& node = *ni.node();
    if (node.labels.empty()) return;
    // Without preferred terms of its own only pods with affinity terms can contribute.
    const auto pods = q.hasPreferred ? ni.pods() : ni.podsWithAffinity();
    for (const Pod* existing : pods) {
        // Without preferred terms of its own, an existing pod whose only terms are required
        // anti-affinity adds nothing: skip the walk over its terms.
        const auto& ea = existing->affinity;
        if (!q.hasPreferred && ea.podAffinity.empty() && ea.podAntiAffinity.preferred.empty()) continue;
        // The incoming pod's preferred terms against the existing pod, then the existing pod's
        // required affinity (hardPodAffinityWeight) and preferred terms against the incoming pod.
        processTerms(q.preferredAffinity, *existing, node, 1, add);
        processTerms(q.preferredAnti, *existing, node, -1, add);
        const auto& required = ea.podAffinity.required;
        if (q.hardWeight > 0 && termsParse(required))
            for (const auto& t : required)
                if (existingTermMatches(t, *existing, *q.pod, q.namespaceLabels, q.labelKeys))
                    if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym) add(t.topologyKey, v, q.hardWeight);
        processExistingTerms(ea.podAffinity.preferred, *existing, q, node, 1, add);
        processExistingTerms(ea.podAntiAffinity.preferred, *existing, q, node, -1, add);
    }
}

}  // namespace

void PreScoreState::add(Sym key, Sym value, std::int64_t weight) {
    auto [it, inserted] = topologyScore.try_emplace(topologyPair(key, value), 0);
    it->second += weight;  // entries that sum to 0 stay (a Go map entry, len > 0)
    if (inserted && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
}

bool PreScoreState::empty() const { return kept ? kept->empty() : topologyScore.empty(); }

std::int64_t PreScoreState::at(std::uint64_t pair) const {
    if (kept) return kept->at(pair);
    const auto it = topologyScore.find(pair);
    return it == topologyScore.end() ? 0 : it->second;
}

bool ScoreCountCache::sameQuery(const ScoreQuery& q) const {
    return m_valid && q.pod->ns == m_ns && q.pod->labels == m_labels && q.labelKeys == m_query.labelKeys &&
           q.hardWeight == m_query.hardWeight && q.hasPreferred == m_query.hasPreferred &&
           q.namespaceLabels == m_query.namespaceLabels && q.preferredAffinity == m_query.preferredAffinity &&
           q.preferredAnti == m_query.preferredAnti;
}

void ScoreCountCache::add(const Share& s, std::int64_t sign) {
    auto [it, inserted] = m_totals.try_emplace(s.pair, Sum{});
    it->second.sum += sign * s.weight;
    it->second.contributions += sign;
    const auto key = static_cast<Sym>(s.pair >> 32);
    if (inserted) ++m_keyPairs[key];
    if (it->second.contributions == 0) {
        m_totals.erase(it);
        if (--m_keyPairs[key] == 0) m_keyPairs.erase(key);
    }
}

void ScoreCountCache::recount(std::size_t pos, const NodeInfo* ni, const ScoreQuery& q) {
    if (m_nodes[pos] == ni && m_generations[pos] == ni->generation()) return;
    auto& shares = m_shares[pos];
    for (const Share& s : shares) add(s, -1);
    shares.clear();
    m_nodes[pos] = ni;
    m_generations[pos] = ni->generation();
    forEachContribution(q, *ni, [&](Sym key, Sym value, std::int64_t weight) {
        shares.push_back(Share{topologyPair(key, value), weight});
    });
    for (const Share& s : shares) add(s, 1);
}

void ScoreCountCache::update(const ScoreQuery& q, const NodeInfoLister& snapshot, std::vector<Sym>& keys) {
    const auto& nodes = snapshot.nodes();
    ++m_stamp;
    bool rescan = false;
    if (!sameQuery(q) || m_nodes.size() != nodes.size()) {
        m_valid = true;
        m_ns = q.pod->ns;
        m_labels = q.pod->labels;
        m_query = q;
        m_query.pod = nullptr;
        m_nodes.assign(nodes.size(), nullptr);
        m_generations.assign(nodes.size(), -1);
        m_shares.assign(nodes.size(), {});
        m_totals.clear();
        m_keyPairs.clear();
        rescan = true;
    }
    const auto visit = [&](std::size_t pos) {
        if (pos < nodes.size()) recount(pos, nodes[pos], q);
    };
    if (rescan || !snapshot.forEachChangedSince(m_listVersion, m_changeSeq, visit)) {
        for (std::size_t pos = 0; pos < nodes.size(); ++pos) recount(pos, nodes[pos], q);
        m_listVersion = snapshot.listVersion();
        m_changeSeq = snapshot.changeLogEnd();
    }
    // Score sums a node's pairs over these keys: their order does not change the sum.
    keys.clear();
    for (const auto& [key, pairs] : m_keyPairs) keys.push_back(key);
}

}  // namespace interpodaffinity

using namespace interpodaffinity;

namespace {

Status missingState() {
    return Status::error("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found");
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
        ScoreQuery q;
        q.pod = &pod;
        q.labelKeys = labelKeys();
        const TermResolver resolver(m_handle.cluster, q.labelKeys);
        q.preferredAffinity = resolver.resolve(pod, pa.podAffinity.preferred);
        q.preferredAnti = resolver.resolve(pod, pa.podAntiAffinity.preferred);
        q.namespaceLabels = namespaceLabels(m_handle.cluster, pod.ns);
        q.hardWeight = m_args.hardPodAffinityWeight;
        q.hasPreferred = hasPreferred;

        // The kept sums pay only where some pod can contribute (the walk below is empty when
        // the pod has no preferred terms and no pod has affinity terms).
        const bool anyContribution = hasPreferred || !m_handle.snapshot->havePodsWithAffinity().empty();
        if (m_scoreCounts && anyContribution) {
            ScoreCountCache& kept = m_scoreCounts->find([&](const ScoreCountCache& c) { return c.sameQuery(q); },
                                                        [] { return std::make_unique<ScoreCountCache>(); });
            kept.update(q, *m_handle.snapshot, s->keys);
            s->kept = &kept;
            s->keptStamp = kept.stamp();
        } else {
            const auto& nodes = hasPreferred ? m_handle.snapshot->nodes() : m_handle.snapshot->havePodsWithAffinity();
            for (const NodeInfo* ni : nodes)
                forEachContribution(q, *ni,
                                    [&](Sym key, Sym value, std::int64_t weight) { s->add(key, value, weight); });
        }
    }

    // >= 1.28: nothing matched anywhere -> Skip. v1.26 keeps the empty map; NormalizeScore then
    // leaves the raw scores (all 0).
    if (s->empty() && m_handle.version.atLeast(28)) return Status(Code::Skip);

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
    if (s.kept && s.kept->stamp() != s.keptStamp)
        return Status::error("InterPodAffinity: PreScore's kept sums were updated since (a Score outside its cycle)");
    const Node& node = *nodeInfo.node();
    for (Sym key : s.keys) {
        const Sym v = node.labels.get(key);
        if (v != kNoSym) score += s.at(topologyPair(key, v));
    }
    return {};
}

// NormalizeScore: min-max scaling in float64, truncated: 100 * ((s - min) / (max - min)).
Status InterPodAffinity::normalizeScore(const CycleState& state, const Pod&, std::span<NodeScore> scores) const {
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preScore) return missingState();
    if (data->preScore->empty()) return {};
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
