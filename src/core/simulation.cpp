#include "core/simulation.h"

#include <algorithm>
#include <unordered_set>

#include "core/api/node_selector_match.h"
#include "core/framework/plugins/interpodaffinity/affinity_terms.h"
#include "core/framework/plugins/nodeports/node_ports.h"
#include "core/profile/default_plugins.h"

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

const char* podStateName(PodState s) {
    switch (s) {
        case PodState::Preexisting: return "preexisting";
        case PodState::Bound: return "bound";
        case PodState::Pending: return "pending";
        case PodState::Evicted: return "evicted";
        case PodState::Ignored: return "ignored";
    }
    return "?";
}

Simulation::Simulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options, const Registry* registry)
    : m_cluster(cluster), m_config(std::move(config)), m_options(options), m_registry(registry) {}

Simulation::~Simulation() = default;

bool Simulation::init(std::string& error) {
    m_config = applyDefaults(std::move(m_config), m_options.version);
    static const Registry inTree = inTreeRegistry();
    m_scheduler = std::make_unique<Scheduler>(m_cluster, m_config, m_options, m_registry ? *m_registry : inTree, error);
    if (!error.empty()) return false;
    m_scheduler->setClusterActions(
        [this](const Pod& victim, const Pod& preemptor, Sym node) {
            // A victim waiting at Permit is rejected, not deleted (preemption.go
            // prepareCandidate: RejectWaitingPod "preempted"). Its binding goroutine wakes
            // up later; here: once the preemptor's cycle is over, at the same instant.
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
            evictPod(victim, "preempted by " + m_cluster.podKey(preemptor) + " on node " + std::string(m_cluster.pool.str(node)));
        },
        [this](const Pod& p) { setNominated(p, kEmptySym); });
    m_scheduler->setBeforePostFilter([this] { syncDisruptionBudgets(); });

    QueueSettings qs;
    qs.podInitialBackoff = m_config.podInitialBackoffSeconds * kSecond;
    qs.podMaxBackoff = m_config.podMaxBackoffSeconds * kSecond;
    qs.noRejectorsToBackoff = m_options.version.atLeast(29);
    Framework* first = m_scheduler->framework(0);
    m_queue = std::make_unique<SchedulingQueue>(*first->queueSort(), m_clock, qs, [this](const Pod& p) {
        SchedulingQueue::PreEnqueueVerdict v;
        Framework* fw = m_scheduler->frameworkFor(p);
        if (!fw) return v;
        const Status s = fw->runPreEnqueuePlugins(p);
        if (s.isSuccess()) return v;
        v.admitted = false;
        if (s.plugin() >= 0) v.plugin = std::string(fw->pluginName(s.plugin()));
        v.message = s.code() == Code::Error ? s.errorText() : s.message(m_cluster.pool);
        return v;
    });
    m_queue->setMoveListener([this](const Pod& p, QueueLocation, QueueLocation to, std::string_view reason) {
        switch (to) {
            case QueueLocation::Active: emitPod(EventType::PodQueued, p, kEmptySym, std::string(reason)); break;
            case QueueLocation::Backoff: emitPod(EventType::PodBackoff, p, kEmptySym, std::string(reason)); break;
            case QueueLocation::Unschedulable: {
                const QueuedPodInfo* qi = m_queue->info(p);
                emitPod(qi && qi->gated ? EventType::PodGated : EventType::PodUnschedulableQ, p, kEmptySym, std::string(reason));
                break;
            }
            default: break;
        }
    });

    Cache& cache = m_scheduler->cache();
    for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i)
        if (!m_cluster.nodeRemoved[i]) cache.addNode(m_cluster.nodes[i]);
    m_outcomes.assign(m_cluster.pods.size(), PodOutcome{});
    // The live nodes by name, once: a running cluster's dump binds 100,000 pods, and a scan
    // of the node list for each (Cluster::findNode) took longer than scheduling.
    std::unordered_set<Sym> liveNodes;
    for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i)
        if (!m_cluster.nodeRemoved[i]) liveNodes.insert(m_cluster.nodes[i].nameSym);
    for (std::size_t i = 0; i < m_cluster.pods.size(); ++i) {
        const Pod& p = m_cluster.pods[i];
        PodOutcome& o = m_outcomes[i];
        if (m_cluster.podRemoved[i] || p.phase == PodPhase::Succeeded || p.phase == PodPhase::Failed) continue;
        o.nominated = p.nominatedNodeName;
        if (p.nodeName != kEmptySym) {
            // Bound in the input; a pod bound to an unknown node was reported by the loader.
            if (!liveNodes.count(p.nodeName)) continue;
            cache.addPod(p, p.nodeName);
            o.state = PodState::Preexisting;
            o.node = p.nodeName;
        } else if (m_scheduler->frameworkFor(p)) {
            o.state = PodState::Pending;
        }
    }
    // Every pending pod is in the queue before scheduling starts (file order breaks ties).
    for (const Pod& p : m_cluster.pods)
        if (m_outcomes[p.id].state == PodState::Pending) {
            if (p.nominatedNodeName != kEmptySym) m_scheduler->nominator().add(p, p.nominatedNodeName);
            m_queue->add(p);
        }
    return true;
}

