#pragma once
/// The LimitRanger admission plugin for pods (plugin/pkg/admission/limitranger/admission.go):
/// its mutation (each container's default requests and limits from the LimitRanges of its
/// namespace) and its validation (every Container and Pod item's min, max and
/// maxLimitRequestRatio). The LimitRanges are taken in name order (upstream's lister order is
/// the cache's), and each item's resources in name order (upstream ranges over a map).

#include <string>

#include "core/api/cluster.h"
#include "core/api/version.h"

namespace berth::plan::detail {

/// PodMutateLimitFunc for every LimitRange of the pod's namespace: each container and init
/// container gets the default limit and default request of the resources it names no limit
/// or request of. True when a request was set (the pod's derived data must be recomputed).
bool applyLimitRangeDefaults(const core::Cluster& cluster, core::Pod& pod);

/// PodValidateLimitFunc for every LimitRange of the pod's namespace, the first that rejects
/// the pod deciding: its errors as utilerrors.NewAggregate words them (one: the message;
/// several: `[a, b]`), for example `maximum cpu usage per Container is 1, but limit is 2`;
/// "" when every LimitRange admits the pod. Pod items compare the pod's aggregate requests
/// and limits (sidecars and init containers as PodRequests counts them; from 1.34 the
/// pod-level cpu and memory override them, the PodLevelResources gate).
std::string validateLimitRanges(const core::Cluster& cluster, const core::Pod& pod, const core::KubeVersion& version);

}  // namespace berth::plan::detail
