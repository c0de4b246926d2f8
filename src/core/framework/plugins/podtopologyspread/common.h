#pragma once
/// PodTopologySpread shared pieces (plugins/podtopologyspread/common.go): the constraint form
/// the plugin evaluates, the pod's own or default constraints with the default selector
/// (plugins/helper/spread.go DefaultSelector), node inclusion policies and pod counting.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "core/api/affinity.h"
#include "core/api/cluster.h"
#include "core/api/labels.h"
#include "core/api/pod.h"
#include "core/api/version.h"
#include "core/framework/node_info.h"
#include "core/profile/config.h"

namespace berth::core::podtopologyspread {

inline constexpr std::int64_t kMaxInt32 = std::numeric_limits<std::int32_t>::max();

/// A label selector as the plugin evaluates it. `nothing` models a nil selector
/// (metav1.LabelSelectorAsSelector(nil) == labels.Nothing()).
struct SpreadSelector {
    bool nothing = true;
    LabelSelector selector;

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
    bool m_minDomains = false;      // MinDomainsInPodTopologySpread (>= 1.27)
    bool m_matchLabelKeys = false;  // MatchLabelKeysInPodTopologySpread (>= 1.27)
    Sym m_hostnameKey = kEmptySym;
};

/// matchNodeInclusionPolicies, evaluated lazily once per node: the verdicts depend on the pod
/// and the node only, so every constraint of the node shares them.
class NodeInclusion {
public:
    NodeInclusion(const Pod& pod, const Node& node, const StringPool& pool)
        : m_pod(pod), m_node(node), m_pool(pool) {}
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

/// Counts matching pods on one node once per distinct selector (constraints with equal
/// selectors share a group). `cache` holds one slot per constraint, reset per node.
class NodeCounter {
public:
    explicit NodeCounter(std::size_t constraints) : m_cache(constraints, -1) {}
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
/// generation says. Valid only while the query is the same: the namespace, the constraints and
/// requireAllTopologies, for a pod whose node inclusion depends on the node alone.
class DomainCountCache {
public:
    using Totals = std::vector<std::unordered_map<Sym, std::int64_t>>;
    /// One node's share of one constraint: its topology value (kNoSym: the node is not
    /// counted for it) and its matching pods.
    struct Share {
        Sym value = kNoSym;
        std::int64_t count = 0;
    };

    /// `countHostname`: hostname constraints are counted per domain too (PreFilter); PreScore
    /// counts them per node at Score instead.
    explicit DomainCountCache(bool countHostname) : m_countHostname(countHostname) {}

    /// True when node inclusion for `pod` depends on the node only (no nodeSelector, no
    /// required node affinity, and no tolerations where a constraint honours taints).
    static bool usable(const Pod& pod, const std::vector<Constraint>& cs);
    /// Recounts the changed nodes and returns the totals per constraint (hostname ones empty).
    const Totals& update(const Pod& pod, const std::vector<Constraint>& cs, bool requireAllTopologies,
                         const std::vector<NodeInfo*>& nodes, const StringPool& pool);
    /// After update(): the share of the node at snapshot position `pos` of constraint `i`.
    const Share& share(std::size_t pos, std::size_t i) const { return m_shares[pos * m_constraints.size() + i]; }

private:
    bool sameQuery(Sym ns, const std::vector<Constraint>& cs, bool requireAll) const;

    bool m_countHostname;
    Sym m_ns = kNoSym;
    std::vector<Constraint> m_constraints;
    bool m_requireAll = false;
    bool m_valid = false;
    std::vector<const NodeInfo*> m_nodes;     // per snapshot position: whose share is stored
    std::vector<std::int64_t> m_generations;  // per position: that NodeInfo's generation
    std::vector<Share> m_shares;              // [position * constraints + constraint]
    Totals m_totals;
};

}  // namespace berth::core::podtopologyspread
