// InterPodAffinity PreFilter, its AddPod/RemovePod extensions and Filter
// (pkg/scheduler/framework/plugins/interpodaffinity/filtering.go).
#include "core/framework/plugins/interpodaffinity/filtering.h"

#include <algorithm>

#include "core/framework/listers.h"
#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"

namespace berth::core {
namespace interpodaffinity {

void PreFilterState::update(TopologyCounts& m, Sym key, Sym value, std::int64_t delta) {
    const auto it = m.try_emplace(topologyPair(key, value), 0).first;
    it->second += delta;
    if (it->second == 0) m.erase(it);  // delta may be negative (RemovePod)
}

void PreFilterState::updateExisting(Sym key, Sym value, std::int64_t delta) {
    update(existingAntiAffinity, key, value, delta);
    if (std::find(existingKeys.begin(), existingKeys.end(), key) == existingKeys.end()) existingKeys.push_back(key);
}

namespace {

// podMatchesAllAffinityTerms: false for an empty term list.
bool matchesAll(const std::vector<IncomingTerm>& terms, const Pod& q) {
    if (terms.empty()) return false;
    for (const auto& t : terms)
        if (!t.matches(q)) return false;
    return true;
}

}  // namespace

bool ExistingCountCache::sameQuery(const Pod& pod, const PreFilterShared& sh, bool labelKeys) const {
    return m_valid && pod.ns == m_ns && labelKeys == m_labelKeys && pod.labels == m_labels &&
           sh.namespaceLabels == m_namespaceLabels && sh.affinity == m_affinity && sh.antiAffinity == m_antiAffinity;
}

void ExistingCountCache::add(const Share& s, std::int64_t delta) {
    TopologyCounts& m = m_totals[s.map];
    const auto it = m.try_emplace(s.pair, 0).first;
    it->second += delta;
    if (it->second == 0) m.erase(it);
}

void ExistingCountCache::recount(std::size_t pos, const NodeInfo* ni, const Pod& pod, const PreFilterShared& sh) {
    if (m_nodes[pos] == ni && m_generations[pos] == ni->generation()) return;
    const bool labelKeys = m_labelKeys;
    const auto& aff = sh.affinity;
    const auto& anti = sh.antiAffinity;
    auto& shares = m_shares[pos];
    for (const Share& s : shares) add(s, -1);
    shares.clear();
    m_nodes[pos] = ni;
    m_generations[pos] = ni->generation();
    const Node& node = *ni->node();
    // The same matches as the full walk in InterPodAffinity::preFilter, for one node.
    for (const Pod* existing : ni->podsWithRequiredAntiAffinity()) {
        const auto& terms = existing->affinity.podAntiAffinity.required;
        if (!termsParse(terms)) continue;
        for (const auto& t : terms) {
            if (!existingTermMatches(t, *existing, pod, sh.namespaceLabels, labelKeys)) continue;
            if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym)
                shares.push_back(Share{0, topologyPair(t.topologyKey, v)});
        }
    }
    if (!aff.empty() || !anti.empty())
        for (const Pod* existing : ni->pods()) {
            if (matchesAll(aff, *existing))
                for (const auto& t : aff)
                    if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym)
                        shares.push_back(Share{1, topologyPair(t.topologyKey, v)});
            for (const auto& t : anti)
                if (t.matches(*existing))
                    if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym)
                        shares.push_back(Share{2, topologyPair(t.topologyKey, v)});
        }
    for (const Share& s : shares) add(s, 1);
}

void ExistingCountCache::update(const Pod& pod, const PreFilterShared& sh, bool labelKeys,
                                const NodeInfoLister& snapshot, PreFilterState& out) {
    const auto& nodes = snapshot.nodes();
    bool rescan = false;
    if (!sameQuery(pod, sh, labelKeys) || m_nodes.size() != nodes.size()) {
        m_valid = true;
        m_ns = pod.ns;
        m_labels = pod.labels;
        m_namespaceLabels = sh.namespaceLabels;
        m_affinity = sh.affinity;
        m_antiAffinity = sh.antiAffinity;
        m_labelKeys = labelKeys;
        m_nodes.assign(nodes.size(), nullptr);
        m_generations.assign(nodes.size(), -1);
        m_shares.assign(nodes.size(), {});
        for (auto& m : m_totals) m.clear();
        rescan = true;
    }
    const auto visit = [&](std::size_t pos) {
        if (pos < nodes.size()) recount(pos, nodes[pos], pod, sh);
    };
    if (rescan || !snapshot.forEachChangedSince(m_listVersion, m_changeSeq, visit)) {
        for (std::size_t pos = 0; pos < nodes.size(); ++pos) recount(pos, nodes[pos], pod, sh);
        m_listVersion = snapshot.listVersion();
        m_changeSeq = snapshot.changeLogEnd();
    }
    out.existingAntiAffinity = m_totals[0];
    out.affinity = m_totals[1];
    out.antiAffinity = m_totals[2];
    // Filter only asks whether some key has a count: the order of the keys does not matter.
    out.existingKeys.clear();
    for (const auto& [pair, count] : m_totals[0]) {
        const auto key = static_cast<Sym>(pair >> 32);
        if (std::find(out.existingKeys.begin(), out.existingKeys.end(), key) == out.existingKeys.end())
            out.existingKeys.push_back(key);
    }
}

}  // namespace interpodaffinity

