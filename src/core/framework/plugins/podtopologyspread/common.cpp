#include "core/framework/plugins/podtopologyspread/common.h"

#include <string_view>

#include "core/api/node_selector_match.h"
#include "core/api/taint.h"

namespace berth::core::podtopologyspread {
namespace {

// labels.Merge into a plain label set: later values win (helper/spread.go).
void mergeInto(std::vector<Label>& set, Sym key, Sym value) {
    for (auto& l : set)
        if (l.key == key) {
            l.value = value;
            return;
        }
    set.push_back(Label{key, value});
}

// A Workload's spec.selector as the plain map an RC has (matchLabels become single-value In).
void mergeMapSelector(std::vector<Label>& set, const std::optional<LabelSelector>& sel) {
    if (!sel) return;
    for (const auto& r : sel->requirements)
        if (r.op == SelectorOp::In && r.values.size() == 1) mergeInto(set, r.key, r.values.front());
}

const Workload* findOwner(const Cluster& cluster, WorkloadKind kind, Sym ns, std::string_view name) {
    for (const auto& w : cluster.workloads)
        if (w.kind == kind && w.ns == ns && w.name == name) return &w;
    return nullptr;
}

void assignGroups(std::vector<Constraint>& items) {
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i].selectorGroup = static_cast<int>(i);
        for (std::size_t j = 0; j < i; ++j)
            if (items[j].selector.sameAs(items[i].selector)) {
                items[i].selectorGroup = static_cast<int>(j);
                break;
            }
    }
}

}  // namespace

bool SpreadSelector::sameAs(const SpreadSelector& o) const {
    if (nothing || o.nothing) return nothing == o.nothing;
    return countsNoPods == o.countsNoPods && selector == o.selector;
}

ConstraintBuilder::ConstraintBuilder(const PodTopologySpreadArgs& args, const KubeVersion& version, StringPool& pool)
    : m_defaults(args.defaultConstraints),
      m_minDomains(version.atLeast(27)),
      m_matchLabelKeys(version.atLeast(27)),
      m_emptyCountsNoPods(version.atLeast(27)),
      m_hostnameKey(pool.intern("kubernetes.io/hostname")) {
    // plugin.go systemDefaultConstraints.
    if (args.defaultingType == SpreadDefaulting::System) {
        m_systemDefaulted = true;
        m_defaults.clear();
        TopologySpreadConstraint host;
        host.maxSkew = 3;
        host.topologyKey = m_hostnameKey;
        host.whenUnsatisfiable = UnsatisfiableAction::ScheduleAnyway;
        TopologySpreadConstraint zone;
        zone.maxSkew = 5;
        zone.topologyKey = pool.intern("topology.kubernetes.io/zone");
        zone.whenUnsatisfiable = UnsatisfiableAction::ScheduleAnyway;
        m_defaults = {host, zone};
    }
}

// common.go filterTopologySpreadConstraints.
Constraints ConstraintBuilder::filter(const std::vector<TopologySpreadConstraint>& in, const Labels& podLabels,
                                      UnsatisfiableAction action) const {
    Constraints out;
    for (const auto& c : in) {
        if (c.whenUnsatisfiable != action) continue;
        if (c.selector && c.selector->invalid) {
            out.error = true;
            out.items.clear();
            return out;
        }
        Constraint k;
        k.maxSkew = c.maxSkew;
        k.topologyKey = c.topologyKey;
        if (c.selector) {
            k.selector.nothing = false;
            k.selector.selector = *c.selector;
        }
        if (m_matchLabelKeys && !c.matchLabelKeys.empty()) {
            // mergeLabelSetWithSelector: `key In (pod's value)` for each key the pod has, plus
            // the selector's requirements — a nil selector has none, so the merged selector is
            // then only the pod's values (upstream quirk, kept).
            std::vector<LabelRequirement> merged;
            for (Sym key : c.matchLabelKeys) {
                const Sym v = podLabels.get(key);
                if (v != kNoSym) merged.push_back(LabelRequirement{key, SelectorOp::In, {v}});
            }
            if (!merged.empty()) {
                if (!k.selector.nothing)
                    merged.insert(merged.end(), k.selector.selector.requirements.begin(),
                                  k.selector.selector.requirements.end());
                k.selector.nothing = false;
                k.selector.selector.requirements = std::move(merged);
            }
        }
        // After the matchLabelKeys merge, as upstream counts with the merged selector.
        k.selector.countsNoPods =
            m_emptyCountsNoPods && !k.selector.nothing && k.selector.selector.requirements.empty();
        if (m_minDomains && c.minDomains) k.minDomains = *c.minDomains;
        if (c.nodeAffinityPolicy) k.nodeAffinityPolicy = *c.nodeAffinityPolicy;
        if (c.nodeTaintsPolicy) k.nodeTaintsPolicy = *c.nodeTaintsPolicy;
        k.hostname = c.topologyKey == m_hostnameKey;
        out.items.push_back(std::move(k));
    }
    assignGroups(out.items);
    return out;
}

