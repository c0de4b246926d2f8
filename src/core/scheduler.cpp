#include "core/scheduler.h"

#include "core/framework/plugins/defaultpreemption/default_preemption.h"

namespace berth::core {

Scheduler::Scheduler(Cluster& cluster, const SchedulerConfiguration& config, const SchedulerOptions& options,
                     const Registry& registry, std::string& error)
    : m_cluster(cluster),
      m_config(config),
      m_options(options),
      m_cache(cluster.pool, options.version),
      m_rng(options.seed),
      m_extenders(options.extenders) {
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
        if (m_options.percentageOfNodesToScore)
            p.percentageOfNodesToScore = m_options.percentageOfNodesToScore;
        else if (!p.percentageOfNodesToScore)
            p.percentageOfNodesToScore = m_config.percentageOfNodesToScore;
        applyExtenderIgnoredResources(m_config.extenders, p);
        std::string err;
        auto fw = Framework::create(p, registry, m_handle, err);
        if (!fw) {
            error = "profile \"" + profile.schedulerName + "\": " + err;
            return;
        }
        // callExtenders reads the extenders (Handle.Extenders() upstream).
        if (auto* preemption = dynamic_cast<DefaultPreemption*>(fw->plugin(DefaultPreemption::kName)))
            preemption->setExtenders(&m_extenders.list());
        m_frameworks.push_back(std::move(fw));
    }
    // The handle names one runtime for plugins that call back into it
    // (preemption); each profile runs its own cycles, so point it at the first.
    if (!m_frameworks.empty()) m_handle.runner = m_frameworks.front().get();
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

}  // namespace berth::core
