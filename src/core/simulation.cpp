#include "core/simulation.h"

#include <algorithm>
#include <unordered_set>

#include "core/framework/plugins/interpodaffinity/affinity_terms.h"
#include "core/framework/plugins/noderesources/fit.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/invariant_check.h"
#include "core/profile/default_plugins.h"

namespace berth::core {

const char* podStateName(PodState s) {
    switch (s) {
        case PodState::Preexisting: return "preexisting";
        case PodState::Bound: return "bound";
        case PodState::Pending: return "pending";
        case PodState::Evicted: return "evicted";
        case PodState::Ignored: return "ignored";
        case PodState::Succeeded: return "succeeded";
    }
    return "?";
}

Simulation::Simulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options,
                       const Registry* registry)
    : m_cluster(cluster), m_config(std::move(config)), m_options(options), m_registry(registry) {}

Simulation::~Simulation() = default;

void Simulation::checkInvariantsWhileRunning() {
    if (!m_check) m_check = std::make_unique<InvariantCheck>();
}

std::vector<std::string> Simulation::checkInvariants() const {
    const InvariantCheck unchecked;  // no checks during the run: the final state's only
    const InvariantCheck& check = m_check ? *m_check : unchecked;
    return check.finish(m_cluster, m_outcomes, [this](const Pod& p) -> const NodeResourcesFit* {
        const Framework* fw = m_scheduler ? m_scheduler->frameworkFor(p) : nullptr;
        if (!fw) return nullptr;
        const std::vector<std::string> filters = fw->pluginNames(ExtensionPoint::Filter);
        if (std::find(filters.begin(), filters.end(), NodeResourcesFit::kName) == filters.end()) return nullptr;
        return dynamic_cast<const NodeResourcesFit*>(fw->plugin(NodeResourcesFit::kName));
    });
}

bool Simulation::init(std::string& error) {
    m_config = applyDefaults(std::move(m_config), m_options.version);
    static const Registry inTree = inTreeRegistry();
    m_scheduler = std::make_unique<Scheduler>(m_cluster, m_config, m_options, m_registry ? *m_registry : inTree, error);
    if (!error.empty()) return false;
    m_scheduler->setClusterActions(
        [this](const Pod& victim, const Pod& preemptor, Sym node) { evictVictim(victim, preemptor, node); },
        [this](const Pod& p) { setNominated(p, kEmptySym); });
    m_scheduler->setBeforePostFilter([this] { syncDisruptionBudgets(); });
    makeQueue();
    loadCluster();
    return true;
}

void Simulation::makeQueue() {
    QueueSettings qs;
    qs.podInitialBackoff = m_config.podInitialBackoffSeconds * kSecond;
    qs.podMaxBackoff = m_config.podMaxBackoffSeconds * kSecond;
    qs.noRejectorsToBackoff = m_options.version.atLeast(29);
    // Feature gates on by default: SchedulerQueueingHints (1.32), SchedulerPopFromBackoffQ
    // (1.33); backoff by UnschedulableCount (1.35).
    qs.queueingHints = m_options.version.atLeast(32);
    qs.popFromBackoffQ = m_options.version.atLeast(33);
    qs.backoffByUnschedulableCount = m_options.version.atLeast(35);
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
    m_queue->setHintFn([this](std::string_view plugin, const Pod& p, const ClusterEvent& e, const EventObjects& o) {
        Framework* fw = m_scheduler->frameworkFor(p);
        const auto* h = fw ? dynamic_cast<const QueueingHintPlugin*>(fw->plugin(plugin)) : nullptr;
        return h ? h->queueingHint(p, e, o) : QueueingHint::Queue;
    });
    m_queue->setMoveListener([this](const Pod& p, QueueLocation, QueueLocation to, std::string_view reason) {
        switch (to) {
            case QueueLocation::Active: emitPod(EventType::PodQueued, p, kEmptySym, std::string(reason)); break;
            case QueueLocation::Backoff: emitPod(EventType::PodBackoff, p, kEmptySym, std::string(reason)); break;
            case QueueLocation::Unschedulable: {
                const QueuedPodInfo* qi = m_queue->info(p);
                emitPod(qi && qi->gated ? EventType::PodGated : EventType::PodUnschedulableQ, p, kEmptySym,
                        std::string(reason));
                break;
            }
            default: break;
        }
    });
}

void Simulation::loadCluster() {
    Cache& cache = m_scheduler->cache();
    for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i)
        if (!m_cluster.nodeRemoved[i]) cache.addNode(m_cluster.nodes[i]);
    // A loaded cluster is a running one: every kubelet has reported status since the last node
    // joined, so in v1.26-1.28 (counts frozen at a node's add or update) each loaded node sees the
    // cluster-wide image counts. Nodes added or changed later in the plan keep that moment's.
    if (m_options.version.before(29)) cache.refreshAllImageCounts();
    m_outcomes.assign(m_cluster.pods.size(), PodOutcome{});
    for (const Pod& p : m_cluster.pods)
        if (p.startTime) m_runStartEpoch = std::max(m_runStartEpoch, *p.startTime + 1);
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
            startLifetime(p);  // running since t = 0
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
}

