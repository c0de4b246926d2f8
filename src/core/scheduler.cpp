#include "core/scheduler.h"

#include <algorithm>
#include <map>

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

Scheduler::Scheduler(Cluster& cluster, const SchedulerConfiguration& config, const SchedulerOptions& options,
                     const Registry& registry, std::string& error)
    : m_cluster(cluster),
      m_config(config),
      m_options(options),
      m_cache(cluster.pool, options.version),
      m_rng(options.seed) {
    m_handle.pool = &cluster.pool;
    m_handle.cluster = &cluster;
    m_handle.snapshot = &m_snapshot;
    m_handle.version = options.version;
    m_handle.nominator = &m_nominator;
    m_handle.rng = &m_rng;
    m_handle.deterministic = options.tieBreak == TieBreak::Name;
    m_handle.fastPaths = options.fastPaths;
    if (options.threads > 1) {
        m_workers = std::make_unique<WorkerPool>(options.threads, options.minSharedNodes);
        m_handle.workers = m_workers.get();
    }
    m_handle.filteringBlock = &m_filteringBlock;
    for (const auto& profile : m_config.profiles) {
        ProfileConfig p = profile;
        if (m_options.percentageOfNodesToScore) p.percentageOfNodesToScore = m_options.percentageOfNodesToScore;
        else if (!p.percentageOfNodesToScore) p.percentageOfNodesToScore = m_config.percentageOfNodesToScore;
        std::string err;
        auto fw = Framework::create(p, registry, m_handle, err);
        if (!fw) {
            error = "profile \"" + profile.schedulerName + "\": " + err;
            return;
        }
        m_frameworks.push_back(std::move(fw));
    }
    // The handle names one framework for plugins that call back into the runtime
    // (preemption); each profile runs its own cycles, so point it at the first.
    if (!m_frameworks.empty()) m_handle.framework = m_frameworks.front().get();
}

Scheduler::~Scheduler() = default;

void Scheduler::setClusterActions(std::function<void(const Pod&, const Pod&, Sym)> evictVictim,
                                  std::function<void(const Pod&)> clearNomination) {
    m_handle.evictVictim = evictVictim;
    m_handle.clearNomination = clearNomination;
    for (auto& fw : m_frameworks) {
        fw->handle().evictVictim = evictVictim;
        fw->handle().clearNomination = clearNomination;
    }
}

Framework* Scheduler::frameworkFor(const Pod& pod) const {
    const std::string_view name = m_cluster.pool.str(pod.schedulerName);
    for (const auto& fw : m_frameworks)
        if (fw->schedulerName() == name) return fw.get();
    return nullptr;
}

Status Scheduler::findNodesThatPassFilters(Framework& fw, CycleState& state, const Pod& pod, FitDiagnosis& diag,
                                           const std::vector<int>& candidates, std::vector<int>& feasible) {
    const auto& nodes = m_snapshot.nodes();
    const auto n = static_cast<std::int32_t>(candidates.size());
    if (n == 0) return {};
    std::int32_t numNodesToFind = numFeasibleNodesToFind(fw.percentageOfNodesToScore(), n);
    // >= 1.30: with nothing to score, the first feasible node is enough.
    if (m_options.version.atLeast(30) && !fw.hasScorePlugins()) numNodesToFind = 1;
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
            const std::string name(fw.pluginName(s.plugin()));
            if (std::find(diag.unschedulablePlugins.begin(), diag.unschedulablePlugins.end(), name) ==
                diag.unschedulablePlugins.end())
                diag.unschedulablePlugins.push_back(name);
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
            if (record(idx, fw.runFilterPluginsWithNominatedPods(state, pod, *nodes[static_cast<std::size_t>(idx)]))) break;
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
            m_blockInfos[static_cast<std::size_t>(k)] = nodes[static_cast<std::size_t>(candidateInScan(candidates, start, from + k))];
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
    excluded.clear();  // filled only when a PreFilterResult narrows the nodes

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
                    return Status::error("nodeinfo not found for node name \"" + std::string(m_cluster.pool.str(name)) + "\"");
                continue;
            }
            in[static_cast<std::size_t>(idx)] = 1;
        }
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            if (in[i]) candidates.push_back(static_cast<int>(i));
            else excluded[i] = 1;
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
            if (!feasible.empty()) return {};
        }
    }
    return findNodesThatPassFilters(fw, state, pod, diag, pre.allNodes() ? m_allPositions : candidates, feasible);
}

