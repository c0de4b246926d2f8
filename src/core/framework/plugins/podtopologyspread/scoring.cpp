// PodTopologySpread PreScore, Score and NormalizeScore
// (pkg/scheduler/framework/plugins/podtopologyspread/scoring.go).
#include "core/framework/plugins/podtopologyspread/scoring.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "core/framework/listers.h"
#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"

namespace berth::core {
namespace podtopologyspread {

// Natural log of (number of topology values + 2): smaller topologies weigh less.
double topologyNormalizingWeight(std::int64_t size) { return std::log(static_cast<double>(size + 2)); }

}  // namespace podtopologyspread

using namespace podtopologyspread;

namespace {

Status missingState() { return Status::error("reading \"PreScorePodTopologySpread\" from cycleState: not found"); }

// A node without the key counts under the empty value (Go's map lookup of a missing label).
Sym valueOrEmpty(const Node& node, Sym key) {
    const Sym v = node.labels.get(key);
    return v == kNoSym ? kEmptySym : v;
}

/// The kept domain ids (DomainCountCache::domainAt) a PreScore pass over the filtered nodes
/// has looked at, per spread constraint (hostname ones are counted per node at Score). Most
/// nodes share their zone with an earlier one and are passed over without a value lookup:
/// a domain id stands for one value, so the value would not be new. Once every domain some
/// kept node is in has been seen, no later node can add a value.
class SeenDomains {
public:
    SeenDomains(const std::vector<Constraint>& cs, const DomainCountCache* kept) : m_kept(kept) {
        if (!kept) return;
        m_seen.resize(cs.size());
        for (std::size_t i = 0; i < cs.size(); ++i) {
            if (cs[i].hostname) continue;
            m_seen[i].assign(kept->domainCount(i) + 1, 0);  // the last slot: no such label
            m_open += kept->liveDomains(i);
        }
    }
    /// Whether the node at kept position `pos` shows constraint `i` a domain not seen yet.
    bool firstTime(std::size_t pos, std::size_t i) {
        const std::uint32_t d = m_kept->domainAt(pos, i);
        std::vector<std::uint8_t>& seen = m_seen[i];
        std::uint8_t& flag = seen[d == DomainCountCache::kNoDomain ? seen.size() - 1 : d];
        if (flag) return false;
        flag = 1;
        --m_open;
        return true;
    }
    /// Every domain of every kept node seen (the kept counts hold every node of the snapshot).
    bool complete() const { return m_kept && m_open == 0; }

    /// The pass below for the system defaults (hostname, then zone at index 1) without
    /// requireAllTopologies: the same visits, in the same order, with the same stop, but only
    /// the zone read per node (a capacity fit's window often lacks a zone, and then the pass
    /// never stops early). `add(raw value)` is called where the general pass adds a value.
    /// A NodeInfo's position is its one field read here, so the pass waits on a cache miss
    /// per node (the window of a 5,000-node fit is 500 nodes, spread over the heap): each
    /// NodeInfo is asked for kPrefetch nodes ahead, as the filter scan does.
    template <class Add>
    void visitZonesOfDefaults(std::span<NodeInfo* const> filteredNodes, Sym zoneKey, Add&& add) {
        constexpr std::size_t kPrefetch = 8;
        for (std::size_t k = 0; k < std::min(kPrefetch, filteredNodes.size()); ++k)
            prefetchNodeData(*filteredNodes[k]);
        for (std::size_t k = 0; k < filteredNodes.size(); ++k) {
            if (complete()) return;
            if (k + kPrefetch < filteredNodes.size()) prefetchNodeData(*filteredNodes[k + kPrefetch]);
            const NodeInfo* ni = filteredNodes[k];
            const int pos = ni->snapshotPosition();
            if (pos >= 0 && m_kept->holds(static_cast<std::size_t>(pos), *ni)) {
                const auto p = static_cast<std::size_t>(pos);
                if (firstTime(p, 1)) add(m_kept->valueAt(p, 1));
            } else {
                add(ni->node()->labels.get(zoneKey));
            }
        }
    }

private:
    const DomainCountCache* m_kept;
    std::vector<std::vector<std::uint8_t>> m_seen;
    std::size_t m_open = 0;
};

/// scoreNodes' (zone row, host count) -> score pairs of one pass, for counts beyond its memo:
/// direct-mapped, a pair in a taken slot replaces it. Out of line, so that the loop over every
/// node keeps its registers for the memoized case (inline, it cost the interleaved shape 5
/// instructions a node).
struct PairCache {
    struct Pair {
        std::uint64_t key = 0;  // (zone row << 32 | count) + 1; 0: empty
        std::int64_t score = 0;
    };
    std::array<Pair, 64> slots{};
    Pair* last = nullptr;  // the slot of the last find

