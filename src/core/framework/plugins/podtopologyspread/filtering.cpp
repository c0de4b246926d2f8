// PodTopologySpread PreFilter, its AddPod/RemovePod extensions and Filter
// (pkg/scheduler/framework/plugins/podtopologyspread/filtering.go).
#include "core/framework/plugins/podtopologyspread/filtering.h"

#include "core/framework/listers.h"
#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"

namespace berth::core {
namespace podtopologyspread {

void CriticalPaths::update(Sym value, std::int64_t num) {
    int i = -1;
    if (value == paths[0].value)
        i = 0;
    else if (value == paths[1].value)
        i = 1;
    if (i >= 0) {
        // A known path: update it and keep paths[0] the smaller.
        paths[i].matchNum = num;
        if (paths[0].matchNum > paths[1].matchNum) std::swap(paths[0], paths[1]);
    } else if (num < paths[0].matchNum) {
        paths[1] = paths[0];
        paths[0] = Path{value, num};
    } else if (num < paths[1].matchNum) {
        paths[1] = Path{value, num};
    }
}

const std::vector<Constraint>& PreFilterState::constraints() const {
    static const std::vector<Constraint> kNone;
    return shared ? shared->constraints : kNone;
}

std::int64_t PreFilterState::minMatchNum(std::size_t i, bool honourMinDomains) const {
    std::int64_t minMatch = paths[i].paths[0].matchNum;
    // Fewer eligible domains than minDomains: the global minimum is taken as 0.
    if (honourMinDomains && static_cast<std::int64_t>(counts[i].size()) < shared->constraints[i].minDomains)
        minMatch = 0;
    return minMatch;
}

}  // namespace podtopologyspread

using namespace podtopologyspread;

namespace {

Status missingState() { return Status::error("reading \"PreFilterPodTopologySpread\" from cycleState: not found"); }

}  // namespace

// calPreFilterState: count matching pods per constraint and topology value over all nodes
// that carry every constraint key and pass the constraint's inclusion policies.
Status PodTopologySpread::preFilter(CycleState& state, const Pod& pod, PreFilterResult&) {
    Constraints built = m_builder.build(pod, UnsatisfiableAction::DoNotSchedule, m_handle.cluster);
    if (built.error)
        return Status::error(
            "get constraints from pod: obtaining pod's hard topology spread constraints: invalid label selector");

    auto data = std::make_unique<CycleData>();
    PreFilterState s;
    if (built.items.empty()) {
        // >= 1.28: nothing to check. v1.26 writes the empty state and Filter passes every node.
        if (m_handle.version.atLeast(28)) return Status(Code::Skip);
        data->preFilter = std::move(s);
        state.write(slot(), std::move(data));
        return {};
    }

    auto shared = std::make_shared<PreFilterShared>();
    shared->constraints = std::move(built.items);
    const auto& cs = shared->constraints;
    const std::size_t n = cs.size();
    shared->selfMatch.resize(n);
    for (std::size_t i = 0; i < n; ++i) shared->selfMatch[i] = cs[i].selector.matches(pod.labels) ? 1 : 0;

    const auto& nodes = m_handle.snapshot->nodes();
    s.counts.resize(n);
    s.paths.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        if (cs[i].hostname) s.counts[i].reserve(nodes.size());
    // Domains in first-seen (snapshot) order, so the critical paths come out deterministic;
    // upstream walks a Go map. paths[0] is the minimum either way.
    std::vector<std::vector<Sym>> order(n);
    if (m_preFilterCounts) {
        // The kept per-node shares, walked in snapshot order so that the domains come out in
        // the same first-seen order as the full walk below.
        DomainCountCache& kept = m_preFilterCounts->forQuery(pod, cs, true);
        kept.update(pod, cs, true, *m_handle.snapshot, *m_handle.pool);
        for (std::size_t pos = 0; pos < nodes.size(); ++pos)
            for (std::size_t i = 0; i < n; ++i) {
                const auto& sh = kept.share(pos, i);
                if (sh.value == kNoSym) continue;
                auto [it, inserted] = s.counts[i].try_emplace(sh.value, 0);
                if (inserted) order[i].push_back(sh.value);
                it->second += sh.count;
            }
    } else {
        NodeCounter counter(n);
        for (const NodeInfo* ni : nodes) {
            const Node* node = ni->node();
            if (!node || !nodeHasAllKeys(*node, cs)) continue;
            NodeInclusion inclusion(pod, *node, *m_handle.pool);
            counter.reset();
            for (std::size_t i = 0; i < n; ++i) {
                if (!inclusion.passes(cs[i])) continue;
                const Sym value = node->labels.get(cs[i].topologyKey);
                auto [it, inserted] = s.counts[i].try_emplace(value, 0);
                if (inserted) order[i].push_back(value);
                it->second += counter.count(*ni, cs[i], pod.ns);
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        for (Sym value : order[i]) s.paths[i].update(value, s.counts[i][value]);

    s.shared = std::move(shared);
    data->preFilter = std::move(s);
    state.write(slot(), std::move(data));
    return {};
}

Status PodTopologySpread::addPod(CycleState& state, const Pod& podToSchedule, const Pod& podToAdd,
                                 const NodeInfo& nodeInfo) const {
    auto* data = state.read<CycleData>(slot());
    if (!data || !data->preFilter) return missingState();
    updateWithPod(*data->preFilter, podToAdd, podToSchedule, nodeInfo.node(), 1);
    return {};
}

Status PodTopologySpread::removePod(CycleState& state, const Pod& podToSchedule, const Pod& podToRemove,
                                    const NodeInfo& nodeInfo) const {
    auto* data = state.read<CycleData>(slot());
    if (!data || !data->preFilter) return missingState();
    updateWithPod(*data->preFilter, podToRemove, podToSchedule, nodeInfo.node(), -1);
    return {};
}

// updateWithPod: only pods of the preemptor's namespace on nodes with every key count; a new
// topology value becomes a new domain. (Unlike PreFilter, a terminating pod is not skipped.)
void PodTopologySpread::updateWithPod(PreFilterState& s, const Pod& updatedPod, const Pod& preemptor, const Node* node,
                                      std::int64_t delta) const {
    if (s.empty() || !node || updatedPod.ns != preemptor.ns) return;
    const auto& cs = s.constraints();
    if (!nodeHasAllKeys(*node, cs)) return;
    NodeInclusion inclusion(preemptor, *node, *m_handle.pool);
    for (std::size_t i = 0; i < cs.size(); ++i) {
        if (!cs[i].selector.matches(updatedPod.labels)) continue;
        if (!inclusion.passes(cs[i])) continue;
        const Sym value = node->labels.get(cs[i].topologyKey);
        auto& count = s.counts[i][value];
        count += delta;
        s.paths[i].update(value, count);
    }
}

// Filter: for each hard constraint in order, skew = matches in the node's domain + selfMatch -
// global minimum must not exceed maxSkew; a node without the key is unresolvable.
Status PodTopologySpread::filter(const CycleState& state, const Pod&, const NodeInfo& nodeInfo) const {
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preFilter) return missingState();
    const PreFilterState& s = *data->preFilter;
    if (s.empty()) return {};
    const Node& node = *nodeInfo.node();
    const bool honourMinDomains = m_handle.version.atLeast(27);
    const auto& cs = s.constraints();
    for (std::size_t i = 0; i < cs.size(); ++i) {
        const Sym value = node.labels.get(cs[i].topologyKey);
        if (value == kNoSym) return Status(Code::UnschedulableAndUnresolvable, m_reasonNodeLabelNotMatch);
        const std::int64_t minMatch = s.minMatchNum(i, honourMinDomains);
        const auto it = s.counts[i].find(value);
        const std::int64_t matchNum = it == s.counts[i].end() ? 0 : it->second;
        const std::int64_t skew = matchNum + s.shared->selfMatch[i] - minMatch;
        if (skew > cs[i].maxSkew) return Status(Code::Unschedulable, m_reasonConstraintsNotMatch);
    }
    return {};
}

}  // namespace berth::core
