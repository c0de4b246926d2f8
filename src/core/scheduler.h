#pragma once
/// The scheduler (pkg/scheduler/scheduler.go): the profiles' frameworks, the cache and its
/// snapshot, the nominator, the handle plugins see. Its scheduling cycle, schedulePod
/// (schedule_one.go: PreFilter -> Filter, two-pass with nominated pods -> PostFilter on
/// failure -> PreScore/Score/Normalize -> selectHost), is defined in schedule_one.cpp and
/// find_nodes_that_fit.cpp; the Simulation assumes, binds and requeues.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "core/backend/cache/cache.h"
#include "core/backend/cache/snapshot.h"
#include "core/backend/queue/nominator.h"
#include "core/extenders_in_cycle.h"
#include "core/framework/handle.h"
#include "core/framework/runtime/filter_verdict_cache.h"
#include "core/framework/runtime/framework.h"
#include "core/parallel/worker_pool.h"
#include "core/profile/config.h"
#include "core/schedule_one.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

class Extender;

enum class TieBreak : std::uint8_t { Random, Name };

struct SchedulerOptions {
    KubeVersion version = KubeVersion::newest();
    TieBreak tieBreak = TieBreak::Random;
    std::uint64_t seed = 0;
    std::optional<std::int32_t> percentageOfNodesToScore;  // overrides config and profiles
    bool preemption = true;
    bool trace = false;
    /// Incremental per-node state kept between cycles (Handle::fastPaths); identical decisions.
    bool fastPaths = true;
    /// Threads a cycle's Filter and Score passes are split over (the caller's included);
    /// 0 or 1: one. Decisions are the same for any count (results merge in scan order).
    unsigned threads = 1;
    /// Filter and Score passes over fewer nodes stay on the calling thread: an adaptive scan of
    /// 500 nodes costs about as much to share as it saves, and ran slower on two threads of a
    /// busy machine. Tests lower it to share small clusters.
    std::size_t minSharedNodes = 1024;
    /// The configuration's extenders, one per `extenders:` entry in the same order, built
    /// outside core (the HTTP client, a replay of a recording, a test double).
    std::vector<std::shared_ptr<Extender>> extenders;
};

class Scheduler {
public:
    /// `config` must already be defaulted (applyDefaults). Errors go to `error`.
    Scheduler(Cluster& cluster, const SchedulerConfiguration& config, const SchedulerOptions& options,
              const Registry& registry, std::string& error);
    ~Scheduler();

    Cluster& cluster() { return m_cluster; }
    Cache& cache() { return m_cache; }
    Nominator& nominator() { return m_nominator; }
    const Snapshot& snapshot() const { return m_snapshot; }
    /// Brings the snapshot up to date with the cache, as a cycle does first (for checks made
    /// between cycles: Simulation::checkNodeForPod).
    void refreshSnapshot() { m_cache.updateSnapshot(m_snapshot); }
    const SchedulerOptions& options() const { return m_options; }
    /// Turns cycle traces on or off between cycles: the GUI records them while a person can
    /// watch, and stops when a large cluster runs flat out.
    void setTrace(bool on) { m_options.trace = on; }
    /// Whether failed pods run PostFilter (DefaultPreemption): capacity answers that must not
    /// evict anything turn it off after the plan's own pods have settled.
    void setPreemption(bool on) { m_options.preemption = on; }
    const SchedulerConfiguration& config() const { return m_config; }
    Handle& handle() { return m_handle; }
    /// The extenders, in the order the cycle calls them (the binding cycle binds through them).
    ExtendersInCycle& extenders() { return m_extenders; }

    /// The profile for a pod's schedulerName, or nullptr (not Berth's pod).
    Framework* frameworkFor(const Pod& pod) const;
    Framework* framework(std::size_t i) const { return m_frameworks[i].get(); }
    std::size_t frameworkCount() const { return m_frameworks.size(); }

    /// Installs the callbacks plugins use to act on the cluster (preemption).
    void setClusterActions(std::function<void(const Pod&, const Pod&, Sym)> evictVictim,
                           std::function<void(const Pod&)> clearNomination);

    /// Called before PostFilter plugins read the cluster's objects: the simulation brings the
    /// PodDisruptionBudgets' status up to date there (the disruption controller), as the
    /// informer's copy preemption reads would be.
    void setBeforePostFilter(std::function<void()> f) { m_beforePostFilter = std::move(f); }

    /// Runs one scheduling cycle. On success the caller assumes the pod on result.node.
    CycleResult schedulePod(Framework& fw, CycleState& state, const Pod& pod);

private:
    struct FeasibleSearch;
    Status findNodesThatFitPod(Framework& fw, CycleState& state, const Pod& pod, FitDiagnosis& diag,
                               std::vector<int>& feasible, std::vector<std::uint8_t>& excluded);
    Status findNodesThatPassFilters(Framework& fw, CycleState& state, const Pod& pod, FitDiagnosis& diag,
                                    const std::vector<int>& candidates, std::vector<int>& feasible);
    /// Filters the nodes at scan offsets [from, from + count) (offset i is candidates[(start +
    /// i) % size]) a plugin at a time, on the workers when there are any, each verdict into
    /// m_verdicts[i - from].
    void filterBlock(const Framework& fw, const CycleState& state, const Pod& pod, const std::vector<int>& candidates,
                     std::size_t start, std::int32_t from, std::int32_t count);
    int selectHost(const ScoreMatrix& scores);
    std::string fitErrorMessage(const FitDiagnosis& diag, std::size_t numAllNodes) const;
    CycleTrace buildTrace(const Framework& fw, const Pod& pod, const FitDiagnosis& diag,
                          const std::vector<int>& feasible, const std::vector<std::uint8_t>& excluded,
                          const ScoreMatrix* scores, const CycleResult& result) const;

    Cluster& m_cluster;
    SchedulerConfiguration m_config;
    SchedulerOptions m_options;
    std::unique_ptr<WorkerPool> m_workers;  // when options.threads > 1
    Cache m_cache;
    Snapshot m_snapshot;
    Nominator m_nominator;
    std::mt19937_64 m_rng;
    Handle m_handle;
    std::vector<std::unique_ptr<Framework>> m_frameworks;
    std::size_t m_nextStartNodeIndex = 0;
    std::vector<int> m_allPositions;  // 0, 1, ... n-1: the candidates when PreFilter narrows nothing
    std::vector<int> m_feasible;      // schedulePod's buffers, reused from cycle to cycle
    std::vector<std::uint8_t> m_excluded;
    // filterBlock's block, reused: the verdicts, the NodeInfos and the plugins' pass flags.
    std::vector<Status> m_verdicts;
    std::vector<const NodeInfo*> m_blockInfos;
    std::vector<std::uint8_t> m_blockPass;
    bool m_filteringBlock = false;  // Handle::filteringBlock points here
    std::vector<NodeInfo*> m_feasibleInfos;
    FilterVerdictCache m_filterVerdicts;  // fast paths: verdicts of node-local filters, kept
    ScoreMatrix m_scores;                 // reused across cycles
    std::function<void()> m_beforePostFilter;
    ExtendersInCycle m_extenders;
};

}  // namespace berth::core
