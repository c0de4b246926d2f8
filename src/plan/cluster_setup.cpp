#include "plan/cluster_setup.h"

#include <memory>

#include "plan/controllers/admission.h"
#include "plan/controllers/disruption.h"
#include "plan/controllers/workloads.h"

namespace berth::plan {

void finishLoading(core::Cluster& cluster, io::LoadResult& result, std::uint64_t seed, const core::KubeVersion& version,
                   bool admitManifests) {
    // Namespaces first: controllers' pods may be read against namespace selectors later, and
    // the checks see the pods the controllers made.
    io::addImplicitNamespaces(cluster);
    if (admitManifests) admitManifestPods(cluster, result, version);
    expandWorkloads(cluster, seed, version, result.diagnostics);
    io::validateCluster(cluster, result);
}

core::Simulation::Reconciler controllerReconciler(std::uint64_t seed, const core::KubeVersion& version) {
    // One index for the simulation's cluster, kept between reconciles: an eviction or a
    // scale-up costs its own pods, not a new index of every pod (docs/performance.md).
    auto expansion = std::make_shared<WorkloadExpansion>(seed, version);
    return [expansion](core::Cluster& cluster) {
        io::Diagnostics ignored;
        return expansion->expand(cluster, ignored);
    };
}

void attachControllers(core::Simulation& sim, std::uint64_t seed, const core::KubeVersion& version) {
    sim.setReconciler(controllerReconciler(seed, version));
    sim.setDisruptionController(disruptionController());
    sim.syncDisruptionBudgets();
}

}  // namespace berth::plan
