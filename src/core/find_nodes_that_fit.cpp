// The Filter half of a scheduling cycle (pkg/scheduler/schedule_one.go findNodesThatFitPod,
// findNodesThatPassFilters, numFeasibleNodesToFind): which nodes could take the pod, scanned
// from a rotating start and stopped once enough are feasible.
#include "core/scheduler.h"

#include <algorithm>

namespace berth::core {

std::int32_t numFeasibleNodesToFind(std::optional<std::int32_t> percentage, std::int32_t numAllNodes) {
    constexpr std::int32_t kMinFeasibleNodesToFind = 100;
    constexpr std::int32_t kMinFeasibleNodesPercentageToFind = 5;
    if (numAllNodes < kMinFeasibleNodesToFind) return numAllNodes;
    std::int32_t pct = percentage.value_or(0);
    if (pct == 0) {
        pct = 50 - numAllNodes / 125;
        if (pct < kMinFeasibleNodesPercentageToFind) pct = kMinFeasibleNodesPercentageToFind;
    }
    const std::int64_t num = std::int64_t{numAllNodes} * pct / 100;
    if (num < kMinFeasibleNodesToFind) return kMinFeasibleNodesToFind;
    return static_cast<std::int32_t>(num);
}

namespace {

// A filter scan visits a different slice of the cluster each cycle, so its NodeInfos are rarely
// in cache: it asks for them this many nodes ahead, which hides most of the latency the Filter
// plugins would otherwise wait on.
constexpr std::int32_t kPrefetchInfo = 8;

// The node at offset i of a scan that starts at candidates[start] and wraps around.
int candidateInScan(const std::vector<int>& candidates, std::size_t start, std::int32_t i) {
    std::size_t k = start + static_cast<std::size_t>(i);
    if (k >= candidates.size()) k -= candidates.size();
    return candidates[k];
}


// The fast paths' scan over every node (findNodesThatPassFilters): the kept verdicts of the
// longest run of node-local Filter plugins the cycle starts with (filter_verdict_cache.h), and
// the plugins after them (the tail: PodTopologySpread, InterPodAffinity, which read other
// nodes) run afresh on each node the kept verdict passes. A node's status is then the first
// failing plugin's in the profile's order, as the plain scan gives it. While the scan runs,
// the cycle's active filters are the kept run or the tail (runFilterPlugins runs the active
// ones); the full list is restored when the scan ends.
class KeptScan {
public:
    FilterVerdictCache::Verdicts* kept = nullptr;

    KeptScan(FilterVerdictCache& cache, const Framework& fw, CycleState& state, const Pod& pod,
             const Snapshot& snapshot)
        : m_fw(fw), m_state(state), m_pod(pod) {
        kept = cache.begin(fw, state, pod, snapshot);
        if (kept || !state.hasActiveFilters() || state.activeFilters().size() < 2) return;
        // The longest node-local run the active filters start with: begin() keeps verdicts only
        // for a list of node-local filters (and leaves its cache alone for any other list).
        m_full = state.activeFilters();
        for (std::size_t len = m_full.size() - 1; len >= 1 && !kept; --len) {
            state.setActiveFilters({m_full.begin(), m_full.begin() + static_cast<std::ptrdiff_t>(len)});
            kept = cache.begin(fw, state, pod, snapshot);
            if (kept) {
                m_local = state.activeFilters();
                m_tail.assign(m_full.begin() + static_cast<std::ptrdiff_t>(len), m_full.end());
                state.setActiveFilters(m_tail);  // between the kept run's calls (runKept, fillKept)
            }
        }
        if (!kept) state.setActiveFilters(m_full);
    }
    ~KeptScan() {
        if (!m_tail.empty()) m_state.setActiveFilters(std::move(m_full));
    }
    KeptScan(const KeptScan&) = delete;
    KeptScan& operator=(const KeptScan&) = delete;

    /// Scans from `start` to the last node, then from the first to `start`, passing over the
    /// nodes kept as rejected a word of the bit set at a time, until `wanted` are feasible.
    /// `processed`: the nodes the plain scan would have looked at.
    Status run(const std::vector<NodeInfo*>& nodes, std::size_t start, std::int32_t wanted, std::vector<int>& feasible,
               std::size_t& processed) {
        if (m_tail.empty()) return scan<false>(nodes, start, wanted, feasible, processed);
        return scan<true>(nodes, start, wanted, feasible, processed);
    }

