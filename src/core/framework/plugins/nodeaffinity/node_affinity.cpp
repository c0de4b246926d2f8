#include "core/framework/plugins/nodeaffinity/node_affinity.h"

#include <algorithm>

#include "core/api/node_selector_match.h"
#include "core/framework/plugins/helper/normalize_score.h"

namespace berth::core {
namespace {

bool hasRequiredTerms(const Pod& pod) {
    return pod.affinity.node.required && !pod.affinity.node.required->terms.empty();
}

// Preferred terms that count: weight != 0 and not empty (NewPreferredSchedulingTerms).
struct PreScoreState final : StateData {
    std::vector<const PreferredSchedulingTerm*> terms;
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

}  // namespace

NodeAffinityPlugin::NodeAffinityPlugin(const PluginArgs& args, Handle& h)
    : m_handle(h),
      m_added(args.nodeAffinity.addedAffinity),
      m_reasonPod(h.intern("node(s) didn't match Pod's node affinity/selector")),
      m_reasonEnforced(h.intern("node(s) didn't match scheduler-enforced node affinity")),
      m_reasonConflict(h.intern("pod affinity terms conflict")),
      m_metadataName(h.intern("metadata.name")) {}

Status NodeAffinityPlugin::preFilter(CycleState&, const Pod& pod, PreFilterResult& result) {
    const bool addedRequired = m_added && m_added->required;
    if (m_handle.version.atLeast(27) && !hasRequiredTerms(pod) && pod.nodeSelector.empty() && !addedRequired &&
        !pod.affinity.node.required)
        return Status(Code::Skip);
    if (!hasRequiredTerms(pod)) return {};
    // Per term: intersection of its `metadata.name In` value lists; over terms: the union. A
    // term without such a requirement means every node (terms are ORed). v1.26 rejects as soon as
    // one term's intersection is empty; >= 1.27 (PR #116465) only when the union is empty.
    const bool conflictPerTerm = m_handle.version.before(27);
    std::vector<Sym> names;
    for (const auto& term : pod.affinity.node.required->terms) {
        std::optional<std::vector<Sym>> termNames;
        for (const auto& f : term.fields) {
            if (f.key != m_metadataName || f.op != SelectorOp::In) continue;
            std::vector<Sym> values = f.values;
            std::sort(values.begin(), values.end());
            values.erase(std::unique(values.begin(), values.end()), values.end());
            if (!termNames) {
                termNames = std::move(values);
            } else {
                std::vector<Sym> both;
                std::set_intersection(termNames->begin(), termNames->end(), values.begin(), values.end(),
                                      std::back_inserter(both));
                termNames = std::move(both);
            }
        }
        if (!termNames) return {};
        if (termNames->empty() && conflictPerTerm) return Status(Code::UnschedulableAndUnresolvable, m_reasonConflict);
        for (Sym n : *termNames)
            if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    if (names.empty()) return Status(Code::UnschedulableAndUnresolvable, m_reasonConflict);
    result.nodeNames = std::move(names);
    return {};
}

Status NodeAffinityPlugin::filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const {
    const Node& node = *nodeInfo.node();
    if (m_added && m_added->required && !nodeSelectorMatches(*m_added->required, node, *m_handle.pool))
        return Status(Code::UnschedulableAndUnresolvable, m_reasonEnforced);
    if (!podMatchesNodeSelectorAndAffinity(pod, node, *m_handle.pool))
        return Status(Code::UnschedulableAndUnresolvable, m_reasonPod);
    return {};
}

Status NodeAffinityPlugin::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const>) {
    auto s = std::make_unique<PreScoreState>();
    for (const auto& t : pod.affinity.node.preferred) {
        if (t.weight == 0 || t.term.empty()) continue;
        // v1.26: a preferred term that fails to parse fails the whole cycle (UPSTREAM 5.8).
        if (t.term.unparsable) return Status::error("invalid preferred node affinity term");
        s->terms.push_back(&t);
    }
    if (m_handle.version.atLeast(30) && s->terms.empty() && !(m_added && !m_added->preferred.empty()))
        return Status(Code::Skip);
    state.write(slot(), std::move(s));
    return {};
}

Status NodeAffinityPlugin::score(const CycleState& state, const Pod&, const NodeInfo& nodeInfo,
                                 std::int64_t& score) const {
    const Node& node = *nodeInfo.node();
    std::int64_t count = 0;
    if (m_added)
        for (const auto& t : m_added->preferred)
            if (t.weight != 0 && nodeSelectorTermMatches(t.term, node, *m_handle.pool)) count += t.weight;
    if (const auto* s = state.read<PreScoreState>(slot()))
        for (const auto* t : s->terms)
            if (nodeSelectorTermMatches(t->term, node, *m_handle.pool)) count += t->weight;
    score = count;
    return {};
}

Status NodeAffinityPlugin::normalizeScore(const CycleState&, const Pod&, std::span<NodeScore> scores) const {
    defaultNormalizeScore(kMaxNodeScore, false, scores);
    return {};
}

QueueingHint NodeAffinityPlugin::queueingHint(const Pod& pod, const ClusterEvent& event,
                                              const EventObjects& objects) const {
    // node_affinity.go isSchedulableAfterNodeChange (v1.37.2): the scheduler-enforced
    // affinity and the pod's required affinity must match the node now, and, for an update,
    // must not have matched it before.
    const Node* after = objects.newNode;
    if (event.resource != EventResource::Node || !after) return QueueingHint::Queue;
    if (m_added && m_added->required && !nodeSelectorMatches(*m_added->required, *after, *m_handle.pool))
        return QueueingHint::Skip;
    if (!podMatchesNodeSelectorAndAffinity(pod, *after, *m_handle.pool)) return QueueingHint::Skip;
    if (!objects.oldNode) return QueueingHint::Queue;
    return podMatchesNodeSelectorAndAffinity(pod, *objects.oldNode, *m_handle.pool) ? QueueingHint::Skip
                                                                                    : QueueingHint::Queue;
}

}  // namespace berth::core
