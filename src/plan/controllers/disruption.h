#pragma once
/// The disruption controller: each PodDisruptionBudget's status (expectedPods, currentHealthy,
/// desiredHealthy, disruptionsAllowed) computed from the plan's pods, as
/// pkg/controller/disruption/disruption.go (trySync, getExpectedPodCount, getExpectedScale,
/// countHealthyPods, updatePdbStatus) computes it. Preemption and evictions read that status,
/// so a budget is worth what the pods make it, not what a file happened to say.
///
/// Berth's deviations, all because the plan has no history: a status given in the file is
/// kept only while the budget's selector matches none of the plan's pods (the pods it counted
/// are elsewhere); status.disruptedPods entries never time out (upstream drops them after two
/// minutes); and a pod is ready when it is bound and not finished (there are no readiness
/// probes to wait for).

#include <cstdint>

#include "core/api/cluster.h"
#include "core/simulation.h"

namespace berth::plan {

/// intstr.GetScaledValueFromIntOrPercent (k8s.io/apimachinery/pkg/util/intstr): an integer
/// as is; a percentage of `total`, rounded up when `roundUp` (the controller always rounds up).
std::int32_t scaledValue(const core::IntOrPercent& v, std::int32_t total, bool roundUp);

/// Syncs one budget against the cluster's pods and workloads.
void syncDisruptionBudget(const core::Cluster& cluster, core::PodDisruptionBudget& pdb);

/// Syncs every budget: what Simulation::setDisruptionController runs.
void syncDisruptionBudgets(core::Cluster& cluster);

/// The controller for Simulation::setDisruptionController.
core::Simulation::DisruptionController disruptionController();

}  // namespace berth::plan
