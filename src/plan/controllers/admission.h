#pragma once
/// The admission plugins that change scheduling, as the API server runs them when it stores a
/// pod: Priority (plugin/pkg/admission/priority/admission.go) and DefaultTolerationSeconds
/// (plugin/pkg/admission/defaulttolerationseconds/admission.go). The controllers' pods get
/// them as they are made (workloads.cpp); Pods written as manifests get Priority once loaded
/// (admitManifestPods).

#include <optional>
#include <string>

#include "core/api/cluster.h"
#include "io/diagnostics.h"
#include "io/manifest_loader.h"

namespace berth::plan {

/// Admits the Pods of `cluster` that have not been through an API server (loaded as
/// `load.podsToAdmit`: no metadata.uid, resourceVersion or creationTimestamp, no status), as
/// the Priority plugin would when `kubectl apply` creates them: spec.priority and
/// preemptionPolicy from the priorityClassName or the globalDefault class. A pod naming a
/// class that does not exist is rejected as the API server rejects it (an error, and the pod
/// is removed). Stored pods (a `kubectl get -o yaml` dump) are left as they are.
///
/// DefaultTolerationSeconds is not applied to them: the upstream-decided conformance
/// scenarios (tests/conformance) place hand-written Pods without its tolerations, next to
/// nodes tainted not-ready, and Berth decides as they do.
void admitManifestPods(core::Cluster& cluster, io::LoadResult& load);

namespace detail {

/// What the Priority plugin decides for a pod: the class it names, the global default, or
/// none (value 0).
struct PriorityDecision {
    std::string className;
    std::int32_t value = 0;
    std::optional<core::PreemptionPolicy> policy;
};

/// The decision for a pod naming `className` (empty: the globalDefault class with the
/// highest value, or none); std::nullopt when no class of that name exists.
std::optional<PriorityDecision> decidePriority(const core::Cluster& cluster, const std::string& className);

/// Applies the Priority plugin's decision to `pod`.
void admitPriority(core::Pod& pod, const PriorityDecision& priority);

/// Applies both plugins to `pod`.
void admitPod(core::Pod& pod, core::StringPool& pool, const PriorityDecision& priority);

}  // namespace detail
}  // namespace berth::plan
