#pragma once
/// PodTopologySpread shared pieces (plugins/podtopologyspread/common.go): the constraint form
/// the plugin evaluates, the pod's own or default constraints with the default selector
/// (plugins/helper/spread.go DefaultSelector), node inclusion policies and pod counting.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/api/affinity.h"
#include "core/api/cluster.h"
#include "core/api/labels.h"
#include "core/api/pod.h"
#include "core/api/version.h"
#include "core/framework/listers.h"
#include "core/framework/node_info.h"
#include "core/framework/plugins/helper/kept_per_query.h"
#include "core/profile/config.h"

namespace berth::core::podtopologyspread {

inline constexpr std::int64_t kMaxInt32 = std::numeric_limits<std::int32_t>::max();

/// A label selector as the plugin evaluates it. `nothing` models a nil selector
/// (metav1.LabelSelectorAsSelector(nil) == labels.Nothing()).
struct SpreadSelector {
    bool nothing = true;
    LabelSelector selector;
    /// >= 1.27: a selector without requirements (`labelSelector: {}`, labels.Everything())
    /// counts no pod although it matches every pod (common.go countPodsMatchSelector returns 0
    /// when selector.Empty(), PR #116607). The incoming pod still matches it (selfMatch).
    bool countsNoPods = false;

    bool matches(const Labels& labels) const { return !nothing && selector.matches(labels); }
    bool sameAs(const SpreadSelector& o) const;
};

/// topologySpreadConstraint of common.go: defaults applied, selector parsed.
struct Constraint {
    std::int32_t maxSkew = 1;
    Sym topologyKey = kEmptySym;
    SpreadSelector selector;
    std::int32_t minDomains = 1;
    InclusionPolicy nodeAffinityPolicy = InclusionPolicy::Honor;
    InclusionPolicy nodeTaintsPolicy = InclusionPolicy::Ignore;
    bool hostname = false;  // topologyKey is kubernetes.io/hostname (per-node counting at Score)
    int selectorGroup = 0;  // first constraint with an equal selector: count pods once per node
};

struct Constraints {
    std::vector<Constraint> items;
    bool error = false;  // a selector failed to parse (LabelSelectorAsSelector error)
};

/// Builds the constraints a pod is evaluated against for one `action` (DoNotSchedule for
/// Filter, ScheduleAnyway for Score): its own when it has any, else the defaults with the
/// default selector. Everything version-dependent is decided here.
class ConstraintBuilder {
public:
    ConstraintBuilder(const PodTopologySpreadArgs& args, const KubeVersion& version, StringPool& pool);

    Constraints build(const Pod& pod, UnsatisfiableAction action, const Cluster* cluster) const;
    /// False only for system defaulting (PreScore's requireAllTopologies for default constraints).
    bool systemDefaulted() const { return m_systemDefaulted; }
    Sym hostnameKey() const { return m_hostnameKey; }

private:
    Constraints filter(const std::vector<TopologySpreadConstraint>& in, const Labels& podLabels,
                       UnsatisfiableAction action) const;
    SpreadSelector defaultSelector(const Pod& pod, const Cluster* cluster) const;

