// One pod's way through the scheduler (pkg/scheduler/schedule_one.go): ScheduleOne pops it,
// the scheduling cycle picks a node (Scheduler::schedulePod: Filter, in
// find_nodes_that_fit.cpp, then PostFilter or Score and selectHost), assumes and reserves it
// and runs Permit; the binding cycle runs later on the simulated clock (PreBind, Bind,
// PostBind); failures requeue the pod (handleSchedulingFailure).
#include "core/simulation.h"

#include <algorithm>
#include <map>

#include "core/framework/plugins/defaultpreemption/default_preemption.h"
#include "core/invariant_check.h"

namespace berth::core {

namespace {

/// Go's time.Duration String(): "500ms", "10s", "1m30s", "1h0m0s", "1.5s".
std::string goDuration(SimTime ns) {
    if (ns == 0) return "0s";
    std::string sign = ns < 0 ? "-" : "";
    std::uint64_t u = ns < 0 ? static_cast<std::uint64_t>(-ns) : static_cast<std::uint64_t>(ns);
    auto fraction = [](std::uint64_t v, std::uint64_t unit) {
        std::string out = std::to_string(v / unit);
        std::uint64_t rest = v % unit;
        if (rest == 0) return out;
        std::string digits;
        for (std::uint64_t d = unit / 10; d > 0; d /= 10) {
            digits += static_cast<char>('0' + rest / d);
            rest %= d;
        }
        while (!digits.empty() && digits.back() == '0') digits.pop_back();
        return out + "." + digits;
    };
    const std::uint64_t second = static_cast<std::uint64_t>(kSecond);
    if (u < 1000) return sign + std::to_string(u) + "ns";
    if (u < 1000 * 1000) return sign + fraction(u, 1000) + "\u00b5s";
    if (u < second) return sign + fraction(u, 1000 * 1000) + "ms";
    std::string out = fraction(u % (60 * second), second) + "s";
    const std::uint64_t minutes = u / (60 * second);
    if (minutes > 0) {
        out = std::to_string(minutes % 60) + "m" + out;
        if (minutes >= 60) out = std::to_string(minutes / 60) + "h" + out;
    }
    return sign + out;
}

/// The FitError >= 1.28 builds for a Reserve/Permit rejection: one node, its reasons counted.
std::string oneNodeFitError(const Status& s, const StringPool& pool) {
    std::vector<std::string> items;
    for (Sym r : s.reasons()) items.push_back("1 " + std::string(pool.str(r)));
    std::sort(items.begin(), items.end());
    std::string msg = "0/1 nodes are available:";
    if (!items.empty()) {
        msg += " ";
        for (std::size_t i = 0; i < items.size(); ++i) msg += (i ? ", " : "") + items[i];
        msg += ".";
    }
    return msg;
}

}  // namespace

void Simulation::evictVictim(const Pod& victim, const Pod& preemptor, Sym node) {
    // A victim waiting at Permit is rejected, not deleted (preemption.go prepareCandidate:
    // RejectWaitingPod "preempted"). Its binding goroutine wakes up later; here: once the
    // preemptor's cycle is over, at the same instant.
    if (auto it = m_waitingPods.find(victim.id); it != m_waitingPods.end()) {
        m_clock.cancel(it->second.timeoutEvent);
        WaitingPod wait = std::move(it->second);
        m_waitingPods.erase(it);
        const std::uint32_t id = victim.id;
        m_clock.scheduleAfter(0, [this, id, wait = std::move(wait)]() mutable {
            bindFailed(id, wait.node, *wait.state, std::move(wait.info), "preempted", "DefaultPreemption");
        });
        return;
    }
    evictPod(victim,
             "preempted by " + m_cluster.podKey(preemptor) + " on node " + std::string(m_cluster.pool.str(node)));
    noteVictimEvicted(victim, preemptor, node);
}

void Simulation::scheduleOne(QueuedPodInfo info) {
    const Pod& pod = *info.pod;
    Framework* fw = m_scheduler->frameworkFor(pod);
    // skipPodSchedule: deleted or terminating pods are dropped.
    if (!fw || m_cluster.podRemoved[pod.id] || pod.terminating) {
        m_queue->done(pod);
        return;
    }
    ++m_outcomes[pod.id].attempts;
    ++m_stats.attempts;
    emitPod(EventType::PodPopped, pod);
    auto state = std::make_shared<CycleState>(fw->newCycleState());
    CycleResult r = m_scheduler->schedulePod(*fw, *state, pod);
    if (listening()) {
        SimEvent f;
        f.type = EventType::PodFiltered;
        f.pod = pod.id;
        f.count = r.feasibleNodes;
        f.total = static_cast<std::int64_t>(m_scheduler->snapshot().size());
        emitEvent(f);
    }
    if (r.trace && m_traceListener) m_traceListener(*r.trace);

    if (r.kind != CycleResult::Kind::Scheduled) {
        const bool error = r.kind == CycleResult::Kind::Error;
        std::optional<NominatingInfo> nominating = r.nominating;
        // Non-fit errors clear the nomination (clearNominatedNode).
        if (error) nominating = NominatingInfo{NominatingMode::Override, kEmptySym};
        if (error)
            ++m_stats.errors;
        else
            ++m_stats.unschedulable;
        handleFailure(std::move(info), r.message, error, r.unschedulablePlugins, nominating);
        return;
    }

    emitPod(EventType::HostSelected, pod, r.node);
    if (m_check) m_check->onPlacement(*m_scheduler, pod, r.node, m_clock.now());
    if (!assumeAndReserve(*fw, *state, info, r.node)) return;
    permitAndBind(*fw, std::move(state), std::move(info), r.node);
}

bool Simulation::assumeAndReserve(Framework& fw, CycleState& state, QueuedPodInfo& info, Sym node) {
    const Pod& pod = *info.pod;
    PodOutcome& o = m_outcomes[pod.id];
    // assume: the cache accounts for the pod before binding finishes.
    Cache& cache = m_scheduler->cache();
    if (std::string err = cache.assumePod(pod, node); !err.empty()) {
        ++m_stats.errors;
        handleFailure(std::move(info), err, true, {}, NominatingInfo{NominatingMode::Override, kEmptySym});
        return false;
    }
    m_scheduler->nominator().remove(pod);
    o.assumed = true;
    emitPod(EventType::PodAssumed, pod, node);

    const Status s = fw.runReservePluginsReserve(state, pod, node);
    if (s.isSuccess()) {
        emitPod(EventType::PodReserved, pod, node);
        return true;
    }
    fw.runReservePluginsUnreserve(state, pod, node);
    cache.forgetPod(pod);
    o.assumed = false;
    // v1.26: every Reserve failure is the error `running Reserve plugin "X": ...`
    // (SchedulerError). >= 1.28: a rejection is a FitError over the one node.
    const bool rejected = s.isRejected() && m_options.version.atLeast(28);
    std::vector<std::string> plugins;
    std::string msg;
    if (rejected) {
        ++m_stats.unschedulable;
        if (s.plugin() >= 0) plugins.emplace_back(fw.pluginName(s.plugin()));
        msg = oneNodeFitError(s, m_cluster.pool);
    } else {
        ++m_stats.errors;
        msg = "running Reserve plugin \"" + std::string(fw.pluginName(s.plugin())) + "\": " + s.message(m_cluster.pool);
    }
    handleFailure(std::move(info), msg, !rejected, plugins, NominatingInfo{NominatingMode::Override, kEmptySym});
    return false;
}

void Simulation::permitAndBind(Framework& fw, std::shared_ptr<CycleState> state, QueuedPodInfo info, Sym node) {
    const Pod& pod = *info.pod;
    double waitSeconds = 0;
    const Status s = fw.runPermitPlugins(*state, pod, node, waitSeconds);
    if (s.code() != Code::Success && s.code() != Code::Wait) {
        fw.runReservePluginsUnreserve(*state, pod, node);
        m_scheduler->cache().forgetPod(pod);
        m_outcomes[pod.id].assumed = false;
        const bool rejected = s.isRejected();
        if (rejected)
            ++m_stats.unschedulable;
        else
            ++m_stats.errors;
        std::vector<std::string> plugins;
        if (rejected && s.plugin() >= 0 && m_options.version.atLeast(28))
            plugins.emplace_back(fw.pluginName(s.plugin()));
        std::string msg = rejected ? s.message(m_cluster.pool)
                                   : "running Permit plugin \"" + std::string(fw.pluginName(s.plugin())) +
                                         "\": " + s.message(m_cluster.pool);
        if (rejected && m_options.version.atLeast(28)) msg = oneNodeFitError(s, m_cluster.pool);
        handleFailure(std::move(info), msg, !rejected, plugins, NominatingInfo{NominatingMode::Override, kEmptySym});
        return;
    }
    ++m_inFlightBindings;
    ++m_stats.scheduled;
    fw.releaseSchedulingCycleData(*state);
    const std::uint32_t id = pod.id;
    if (s.code() == Code::Wait) {
        // WaitOnPermit: no plugin here ever allows a waiting pod, so it times out: the timer of
        // the plugin with the shortest wait rejects it (Unschedulable, waiting_pods_map.go).
        emitPod(EventType::PodPermitWaiting, pod, node);
        const SimTime timeout = static_cast<SimTime>(waitSeconds * static_cast<double>(kSecond));
        const std::string plugin = s.plugin() >= 0 ? std::string(fw.pluginName(s.plugin())) : std::string();
        WaitingPod& waiting = m_waitingPods[id];
        waiting = WaitingPod{node, state, info, 0};
        waiting.timeoutEvent = m_clock.scheduleAfter(timeout, [this, id, plugin, timeout]() {
            auto it = m_waitingPods.find(id);
            WaitingPod wait = std::move(it->second);
            m_waitingPods.erase(it);
            const std::string msg =
                "rejected due to timeout after waiting " + goDuration(timeout) + " at plugin " + plugin;
            bindFailed(id, wait.node, *wait.state, std::move(wait.info), msg, plugin);
        });
        return;
    }
    emitPod(EventType::PodPermitted, pod, node);
    m_clock.scheduleAfter(m_binding.latency, [this, id, node, state, info]() mutable {
        runBindingCycle(id, node, state, std::move(info));
    });
}

void Simulation::runBindingCycle(std::uint32_t podId, Sym node, std::shared_ptr<CycleState> state, QueuedPodInfo info) {
    const Pod& pod = m_cluster.pods[podId];
    Framework* fw = m_scheduler->frameworkFor(pod);
    if (m_cluster.podRemoved[podId]) {
        // Deleted while its binding was in flight: the Binding POST finds no pod. The delete
        // already took it out of the cache and the queue, so nothing is requeued.
        abandonBinding(pod, node, *state);
        emitPod(EventType::PodBindFailed, pod, node, "pods \"" + pod.name + "\" not found");
        return;
    }
    Status s = fw->runPreBindPlugins(*state, pod, node);
    if (!s.isSuccess()) {
        bindFailed(
            podId, node, *state, std::move(info),
            "running PreBind plugin \"" + std::string(fw->pluginName(s.plugin())) + "\": " + s.message(m_cluster.pool));
        return;
    }
    // sched.bind: an interested binder extender binds instead of the Bind plugins.
    const ExtendersInCycle::Binding byExtender = m_scheduler->extenders().bind(pod, node);
    const std::string& extenderError = byExtender.error;
    s = !byExtender.binder.empty() ? (extenderError.empty() ? Status{} : Status::error(extenderError))
                                   : fw->runBindPlugins(*state, pod, node);
    std::string injected;
    if (s.isSuccess()) {
        const std::string nodeName(m_cluster.pool.str(node));
        if (m_binding.failingNodes.count(nodeName))
            injected = "binding rejected: node " + nodeName + " refuses bindings";
        else if (m_binding.failureProbability > 0 && std::uniform_real_distribution<double>(0, 1)(
                                                         *m_scheduler->handle().rng) < m_binding.failureProbability)
            injected = "binding rejected: injected failure";
    }
    if (!s.isSuccess() || !injected.empty()) {
        // sched.bind: `binding rejected: running Bind plugin "X": ...` (or `bind status: ...`
        // for a non-error status).
        std::string msg = injected;
        if (msg.empty() && !byExtender.binder.empty()) msg = "binding rejected: " + extenderError;
        if (msg.empty()) {
            const std::string name = s.plugin() >= 0 ? std::string(fw->pluginName(s.plugin())) : std::string();
            msg = s.code() == Code::Error
                      ? "binding rejected: running Bind plugin \"" + name + "\": " + s.message(m_cluster.pool)
                      : "binding rejected: bind status: " + std::string(codeName(s.code())) + ", " +
                            s.message(m_cluster.pool);
        }
        bindFailed(podId, node, *state, std::move(info), msg);
        return;
    }
    --m_inFlightBindings;
    Cache& cache = m_scheduler->cache();
    cache.finishBinding(pod);
    Pod& stored = m_cluster.pods[podId];
    stored.nodeName = node;
    stored.phase = PodPhase::Running;
    m_budgetsStale = true;  // a bound pod is a healthy one
    stored.startTime = m_runStartEpoch + m_clock.now() / kSecond;
    // >= 1.35 the API server clears nominatedNodeName on bind; v1.26 leaves it set.
    if (m_options.version.atLeast(35)) {
        stored.nominatedNodeName = kEmptySym;
        m_outcomes[podId].nominated = kEmptySym;
    }
    // The informer reports the bound pod: the cache confirms it, the queue forgets it.
    cache.addPod(stored, node);
    m_queue->done(stored);
    PodOutcome& o = m_outcomes[podId];
    o.state = PodState::Bound;
    o.node = node;
    o.message.clear();
    o.assumed = false;
    // Who bound it, when an extender did or an ignorable one was skipped: the event is the
    // binding's trace (the cycle's was written when the scheduling cycle ended).
    std::string boundBy;
    if (!byExtender.binder.empty()) boundBy = "bound by extender " + byExtender.binder;
    for (const std::string& skip : byExtender.skipped)
        boundBy += (boundBy.empty() ? "" : "; ") + std::string("ignorable extender skipped in bind: ") + skip;
    emitPod(EventType::PodBound, stored, node, boundBy);
    fw->runPostBindPlugins(*state, stored, node);
    m_queue->assignedPodAdded(
        stored, [this](const Pod& pending, const Pod& assigned) { return requiredAffinityMatches(pending, assigned); });
    startLifetime(stored);
}

void Simulation::abandonBinding(const Pod& pod, Sym node, CycleState& state) {
    --m_inFlightBindings;
    --m_stats.scheduled;  // counted when its cycle succeeded; the pod is not placed after all
    if (Framework* fw = m_scheduler->frameworkFor(pod)) fw->runReservePluginsUnreserve(state, pod, node);
    m_outcomes[pod.id].assumed = false;
}

void Simulation::bindFailed(std::uint32_t podId, Sym node, CycleState& state, QueuedPodInfo info,
                            const std::string& message, const std::string& rejectedBy) {
    const Pod& pod = m_cluster.pods[podId];
    abandonBinding(pod, node, state);
    const bool forgotten = m_scheduler->cache().forgetPod(pod).empty();
    emitPod(EventType::PodBindFailed, pod, node, message);
    // A rejection at WaitOnPermit is Unschedulable (>= 1.28 a FitError over the one node); a
    // PreBind/Bind failure is an error.
    const bool rejected = !rejectedBy.empty();
    std::string text = message;
    std::vector<std::string> plugins;
    if (rejected) {
        ++m_stats.unschedulable;
        if (m_options.version.atLeast(28)) {
            text = "0/1 nodes are available: 1 " + message + ".";
            plugins.push_back(rejectedBy);
        }
    } else {
        ++m_stats.errors;
    }
    // Forgetting the assumed pod frees its room like an assigned-pod delete. For an error the
    // move comes first (so the pod itself goes to backoffQ); for a rejection it is deferred
    // until the pod has been requeued and leaves the pod out (schedule_one.go: "It's
    // intentional to defer this operation").
    Pod assumed = pod;  // the event's object: the assumed pod, on its node
    assumed.nodeName = node;
    EventObjects deleted;
    deleted.oldPod = &assumed;
    if (forgotten && !rejected) m_queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete, {}, deleted);
    handleFailure(std::move(info), text, !rejected, plugins, NominatingInfo{NominatingMode::Override, kEmptySym});
    if (forgotten && rejected)
        m_queue->moveAllToActiveOrBackoffQueue(
            events::AssignedPodDelete, [podId](const Pod& p) { return p.id != podId; }, deleted);
}

