#include "core/framework/plugins/tainttoleration/taint_toleration.h"

#include "core/framework/plugins/helper/normalize_score.h"

namespace berth::core {
namespace {

struct PreScoreState final : StateData {
    std::vector<Toleration> preferNoSchedule;  // tolerations with effect PreferNoSchedule or empty
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
};

}  // namespace

TaintToleration::TaintToleration(const PluginArgs&, Handle& h)
    : m_handle(h), m_genericReason(h.intern("node(s) had untolerated taint(s)")) {
    if (h.fastPaths) m_kept = std::make_unique<KeptNodeScores<ScoreKey>>();
}

Sym TaintToleration::reasonFor(const Taint& t) const {
    // 1.25-1.34 name the taint (one histogram line per taint); 1.35 collapses them (PR #134740).
    if (m_handle.version.atLeast(35)) return m_genericReason;
    auto key = std::make_pair(t.key, t.value);
    auto it = m_reasons.find(key);
    if (it != m_reasons.end()) return it->second;
    std::string text = "node(s) had untolerated taint {";
    text += m_handle.pool->str(t.key);
    text += ": ";
    text += m_handle.pool->str(t.value);
    text += "}";
    const Sym s = m_handle.internFromTask(text);
    // Several threads may be reading the map: it grows only when a node is filtered alone.
    if (!m_handle.deferInterning()) m_reasons.emplace(key, s);
    return s;
}

namespace {

/// FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc: the first NoSchedule or
/// NoExecute taint the tolerations do not tolerate (Filter's reason, the hint's test).
const Taint* untoleratedHardTaint(const Node& node, const std::vector<Toleration>& tolerations) {
    for (const Taint& t : node.taints)
        if ((t.effect == TaintEffect::NoSchedule || t.effect == TaintEffect::NoExecute) && !toleratesTaint(tolerations, t))
            return &t;
    return nullptr;
}

}  // namespace

Status TaintToleration::filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const {
    if (!nodeInfo.hasHardTaints()) return {};
    if (const Taint* t = untoleratedHardTaint(*nodeInfo.node(), pod.tolerations))
        return Status(Code::UnschedulableAndUnresolvable, reasonFor(*t));
    return {};
}

QueueingHint TaintToleration::queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const {
    // taint_toleration.go isSchedulableAfterNodeChange (v1.37.2): queue when the node went from
    // an untolerated hard taint (or did not exist) to none.
    if (event.resource != EventResource::Node || !objects.newNode) return QueueingHint::Queue;
    const bool wasUntolerated = !objects.oldNode || untoleratedHardTaint(*objects.oldNode, pod.tolerations);
    const bool isUntolerated = untoleratedHardTaint(*objects.newNode, pod.tolerations) != nullptr;
    return wasUntolerated && !isUntolerated ? QueueingHint::Queue : QueueingHint::Skip;
}

// Once per block of nodes, with filter() above called directly (FilterPlugin::filterNodes).
std::size_t TaintToleration::filterNodes(const CycleState& state, const Pod& pod,
                                         std::span<const NodeInfo* const> nodes, std::span<std::uint8_t> pass,
                                         std::span<Status> out) const {
    return filterEach(*this, state, pod, nodes, pass, out);
}

Status TaintToleration::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const>) {
    auto s = std::make_unique<PreScoreState>();
    for (const auto& tol : pod.tolerations)
        if (tol.effect == TaintEffect::None || tol.effect == TaintEffect::PreferNoSchedule)
            s->preferNoSchedule.push_back(tol);
    state.write(slot(), std::move(s));
    return {};
}

std::int64_t TaintToleration::intolerableTaints(const std::vector<Toleration>* tolerations, const NodeInfo& nodeInfo) {
    std::int64_t count = 0;
    for (const Taint& t : nodeInfo.node()->taints) {
        if (t.effect != TaintEffect::PreferNoSchedule) continue;
        if (!tolerations || !toleratesTaint(*tolerations, t)) ++count;
    }
    return count;
}

Status TaintToleration::score(const CycleState& state, const Pod&, const NodeInfo& nodeInfo,
                              std::int64_t& score) const {
    const auto* s = state.read<PreScoreState>(slot());
    score = intolerableTaints(s ? &s->preferNoSchedule : nullptr, nodeInfo);
    return {};
}

Status TaintToleration::scoreNodes(const CycleState& state, const Pod&, std::span<NodeInfo* const> all,
                                   std::span<const int> positions, std::span<NodeScore> out) const {
    const auto* s = state.read<PreScoreState>(slot());
    const ScoreKey key = s ? ScoreKey(s->preferNoSchedule) : std::nullopt;
    scoreNodesFor(m_kept.get(), key, *m_handle.snapshot, all, positions, out,
                  [&](const NodeInfo& info) { return intolerableTaints(key ? &*key : nullptr, info); });
    return {};
}

Status TaintToleration::normalizeScore(const CycleState&, const Pod&, std::span<NodeScore> scores) const {
    defaultNormalizeScore(kMaxNodeScore, true, scores);
    return {};
}

bool TaintToleration::scoresSameEverywhere(const CycleState&, const Pod&) const {
    return m_handle.snapshot && m_preferNoSchedule.count(*m_handle.snapshot) == 0;
}

void PreferNoScheduleNodes::set(std::size_t pos, const NodeInfo* info) {
    bool tainted = false;
    if (const Node* node = info ? info->node() : nullptr)
        for (const Taint& t : node->taints) tainted = tainted || t.effect == TaintEffect::PreferNoSchedule;
    m_count = m_count - m_tainted[pos] + (tainted ? 1 : 0);
    m_tainted[pos] = tainted ? 1 : 0;
}

std::size_t PreferNoScheduleNodes::count(const NodeInfoLister& snapshot) {
    const std::vector<NodeInfo*>& nodes = snapshot.nodes();
    if (m_valid && m_tainted.size() == nodes.size() &&
        snapshot.forEachChangedSince(m_listVersion, m_seq, [&](std::size_t pos) {
            if (pos < nodes.size()) set(pos, nodes[pos]);
        }))
        return m_count;
    // First use, a rebuilt node list, or a change log that no longer reaches back.
    m_valid = true;
    m_listVersion = snapshot.listVersion();
    m_seq = snapshot.changeLogEnd();
    m_tainted.assign(nodes.size(), 0);
    m_count = 0;
    for (std::size_t pos = 0; pos < nodes.size(); ++pos) set(pos, nodes[pos]);
    return m_count;
}

}  // namespace berth::core