    /// The status of the node at `pos`, one the scan looked at (its kept run, then the tail).
    Status verdict(const NodeInfo& node, std::size_t pos) const {
        const Status& local = kept->verdict(pos);
        if (!local.isSuccess() || m_tail.empty()) return local;
        return m_fw.runFilterPlugins(m_state, m_pod, node);
    }

private:
    /// run() with a tail or without: two loops, so that the one over every node of every cycle
    /// (the kept verdicts alone) tests nothing per node that it does not need; locals, not
    /// members, in the loop (they stay in registers across the calls).
    template <bool kTail>
    Status scan(const std::vector<NodeInfo*>& nodes, std::size_t start, std::int32_t wanted, std::vector<int>& feasible,
                std::size_t& processed) {
        FilterVerdictCache::Verdicts& v = *kept;
        const std::size_t total = nodes.size();
        processed = total;  // every node, unless enough were found
        for (std::size_t part = 0; part < 2; ++part) {
            const std::size_t end = part == 0 ? total : start;
            // Without a tail the kept verdicts alone decide: one chunk.
            const std::size_t chunk = kTail ? kChunk : total;
            for (std::size_t from = part == 0 ? start : 0; from < end; from += chunk) {
                const std::size_t to = std::min(end, from + chunk);
                if constexpr (kTail) fillKept(nodes, from, to);
                for (std::size_t pos = v.nextOpen(from, to); pos < to; pos = openAfter(v, pos, to)) {
                    if (!v.known(pos)) {
                        Status s = runKept(*nodes[pos]);
                        if (s.code() == Code::Error) return s;
                        v.store(pos, s);
                        if (!s.isSuccess()) continue;
                    }
                    if constexpr (kTail) {
                        Status s = m_fw.runFilterPlugins(m_state, m_pod, *nodes[pos]);
                        if (s.code() == Code::Error) return s;
                        if (!s.isSuccess()) continue;
                    }
                    feasible.push_back(static_cast<int>(pos));
                    if (static_cast<std::int32_t>(feasible.size()) >= wanted) {
                        processed = (pos >= start ? pos - start : pos + total - start) + 1;
                        return {};
                    }
                }
            }
        }
        return {};
    }

    /// The first position after the open `pos` that a scan up to `to` must look at. A position
    /// is open when its verdict is unknown or kept as feasible (Verdicts::store), so the next
    /// one is read directly (feasible nodes come in long runs) and the bit set is searched only
    /// past a node kept as rejected: Verdicts::nextOpen, out of line, once per node was 3 % of
    /// a cycle.
    static std::size_t openAfter(const FilterVerdictCache::Verdicts& v, std::size_t pos, std::size_t to) {
        const std::size_t next = pos + 1;
        if (next >= to || !v.known(next) || v.verdict(next).isSuccess()) return next;
        return v.nextOpen(next, to);
    }

    // Nodes whose kept verdicts are brought up to date before the tail runs on them: a few
    // beyond the scan's stop are filtered too (their verdicts kept for later pods).
    static constexpr std::size_t kChunk = 64;

    /// The kept run's verdicts of the unknown nodes in [from, to); an Error is left for the
    /// scan to meet in its order.
    void fillKept(const std::vector<NodeInfo*>& nodes, std::size_t from, std::size_t to) {
        bool swapped = false;
        for (std::size_t pos = kept->nextOpen(from, to); pos < to; pos = openAfter(*kept, pos, to)) {
            if (kept->known(pos)) continue;
            if (!swapped) m_state.setActiveFilters(m_local);
            swapped = true;
            Status s = m_fw.runFilterPlugins(m_state, m_pod, *nodes[pos]);
            if (s.code() == Code::Error) break;
            kept->store(pos, s);
        }
        if (swapped) m_state.setActiveFilters(m_tail);
    }

    /// The kept run on one node (the active filters are the tail while a tail is scanned).
    Status runKept(const NodeInfo& node) {
        if (m_tail.empty()) return m_fw.runFilterPlugins(m_state, m_pod, node);
        m_state.setActiveFilters(m_local);
        Status s = m_fw.runFilterPlugins(m_state, m_pod, node);
        m_state.setActiveFilters(m_tail);
        return s;
    }

