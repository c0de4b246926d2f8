#pragma once
/// The other API objects a scheduler reads: namespaces (namespaceSelector), services and
/// controllers (default topology spreading), priority classes and disruption budgets; and
/// those admission reads (limit ranges, runtime classes).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api/labels.h"
#include "core/api/pod.h"
#include "core/api/source_ref.h"
#include "core/api/string_pool.h"

namespace berth::core {

struct Namespace {
    Sym name = kEmptySym;
    Labels labels;
    SourceRef source;
};

struct Service {
    Sym ns = kEmptySym;
    std::string name;
    std::optional<Labels> selector;  // spec.selector; nil when absent
    SourceRef source;
};

enum class WorkloadKind : std::uint8_t { Deployment, ReplicaSet, StatefulSet, ReplicationController, Job, DaemonSet };

const char* workloadKindName(WorkloadKind k);

/// A pod controller. The template is kept as a Pod; expansion into pods is the workloads
/// module's job.
struct Workload {
    WorkloadKind kind = WorkloadKind::ReplicaSet;
    Sym ns = kEmptySym;
    std::string name;
    std::string uid;
    Labels labels;
    std::optional<LabelSelector> selector;  // spec.selector (RC: a plain map, as In terms)
    std::int32_t replicas = 1;              // Deployment/RS/RC/StatefulSet; Job: parallelism
    std::int32_t completions = 1;           // Job
    std::string podManagementPolicy;        // StatefulSet: OrderedReady | Parallel
    std::string serviceName;                // StatefulSet
    std::vector<OwnerReference> ownerReferences;
    Pod podTemplate;
    SourceRef source;
};

struct PriorityClass {
    std::string name;
    std::int32_t value = 0;
    bool globalDefault = false;
    PreemptionPolicy preemptionPolicy = PreemptionPolicy::PreemptLowerPriority;
    SourceRef source;
};

/// A bound of a LimitRange item (min, max or maxLimitRequestRatio of one resource), as the
/// LimitRanger plugin's validation compares it: MilliValue (rounded up), and the quantity's
/// canonical form for its messages.
struct LimitRangeBound {
    std::string resource;
    std::int64_t milliValue = 0;
    std::string text;  // Quantity.String(): `500m`, `1Gi`, `2`
};

/// The bounds of one item of spec.limits that LimitRanger validates a pod against: type
/// Container (each container and init container) or Pod (the pod's aggregate). Each list is
/// sorted by resource name (upstream ranges over a map, so its order is random).
struct LimitRangeItemBounds {
    bool podType = false;  // type Pod; otherwise Container
    std::vector<LimitRangeBound> min, max, maxLimitRequestRatio;
    bool empty() const { return min.empty() && max.empty() && maxLimitRequestRatio.empty(); }
};

/// A LimitRange (core/v1), as the LimitRanger admission plugin reads it for pods: the
/// defaultRequest and default (limit) of its items of type Container, after API defaulting
/// (SetDefaults_LimitRangeItem: a missing default is the item's max; a missing defaultRequest
/// is the default, then the min), an item later in the list overriding an earlier one as
/// defaultContainerResourceRequirements does; and the min / max / maxLimitRequestRatio of
/// its Container and Pod items, in spec order.
struct LimitRange {
    Sym ns = kEmptySym;
    std::string name;
    NamedResourceList containerDefaultRequest;
    NamedResourceList containerDefaultLimit;
    std::vector<LimitRangeItemBounds> bounds;
    SourceRef source;
};

/// A RuntimeClass's `scheduling` (node.k8s.io/v1 Scheduling): what the RuntimeClass admission
/// plugin merges into a pod's nodeSelector and tolerations.
struct RuntimeClassScheduling {
    Labels nodeSelector;
    std::vector<Toleration> tolerations;
};

/// A RuntimeClass (node.k8s.io/v1): the pod overhead and scheduling constraints the
/// RuntimeClass admission plugin sets.
struct RuntimeClass {
    std::string name;
    std::string handler;
    std::optional<ResourceList> overhead;  // overhead.podFixed; nullopt when absent
    std::optional<RuntimeClassScheduling> scheduling;  // nullopt when absent
    SourceRef source;
};

/// An intstr.IntOrString as PodDisruptionBudget's minAvailable / maxUnavailable hold it: an
/// integer, or a percentage ("50%") scaled against the controllers' replicas.
struct IntOrPercent {
    std::int32_t value = 0;
    bool percent = false;
    bool operator==(const IntOrPercent&) const = default;
};

/// The status fields of a budget (policy/v1 PodDisruptionBudgetStatus).
struct PodDisruptionBudgetStatus {
    std::int32_t disruptionsAllowed = 0;
    std::int32_t currentHealthy = 0;
    std::int32_t desiredHealthy = 0;
    std::int32_t expectedPods = 0;
    std::vector<std::string> disruptedPods;  // status.disruptedPods keys (pod names)
};

struct PodDisruptionBudget {
    Sym ns = kEmptySym;
    std::string name;
    std::optional<LabelSelector> selector;
    std::optional<IntOrPercent> minAvailable;    // spec.minAvailable
    std::optional<IntOrPercent> maxUnavailable;  // spec.maxUnavailable
    // The status the eviction API and preemption read, kept up to date from the pods by the
    // disruption controller (plan/controllers/disruption) while a plan runs.
    std::int32_t disruptionsAllowed = 0;
    std::int32_t currentHealthy = 0;
    std::int32_t desiredHealthy = 0;
    std::int32_t expectedPods = 0;
    std::vector<std::string> disruptedPods;  // status.disruptedPods keys (pod names)
    /// The `status` block as the file gave it; nullopt when there was none (the normal case
    /// for a budget written by hand: the controller computes it).
    std::optional<PodDisruptionBudgetStatus> givenStatus;
    SourceRef source;

    /// The budget covers the pod: same namespace, and a non-empty selector that matches it
    /// (a nil or empty selector matches nothing, as in filterPodsWithPDBViolation).
    bool covers(const Pod& pod) const {
        return ns == pod.ns && selector && !selector->empty() && selector->matches(pod.labels);
    }
};

}  // namespace berth::core