void Simulation::handleFailure(QueuedPodInfo info, const std::string& message, bool schedulerError,
                               const std::vector<std::string>& unschedulablePlugins,
                               std::optional<NominatingInfo> nominating) {
    const Pod& pod = *info.pod;
    PodOutcome& o = m_outcomes[pod.id];
    o.message = message;
    emitPod(schedulerError ? EventType::PodSchedulerError : EventType::PodUnschedulable, pod, kEmptySym, message);
    info.unschedulablePlugins = unschedulablePlugins;
    // The pod is re-read: gone, or bound meanwhile -> not requeued.
    const bool exists = !m_cluster.podRemoved[pod.id] && pod.nodeName == kEmptySym;
    if (exists) {
        FailureRecord& f = m_failures[pod.id];
        f.generation = m_scheduler->cache().generation();
        f.consecutiveErrors = unschedulablePlugins.empty() ? f.consecutiveErrors + 1 : 0;
        if (m_singlePass)
            m_queue->done(pod);
        else
            m_queue->addUnschedulableIfNotPresent(std::move(info), m_queue->schedulingCycle());
    }
    // AddNominatedPod: Override sets (or clears) the nomination; Noop re-registers it.
    if (nominating && nominating->mode == NominatingMode::Override) {
        if (pod.nominatedNodeName != nominating->nodeName) {
            setNominated(pod, nominating->nodeName);
            if (nominating->nodeName != kEmptySym) emitPod(EventType::PodNominated, pod, nominating->nodeName);
        } else if (nominating->nodeName != kEmptySym) {
            m_scheduler->nominator().add(pod, nominating->nodeName);
        }
    } else if (pod.nominatedNodeName != kEmptySym && exists) {
        m_scheduler->nominator().add(pod, pod.nominatedNodeName);
    }
}