    /// Null when the pair is kept (its score in `last`); else its slot, to be given the score.
    [[gnu::noinline]] Pair* find(std::size_t zoneRow, std::int64_t hostCount) {
        const std::uint64_t key = (std::uint64_t{zoneRow} << 32 | static_cast<std::uint64_t>(hostCount)) + 1;
        last = &slots[(static_cast<std::size_t>(hostCount) + zoneRow * 17) % slots.size()];
        if (last->key == key) return nullptr;
        last->key = key;
        return last;
    }
};

}  // namespace

Status PodTopologySpread::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> filteredNodes) {
    const auto& allNodes = m_handle.snapshot->nodes();
    const bool skipAllowed = m_handle.version.atLeast(28);
    if (allNodes.empty()) return skipAllowed ? Status(Code::Skip) : Status{};
    if (filteredNodes.empty() && !skipAllowed) return {};  // v1.26: nothing to score, no state

    // Only non-system-default constraints require every topology key on a node, so nodes
    // without a zone label still get hostname spreading under the system defaults.
    const bool requireAllTopologies = !pod.topologySpreadConstraints.empty() || !m_builder.systemDefaulted();
    Constraints built = m_builder.build(pod, UnsatisfiableAction::ScheduleAnyway, m_handle.cluster);
    if (built.error)
        return Status::error(
            "calculating preScoreState: obtaining pod's soft topology spread constraints: invalid label selector");

    auto s = std::make_shared<PreScoreState>();
    if (built.items.empty()) {
        // >= 1.28 Skip; v1.26 scores every node 0 and normalizes them all to 100.
        if (skipAllowed) return Status(Code::Skip);
    } else {
        s->constraints = std::move(built.items);
        // The counts kept between cycles, where they apply: they also hold every node's
        // topology values, which spares a label lookup per filtered node here and at Score.
        const DomainCountCache* kept = nullptr;
        const DomainCountCache::Totals* keptTotals = nullptr;
        if (m_preScoreCounts) {
            DomainCountCache& forQuery = m_preScoreCounts->forQuery(pod, s->constraints, requireAllTopologies);
            keptTotals =
                &forQuery.update(pod, s->constraints, requireAllTopologies, *m_handle.snapshot, *m_handle.pool);
            kept = &forQuery;
            s->hostCounts = kept;
            s->hostCountsStamp = kept->stamp();
        }
        initPreScoreState(*s, filteredNodes, allNodes, requireAllTopologies, kept);
        countPodsPerTopologyValue(*s, pod, allNodes, requireAllTopologies, keptTotals);
    }

    auto* data = state.read<CycleData>(slot());
    if (!data) {
        auto fresh = std::make_unique<CycleData>();
        data = fresh.get();
        state.write(slot(), std::move(fresh));
    }
    data->preScore = std::move(s);
    return {};
}