    std::vector<TopologySpreadConstraint> m_defaults;
    bool m_systemDefaulted = false;
    bool m_minDomains = false;         // MinDomainsInPodTopologySpread (>= 1.27)
    bool m_matchLabelKeys = false;     // MatchLabelKeysInPodTopologySpread (>= 1.27)
    bool m_emptyCountsNoPods = false;  // countPodsMatchSelector's selector.Empty() (>= 1.27)
    Sym m_hostnameKey = kEmptySym;
};

/// matchNodeInclusionPolicies, evaluated lazily once per node: the verdicts depend on the pod
/// and the node only, so every constraint of the node shares them.
class NodeInclusion {
public:
    NodeInclusion(const Pod& pod, const Node& node, const StringPool& pool) : m_pod(pod), m_node(node), m_pool(pool) {}
    bool passes(const Constraint& c);

private:
    const Pod& m_pod;
    const Node& m_node;
    const StringPool& m_pool;
    std::int8_t m_affinity = -1;
    std::int8_t m_taints = -1;
};

/// nodeLabelsMatchSpreadConstraints: the node carries every constraint's topology key.
bool nodeHasAllKeys(const Node& node, const std::vector<Constraint>& constraints);

/// countPodsMatchSelector: pods of `nodeInfo` in namespace `ns`, not terminating, matching.
std::int64_t countMatchingPods(const NodeInfo& nodeInfo, const SpreadSelector& selector, Sym ns);
/// The same over some of a node's pods.
std::int64_t countMatchingPods(std::span<const Pod* const> pods, const SpreadSelector& selector, Sym ns);

/// Counts matching pods on one node once per distinct selector (constraints with equal
/// selectors share a group). `cache` holds one slot per constraint, reset per node.
class NodeCounter {
public:
    explicit NodeCounter(std::size_t constraints) : m_cache(constraints, -1) {}
    /// For a new set of constraints (also resets).
    void resize(std::size_t constraints) { m_cache.assign(constraints, -1); }
    void reset() { std::fill(m_cache.begin(), m_cache.end(), -1); }
    std::int64_t count(const NodeInfo& nodeInfo, const Constraint& c, Sym ns) {
        auto& slot = m_cache[static_cast<std::size_t>(c.selectorGroup)];
        if (slot < 0) slot = countMatchingPods(nodeInfo, c.selector, ns);
        return slot;
    }

private:
    std::vector<std::int64_t> m_cache;
};

/// PreScore's matching-pod counts per topology value of the non-hostname constraints, summed
/// over all nodes, kept from one cycle to the next (issue 6). Upstream recounts every pod of
/// every node each cycle (scoring.go initPreScoreState / the processNode loop); the sums are
/// the same when each node's share is recounted only if the node changed, which its NodeInfo
/// generation says. Valid only while the query is the same: the namespace, the constraints,
/// requireAllTopologies and what node inclusion reads of the pod (its nodeSelector and
/// required node affinity, and its tolerations where a constraint honours taints).
class DomainCountCache {
public:
    using Totals = std::vector<std::unordered_map<Sym, std::int64_t>>;
    /// One node's share of one constraint: its topology value (kNoSym: the node is not
    /// counted for it) and its matching pods.
    struct Share {
        Sym value = kNoSym;
        std::uint32_t domain = 0;  // value's domain id (domainTotal()), when value is set
        std::int64_t count = 0;
    };
    /// domainAt() of a node without the constraint's topology key.
    static constexpr std::uint32_t kNoDomain = 0xFFFFFFFFu;

    /// `countHostname`: hostname constraints are counted per domain too (PreFilter). Without
    /// it (PreScore) they are left out of the totals and each node's raw count is kept for
    /// Score instead (hostCount()), which upstream recounts per node in every cycle.
    explicit DomainCountCache(bool countHostname) : m_countHostname(countHostname) {}

    /// Recounts the changed nodes and returns the totals per constraint (hostname ones empty).
    /// Only the nodes the snapshot updated since the last call are looked at, unless the
    /// query or the snapshot's node list changed.
    const Totals& update(const Pod& pod, const std::vector<Constraint>& cs, bool requireAllTopologies,
                         const NodeInfoLister& snapshot, const StringPool& pool);
    /// After update(): the share of the node at snapshot position `pos` of constraint `i`.
    const Share& share(std::size_t pos, std::size_t i) const { return m_shares[pos * m_constraints.size() + i]; }
    /// After update() without countHostname: countMatchingPods of the node at `pos` for the
    /// hostname constraint `i` (no inclusion policy applies to Score's per-node count).
    std::int64_t hostCount(std::size_t pos, std::size_t i) const {
        return m_hostCounts[pos * m_constraints.size() + i];
    }
    /// After update(): the node's value of constraint `i`'s topology key (kNoSym: no such
    /// label) for the node at `pos`, when that node is `info` itself; else nullopt.
    std::optional<Sym> value(const NodeInfo& info, std::size_t i) const {
        const int pos = info.snapshotPosition();
        if (pos < 0 || static_cast<std::size_t>(pos) >= m_nodes.size() ||
            m_nodes[static_cast<std::size_t>(pos)] != &info)
            return std::nullopt;
        return m_values[static_cast<std::size_t>(pos) * m_constraints.size() + i];
    }
    /// Whether the data kept for position `pos` is `info`'s (the same object: a copy of a
    /// NodeInfo is not). Then valueAt() and hostCount() may be read for that position.
    bool holds(std::size_t pos, const NodeInfo& info) const { return pos < m_nodes.size() && m_nodes[pos] == &info; }
    Sym valueAt(std::size_t pos, std::size_t i) const { return m_values[pos * m_constraints.size() + i]; }
    /// The node's topology value of constraint `i` as a small dense id (kNoDomain: no such
    /// label; hostname constraints only say present, 0, or not), and the matching pods summed
    /// over every node counted in that domain: the totals without a hash lookup.
    std::uint32_t domainAt(std::size_t pos, std::size_t i) const { return m_domainAt[pos * m_constraints.size() + i]; }
    std::int64_t domainTotal(std::size_t i, std::uint32_t domain) const { return m_domainTotals[i][domain]; }
    /// How many domain ids constraint `i` has handed out (domainAt() is below this).
    std::size_t domainCount(std::size_t i) const { return m_domainTotals[i].size(); }
    /// How many distinct domainAt() values (kNoDomain included) the kept nodes have for
    /// constraint `i`: the domains some node is in, plus one when a node lacks the label.
    std::size_t liveDomains(std::size_t i) const { return m_liveDomains[i]; }
    /// Changes with every update(): lets a reader check that hostCount() is still the
    /// update it was given.
    std::uint64_t stamp() const { return m_stamp; }
    /// Whether the counts are kept for this query (update() would not start afresh).
    bool sameQuery(const Pod& pod, const std::vector<Constraint>& cs, bool requireAll) const;

private:
    void recount(std::size_t pos, const NodeInfo* ni, const Pod& pod, const StringPool& pool);
    /// countMatchingPods of the node at `pos` for constraint `i`'s selector group, once per
    /// group and recount; from the count kept at the last recount plus the pods added since
    /// when `appendedFrom` (the kept pod list's length) says the node only gained pods.
    std::int64_t groupCount(std::size_t pos, const NodeInfo& ni, std::size_t i, Sym ns,
                            std::optional<std::size_t> appendedFrom);
    std::uint32_t domainOf(std::size_t i, Sym value);
    /// One kept node more (+1) or fewer (-1) in `domain` of constraint `i`.
    void countDomainNode(std::size_t i, std::uint32_t domain, int delta);