int Scheduler::selectHost(const ScoreMatrix& scores) {
    const std::size_t n = scores.nodes.size();
    const auto& nodes = m_snapshot.nodes();
    std::size_t best = 0;
    if (m_options.tieBreak == TieBreak::Name) {
        for (std::size_t i = 1; i < n; ++i) {
            if (scores.totals[i] > scores.totals[best]) best = i;
            else if (scores.totals[i] == scores.totals[best] &&
                     nodes[static_cast<std::size_t>(scores.nodes[i])]->node()->name <
                         nodes[static_cast<std::size_t>(scores.nodes[best])]->node()->name)
                best = i;
        }
        return scores.nodes[best];
    }
    // v1.26 selectHost: one pass, reservoir sampling among equal maxima.
    std::int64_t cnt = 1;
    for (std::size_t i = 1; i < n; ++i) {
        if (scores.totals[i] > scores.totals[best]) {
            best = i;
            cnt = 1;
        } else if (scores.totals[i] == scores.totals[best]) {
            ++cnt;
            if (std::uniform_int_distribution<std::int64_t>(0, cnt - 1)(m_rng) == 0) best = i;
        }
    }
    return scores.nodes[best];
}

std::string Scheduler::fitErrorMessage(const FitDiagnosis& diag, std::size_t numAllNodes) const {
    std::string msg = "0/" + std::to_string(numAllNodes) + " nodes are available:";
    if (!diag.preFilterMsg.empty()) {
        msg += " " + diag.preFilterMsg + ".";
    } else {
        std::map<Sym, int> counts;
        for (std::size_t i = 0; i < diag.nodeToStatus.statuses.size(); ++i) {
            if (!diag.nodeToStatus.contains(i)) continue;
            for (Sym r : diag.nodeToStatus.statuses[i].reasons()) ++counts[r];
        }
        std::vector<std::string> items;
        for (const auto& [reason, count] : counts)
            items.push_back(std::to_string(count) + " " + std::string(m_cluster.pool.str(reason)));
        std::sort(items.begin(), items.end());
        if (!items.empty()) {
            msg += " ";
            for (std::size_t i = 0; i < items.size(); ++i) msg += (i ? ", " : "") + items[i];
            msg += ".";
        }
    }
    if (!diag.postFilterMsg.empty()) {
        // v1.26-1.28 append every part with " %v." (so preemption texts end in ".."); 1.29+ a space.
        msg += " " + diag.postFilterMsg;
        if (m_options.version.before(29)) msg += ".";
    }
    return msg;
}