void PodTopologySpread::initPreScoreState(PreScoreState& s, std::span<NodeInfo* const> filteredNodes,
                                          const std::vector<NodeInfo*>& allNodes, bool requireAllTopologies,
                                          const DomainCountCache* kept) {
    const auto& cs = s.constraints;
    const std::size_t n = cs.size();
    // `pos`: the node's position when the kept counts hold it, else -1.
    const auto valueOf = [&](const NodeInfo& ni, int pos, std::size_t i) {
        if (pos >= 0) return kept->valueAt(static_cast<std::size_t>(pos), i);
        return ni.node()->labels.get(cs[i].topologyKey);
    };
    const auto hasAllKeys = [&](const NodeInfo& ni, int pos) {
        for (std::size_t i = 0; i < n; ++i)
            if (valueOf(ni, pos, i) == kNoSym) return false;
        return true;
    };

    s.counts.resize(n);
    std::vector<std::int64_t> topoSize(n, 0);
    std::int64_t ignoredCount = 0;
    if (m_stamp > std::numeric_limits<std::uint32_t>::max() - n - 1) {
        m_stamp = 0;
        std::fill(m_seenStamp.begin(), m_seenStamp.end(), 0);
    }
    const std::uint32_t firstStamp = m_stamp + 1;
    m_stamp += static_cast<std::uint32_t>(n);
    const auto firstSeen = [&](Sym value, std::size_t i) {
        if (value >= m_seenStamp.size()) m_seenStamp.resize(std::max<std::size_t>(value + 1, m_handle.pool->size()), 0);
        const std::uint32_t stamp = firstStamp + static_cast<std::uint32_t>(i);
        if (m_seenStamp[value] == stamp) return false;
        m_seenStamp[value] = stamp;
        return true;
    };
    // Quirk (v1.26 .. newest): without requireAllTopologies a node lacking the key creates the
    // value "" and so adds one to the topology size.
    const auto addValue = [&](Sym raw, std::size_t i) {
        const Sym value = raw == kNoSym ? kEmptySym : raw;
        if (firstSeen(value, i)) {
            s.counts[i].emplace(value, 0);
            ++topoSize[i];
        }
    };
    SeenDomains seen(cs, kept);
    const bool defaults = kept && !requireAllTopologies && n == 2 && cs[0].hostname && !cs[1].hostname;
    if (defaults) seen.visitZonesOfDefaults(filteredNodes, cs[1].topologyKey, [&](Sym raw) { addValue(raw, 1); });
    for (const NodeInfo* ni : defaults ? std::span<NodeInfo* const>() : filteredNodes) {
        // Without requireAllTopologies no node is ignored, so the rest add nothing.
        if (!requireAllTopologies && seen.complete()) break;
        const Node& node = *ni->node();
        int pos = kept ? ni->snapshotPosition() : -1;
        if (pos >= 0 && !kept->holds(static_cast<std::size_t>(pos), *ni)) pos = -1;
        if (requireAllTopologies && !hasAllKeys(*ni, pos)) {
            if (s.ignored.empty()) {
                std::uint32_t maxId = 0;
                for (const NodeInfo* a : allNodes) maxId = std::max(maxId, a->node()->id);
                for (const NodeInfo* f : filteredNodes) maxId = std::max(maxId, f->node()->id);
                s.ignored.assign(static_cast<std::size_t>(maxId) + 1, 0);
            }
            if (!s.ignored[node.id]) ++ignoredCount;
            s.ignored[node.id] = 1;
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (cs[i].hostname) continue;  // counted per node at Score
            if (pos >= 0 && !seen.firstTime(static_cast<std::size_t>(pos), i)) continue;
            addValue(valueOf(*ni, pos, i), i);
        }
    }
    s.weights.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t size =
            cs[i].hostname ? static_cast<std::int64_t>(filteredNodes.size()) - ignoredCount : topoSize[i];
        s.weights[i] = topologyNormalizingWeight(size);
    }
}

void PodTopologySpread::countPodsPerTopologyValue(PreScoreState& s, const Pod& pod,
                                                  const std::vector<NodeInfo*>& allNodes, bool requireAllTopologies,
                                                  const DomainCountCache::Totals* keptTotals) const {
    const auto& cs = s.constraints;
    const std::size_t n = cs.size();
    if (keptTotals) {
        const auto& totals = *keptTotals;
        for (std::size_t i = 0; i < n; ++i) {
            if (cs[i].hostname) continue;
            for (auto& [value, count] : s.counts[i])
                if (const auto it = totals[i].find(value); it != totals[i].end()) count = it->second;
        }
        return;
    }
    NodeCounter counter(n);
    for (const NodeInfo* ni : allNodes) {
        const Node& node = *ni->node();
        if (requireAllTopologies && !nodeHasAllKeys(node, cs)) continue;
        NodeInclusion inclusion(pod, node, *m_handle.pool);
        counter.reset();
        for (std::size_t i = 0; i < n; ++i) {
            if (cs[i].hostname || !inclusion.passes(cs[i])) continue;
            const auto it = s.counts[i].find(valueOrEmpty(node, cs[i].topologyKey));
            if (it == s.counts[i].end()) continue;
            it->second += counter.count(*ni, cs[i], pod.ns);
        }
    }
}