    bool m_countHostname;
    Sym m_ns = kNoSym;
    Labels m_nodeSelector;
    std::optional<NodeSelector> m_requiredNodeAffinity;
    std::vector<Toleration> m_tolerations;  // only where a constraint honours taints
    std::vector<Constraint> m_constraints;
    bool m_requireAll = false;
    bool m_valid = false;
    std::vector<const NodeInfo*> m_nodes;     // per snapshot position: whose share is stored
    std::vector<std::int64_t> m_generations;  // per position: that NodeInfo's generation
    std::vector<Share> m_shares;              // [position * constraints + constraint]
    std::vector<std::int64_t> m_hostCounts;   // same layout; hostname constraints, PreScore only
    std::vector<Sym> m_values;                // same layout; the node's topology values
    std::vector<std::uint32_t> m_domainAt;    // same layout; their domain ids
    std::vector<std::unordered_map<Sym, std::uint32_t>> m_domainIds;  // per constraint (not hostname)
    std::vector<std::vector<std::int64_t>> m_domainTotals;            // per constraint, by domain id
    // Per constraint: the kept nodes per domainAt() value (index domainCount(): kNoDomain), and
    // how many of those values have a node.
    std::vector<std::vector<std::uint32_t>> m_domainNodes;
    std::vector<std::size_t> m_liveDomains;
    Totals m_totals;
    // Per position: the pods the node had at its last recount (in order), and per selector
    // group ([position * constraints + group]) the matching pods among them, -1 when that
    // group was not counted. A node whose pods only grew since (the cache appends a pod it
    // adds, and a removal ends the common prefix) is counted from its new pods only (issue
    // 14: a capacity fit recounted 30 to 110 pods of each changed node every cycle). A pod on a
    // node is not changed in place: the cache removes it and adds it again, at the end.
    std::vector<std::vector<const Pod*>> m_seenPods;
    std::vector<std::int64_t> m_groupCounts;
    std::vector<std::int64_t> m_lastGroupCounts;  // recount's scratch: the node's previous ones
    std::uint64_t m_stamp = 0;
    std::uint64_t m_listVersion = 0;  // the snapshot list the positions refer to
    std::uint64_t m_changeSeq = 0;    // the snapshot change-log entry read up to
};

/// One DomainCountCache per query, several kept side by side (issue 19): pods of interleaved
/// workloads have different selectors, and each finds its own counts again with only the
/// nodes changed since its last cycle to recount, instead of recounting every pod of every node.
class KeptDomainCounts {
public:
    explicit KeptDomainCounts(bool countHostname) : m_countHostname(countHostname) {}
    /// The counts kept for the pod's query (update() then brings them up to date).
    DomainCountCache& forQuery(const Pod& pod, const std::vector<Constraint>& cs, bool requireAllTopologies) {
        return m_kept.find([&](const DomainCountCache& c) { return c.sameQuery(pod, cs, requireAllTopologies); },
                           [&] { return std::make_unique<DomainCountCache>(m_countHostname); });
    }

private:
    bool m_countHostname;
    KeptPerQuery<DomainCountCache> m_kept;
};

}  // namespace berth::core::podtopologyspread
