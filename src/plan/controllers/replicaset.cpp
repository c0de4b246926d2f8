// pkg/controller/replicaset/replica_set.go manageReplicas (ReplicationControllers too).
#include "plan/controllers/workload_expander.h"

#include <algorithm>

namespace berth::plan::detail {

void WorkloadExpander::expandReplicaSet(const Workload& w) {
    // Counted first: only a ReplicaSet with too many pods needs the list (a capacity fit
    // or a drain counts a ReplicaSet of thousands of pods at every pass).
    std::int64_t active = 0;
    forEachOwnedPod(w, [&](const Pod& p) { active += isActive(p) ? 1 : 0; });
    const std::int64_t missing = std::int64_t{std::max(0, w.replicas)} - active;
    if (missing < 0) {
        std::vector<const Pod*> surplusFrom;
        forEachOwnedPod(w, [&](const Pod& p) {
            if (isActive(p)) surplusFrom.push_back(&p);
        });
        deleteSurplus(std::move(surplusFrom), static_cast<std::size_t>(-missing), true);
    }
    if (missing <= 0 || !roomFor(w, missing, "spec.replicas")) return;
    const auto admission = resolveAdmission(w);
    if (!admission) return;
    const std::string prefix = podsPrefix(w);
    for (std::int64_t i = 0; i < missing; ++i)
        addPod(podFromTemplate(w, generateName(w.ns, prefix), prefix), *admission);
}

}  // namespace berth::plan::detail