void Simulation::emitEvent(SimEvent e) {
    e.time = m_clock.now();
    e.sequence = m_eventSeq++;
    if (m_eventListener) m_eventListener(e);
}

void Simulation::emitPod(EventType type, const Pod& pod, Sym node, std::string message) {
    if (!m_eventListener) return;
    SimEvent e;
    e.type = type;
    e.pod = pod.id;
    e.node = node;
    e.message = std::move(message);
    emitEvent(std::move(e));
}

void Simulation::setNominated(const Pod& pod, Sym node) {
    Pod& stored = m_cluster.pods[pod.id];
    stored.nominatedNodeName = node;
    m_outcomes[pod.id].nominated = node;
    if (node == kEmptySym) m_scheduler->nominator().remove(pod);
    else m_scheduler->nominator().add(pod, node);
}

bool Simulation::requiredAffinityMatches(const Pod& pending, const Pod& assigned) const {
    // getUnschedulablePodsWithMatchingAffinityTerm: any required affinity term of the pending
    // pod that selects the newly assigned pod (the same matching InterPodAffinity applies).
    const Labels& nsLabels = interpodaffinity::namespaceLabels(&m_cluster, assigned.ns);
    const bool labelKeys = interpodaffinity::labelKeysEnabled(m_options.version);
    for (const auto& term : pending.affinity.podAffinity.required)
        if (interpodaffinity::existingTermMatches(term, pending, assigned, nsLabels, labelKeys)) return true;
    return false;
}

// How many times in a row a pod that keeps failing with an error (not a plugin's verdict)
// against an unchanged cache is retried before a run to quiescence gives up on it.
constexpr int kMaxConsecutiveErrorRetries = 10;

bool Simulation::idle() const {
    if (m_queue->activeCount() != 0 || m_inFlightBindings != 0) return false;
    if (m_singlePass) return true;
    return !retryCouldChangeAnything();
}

bool Simulation::retryCouldChangeAnything() const {
    // Upstream never stops: backoffQ pods are retried when their backoff ends, and
    // flushUnschedulablePodsLeftover retries every pod that sat in the unschedulable pool for
    // podMaxInUnschedulablePodsDuration. A retry against an unchanged cache repeats the same
    // decision (an unschedulable verdict evaluated every node, so neither the round-robin
    // start nor the tie-break matters), so the run is over when every waiting pod failed
    // against the cache as it is now. A pod a move request sent to backoffQ raced a change
    // and is retried. Errors (no plugin rejected the pod: a failed bind, a Reserve error)
    // picked a node, and a retry may pick another (random tie-break, round-robin start) or
    // draw another injected failure; upstream retries them forever, Berth a bounded number
    // of times in a row.
    const std::int64_t now = m_scheduler->cache().generation();
    auto failedAgainstNow = [&](const QueuedPodInfo* info, bool inBackoff) {
        const auto it = m_failures.find(info->pod->id);
        if (it == m_failures.end()) return !inBackoff;
        const FailureRecord& f = it->second;
        if (f.generation < now) return false;
        if (f.consecutiveErrors > 0) return f.consecutiveErrors >= kMaxConsecutiveErrorRetries;
        return !inBackoff;
    };
    for (const QueuedPodInfo* info : m_queue->backoffPods())
        if (!failedAgainstNow(info, true)) return true;
    for (const QueuedPodInfo* info : m_queue->unschedulablePods())
        if (!failedAgainstNow(info, false)) return true;
    return false;
}

