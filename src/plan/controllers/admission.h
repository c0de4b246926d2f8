#pragma once
/// The admission plugins that change scheduling, as the API server runs them when it stores a
/// pod, in its order (pkg/kubeapiserver/options/plugins.go AllOrderedPlugins; all four are
/// on by default): LimitRanger (plugin/pkg/admission/limitranger: the containers' default
/// requests from the namespace's LimitRanges), Priority (plugin/pkg/admission/priority:
/// spec.priority and preemptionPolicy from the PriorityClass), DefaultTolerationSeconds
/// (plugin/pkg/admission/defaulttolerationseconds: tolerations of the not-ready and
/// unreachable NoExecute taints for 300 s) and RuntimeClass (plugin/pkg/admission/runtimeclass:
/// spec.overhead from the RuntimeClass). The controllers' pods get them as they are made
/// (workloads.cpp); Pods written as manifests once every file is loaded (admitManifestPods);
/// a submitted Pod and a capacity template's Pod one at a time (admitPod).
///
/// After the mutating plugins, the validating ones, in the same order: LimitRanger's min /
/// max / maxLimitRequestRatio (limit_ranger.h) and RuntimeClass's overhead check. RuntimeClass
/// also merges its `scheduling` (nodeSelector and tolerations) into the pod. Not modelled:
/// PodNodeSelector and PodTolerationRestriction (off by default).

#include <optional>
#include <string>
#include <variant>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "io/diagnostics.h"
#include "io/manifest_loader.h"

namespace berth::plan {

/// Admits the Pods of `cluster` that have not been through an API server (loaded as
/// `load.podsToAdmit`: no metadata.uid, resourceVersion or creationTimestamp, no status), as
/// the API server would when `kubectl apply` creates them. A pod a plugin rejects (a
/// PriorityClass or RuntimeClass that does not exist, an overhead of its own) is reported as
/// the API server answers (an error) and removed. Stored pods (a `kubectl get -o yaml` dump)
/// are left as they are: they were admitted when stored.
void admitManifestPods(core::Cluster& cluster, io::LoadResult& load, const core::KubeVersion& version);

/// Admits one pod against `cluster`'s objects (the pod in it, or not yet): the API server's
/// answer when it rejects the pod (`pods "NAME" is forbidden: ...`), otherwise "" and the pod
/// admitted, its derived data recomputed.
std::string admitPod(core::Cluster& cluster, core::Pod& pod, const core::KubeVersion& version);

/// Copies what admission reads (PriorityClasses, RuntimeClasses, LimitRanges) from `from` to
/// `to`, their interned names re-interned in `to`'s pool: a scratch cluster that checks a pod
/// before it joins `from` admits it as `from` would.
void copyAdmissionObjects(const core::Cluster& from, core::Cluster& to);

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

/// What admission decides for a pod from the cluster's classes, the same for every pod of
/// one template: the priority, and the RuntimeClass's overhead and scheduling.
struct AdmissionDecision {
    PriorityDecision priority;
    std::optional<core::ResourceList> overhead;  // the RuntimeClass's overhead.podFixed
    std::optional<core::RuntimeClassScheduling> scheduling;  // the RuntimeClass's scheduling
};

/// The decision for `pod` (its priorityClassName, runtimeClassName, own overhead and
/// nodeSelector), or the reason a mutating plugin rejects it, without the
/// `pods "NAME" is forbidden: ` the API server puts first.
std::variant<AdmissionDecision, std::string> decideAdmission(const core::Cluster& cluster, const core::Pod& pod);

/// Applies every mutating plugin to `pod` in the API server's order; true when its requests
/// or overhead changed (its derived data must be recomputed).
bool applyAdmission(core::Cluster& cluster, core::Pod& pod, const AdmissionDecision& decision);

/// The validating plugins on the admitted pod: LimitRanger, then RuntimeClass's
/// validateOverhead. The reason the first rejects it (as decideAdmission words it), or "".
std::string validateAdmission(const core::Cluster& cluster, const core::Pod& pod, const core::KubeVersion& version);

/// RuntimeClass's setScheduling alone: the class's nodeSelector merged into the pod's (the
/// conflict that rejects the pod was found by decideAdmission), its tolerations merged as
/// pkg/util/tolerations MergeTolerations does (a toleration another one covers is dropped).
void applyRuntimeClassScheduling(core::Pod& pod, const core::RuntimeClassScheduling& scheduling);

/// DefaultTolerationSeconds alone.
void addDefaultTolerations(core::Pod& pod, core::StringPool& pool);

}  // namespace detail
}  // namespace berth::plan
