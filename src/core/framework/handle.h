#pragma once
/// What a plugin may reach besides its arguments (framework.Handle): the cluster objects, the
/// current snapshot as a NodeInfoLister, the string pool for reasons, the version, the
/// nominator and, as a PluginsRunner, its profile's runtime (preemption re-runs filters).

#include <cstdint>
#include <functional>
#include <random>

#include "core/api/cluster.h"
#include "core/api/version.h"

namespace berth::core {

class NodeInfoLister;
class PluginsRunner;
class PodNominator;
class WorkerPool;

struct Handle {
    StringPool* pool = nullptr;
    const Cluster* cluster = nullptr;
    /// The cycle's snapshot (SnapshotSharedLister().NodeInfos()).
    const NodeInfoLister* snapshot = nullptr;
    KubeVersion version = KubeVersion::newest();
    const PodNominator* nominator = nullptr;
    /// The profile's runtime, for plugins that call back into it (DefaultPreemption).
    const PluginsRunner* runner = nullptr;
    std::mt19937_64* rng = nullptr;
    /// Deterministic choices where upstream picks at random (tie-break `name`).
    bool deterministic = false;
    /// Plugins may keep state between cycles (incremental counts) instead of recounting every
    /// pod each cycle. Decisions are the same either way; off only to prove that (issue 6).
    bool fastPaths = true;
    /// Deletes a preemption victim (DefaultPreemption's PrepareCandidate).
    std::function<void(const Pod& victim, const Pod& preemptor, Sym node)> evictVictim;
    /// Clears the nominated node of a lower-priority pod (preemption step 6.5.2).
    std::function<void(const Pod& pod)> clearNomination;

    /// Threads the runtime may split a cycle's Filter and Score passes over; null: one.
    WorkerPool* workers = nullptr;
    /// Set by the scheduler while it filters a block of nodes, some of which may lie past the
    /// scan's stop (their verdicts are dropped, so they must leave no trace).
    const bool* filteringBlock = nullptr;

    Sym intern(std::string_view s) const { return pool->intern(s); }
    /// True while Filter or Score code runs on several threads at once or for a block of
    /// nodes: a string not interned yet is then not interned (internFromTask), and plugins
    /// leave their own caches as they are.
    bool deferInterning() const;
    /// For Filter and Score code: the string's Sym, or kNoSym while deferInterning() and the
    /// string is new (the pool is not thread-safe). The runtime then filters that node again
    /// on its own, where this interns.
    Sym internFromTask(std::string_view s) const;
};

}  // namespace berth::core