void Simulation::schedulePeriodicFlushes() {
    if (m_flushesScheduled || m_singlePass) return;
    m_flushesScheduled = true;
    // flushBackoffQCompleted every second, flushUnschedulablePodsLeftover every 30 s.
    struct Ticker {
        static void backoff(Simulation* s) {
            s->m_queue->flushBackoffQCompleted();
            s->m_clock.scheduleAfter(kSecond, [s] { backoff(s); });
        }
        static void leftover(Simulation* s) {
            s->m_queue->flushUnschedulablePodsLeftover();
            s->m_clock.scheduleAfter(30 * kSecond, [s] { leftover(s); });
        }
    };
    m_clock.scheduleAt(m_clock.now() + kSecond, [this] { Ticker::backoff(this); });
    m_clock.scheduleAt(m_clock.now() + 30 * kSecond, [this] { Ticker::leftover(this); });
}

bool Simulation::step() {
    if (auto info = m_queue->pop()) {
        scheduleOne(std::move(*info));
        return true;
    }
    if (idle()) return false;
    schedulePeriodicFlushes();
    return m_clock.runNext();
}

RunStats Simulation::runSinglePass() {
    m_singlePass = true;
    while (auto info = m_queue->pop()) scheduleOne(std::move(*info));
    while (m_inFlightBindings > 0 && m_clock.runNext()) {
    }
    return m_stats;
}

RunStats Simulation::run(SimTime until) {
    while (true) {
        if (until >= 0 && m_queue->activeCount() == 0) {
            // The periodic flushes start with the first wait; they are what moves time on.
            if (!idle()) schedulePeriodicFlushes();
            const SimTime next = m_clock.nextTime();
            if (next < 0 || next > until) break;
        }
        if (!step()) break;
    }
    return m_stats;
}

void Simulation::waitUntil(SimTime t) {
    if (t <= m_clock.now()) return;
    m_clock.scheduleAt(t, [] {});  // the moment the caller looks again
    while (true) {
        run(t);
        // Idle before t: what is left up to t (the wait's end, periodic flushes) still happens.
        const SimTime next = m_clock.nextTime();
        if (m_clock.now() >= t || next < 0 || next > t) break;
        m_clock.runNext();
    }
}