CycleResult Scheduler::schedulePod(Framework& fw, CycleState& state, const Pod& pod) {
    CycleResult result;
    m_cache.updateSnapshot(m_snapshot);
    const auto& nodes = m_snapshot.nodes();
    if (nodes.empty()) {
        result.kind = CycleResult::Kind::Unschedulable;
        result.message = "no nodes available to schedule pods";
        return result;
    }

    FitDiagnosis diag;
    // Buffers kept between cycles (cleared here) rather than allocated for every pod.
    std::vector<int>& feasible = m_feasible;
    std::vector<std::uint8_t>& excluded = m_excluded;
    feasible.clear();
    Status s = findNodesThatFitPod(fw, state, pod, diag, feasible, excluded);
    if (s.code() == Code::Error) {
        result.kind = CycleResult::Kind::Error;
        result.message = s.errorText();
        if (m_options.trace) result.trace = buildTrace(fw, pod, diag, feasible, excluded, nullptr, result);
        return result;
    }

    if (feasible.empty()) {
        result.kind = CycleResult::Kind::Unschedulable;
        result.unschedulablePlugins = diag.unschedulablePlugins;
        if (m_options.preemption && fw.hasPostFilterPlugins()) {
            if (m_beforePostFilter) m_beforePostFilter();
            PostFilterResult pfr;
            std::string pfMsg;
            Status ps = fw.runPostFilterPlugins(state, pod, diag.nodeToStatus, pfr, pfMsg);
            if (ps.code() == Code::Error) {
                result.kind = CycleResult::Kind::Error;
                result.message = ps.errorText();
                return result;
            }
            diag.postFilterMsg = pfMsg;
            result.nominating = pfr.nominating;
        }
        result.message = fitErrorMessage(diag, nodes.size());
        if (m_options.trace) result.trace = buildTrace(fw, pod, diag, feasible, excluded, nullptr, result);
        return result;
    }

    const std::size_t statusCount = diag.nodeToStatus.count;
    result.feasibleNodes = static_cast<int>(feasible.size());
    result.evaluatedNodes = static_cast<int>(feasible.size() + statusCount);
    if (feasible.size() == 1) {
        result.kind = CycleResult::Kind::Scheduled;
        result.node = nodes[static_cast<std::size_t>(feasible.front())]->node()->nameSym;
        result.evaluatedNodes = static_cast<int>(1 + statusCount);
        if (m_options.trace) result.trace = buildTrace(fw, pod, diag, feasible, excluded, nullptr, result);
        return result;
    }

    m_scores.keepRaw = m_options.trace;
    m_scores.nodes = feasible;
    if (!fw.hasScorePlugins()) {
        m_scores.plugins.clear();
        m_scores.totals.assign(feasible.size(), 1);
    } else {
        std::vector<NodeInfo*>& feasibleInfos = m_feasibleInfos;
        feasibleInfos.clear();
        for (int idx : feasible) feasibleInfos.push_back(nodes[static_cast<std::size_t>(idx)]);
        Status ps = fw.runPreScorePlugins(state, pod, feasibleInfos);
        if (ps.isSuccess()) ps = fw.runScorePlugins(state, pod, nodes, m_scores);
        if (!ps.isSuccess()) {
            result.kind = CycleResult::Kind::Error;
            result.message = ps.errorText();
            if (m_options.trace) result.trace = buildTrace(fw, pod, diag, feasible, excluded, nullptr, result);
            return result;
        }
    }
    const int host = selectHost(m_scores);
    result.kind = CycleResult::Kind::Scheduled;
    result.node = nodes[static_cast<std::size_t>(host)]->node()->nameSym;
    if (m_options.trace) result.trace = buildTrace(fw, pod, diag, feasible, excluded, &m_scores, result);
    return result;
}

CycleTrace Scheduler::buildTrace(const Framework& fw, const Pod& pod, const FitDiagnosis& diag,
                                 const std::vector<int>& feasible, const std::vector<std::uint8_t>& excluded,
                                 const ScoreMatrix* scores, const CycleResult& result) const {
    CycleTrace t;
    t.pod = m_cluster.podKey(pod);
    const auto& nodes = m_snapshot.nodes();
    t.nodes.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        NodeTrace& nt = t.nodes[i];
        nt.node = nodes[i]->node()->name;
        nt.excludedByPreFilterResult = !excluded.empty() && excluded[i];
        if (diag.nodeToStatus.contains(i)) {
            const Status& st = diag.nodeToStatus.statuses[i];
            nt.evaluated = true;
            nt.filterPlugin = st.plugin() >= 0 ? std::string(fw.pluginName(st.plugin())) : std::string();
            nt.filterCode = codeName(st.code());
            for (Sym r : st.reasons()) nt.reasons.emplace_back(m_cluster.pool.str(r));
        }
    }
    for (int idx : feasible) {
        NodeTrace& nt = t.nodes[static_cast<std::size_t>(idx)];
        nt.evaluated = true;
        nt.feasible = true;
        nt.filterPlugin.clear();
        nt.filterCode.clear();
        nt.reasons.clear();
    }
    if (scores && scores->nodes.size() >= 2) {
        t.scored = true;
        const std::size_t n = scores->nodes.size();
        for (std::size_t i = 0; i < n; ++i) {
            NodeTrace& nt = t.nodes[static_cast<std::size_t>(scores->nodes[i])];
            nt.total = scores->totals[i];
            for (std::size_t p = 0; p < scores->plugins.size(); ++p) {
                if (scores->skipped[p]) continue;
                PluginScoreTrace ps;
                ps.plugin = std::string(fw.pluginName(scores->plugins[p]));
                ps.raw = scores->keepRaw ? scores->raw[p * n + i] : 0;
                ps.normalized = scores->keepRaw ? scores->normalized[p * n + i] : 0;
                ps.weight = scores->weights[p];
                ps.weighted = ps.normalized * ps.weight;
                nt.scores.push_back(std::move(ps));
            }
        }
    }
    if (result.kind == CycleResult::Kind::Scheduled) t.chosen = std::string(m_cluster.pool.str(result.node));
    else t.message = result.message;
    t.schedulerError = result.kind == CycleResult::Kind::Error;
    return t;
}

}  // namespace berth::core
