// pkg/controller/replicaset/replica_set.go manageReplicas (ReplicationControllers too).
#include "plan/controllers/workload_expander.h"

#include <algorithm>
#include <iterator>

namespace berth::plan::detail {

void WorkloadExpander::expandReplicaSet(const Workload& w) {
    const auto owned = ownedPods(w);
    std::vector<const Pod*> active;
    std::copy_if(owned.begin(), owned.end(), std::back_inserter(active), [](const Pod* p) { return isActive(*p); });
    const std::int64_t missing = std::int64_t{std::max(0, w.replicas)} - static_cast<std::int64_t>(active.size());
    if (missing < 0) deleteSurplus(std::move(active), static_cast<std::size_t>(-missing), true);
    if (missing <= 0 || !roomFor(w, missing, "spec.replicas")) return;
    const auto admission = resolveAdmission(w);
    if (!admission) return;
    const std::string prefix = podsPrefix(w);
    for (std::int64_t i = 0; i < missing; ++i)
        addPod(podFromTemplate(w, generateName(w.ns, prefix), prefix), *admission);
}

}  // namespace berth::plan::detail
