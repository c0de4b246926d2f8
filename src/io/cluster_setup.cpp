#include "io/cluster_setup.h"

#include "io/workloads.h"

namespace berth::io {

void finishLoading(core::Cluster& cluster, LoadResult& result, std::uint64_t seed, const core::KubeVersion& version) {
    // Namespaces first: controllers' pods may be read against namespace selectors later, and
    // the checks see the pods the controllers made.
    addImplicitNamespaces(cluster);
    expandWorkloads(cluster, seed, version, result.diagnostics);
    validateCluster(cluster, result);
}

core::Simulation::Reconciler controllerReconciler(std::uint64_t seed, const core::KubeVersion& version) {
    return [seed, version](core::Cluster& cluster) {
        Diagnostics ignored;
        return expandWorkloads(cluster, seed, version, ignored);
    };
}

}  // namespace berth::io