void Simulation::scheduleOne(QueuedPodInfo info) {
    const Pod& pod = *info.pod;
    PodOutcome& o = m_outcomes[pod.id];
    Framework* fw = m_scheduler->frameworkFor(pod);
    // skipPodSchedule: deleted or terminating pods are dropped.
    if (!fw || m_cluster.podRemoved[pod.id] || pod.terminating) {
        m_queue->done(pod);
        return;
    }
    ++o.attempts;
    ++m_stats.attempts;
    emitPod(EventType::PodPopped, pod);
    auto state = std::make_shared<CycleState>(fw->newCycleState());
    CycleResult r = m_scheduler->schedulePod(*fw, *state, pod);
    if (m_eventListener) {
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
        if (error) ++m_stats.errors;
        else ++m_stats.unschedulable;
        handleFailure(std::move(info), r.message, error, r.unschedulablePlugins, nominating);
        return;
    }

    emitPod(EventType::HostSelected, pod, r.node);
    // assume: the cache accounts for the pod before binding finishes.
    Cache& cache = m_scheduler->cache();
    if (std::string err = cache.assumePod(pod, r.node); !err.empty()) {
        ++m_stats.errors;
        handleFailure(std::move(info), err, true, {}, NominatingInfo{NominatingMode::Override, kEmptySym});
        return;
    }
    m_scheduler->nominator().remove(pod);
    o.assumed = true;
    emitPod(EventType::PodAssumed, pod, r.node);

    Status s = fw->runReservePluginsReserve(*state, pod, r.node);
    if (!s.isSuccess()) {
        fw->runReservePluginsUnreserve(*state, pod, r.node);
        cache.forgetPod(pod);
        o.assumed = false;
        // v1.26: every Reserve failure is the error `running Reserve plugin "X": ...`
        // (SchedulerError). >= 1.28: a rejection is a FitError over the one node.
        const bool rejected = s.isRejected() && m_options.version.atLeast(28);
        std::vector<std::string> plugins;
        std::string msg;
        if (rejected) {
            ++m_stats.unschedulable;
            if (s.plugin() >= 0) plugins.emplace_back(fw->pluginName(s.plugin()));
            msg = oneNodeFitError(s, m_cluster.pool);
        } else {
            ++m_stats.errors;
            msg = "running Reserve plugin \"" + std::string(fw->pluginName(s.plugin())) + "\": " + s.message(m_cluster.pool);
        }
        handleFailure(std::move(info), msg, !rejected, plugins, NominatingInfo{NominatingMode::Override, kEmptySym});
        return;
    }
    emitPod(EventType::PodReserved, pod, r.node);

    double waitSeconds = 0;
    s = fw->runPermitPlugins(*state, pod, r.node, waitSeconds);
    if (s.code() != Code::Success && s.code() != Code::Wait) {
        fw->runReservePluginsUnreserve(*state, pod, r.node);
        cache.forgetPod(pod);
        o.assumed = false;
        const bool rejected = s.isRejected();
        if (rejected) ++m_stats.unschedulable;
        else ++m_stats.errors;
        std::vector<std::string> plugins;
        if (rejected && s.plugin() >= 0 && m_options.version.atLeast(28)) plugins.emplace_back(fw->pluginName(s.plugin()));
        std::string msg = rejected ? s.message(m_cluster.pool)
                                   : "running Permit plugin \"" + std::string(fw->pluginName(s.plugin())) + "\": " +
                                         s.message(m_cluster.pool);
        if (rejected && m_options.version.atLeast(28)) msg = oneNodeFitError(s, m_cluster.pool);
        handleFailure(std::move(info), msg, !rejected, plugins, NominatingInfo{NominatingMode::Override, kEmptySym});
        return;
    }
    ++m_inFlightBindings;
    ++m_stats.scheduled;
    fw->releaseSchedulingCycleData(*state);
    const std::uint32_t id = pod.id;
    const Sym node = r.node;
    if (s.code() == Code::Wait) {
        // WaitOnPermit: no plugin here ever allows a waiting pod, so it times out: the timer of
        // the plugin with the shortest wait rejects it (Unschedulable, waiting_pods_map.go).
        emitPod(EventType::PodPermitWaiting, pod, node);
        const SimTime timeout = static_cast<SimTime>(waitSeconds * static_cast<double>(kSecond));
        const std::string plugin = s.plugin() >= 0 ? std::string(fw->pluginName(s.plugin())) : std::string();
        WaitingPod& waiting = m_waitingPods[id];
        waiting = WaitingPod{node, state, info, 0};
        waiting.timeoutEvent = m_clock.scheduleAfter(timeout, [this, id, plugin, timeout]() {
            auto it = m_waitingPods.find(id);
            WaitingPod wait = std::move(it->second);
            m_waitingPods.erase(it);
            const std::string msg = "rejected due to timeout after waiting " + goDuration(timeout) + " at plugin " + plugin;
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
        bindFailed(podId, node, *state, std::move(info), "running PreBind plugin \"" + std::string(fw->pluginName(s.plugin())) +
                                                            "\": " + s.message(m_cluster.pool));
        return;
    }
    s = fw->runBindPlugins(*state, pod, node);
    std::string injected;
    if (s.isSuccess()) {
        const std::string nodeName(m_cluster.pool.str(node));
        if (m_binding.failingNodes.count(nodeName)) injected = "binding rejected: node " + nodeName + " refuses bindings";
        else if (m_binding.failureProbability > 0 &&
                 std::uniform_real_distribution<double>(0, 1)(*m_scheduler->handle().rng) < m_binding.failureProbability)
            injected = "binding rejected: injected failure";
    }
    if (!s.isSuccess() || !injected.empty()) {
        // sched.bind: `binding rejected: running Bind plugin "X": ...` (or `bind status: ...`
        // for a non-error status).
        std::string msg = injected;
        if (msg.empty()) {
            const std::string name = s.plugin() >= 0 ? std::string(fw->pluginName(s.plugin())) : std::string();
            msg = s.code() == Code::Error
                      ? "binding rejected: running Bind plugin \"" + name + "\": " + s.message(m_cluster.pool)
                      : "binding rejected: bind status: " + std::string(codeName(s.code())) + ", " + s.message(m_cluster.pool);
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
    stored.startTime = m_clock.now() / kSecond;
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
    emitPod(EventType::PodBound, stored, node);
    fw->runPostBindPlugins(*state, stored, node);
    m_queue->assignedPodAdded(stored, [this](const Pod& pending, const Pod& assigned) {
        return requiredAffinityMatches(pending, assigned);
    });
}

void Simulation::abandonBinding(const Pod& pod, Sym node, CycleState& state) {
    --m_inFlightBindings;
    --m_stats.scheduled;  // counted when its cycle succeeded; the pod is not placed after all
    if (Framework* fw = m_scheduler->frameworkFor(pod)) fw->runReservePluginsUnreserve(state, pod, node);
    m_outcomes[pod.id].assumed = false;
}

void Simulation::bindFailed(std::uint32_t podId, Sym node, CycleState& state, QueuedPodInfo info, const std::string& message,
                            const std::string& rejectedBy) {
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
    if (forgotten && !rejected) m_queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete);
    handleFailure(std::move(info), text, !rejected, plugins, NominatingInfo{NominatingMode::Override, kEmptySym});
    if (forgotten && rejected)
        m_queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete, [podId](const Pod& p) { return p.id != podId; });
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
        if (m_singlePass) m_queue->done(pod);
        else m_queue->addUnschedulableIfNotPresent(std::move(info), m_queue->schedulingCycle());
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

void Simulation::evictPod(const Pod& pod, std::string_view why) {
    if (m_cluster.podRemoved[pod.id]) return;
    PodOutcome& o = m_outcomes[pod.id];
    const Sym node = m_scheduler->cache().nodeOf(pod);
    if (auto it = m_waitingPods.find(pod.id); it != m_waitingPods.end()) {
        // Deleted while waiting at Permit: its binding cycle ends here, without a requeue.
        m_clock.cancel(it->second.timeoutEvent);
        abandonBinding(pod, it->second.node, *it->second.state);
        m_waitingPods.erase(it);
    }
    m_scheduler->cache().removePod(pod);
    m_cluster.podRemoved[pod.id] = true;
    m_budgetsStale = true;
    m_scheduler->nominator().remove(pod);
    m_queue->remove(pod);
    o.state = PodState::Evicted;
    if (node != kNoSym) o.node = node;
    emitPod(EventType::PodEvicted, pod, o.node, std::string(why));
    // The informer's delete event: freed room may help unschedulable pods.
    if (node != kNoSym) m_queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete);
    reconcile();
}

void Simulation::reconcile() {
    if (!m_reconciler || m_reconciling) return;
    m_reconciling = true;
    const std::size_t before = m_cluster.pods.size();
    const std::vector<std::uint32_t> surplus = m_reconciler(m_cluster);
    for (std::size_t i = before; i < m_cluster.pods.size(); ++i) {
        if (m_cluster.podRemoved.size() < m_cluster.pods.size()) m_cluster.podRemoved.resize(m_cluster.pods.size(), false);
        m_outcomes.resize(m_cluster.pods.size());
        emitPod(EventType::PodCreated, m_cluster.pods[i]);
        podAdded(m_cluster.pods[i]);
    }
    for (std::uint32_t id : surplus)
        if (id < m_cluster.pods.size()) evictPod(m_cluster.pods[id], "deleted by its controller: scaled down");
    m_reconciling = false;
    // The disruption controller watches the same pods (and the workloads' scale).
    m_budgetsStale = true;
    syncDisruptionBudgets();
}

void Simulation::syncDisruptionBudgets() {
    if (!m_disruption || !m_budgetsStale) return;
    m_budgetsStale = false;
    m_disruption(m_cluster);
}

bool Simulation::scaleWorkload(WorkloadKind kind, std::string_view ns, std::string_view name, std::int32_t replicas) {
    if (kind == WorkloadKind::DaemonSet || replicas < 0) return false;
    const Sym nsSym = m_cluster.pool.find(ns);
    for (Workload& w : m_cluster.workloads) {
        if (w.kind != kind || w.ns != nsSym || w.name != name) continue;
        w.replicas = replicas;
        reconcile();
        return true;
    }
    return false;
}

void Simulation::podAdded(const Pod& pod) {
    if (m_outcomes.size() < m_cluster.pods.size()) m_outcomes.resize(m_cluster.pods.size());
    PodOutcome& o = m_outcomes[pod.id];
    m_budgetsStale = true;  // a budget's selector may match it
    if (pod.phase == PodPhase::Succeeded || pod.phase == PodPhase::Failed) return;
    if (pod.nodeName != kEmptySym) {
        if (!m_cluster.findNode(pod.nodeName)) return;
        m_scheduler->cache().addPod(pod, pod.nodeName);
        o.state = PodState::Preexisting;
        o.node = pod.nodeName;
        m_queue->assignedPodAdded(pod, [this](const Pod& pending, const Pod& assigned) {
            return requiredAffinityMatches(pending, assigned);
        });
        return;
    }
    if (!m_scheduler->frameworkFor(pod)) return;
    o.state = PodState::Pending;
    m_queue->add(pod);
}

bool Simulation::admissionPreCheck(const Pod& pod, const NodeInfo* nodeInfo) const {
    // preCheckForNode (eventhandlers.go, v1.26): would the kubelet admit the pod there?
    if (!nodeInfo || !nodeInfo->node()) return false;
    const Node& node = *nodeInfo->node();
    const auto& req = pod.derived.requests;
    const auto& alloc = node.allocatable;
    const auto& used = nodeInfo->requested();
    if (static_cast<std::int64_t>(nodeInfo->podCount()) + 1 > alloc.pods) return false;
    if (req.milliCpu > alloc.milliCpu - used.milliCpu || req.memory > alloc.memory - used.memory ||
        req.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage)
        return false;
    for (const auto& sc : req.scalars)
        if (sc.value > alloc.scalar(sc.name) - used.scalar(sc.name)) return false;
    if (pod.nodeName != kEmptySym && pod.nodeName != node.nameSym) return false;
    const Sym anyIP = m_cluster.pool.find("0.0.0.0");
    for (const auto& want : pod.derived.hostPorts)
        if (NodePorts::conflicts(want, nodeInfo->usedPorts(), anyIP)) return false;
    if (!podMatchesNodeSelectorAndAffinity(pod, node, m_cluster.pool)) return false;
    for (const auto& t : node.taints)
        if (t.effect == TaintEffect::NoSchedule && !toleratesTaint(pod.tolerations, t)) return false;
    return true;
}

void Simulation::addNode(Node node) {
    Node& stored = m_cluster.addNode(std::move(node));
    m_scheduler->cache().addNode(stored);
    if (m_eventListener) {
        SimEvent e;
        e.type = EventType::NodeAdded;
        e.node = stored.nameSym;
        emitEvent(e);
    }
    const NodeInfo* ni = m_scheduler->cache().nodeInfo(stored.nameSym);
    m_queue->moveAllToActiveOrBackoffQueue(events::NodeAdd, [this, ni](const Pod& p) { return admissionPreCheck(p, ni); });
    reconcile();  // e.g. DaemonSets place a pod on the new node
}

bool Simulation::updateNode(std::string_view name, const std::function<void(Node&)>& edit) {
    const Sym sym = m_cluster.pool.find(name);
    const Node* old = sym == kNoSym ? nullptr : m_cluster.findNode(sym);
    if (!old) return false;
    Node copy = *old;
    edit(copy);
    m_cluster.nodeRemoved[old->id] = true;
    Node& stored = m_cluster.addNode(std::move(copy));
    m_scheduler->cache().updateNode(*old, stored);
    if (m_eventListener) {
        SimEvent e;
        e.type = EventType::NodeUpdated;
        e.node = stored.nameSym;
        emitEvent(e);
    }
    // nodeSchedulingPropertiesChange: the first change that applies names the event.
    const ClusterEvent* event = nullptr;
    bool taintsChanged = old->taints.size() != stored.taints.size();
    for (std::size_t i = 0; !taintsChanged && i < old->taints.size(); ++i)
        taintsChanged = old->taints[i].key != stored.taints[i].key || old->taints[i].value != stored.taints[i].value ||
                        old->taints[i].effect != stored.taints[i].effect;
    if (old->unschedulable && !stored.unschedulable) event = &events::NodeSpecUnschedulableChange;
    else if (!(old->allocatable == stored.allocatable)) event = &events::NodeAllocatableChange;
    else if (!(old->labels == stored.labels)) event = &events::NodeLabelChange;
    else if (taintsChanged) event = &events::NodeTaintChange;
    if (event) {
        const NodeInfo* ni = m_scheduler->cache().nodeInfo(stored.nameSym);
        m_queue->moveAllToActiveOrBackoffQueue(*event, [this, ni](const Pod& p) { return admissionPreCheck(p, ni); });
    }
    return true;
}

bool Simulation::removeNode(std::string_view name) {
    const Sym sym = m_cluster.pool.find(name);
    const Node* node = sym == kNoSym ? nullptr : m_cluster.findNode(sym);
    if (!node) return false;
    // The pods go with their node (pod garbage collection); owners recreate theirs.
    std::vector<const Pod*> onNode;
    if (const NodeInfo* ni = m_scheduler->cache().nodeInfo(sym))
        onNode.assign(ni->pods().begin(), ni->pods().end());
    m_reconciling = true;
    for (const Pod* p : onNode) evictPod(*p, "node " + std::string(name) + " deleted");
    m_reconciling = false;
    m_scheduler->cache().removeNode(*node);
    m_cluster.nodeRemoved[node->id] = true;
    if (m_eventListener) {
        SimEvent e;
        e.type = EventType::NodeRemoved;
        e.node = sym;
        emitEvent(e);
    }
    reconcile();
    return true;
}

std::vector<const Pod*> Simulation::drain(std::string_view name) {
    std::vector<const Pod*> refused;
    if (!cordon(name)) return refused;
    syncDisruptionBudgets();  // the eviction API reads the budgets' current status
    const Sym sym = m_cluster.pool.find(name);
    std::vector<const Pod*> onNode;
    if (const NodeInfo* ni = m_scheduler->cache().nodeInfo(sym)) onNode.assign(ni->pods().begin(), ni->pods().end());
    m_reconciling = true;
    for (const Pod* p : onNode) {
        const OwnerReference* owner = controllerOf(*p);
        if (owner && owner->kind == "DaemonSet") continue;  // kubectl drain --ignore-daemonsets
        // The eviction API refuses when a matching budget allows no more disruptions.
        bool allowed = true;
        for (const auto& pdb : m_cluster.pdbs)
            if (pdb.covers(*p) && pdb.disruptionsAllowed <= 0) allowed = false;
        if (!allowed) {
            refused.push_back(p);
            continue;
        }
        for (auto& pdb : m_cluster.pdbs)
            if (pdb.covers(*p)) --pdb.disruptionsAllowed;
        evictPod(*p, "drained from node " + std::string(name));
    }
    m_reconciling = false;
    reconcile();
    return refused;
}

}  // namespace berth::core