    const Framework& m_fw;
    CycleState& m_state;
    const Pod& m_pod;
    std::vector<std::uint16_t> m_full;   // the cycle's active filters (with a tail)
    std::vector<std::uint16_t> m_local;  // the kept run
    std::vector<std::uint16_t> m_tail;   // the filters after it; empty: all are kept
};

}  // namespace

// long: one scan with its stop rule (blocks, or the nominated two-pass node by node); issue 14 reworks it
Status Scheduler::findNodesThatPassFilters(Framework& fw, CycleState& state, const Pod& pod, FitDiagnosis& diag,
                                           const std::vector<int>& candidates, std::vector<int>& feasible) {
    const auto& nodes = m_snapshot.nodes();
    const auto n = static_cast<std::int32_t>(candidates.size());
    if (n == 0) return {};
    std::int32_t numNodesToFind = numFeasibleNodesToFind(fw.percentageOfNodesToScore(), n);
    // >= 1.30: with nothing to score and no extender to filter, the first feasible node is enough.
    if (m_options.version.atLeast(30) && !fw.hasScorePlugins() && !m_extenders.anyFilter() &&
        !m_extenders.anyPrioritizer())
        numNodesToFind = 1;
    // v1.26 wraps the start index by the candidate list; >= 1.28 by all nodes.
    const std::size_t modulus = m_options.version.atLeast(28) ? nodes.size() : candidates.size();

    if (!fw.hasFilterPlugins()) {
        for (std::int32_t i = 0; i < numNodesToFind; ++i)
            feasible.push_back(candidates[(m_nextStartNodeIndex + static_cast<std::size_t>(i)) % candidates.size()]);
        m_nextStartNodeIndex = (m_nextStartNodeIndex + static_cast<std::size_t>(numNodesToFind)) % modulus;
        return {};
    }
    // Upstream checks nodes in parallel and stops once enough are feasible; a scan in the
    // same order that takes the verdicts in that order is the deterministic equivalent
    // (UPSTREAM 2.2), whether the filters themselves run on one thread or several.
    std::size_t failed = 0;
    Status error;
    // A node that failed, in scan order; true when the scan stops (an error).
    const auto recordFailure = [&](int idx, Status&& s) {
        if (s.code() == Code::Error) {
            error = std::move(s);
            return true;
        }
        if (!diag.nodeToStatus.contains(static_cast<std::size_t>(idx))) ++failed;
        if (s.plugin() >= 0) {
            const std::string_view name = fw.pluginName(s.plugin());
            if (std::find(diag.unschedulablePlugins.begin(), diag.unschedulablePlugins.end(), name) ==
                diag.unschedulablePlugins.end())
                diag.unschedulablePlugins.emplace_back(name);
        }
        diag.nodeToStatus.set(idx, std::move(s));
        return false;
    };
    // Any node's verdict, in scan order; true when the scan stops (enough nodes, or an error).
    const auto record = [&](int idx, Status&& s) {
        if (s.isSuccess()) [[likely]] {
            feasible.push_back(idx);
            return static_cast<std::int32_t>(feasible.size()) >= numNodesToFind;
        }
        return recordFailure(idx, std::move(s));
    };
    const std::size_t start = m_nextStartNodeIndex % candidates.size();
    const auto candidateAt = [&](std::int32_t i) { return candidateInScan(candidates, start, i); };
    const bool nominated = fw.anyNominatedPods();  // the same for every node of this cycle
    // Fast paths: the verdicts kept for pods with the same filter inputs, when the filters that
    // run per node begin with node-local ones (filter_verdict_cache.h); the filters after those
    // (PodTopologySpread, InterPodAffinity) run afresh. Not with a trace, which shows each
    // node's verdict: this scan records rejected nodes only when the FitError reads them.
    if (!nominated && m_options.fastPaths && !m_options.trace && &candidates == &m_allPositions)
        if (KeptScan scan(m_filterVerdicts, fw, state, pod, m_snapshot); scan.kept) {
            std::size_t processed = 0;
            if (Status s = scan.run(nodes, start, numNodesToFind, feasible, processed); s.code() == Code::Error)
                return s;
            // The rejected nodes' statuses, in scan order as the plain scan records them, when
            // something reads them: the FitError (and PostFilter) when no node is feasible, or
            // when filter extenders may still reject the feasible ones (the FitError then
            // counts the Filter plugins' reasons beside theirs).
            if (feasible.empty() || m_extenders.anyFilter())
                for (std::size_t i = 0; i < processed; ++i) {
                    const auto idx = static_cast<std::size_t>(candidateAt(static_cast<std::int32_t>(i)));
                    Status s = scan.verdict(*nodes[idx], idx);
                    if (s.isSuccess()) continue;
                    if (recordFailure(static_cast<int>(idx), std::move(s))) return error;
                }
            m_nextStartNodeIndex = (m_nextStartNodeIndex + processed) % modulus;
            return {};
        }
    if (!nominated) {
        // Blocks as large as the number of nodes still wanted (all of them when every node is
        // scored), so that little is filtered past the stop; the verdicts beyond it are dropped.
        constexpr std::int32_t kMinBlock = 128;
        for (std::int32_t from = 0; from < n;) {
            const std::int32_t wanted = numNodesToFind - static_cast<std::int32_t>(feasible.size());
            const std::int32_t count = std::min(n - from, std::max(wanted, kMinBlock));
            filterBlock(fw, state, pod, candidates, start, from, count);
            bool stop = false;
            for (std::int32_t k = 0; k < count && !stop; ++k) {
                const int idx = candidateAt(from + k);
                // A node every plugin passed (runFilterPluginsOnNodes left its flag at 1): its
                // verdict is success, without reading the Status.
                if (m_blockPass[static_cast<std::size_t>(k)] == 1) {
                    stop = record(idx, Status{});
                    continue;
                }
                Status& s = m_verdicts[static_cast<std::size_t>(k)];
                // A reason the block could not intern (Handle::internFromTask): filter it again alone.
                if (s.isRejected() && std::ranges::find(s.reasons(), kNoSym) != s.reasons().end())
                    s = fw.runFilterPlugins(state, pod, *nodes[static_cast<std::size_t>(idx)]);
                stop = record(idx, std::move(s));
            }
            if (stop) break;
            from += count;
        }
    } else {
        const auto at = [&](std::int32_t i) { return nodes[static_cast<std::size_t>(candidateAt(i))]; };
        for (std::int32_t i = 0; i < std::min(n, kPrefetchInfo); ++i) prefetchNodeData(*at(i));
        for (std::int32_t i = 0; i < n; ++i) {
            if (i + kPrefetchInfo < n) prefetchNodeData(*at(i + kPrefetchInfo));
            const int idx = candidateAt(i);
            if (record(idx, fw.runFilterPluginsWithNominatedPods(state, pod, *nodes[static_cast<std::size_t>(idx)])))
                break;
        }
    }
    if (error.code() == Code::Error) return error;
    const std::size_t processed = feasible.size() + failed;
    m_nextStartNodeIndex = modulus == 0 ? 0 : (m_nextStartNodeIndex + processed) % modulus;
    return {};
}

void Scheduler::filterBlock(const Framework& fw, const CycleState& state, const Pod& pod,
                            const std::vector<int>& candidates, std::size_t start, std::int32_t from,
                            std::int32_t count) {
    const auto& nodes = m_snapshot.nodes();
    const auto size = static_cast<std::size_t>(count);
    if (m_verdicts.size() < size) {
        m_verdicts.resize(size);
        m_blockInfos.resize(size);
        m_blockPass.resize(size);
    }
    // Parts small enough that their NodeInfos stay in cache from one Filter plugin to the
    // next; on several threads the workers take them in any order, each writing its own slots.
    constexpr std::int32_t kPart = 256;
    const auto filterPart = [&](std::size_t part) {
        const auto b = static_cast<std::int32_t>(part) * kPart;
        const std::int32_t e = std::min(count, b + kPart);
        for (std::int32_t k = b; k < e; ++k) {
            m_blockInfos[static_cast<std::size_t>(k)] =
                nodes[static_cast<std::size_t>(candidateInScan(candidates, start, from + k))];
            m_verdicts[static_cast<std::size_t>(k)] = Status{};
        }
        const auto len = static_cast<std::size_t>(e - b);
        fw.runFilterPluginsOnNodes(state, pod, std::span<const NodeInfo* const>(m_blockInfos.data() + b, len),
                                   std::span<std::uint8_t>(m_blockPass.data() + b, len),
                                   std::span<Status>(m_verdicts.data() + b, len));
    };
    const auto parts = static_cast<std::size_t>((count + kPart - 1) / kPart);
    m_filteringBlock = true;
    if (m_workers && m_workers->worthSharing(size)) {
        m_workers->run(parts, filterPart);
    } else {
        for (std::size_t part = 0; part < parts; ++part) filterPart(part);
    }
    m_filteringBlock = false;
}

Status Scheduler::findNodesThatFitPod(Framework& fw, CycleState& state, const Pod& pod, FitDiagnosis& diag,
                                      std::vector<int>& feasible, std::vector<std::uint8_t>& excluded) {
    const auto& nodes = m_snapshot.nodes();
    diag.nodeToStatus.reset(nodes.size());
    excluded.clear();
    m_extenders.beginCycle();  // filled only when a PreFilterResult narrows the nodes

    PreFilterResult pre;
    std::vector<std::string> rejectors;
    Status s = fw.runPreFilterPlugins(state, pod, pre, rejectors);
    if (!s.isSuccess()) {
        if (!s.isRejected()) return s;
        for (std::size_t i = 0; i < nodes.size(); ++i) diag.nodeToStatus.set(static_cast<int>(i), s);
        for (auto& r : rejectors) diag.unschedulablePlugins.push_back(std::move(r));
        diag.preFilterMsg = s.message(m_cluster.pool);
        return {};
    }

    std::vector<int> candidates;
    if (pre.allNodes()) {
        // Every position in order, kept between cycles rather than rebuilt for each pod.
        if (m_allPositions.size() != nodes.size()) {
            m_allPositions.resize(nodes.size());
            for (std::size_t i = 0; i < nodes.size(); ++i) m_allPositions[i] = static_cast<int>(i);
        }
    } else {
        excluded.assign(nodes.size(), 0);
        // Snapshot order keeps the walk deterministic (upstream iterates a Go set).
        std::vector<std::uint8_t> in(nodes.size(), 0);
        for (Sym name : *pre.nodeNames) {
            const int idx = m_snapshot.indexOf(name);
            if (idx < 0) {
                if (m_options.version.before(28))
                    return Status::error("nodeinfo not found for node name \"" + std::string(m_cluster.pool.str(name)) +
                                         "\"");
                continue;
            }
            in[static_cast<std::size_t>(idx)] = 1;
        }
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            if (in[i])
                candidates.push_back(static_cast<int>(i));
            else
                excluded[i] = 1;
        }
        // Newer releases give the excluded nodes a UU status naming the plugins.
        if (m_options.version.atLeast(31)) {
            const Status absent(Code::UnschedulableAndUnresolvable,
                                m_cluster.pool.intern("node(s) didn't satisfy plugin(s) [NodeAffinity]"));
            for (std::size_t i = 0; i < nodes.size(); ++i)
                if (excluded[i]) diag.nodeToStatus.set(static_cast<int>(i), absent);
        }
    }

    // A pod nominated by an earlier preemption tries its node first (evaluateNominatedNode).
    if (pod.nominatedNodeName != kEmptySym) {
        const int idx = m_snapshot.indexOf(pod.nominatedNodeName);
        if (idx >= 0) {
            std::vector<int> one{idx};
            Status fs = findNodesThatPassFilters(fw, state, pod, diag, one, feasible);
            if (fs.code() == Code::Error) return fs;
            // evaluateNominatedNode asks the extenders too; their error is only logged there.
            if (!feasible.empty() &&
                !m_extenders.filter(pod, m_snapshot, m_cluster.pool, m_options.version, feasible, diag, false)
                     .isSuccess())
                feasible.clear();
            if (!feasible.empty()) return {};
        }
    }
    Status fs = findNodesThatPassFilters(fw, state, pod, diag, pre.allNodes() ? m_allPositions : candidates, feasible);
    if (fs.code() == Code::Error) return fs;
    return m_extenders.filter(pod, m_snapshot, m_cluster.pool, m_options.version, feasible, diag, true);
}

}  // namespace berth::core