// helper/spread.go DefaultSelector: the selectors of the Services in the pod's namespace that
// select it, merged, plus the selector of its controlling ReplicationController, ReplicaSet or
// StatefulSet when that object exists.
SpreadSelector ConstraintBuilder::defaultSelector(const Pod& pod, const Cluster* cluster) const {
    SpreadSelector out;
    if (!cluster) return out;
    std::vector<Label> set;
    for (const auto& svc : cluster->services) {
        if (svc.ns != pod.ns || !svc.selector) continue;  // a nil selector selects nothing
        if (!pod.labels.containsAll(*svc.selector)) continue;
        for (const auto& l : *svc.selector) mergeInto(set, l.key, l.value);
    }
    std::vector<LabelRequirement> extra;
    const OwnerReference* owner = controllerOf(pod);
    if (owner) {
        // The group/version must match too (rcKind is core/v1, rsKind and ssKind apps/v1). An
        // empty apiVersion is accepted: only Berth-generated pods lack one.
        const std::string_view api = owner->apiVersion;
        if (owner->kind == "ReplicationController" && (api == "v1" || api.empty())) {
            if (const Workload* w = findOwner(*cluster, WorkloadKind::ReplicationController, pod.ns, owner->name))
                mergeMapSelector(set, w->selector);
        } else if ((owner->kind == "ReplicaSet" || owner->kind == "StatefulSet") && (api == "apps/v1" || api.empty())) {
            const WorkloadKind kind =
                owner->kind == "ReplicaSet" ? WorkloadKind::ReplicaSet : WorkloadKind::StatefulSet;
            if (const Workload* w = findOwner(*cluster, kind, pod.ns, owner->name))
                if (w->selector && !w->selector->invalid) extra = w->selector->requirements;
        }
    }
    for (const auto& l : set) out.selector.requirements.push_back(LabelRequirement{l.key, SelectorOp::In, {l.value}});
    out.selector.requirements.insert(out.selector.requirements.end(), extra.begin(), extra.end());
    out.nothing = out.selector.requirements.empty();
    return out;
}

Constraints ConstraintBuilder::build(const Pod& pod, UnsatisfiableAction action, const Cluster* cluster) const {
    if (!pod.topologySpreadConstraints.empty()) return filter(pod.topologySpreadConstraints, pod.labels, action);
    // common.go buildDefaultConstraints.
    Constraints out = filter(m_defaults, pod.labels, action);
    if (out.error || out.items.empty()) return out;
    SpreadSelector selector = defaultSelector(pod, cluster);
    if (selector.nothing) {
        out.items.clear();
        return out;
    }
    for (auto& c : out.items) c.selector = selector;
    assignGroups(out.items);
    return out;
}

bool NodeInclusion::passes(const Constraint& c) {
    if (c.nodeAffinityPolicy == InclusionPolicy::Honor) {
        if (m_affinity < 0) m_affinity = podMatchesNodeSelectorAndAffinity(m_pod, m_node, m_pool) ? 1 : 0;
        if (!m_affinity) return false;
    }
    if (c.nodeTaintsPolicy == InclusionPolicy::Honor) {
        if (m_taints < 0) {
            // FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc.
            m_taints = 1;
            for (const auto& t : m_node.taints) {
                if (t.effect != TaintEffect::NoSchedule && t.effect != TaintEffect::NoExecute) continue;
                if (!toleratesTaint(m_pod.tolerations, t)) {
                    m_taints = 0;
                    break;
                }
            }
        }
        if (!m_taints) return false;
    }
    return true;
}

bool nodeHasAllKeys(const Node& node, const std::vector<Constraint>& constraints) {
    for (const auto& c : constraints)
        if (!node.labels.has(c.topologyKey)) return false;
    return true;
}

std::int64_t countMatchingPods(const NodeInfo& nodeInfo, const SpreadSelector& selector, Sym ns) {
    return countMatchingPods(nodeInfo.pods(), selector, ns);
}

std::int64_t countMatchingPods(std::span<const Pod* const> pods, const SpreadSelector& selector, Sym ns) {
    if (selector.nothing || selector.countsNoPods) return 0;
    std::int64_t n = 0;
    for (const Pod* p : pods) {
        // Terminating pods are not counted (issue #87621).
        if (p->terminating || p->ns != ns) continue;
        if (selector.selector.matches(p->labels)) ++n;
    }
    return n;
}