void Simulation::emitEvent(SimEvent e) {
    e.time = m_clock.now();
    e.sequence = m_eventSeq++;
    if (m_check) m_check->onEvent(e, m_cluster);
    if (m_eventListener) m_eventListener(e);
}

void Simulation::emitPod(EventType type, const Pod& pod, Sym node, std::string message) {
    if (!listening()) return;
    SimEvent e;
    e.type = type;
    e.pod = pod.id;
    e.node = node;
    e.message = std::move(message);
    emitEvent(std::move(e));
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
    if (m_queue->hasPoppable() || m_inFlightBindings != 0) return false;
    if (m_singlePass) return true;
    // A running pod's completion frees room and lets its Job make the next pods.
    if (!m_completions.empty()) return false;
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
    // >= 1.33 the backoff flush ticks on the 1 s window boundaries (backoff_queue.go
    // waitUntilAlignedWithOrderingWindow).
    SimTime firstFlush = m_clock.now() + kSecond;
    if (m_options.version.atLeast(33)) firstFlush -= firstFlush % kSecond;
    m_clock.scheduleAt(firstFlush, [this] { Ticker::backoff(this); });
    m_clock.scheduleAt(m_clock.now() + 30 * kSecond, [this] { Ticker::leftover(this); });
}

void Simulation::noteVictimEvicted(const Pod& victim, const Pod& preemptor, Sym node) {
    // Cycles take no simulated time, so a churn at one instant never ends: a preemptor evicts a
    // pod, its controller creates a replacement at once, the replacement takes the freed room
    // ahead of the preemptor (pop from backoffQ while activeQ is empty, >= 1.33; a nomination
    // that a skipped plugin does not see), and the preemptor evicts it again. Upstream churns the
    // same way (its fake clock never steps; a real one churns at API speed). Without a
    // controller every eviction removes a pod for good, and a cascade is bounded by the pods
    // times the priority levels, so evictions at one instant beyond ten per pod that existed
    // when the instant began (plus a margin for small clusters) can only be such a churn.
    if (m_instant.at != m_clock.now()) {
        m_instant = Instant{m_clock.now(), 0, 10 * m_cluster.pods.size() + 1000};
    }
    if (++m_instant.evictions <= m_instant.limit || !m_stoppedBy.empty()) return;
    m_stoppedBy = "a preemption livelock: " + std::to_string(m_instant.evictions) + " pods preempted at " +
                  invariantTime(m_clock.now()) + " (the last: " + m_cluster.podKey(victim) + " by " +
                  m_cluster.podKey(preemptor) + " on node " + std::string(m_cluster.pool.str(node)) +
                  "); each victim's controller replaced it and the replacement took the room again";
}

bool Simulation::step() {
    if (!m_stoppedBy.empty()) return false;
    // A binding that takes no simulated time (--bind-latency 0) completes, and the informer
    // reports the bound pod, before the next pod's cycle starts: upstream's binding goroutine
    // and API round trip take about as long as a scheduling cycle.
    if (m_binding.latency == 0 && m_inFlightBindings != 0 && m_clock.nextTime() >= 0 &&
        m_clock.nextTime() <= m_clock.now())
        return m_clock.runNext();
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
    // One attempt per pod, and no time beyond the binds: no pod completes.
    for (const auto& [pod, event] : m_completions) m_clock.cancel(event);
    m_completions.clear();
    while (m_stoppedBy.empty()) {
        auto info = m_queue->pop();
        if (!info) break;
        scheduleOne(std::move(*info));
    }
    while (m_inFlightBindings > 0 && m_clock.runNext()) {}
    return m_stats;
}

RunStats Simulation::run(SimTime until) {
    while (true) {
        if (until >= 0 && !m_queue->hasPoppable()) {
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

NodeCheck Simulation::checkNodeForPod(std::uint32_t podId, std::string_view node) {
    NodeCheck check;
    if (podId >= m_cluster.pods.size() || m_cluster.podRemoved[podId]) {
        check.error = "no such pod";
        return check;
    }
    const Pod& pod = m_cluster.pods[podId];
    const PodOutcome& outcome = m_outcomes[podId];
    if (outcome.state != PodState::Pending || outcome.assumed) {
        check.error = "pod " + m_cluster.podKey(pod) + " is not pending (it is " +
                      (outcome.assumed ? std::string("assumed") : std::string(podStateName(outcome.state))) + ")";
        return check;
    }
    return core::checkNodeForPod(*m_scheduler, pod, node);
}

}  // namespace berth::core