int Scheduler::selectHost(const ScoreMatrix& scores) {
    const std::size_t n = scores.nodes.size();
    const auto& nodes = m_snapshot.nodes();
    std::size_t best = 0;
    if (m_options.tieBreak == TieBreak::Name) {
        for (std::size_t i = 1; i < n; ++i) {
            if (scores.totals[i] > scores.totals[best])
                best = i;
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

namespace {

/// RunPostFilterPlugins for a pod no node fits (schedule_one.go's schedulingCycle): the
/// nomination and PostFilter's message into `result` and `diag`; with `preemption`,
/// DefaultPreemption's account of its attempt. A PostFilter error (a preemption extender's,
/// say) is no cycle error upstream: its text becomes the FitError's PostFilter message, the
/// pod stays unschedulable and its nomination as it was.
void runPostFilter(Framework& fw, CycleState& state, const Pod& pod, FitDiagnosis& diag, PreemptionTrace* preemption,
                   CycleResult& result) {
    PostFilterResult pfr;
    std::string pfMsg;
    auto* dp = preemption ? dynamic_cast<DefaultPreemption*>(fw.plugin(DefaultPreemption::kName)) : nullptr;
    if (dp) dp->setTrace(preemption);
    Status ps = fw.runPostFilterPlugins(state, pod, diag.nodeToStatus, pfr, pfMsg);
    if (dp) dp->setTrace(nullptr);
    if (ps.code() == Code::Error) {
        diag.postFilterMsg = ps.errorText();
        return;
    }
    diag.postFilterMsg = pfMsg;
    result.nominating = pfr.nominating;
}

}  // namespace

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
        PreemptionTrace preemption;
        if (m_options.preemption && fw.hasPostFilterPlugins()) {
            if (m_beforePostFilter) m_beforePostFilter();
            runPostFilter(fw, state, pod, diag, m_options.trace ? &preemption : nullptr, result);
        }
        result.message = fitErrorMessage(diag, nodes.size());
        if (m_options.trace) {
            result.trace = buildTrace(fw, pod, diag, feasible, excluded, nullptr, result);
            result.trace->preemption = std::move(preemption);
        }
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
    if (!fw.hasScorePlugins() && m_extenders.empty()) {
        m_scores.plugins.clear();
        m_scores.totals.assign(feasible.size(), 1);
    } else {
        std::vector<NodeInfo*>& feasibleInfos = m_feasibleInfos;
        feasibleInfos.clear();
        for (int idx : feasible) feasibleInfos.push_back(nodes[static_cast<std::size_t>(idx)]);
        Status ps = fw.runPreScorePlugins(state, pod, feasibleInfos);
        if (ps.isSuccess()) ps = fw.runScorePlugins(state, pod, nodes, m_scores);
        if (ps.isSuccess()) m_extenders.prioritize(pod, m_snapshot, m_scores);
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
    if (pod.nominatedNodeName != kEmptySym) t.nominatedNode = std::string(m_cluster.pool.str(pod.nominatedNodeName));
    t.filterPlugins = fw.pluginNames(ExtensionPoint::Filter);
    t.scorePlugins = fw.pluginNames(ExtensionPoint::Score);
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
    if (result.kind == CycleResult::Kind::Scheduled)
        t.chosen = std::string(m_cluster.pool.str(result.node));
    else
        t.message = result.message;
    t.schedulerError = result.kind == CycleResult::Kind::Error;
    m_extenders.addToTrace(t);
    return t;
}

}  // namespace berth::core
