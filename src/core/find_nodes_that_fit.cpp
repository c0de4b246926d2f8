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
    // Fast paths: the verdicts kept for pods with the same filter inputs, when every plugin that
    // filters this pod per node is node-local (filter_verdict_cache.h). Not with a trace, which
    // shows each node's verdict: this scan records no rejected node unless no node is feasible.
    if (!nominated && m_options.fastPaths && !m_options.trace && &candidates == &m_allPositions)
        if (FilterVerdictCache::Verdicts* kept = m_filterVerdicts.begin(fw, state, pod, m_snapshot)) {
            const std::size_t total = candidates.size();
            std::size_t processed = total;  // every node, unless enough were found
            bool enough = false;
            // From `start` to the last node, then from the first to `start`: the plain scan's
            // order, passing over the nodes kept as rejected a word of the bit set at a time.
            for (std::size_t part = 0; part < 2 && !enough; ++part) {
                const std::size_t end = part == 0 ? total : start;
                for (std::size_t pos = kept->nextOpen(part == 0 ? start : 0, end); pos < end;
                     pos = kept->nextOpen(pos + 1, end)) {
                    if (!kept->known(pos)) {
                        Status s = fw.runFilterPlugins(state, pod, *nodes[pos]);
                        if (s.code() == Code::Error) return s;
                        kept->store(pos, s);
                        if (!s.isSuccess()) continue;
                    }
                    feasible.push_back(static_cast<int>(pos));
                    if (static_cast<std::int32_t>(feasible.size()) >= numNodesToFind) {
                        processed = (pos >= start ? pos - start : pos + total - start) + 1;
                        enough = true;
                        break;
                    }
                }
            }
            // The rejected nodes' statuses, in scan order as the plain scan records them, when
            // something reads them: the FitError (and PostFilter) when no node is feasible, or
            // when filter extenders may still reject the feasible ones (the FitError then
            // counts the Filter plugins' reasons beside theirs).
            if (feasible.empty() || m_extenders.anyFilter())
                for (std::size_t i = 0; i < processed; ++i) {
                    const int idx = candidateAt(static_cast<std::int32_t>(i));
                    const Status& s = kept->verdict(static_cast<std::size_t>(idx));
                    if (!s.isSuccess()) recordFailure(idx, Status(s));
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