namespace {

bool honoursTaints(const std::vector<Constraint>& cs) {
    for (const auto& c : cs)
        if (c.nodeTaintsPolicy == InclusionPolicy::Honor) return true;
    return false;
}

}  // namespace

bool DomainCountCache::sameQuery(const Pod& pod, const std::vector<Constraint>& cs, bool requireAll) const {
    if (!m_valid || pod.ns != m_ns || requireAll != m_requireAll || cs.size() != m_constraints.size()) return false;
    for (std::size_t i = 0; i < cs.size(); ++i) {
        const Constraint& a = cs[i];
        const Constraint& b = m_constraints[i];
        if (a.topologyKey != b.topologyKey || a.hostname != b.hostname ||
            a.nodeAffinityPolicy != b.nodeAffinityPolicy || a.nodeTaintsPolicy != b.nodeTaintsPolicy ||
            !a.selector.sameAs(b.selector))
            return false;
    }
    // NodeInclusion's inputs from the pod.
    if (pod.nodeSelector != m_nodeSelector || pod.affinity.node.required != m_requiredNodeAffinity) return false;
    return !honoursTaints(cs) || pod.tolerations == m_tolerations;
}

const DomainCountCache::Totals& DomainCountCache::update(const Pod& pod, const std::vector<Constraint>& cs,
                                                         bool requireAllTopologies, const NodeInfoLister& snapshot,
                                                         const StringPool& pool) {
    const auto& nodes = snapshot.nodes();
    const std::size_t n = cs.size();
    ++m_stamp;
    bool rescan = false;
    if (!sameQuery(pod, cs, requireAllTopologies) || m_nodes.size() != nodes.size()) {
        m_ns = pod.ns;
        m_nodeSelector = pod.nodeSelector;
        m_requiredNodeAffinity = pod.affinity.node.required;
        m_tolerations = honoursTaints(cs) ? pod.tolerations : std::vector<Toleration>{};
        m_constraints = cs;
        m_requireAll = requireAllTopologies;
        m_valid = true;
        m_nodes.assign(nodes.size(), nullptr);
        m_generations.assign(nodes.size(), -1);
        m_shares.assign(nodes.size() * n, Share{});
        if (!m_countHostname) m_hostCounts.assign(nodes.size() * n, 0);
        m_values.assign(nodes.size() * n, kNoSym);
        m_domainAt.assign(nodes.size() * n, kNoDomain);
        m_domainIds.assign(n, {});
        m_domainTotals.assign(n, {});
        m_domainNodes.assign(n, {});
        m_liveDomains.assign(n, 0);
        m_totals.assign(n, {});
        m_seenPods.assign(nodes.size(), {});
        m_groupCounts.assign(nodes.size() * n, -1);
        rescan = true;
    }
    const auto visit = [&](std::size_t pos) {
        if (pos < nodes.size()) recount(pos, nodes[pos], pod, pool);
    };
    if (rescan || !snapshot.forEachChangedSince(m_listVersion, m_changeSeq, visit)) {
        for (std::size_t pos = 0; pos < nodes.size(); ++pos) recount(pos, nodes[pos], pod, pool);
        m_listVersion = snapshot.listVersion();
        m_changeSeq = snapshot.changeLogEnd();
    }
    return m_totals;
}

