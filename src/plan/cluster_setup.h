#pragma once
/// The steps between reading files and scheduling that berthctl, the GUI and the tests share,
/// so that all three schedule the same cluster: implicit namespaces, the controllers' pods,
/// cross-file checks, and the controllers' reactions while the simulation runs.

#include <cstdint>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "core/simulation.h"
#include "io/manifest_loader.h"

namespace berth::plan {

/// After every file is loaded: Namespaces the API server would have, admission for the Pods
/// written as manifests (admitManifestPods, unless `admitManifests` is false), the pods the
/// workloads' controllers create (expandWorkloads), then validateCluster (pods bound to
/// missing nodes).
void finishLoading(core::Cluster& cluster, io::LoadResult& result, std::uint64_t seed, const core::KubeVersion& version,
                   bool admitManifests = true);

/// The controllers for Simulation::setReconciler: owned pods deleted by preemption, drain or
/// a scale edit are recreated (or surplus ones deleted) as expandWorkloads decides. Warnings
/// are dropped: finishLoading already reported them once.
core::Simulation::Reconciler controllerReconciler(std::uint64_t seed, const core::KubeVersion& version);

/// The simulated controller-manager on a simulation: the workloads' controllers
/// (controllerReconciler) and the disruption controller (controllers/disruption.h), which
/// then syncs every PodDisruptionBudget once so the budgets read as the pods make them.
void attachControllers(core::Simulation& sim, std::uint64_t seed, const core::KubeVersion& version);

}  // namespace berth::plan
