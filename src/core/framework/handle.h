#pragma once
/// What a plugin may reach besides its arguments (framework.Handle): the cluster objects, the
/// current snapshot, the string pool for reasons, the version, the nominator and the
/// framework runtime itself (preemption re-runs filters).

#include <cstdint>
#include <functional>
#include <random>

#include "core/api/cluster.h"
#include "core/api/version.h"

namespace berth::core {

class Snapshot;
class Framework;
class Nominator;

struct Handle {
    StringPool* pool = nullptr;
    const Cluster* cluster = nullptr;
    const Snapshot* snapshot = nullptr;
    KubeVersion version = KubeVersion::newest();
    const Nominator* nominator = nullptr;
    Framework* framework = nullptr;
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

    Sym intern(std::string_view s) const { return pool->intern(s); }
};

}  // namespace berth::core