// Score: Σ over constraints whose key the node has of cnt * weight + (maxSkew - 1), rounded
// half away from zero (math.Round); ignored nodes score 0.
std::int64_t PodTopologySpread::scoreNode(const PreScoreState& s, const Pod& pod, const NodeInfo& nodeInfo,
                                          std::optional<std::size_t> pos) const {
    if (!s.ignored.empty() && s.isIgnored(*nodeInfo.node())) return 0;
    double total = 0;
    if (pos) {
        // From the kept counts: flat per-position data, no label or hash lookups.
        const DomainCountCache& kept = *s.hostCounts;
        for (std::size_t i = 0; i < s.constraints.size(); ++i) {
            const Constraint& c = s.constraints[i];
            const std::uint32_t domain = kept.domainAt(*pos, i);
            if (domain == DomainCountCache::kNoDomain) continue;
            const std::int64_t cnt = c.hostname ? kept.hostCount(*pos, i) : kept.domainTotal(i, domain);
            total += scoreForCount(cnt, c.maxSkew, s.weights[i]);
        }
        return roundHalfAwayFromZero(total);
    }
    for (std::size_t i = 0; i < s.constraints.size(); ++i) {
        const Constraint& c = s.constraints[i];
        const Sym value = nodeInfo.node()->labels.get(c.topologyKey);
        if (value == kNoSym) continue;
        std::int64_t cnt = 0;
        if (c.hostname) {
            cnt = countMatchingPods(nodeInfo, c.selector, pod.ns);
        } else {
            const auto it = s.counts[i].find(value);
            if (it != s.counts[i].end()) cnt = it->second;
        }
        total += scoreForCount(cnt, c.maxSkew, s.weights[i]);
    }
    return roundHalfAwayFromZero(total);
}

Status PodTopologySpread::score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo,
                                std::int64_t& score) const {
    score = 0;
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preScore) return missingState();
    score = scoreNode(*data->preScore, pod, nodeInfo, std::nullopt);
    return {};
}

// The same per node, reading the hostname counts PreScore's kept counts hold for the
// snapshot positions instead of walking each node's pods again.
Status PodTopologySpread::scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                                     std::span<const int> positions, std::span<NodeScore> out) const {
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preScore) return missingState();
    const PreScoreState& s = *data->preScore;
    const bool kept = s.hostCounts && s.hostCounts->stamp() == s.hostCountsStamp;
    // The usual case, the system defaults (hostname, then zone) without ignored nodes: the
    // same sum as scoreNode with the constraint data hoisted out of the per-node loop.
    if (kept && s.ignored.empty() && s.constraints.size() == 2 && s.constraints[0].hostname &&
        !s.constraints[1].hostname) {
        const DomainCountCache& c = *s.hostCounts;
        const double hostWeight = s.weights[0];
        const std::int32_t hostSkew = s.constraints[0].maxSkew;
        // Each zone's term, once per pass (the last slot: no zone label, no term).
        const std::size_t zones = c.domainCount(1) + 1;
        std::vector<double> zoneTerm(zones, 0.0);
        for (std::uint32_t z = 0; z + 1 < zones; ++z)
            zoneTerm[z] = scoreForCount(c.domainTotal(1, z), s.constraints[1].maxSkew, s.weights[1]);
        // A node's score depends only on (its zone, its own count), and few such pairs occur:
        // each pair's sum is computed once per pass (slot kHostSlots - 1: no hostname label;
        // the last row: no zone label). Larger counts (a node holding many of the pod's kind:
        // a capacity fit puts 30 to 110 on each, and the nodes of a zone hold nearly as many)
        // go through a small direct-mapped cache of (zone, count) pairs, zeroed per pass (a
        // memo as wide as the counts cost more to fill than it saved). The sum is scoreNode's:
        // 0, plus the hostname term, plus the zone term, in that order (0 + x is x exactly,
        // and neither term is negative), so the same double and the same score.
        constexpr std::size_t kHostSlots = 8, kMaxZones = 256;
        constexpr std::int64_t kUnset = std::numeric_limits<std::int64_t>::min();
        std::vector<std::int64_t> memo(zones <= kMaxZones ? zones * kHostSlots : 0, kUnset);
        PairCache pairs;
        for (std::size_t k = 0; k < positions.size(); ++k) {
            const auto pos = static_cast<std::size_t>(positions[k]);
            const NodeInfo& info = *all[pos];
            out[k].node = positions[k];
            if (!c.holds(pos, info)) {
                out[k].score = scoreNode(s, pod, info, std::nullopt);
                continue;
            }
            const bool host = c.domainAt(pos, 0) != DomainCountCache::kNoDomain;
            const std::int64_t hostCount = host ? c.hostCount(pos, 0) : 0;
            const std::uint32_t zone = c.domainAt(pos, 1);
            const std::size_t zoneRow = zone == DomainCountCache::kNoDomain ? zones - 1 : zone;
            const auto hostSlot = static_cast<std::size_t>(host ? hostCount : kHostSlots - 1);
            const bool memoized = !memo.empty() && !(host && (hostCount < 0 || hostSlot >= kHostSlots - 1));
            std::int64_t* const m = memoized ? &memo[zoneRow * kHostSlots + hostSlot] : nullptr;
            if (m && *m != kUnset) {
                out[k].score = *m;
                continue;
            }
            PairCache::Pair* pair = nullptr;
            if (!m && host && hostCount >= 0) {
                pair = pairs.find(zoneRow, hostCount);
                if (!pair) {
                    out[k].score = pairs.last->score;
                    continue;
                }
            }
            double total = 0;
            if (host) total += scoreForCount(hostCount, hostSkew, hostWeight);
            if (zoneRow + 1 < zones) total += zoneTerm[zoneRow];
            out[k].score = roundHalfAwayFromZero(total);
            if (m) *m = out[k].score;
            if (pair) pair->score = out[k].score;
        }
        return {};
    }
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const auto pos = static_cast<std::size_t>(positions[k]);
        const NodeInfo& info = *all[pos];
        out[k].node = positions[k];
        const bool held = kept && s.hostCounts->holds(pos, info);
        out[k].score = scoreNode(s, pod, info, held ? std::optional<std::size_t>(pos) : std::nullopt);
    }
    return {};
}

