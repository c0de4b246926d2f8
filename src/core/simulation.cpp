#include "core/simulation.h"

#include <algorithm>

#include "core/profile/default_plugins.h"

namespace berth::core {

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

Simulation::Simulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options)
    : m_cluster(cluster), m_config(std::move(config)), m_options(options) {}

Simulation::~Simulation() = default;

bool Simulation::init(std::string& error) {
    m_config = applyDefaults(std::move(m_config), m_options.version);
    static const Registry registry = inTreeRegistry();
    m_scheduler = std::make_unique<Scheduler>(m_cluster, m_config, m_options, registry, error);
    if (!error.empty()) return false;

    Cache& cache = m_scheduler->cache();
    for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i)
        if (!m_cluster.nodeRemoved[i]) cache.addNode(m_cluster.nodes[i]);
    m_outcomes.assign(m_cluster.pods.size(), PodOutcome{});
    for (std::size_t i = 0; i < m_cluster.pods.size(); ++i) {
        const Pod& p = m_cluster.pods[i];
        PodOutcome& o = m_outcomes[i];
        if (m_cluster.podRemoved[i] || p.phase == PodPhase::Succeeded || p.phase == PodPhase::Failed) continue;
        o.nominated = p.nominatedNodeName;
        if (p.nodeName != kEmptySym) {
            // Bound in the input; a pod bound to an unknown node was reported by the loader.
            if (!m_cluster.findNode(p.nodeName)) continue;
            cache.addPod(p, p.nodeName);
            o.state = PodState::Preexisting;
            o.node = p.nodeName;
        } else if (m_scheduler->frameworkFor(p)) {
            o.state = PodState::Pending;
        }
    }
    return true;
}

std::vector<const Pod*> Simulation::pendingInQueueOrder() {
    std::vector<const Pod*> pending;
    for (const Pod& p : m_cluster.pods)
        if (m_outcomes[p.id].state == PodState::Pending) pending.push_back(&p);
    // All pods enter the queue at the same instant, in file order (sequence = pod id).
    const QueueSortPlugin* sort = m_scheduler->framework(0)->queueSort();
    std::stable_sort(pending.begin(), pending.end(), [&](const Pod* a, const Pod* b) {
        return sort->less({a, 0, a->id}, {b, 0, b->id});
    });
    return pending;
}

bool Simulation::assumeAndBind(Framework& fw, CycleState& state, const Pod& pod, Sym node, std::string& message) {
    Cache& cache = m_scheduler->cache();
    std::string err = cache.assumePod(pod, node);
    if (!err.empty()) {
        message = err;
        return false;
    }
    m_scheduler->nominator().remove(pod);
    Status s = fw.runReservePluginsReserve(state, pod, node);
    if (!s.isSuccess()) {
        fw.runReservePluginsUnreserve(state, pod, node);
        cache.forgetPod(pod);
        message = "running Reserve plugin \"" + std::string(fw.pluginName(s.plugin())) + "\": " + s.message(m_cluster.pool);
        return false;
    }
    double wait = 0;
    s = fw.runPermitPlugins(state, pod, node, wait);
    if (s.code() != Code::Success && s.code() != Code::Wait) {
        fw.runReservePluginsUnreserve(state, pod, node);
        cache.forgetPod(pod);
        message = s.message(m_cluster.pool);
        return false;
    }
    s = fw.runPreBindPlugins(state, pod, node);
    if (s.isSuccess()) s = fw.runBindPlugins(state, pod, node);
    if (!s.isSuccess()) {
        fw.runReservePluginsUnreserve(state, pod, node);
        cache.forgetPod(pod);
        message = s.message(m_cluster.pool);
        return false;
    }
    cache.finishBinding(pod);
    // The informer then reports the bound pod: AddPod confirms the assumed one.
    Pod& stored = m_cluster.pods[pod.id];
    stored.nodeName = node;
    stored.phase = PodPhase::Running;
    cache.addPod(stored, node);
    fw.runPostBindPlugins(state, pod, node);
    return true;
}

RunStats Simulation::runSinglePass() {
    RunStats stats;
    for (const Pod* pod : pendingInQueueOrder()) {
        Framework* fw = m_scheduler->frameworkFor(*pod);
        CycleState state = fw->newCycleState();
        CycleResult r = m_scheduler->schedulePod(*fw, state, *pod);
        PodOutcome& o = m_outcomes[pod->id];
        ++o.attempts;
        ++stats.attempts;
        if (r.kind == CycleResult::Kind::Scheduled) {
            std::string message;
            if (assumeAndBind(*fw, state, *pod, r.node, message)) {
                o.state = PodState::Bound;
                o.node = r.node;
                o.message.clear();
                ++stats.scheduled;
            } else {
                o.message = message;
                ++stats.errors;
            }
        } else {
            o.message = r.kind == CycleResult::Kind::Error ? r.message : r.message;
            if (r.kind == CycleResult::Kind::Error) ++stats.errors;
            else ++stats.unschedulable;
        }
        if (r.trace && m_traceListener) m_traceListener(*r.trace);
    }
    return stats;
}

CycleTrace Simulation::explain(const Pod& pod) {
    Framework* fw = m_scheduler->frameworkFor(pod);
    if (!fw) fw = m_scheduler->framework(0);
    CycleState state = fw->newCycleState();
    CycleResult r = m_scheduler->schedulePod(*fw, state, pod);
    return r.trace ? *r.trace : CycleTrace{};
}

}  // namespace berth::core