void DomainCountCache::recount(std::size_t pos, const NodeInfo* ni, const Pod& pod, const StringPool& pool) {
    if (m_nodes[pos] == ni && m_generations[pos] == ni->generation()) return;
    // The node only gained pods since its last recount: its kept pod list is a prefix of its
    // pods now (one memcmp of pointers, where matching costs a label lookup per pod).
    // An empty kept list: the node was not kept (see kKeptPods).
    std::optional<std::size_t> appendedFrom;
    if (m_nodes[pos] == ni && !m_seenPods[pos].empty()) {
        const std::vector<const Pod*>& seen = m_seenPods[pos];
        const auto pods = ni->pods();
        if (pods.size() >= seen.size() && std::equal(seen.begin(), seen.end(), pods.begin()))
            appendedFrom = seen.size();
    }
    const std::vector<Constraint>& cs = m_constraints;
    const std::size_t n = cs.size();
    Share* shares = &m_shares[pos * n];
    for (std::size_t i = 0; i < n; ++i) {
        if (shares[i].value != kNoSym) {
            m_totals[i][shares[i].value] -= shares[i].count;
            if (!cs[i].hostname) m_domainTotals[i][shares[i].domain] -= shares[i].count;
        }
        shares[i] = Share{};
    }
    const bool held = m_nodes[pos] != nullptr;
    m_nodes[pos] = ni;
    m_generations[pos] = ni->generation();
    for (std::size_t i = 0; i < n; ++i) {
        if (held) countDomainNode(i, m_domainAt[pos * n + i], -1);
        m_values[pos * n + i] = kNoSym;
        m_domainAt[pos * n + i] = kNoDomain;
    }
    const Node* const labelled = ni->node();
    for (std::size_t i = 0; i < n; ++i) {
        const Sym v = labelled ? labelled->labels.get(cs[i].topologyKey) : kNoSym;
        m_values[pos * n + i] = v;
        if (v != kNoSym) m_domainAt[pos * n + i] = cs[i].hostname ? 0 : domainOf(i, v);
        countDomainNode(i, m_domainAt[pos * n + i], +1);
    }
    // The group counts of the last recount, for groupCount(); this recount's start unset.
    std::int64_t* const groups = &m_groupCounts[pos * n];
    m_lastGroupCounts.assign(groups, groups + n);
    std::fill(groups, groups + n, -1);
    // A node with few pods is counted whole: cheaper than keeping a copy of its list (the
    // interleaved 1,000-node shape, 2 pods a node, paid 1 % more with every node kept).
    constexpr std::size_t kKeptPods = 8;
    if (ni->podCount() >= kKeptPods)
        m_seenPods[pos].assign(ni->pods().begin(), ni->pods().end());
    else
        m_seenPods[pos].clear();
    if (!labelled) return;
    const Node& node = *labelled;
    if (!m_countHostname)
        for (std::size_t i = 0; i < n; ++i)
            if (cs[i].hostname) m_hostCounts[pos * n + i] = groupCount(pos, *ni, i, pod.ns, appendedFrom);
    if (m_requireAll && !nodeHasAllKeys(node, cs)) return;
    NodeInclusion inclusion(pod, node, pool);
    for (std::size_t i = 0; i < n; ++i) {
        if ((cs[i].hostname && !m_countHostname) || !inclusion.passes(cs[i])) continue;
        // A node without the key counts under the empty value (Go's map lookup).
        const Sym v = node.labels.get(cs[i].topologyKey);
        shares[i].value = v == kNoSym ? kEmptySym : v;
        shares[i].count = groupCount(pos, *ni, i, pod.ns, appendedFrom);
        m_totals[i][shares[i].value] += shares[i].count;
        if (!cs[i].hostname) {
            shares[i].domain = domainOf(i, shares[i].value);
            m_domainTotals[i][shares[i].domain] += shares[i].count;
        }
    }
}

std::int64_t DomainCountCache::groupCount(std::size_t pos, const NodeInfo& ni, std::size_t i, Sym ns,
                                          std::optional<std::size_t> appendedFrom) {
    const Constraint& c = m_constraints[i];
    const auto g = static_cast<std::size_t>(c.selectorGroup);
    std::int64_t& slot = m_groupCounts[pos * m_constraints.size() + g];
    if (slot >= 0) return slot;
    const std::int64_t last = m_lastGroupCounts[g];
    if (appendedFrom && last >= 0)
        slot = last + countMatchingPods(ni.pods().subspan(*appendedFrom), c.selector, ns);
    else
        slot = countMatchingPods(ni, c.selector, ns);
    return slot;
}

void DomainCountCache::countDomainNode(std::size_t i, std::uint32_t domain, int delta) {
    if (m_constraints[i].hostname) return;  // one domain per node: not needed
    std::vector<std::uint32_t>& nodes = m_domainNodes[i];
    // Domain ids grow as values appear; the kNoDomain slot stays the last one.
    if (nodes.size() < m_domainTotals[i].size() + 1) {
        const std::uint32_t none = nodes.empty() ? 0 : nodes.back();
        if (!nodes.empty()) nodes.back() = 0;
        nodes.resize(m_domainTotals[i].size() + 1, 0);
        nodes.back() = none;
    }
    std::uint32_t& count = nodes[domain == kNoDomain ? nodes.size() - 1 : domain];
    if (delta > 0 && count++ == 0) ++m_liveDomains[i];
    if (delta < 0 && --count == 0) --m_liveDomains[i];
}

std::uint32_t DomainCountCache::domainOf(std::size_t i, Sym value) {
    const auto [it, inserted] = m_domainIds[i].try_emplace(value, static_cast<std::uint32_t>(m_domainTotals[i].size()));
    if (inserted) m_domainTotals[i].push_back(0);
    return it->second;
}

}  // namespace berth::core::podtopologyspread