// NormalizeScore: fewer matching pods is better. min/max over the non-ignored nodes (min from
// MaxInt64, max from 0); score = 100 * (max + min - s) / max, every node 100 when max is 0.
Status PodTopologySpread::normalizeScore(const CycleState& state, const Pod&, std::span<NodeScore> scores) const {
    const auto* data = state.read<CycleData>(slot());
    if (!data || !data->preScore) return missingState();
    const PreScoreState& s = *data->preScore;
    const auto& all = m_handle.snapshot->nodes();
    auto ignored = [&](const NodeScore& ns) { return s.isIgnored(*all[static_cast<std::size_t>(ns.node)]->node()); };
    // Without ignored nodes (the system defaults never ignore one) neither pass looks at a
    // node, and each runs as a loop of its own.
    const bool anyIgnored = !s.ignored.empty();

    std::int64_t minScore = std::numeric_limits<std::int64_t>::max();
    std::int64_t maxScore = 0;
    for (const auto& ns : scores) {
        if (anyIgnored && ignored(ns)) continue;
        minScore = std::min(minScore, ns.score);
        maxScore = std::max(maxScore, ns.score);
    }
    // 100 * (max + min - s) / max, or 100 everywhere when max is 0; ignored nodes 0.
    const auto normalized = [&](std::int64_t raw) {
        return maxScore == 0 ? kMaxNodeScore : kMaxNodeScore * (maxScore + minScore - raw) / maxScore;
    };
    // The raw scores take few distinct values (they come from a few counts), and a 64-bit
    // division per node was most of this pass: each result is computed once, on first use.
    constexpr std::int64_t kMemo = 512;
    std::array<std::int64_t, kMemo> memo;
    const bool memoized = maxScore != 0 && maxScore - minScore < kMemo;
    if (memoized) memo.fill(-1);
    const auto normalizedMemo = [&](std::int64_t raw) {
        std::int64_t& m = memo[static_cast<std::size_t>(raw - minScore)];
        if (m < 0) m = normalized(raw);
        return m;
    };
    if (!anyIgnored && memoized) {
        for (auto& ns : scores) ns.score = normalizedMemo(ns.score);
    } else if (!anyIgnored) {
        for (auto& ns : scores) ns.score = normalized(ns.score);
    } else {
        for (auto& ns : scores)
            ns.score = ignored(ns) ? 0 : memoized ? normalizedMemo(ns.score) : normalized(ns.score);
    }
    return {};
}

}  // namespace berth::core
