#pragma once
/// "How many more fit?" asked of a pod the plan already has (the GUI's canvas and inspector):
/// the template is the workload at the top of the pod's controller chain (a Deployment for a
/// pod of its ReplicaSet), so the question scales that workload as its controller would, or,
/// for a pod no scalable workload controls, a copy of the pod itself.

#include <optional>
#include <string>

#include "core/api/cluster.h"
#include "plan/capacity/capacity_template.h"

namespace berth::plan::capacity {

/// The template for more of the pod `podKey` (namespace/name) of `cluster`. nullopt with the
/// reason in `error` when the cluster has no such pod or a DaemonSet controls it (its pods
/// are one per node: more replicas are not a thing to ask for).
std::optional<CapacityTemplate> templateOfPod(const core::Cluster& cluster, const std::string& podKey,
                                              std::string& error);

}  // namespace berth::plan::capacity