using namespace interpodaffinity;

namespace {

Status missingState() {
    return Status::error("error reading \"PreFilterInterPodAffinity\" from cycleState: not found");
}

bool podParses(const Pod& pod) {
    const Affinity& a = pod.affinity;
    return termsParse(a.podAffinity.required) && termsParse(a.podAntiAffinity.required) &&
           termsParse(a.podAffinity.preferred) && termsParse(a.podAntiAffinity.preferred);
}

}  // namespace

Status InterPodAffinity::preFilter(CycleState& state, const Pod& pod, PreFilterResult&) {
    if (!podParses(pod)) return Status(Code::UnschedulableAndUnresolvable, m_reasonParse);
    const bool lk = labelKeys();
    const TermResolver resolver(m_handle.cluster, lk);
    auto shared = std::make_shared<PreFilterShared>();
    shared->affinity = resolver.resolve(pod, pod.affinity.podAffinity.required);
    shared->antiAffinity = resolver.resolve(pod, pod.affinity.podAntiAffinity.required);
    shared->namespaceLabels = namespaceLabels(m_handle.cluster, pod.ns);
    shared->matchesOwnAffinity = matchesAll(shared->affinity, pod);

    PreFilterState s;
    const auto& aff = shared->affinity;
    const auto& anti = shared->antiAffinity;
    // The kept counts pay only where there is something to count: with no terms on either
    // side the full walk below visits nothing.
    const bool anyTerms =
        !aff.empty() || !anti.empty() || !m_handle.snapshot->havePodsWithRequiredAntiAffinity().empty();
    if (m_existingCounts && anyTerms) {
        m_existingCounts
            ->find([&](const ExistingCountCache& c) { return c.sameQuery(pod, *shared, lk); },
                   [] { return std::make_unique<ExistingCountCache>(); })
            .update(pod, *shared, lk, *m_handle.snapshot, s);
    } else {
        // getExistingAntiAffinityCounts: existing pods' required anti-affinity terms that
        // match the incoming pod, counted at the existing pod's node's value of the term's key.
        for (const NodeInfo* ni : m_handle.snapshot->havePodsWithRequiredAntiAffinity()) {
            const Node& node = *ni->node();
            for (const Pod* existing : ni->podsWithRequiredAntiAffinity()) {
                const auto& terms = existing->affinity.podAntiAffinity.required;
                if (!termsParse(terms)) continue;
                for (const auto& t : terms) {
                    if (!existingTermMatches(t, *existing, pod, shared->namespaceLabels, lk)) continue;
                    const Sym value = node.labels.get(t.topologyKey);
                    if (value != kNoSym) s.updateExisting(t.topologyKey, value, 1);
                }
            }
        }
        // getIncomingAffinityAntiAffinityCounts: existing pods matching all the incoming pod's
        // affinity terms (counted once per term), and matching each of its anti-affinity terms.
        if (!aff.empty() || !anti.empty()) {
            for (const NodeInfo* ni : m_handle.snapshot->nodes()) {
                const Node& node = *ni->node();
                for (const Pod* existing : ni->pods()) {
                    if (matchesAll(aff, *existing))
                        for (const auto& t : aff)
                            if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym)
                                PreFilterState::update(s.affinity, t.topologyKey, v, 1);
                    for (const auto& t : anti)
                        if (t.matches(*existing))
                            if (const Sym v = node.labels.get(t.topologyKey); v != kNoSym)
                                PreFilterState::update(s.antiAffinity, t.topologyKey, v, 1);
                }
            }
        }
    }

    // >= 1.27: nothing to check. v1.26 keeps the (empty) state and Filter passes every node.
    if (m_handle.version.atLeast(27) && s.existingAntiAffinity.empty() && aff.empty() && anti.empty())
        return Status(Code::Skip);

    s.shared = std::move(shared);
    auto data = std::make_unique<CycleData>();
    data->preFilter = std::move(s);
    state.write(slot(), std::move(data));
    return {};
}

Status InterPodAffinity::addPod(CycleState& state, const Pod& podToSchedule, const Pod& podToAdd,
                                const NodeInfo& nodeInfo) const {
    auto* data = state.read<CycleData>(slot());
    if (!data || !data->preFilter) return missingState();
    updateWithPod(*data->preFilter, podToAdd, podToSchedule, nodeInfo.node(), 1);
    return {};
}

Status InterPodAffinity::removePod(CycleState& state, const Pod& podToSchedule, const Pod& podToRemove,
                                   const NodeInfo& nodeInfo) const {
    auto* data = state.read<CycleData>(slot());
    if (!data || !data->preFilter) return missingState();
    updateWithPod(*data->preFilter, podToRemove, podToSchedule, nodeInfo.node(), -1);
    return {};
}

// preFilterState.updateWithPod: the same three counts for one pod added to / removed from a
// node (nominated pods, preemption victims). No namespace or terminating filter here.
void InterPodAffinity::updateWithPod(PreFilterState& s, const Pod& updatedPod, const Pod& incoming, const Node* node,
                                     std::int64_t delta) const {
    if (!node || !s.shared) return;
    const PreFilterShared& sh = *s.shared;
    const auto& terms = updatedPod.affinity.podAntiAffinity.required;
    if (termsParse(terms))
        for (const auto& t : terms)
            if (existingTermMatches(t, updatedPod, incoming, sh.namespaceLabels, labelKeys()))
                if (const Sym v = node->labels.get(t.topologyKey); v != kNoSym)
                    s.updateExisting(t.topologyKey, v, delta);
    if (matchesAll(sh.affinity, updatedPod))
        for (const auto& t : sh.affinity)
            if (const Sym v = node->labels.get(t.topologyKey); v != kNoSym)
                PreFilterState::update(s.affinity, t.topologyKey, v, delta);
    for (const auto& t : sh.antiAffinity)
        if (t.matches(updatedPod))
            if (const Sym v = node->labels.get(t.topologyKey); v != kNoSym)
                PreFilterState::update(s.antiAffinity, t.topologyKey, v, delta);
}

Status InterPodAffinity::filter(const CycleState& state, const Pod&, const NodeInfo& nodeInfo) const {
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preFilter) return missingState();
    const PreFilterState& s = *data->preFilter;
    const PreFilterShared& sh = *s.shared;
    const Node& node = *nodeInfo.node();

    // satisfyPodAffinity: every term's key on the node and a matching pod in that domain —
    // unless no pod anywhere matches and the pod matches its own terms (the first pod of a
    // self-affine group).
    bool podsExist = true;
    for (const auto& t : sh.affinity) {
        const Sym v = node.labels.get(t.topologyKey);
        if (v == kNoSym) return Status(Code::UnschedulableAndUnresolvable, m_reasonAffinity);
        if (PreFilterState::count(s.affinity, t.topologyKey, v) <= 0) podsExist = false;
    }
    if (!podsExist && !(s.affinity.empty() && sh.matchesOwnAffinity))
        return Status(Code::UnschedulableAndUnresolvable, m_reasonAffinity);

    // satisfyPodAntiAffinity.
    if (!s.antiAffinity.empty())
        for (const auto& t : sh.antiAffinity) {
            const Sym v = node.labels.get(t.topologyKey);
            if (v != kNoSym && PreFilterState::count(s.antiAffinity, t.topologyKey, v) > 0)
                return Status(Code::Unschedulable, m_reasonAntiAffinity);
        }

    // satisfyExistingPodsAntiAffinity: upstream walks the node's labels; walking the keys that
    // occur in the counts finds the same pairs.
    if (!s.existingAntiAffinity.empty())
        for (Sym key : s.existingKeys) {
            const Sym v = node.labels.get(key);
            if (v != kNoSym && PreFilterState::count(s.existingAntiAffinity, key, v) > 0)
                return Status(Code::Unschedulable, m_reasonExistingAntiAffinity);
        }
    return {};
}

}  // namespace berth::core
