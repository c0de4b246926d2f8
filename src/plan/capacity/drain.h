#pragma once
/// "What does a drain do": `kubectl drain` simulated on a plan, on simulated time, after the
/// plan's own pods have settled. Every target node is cordoned first, then the nodes are
/// drained one after another as kubectl does (staging/src/k8s.io/kubectl/pkg/drain/drain.go,
/// filters.go; cmd/drain/drain.go RunDrain):
///
/// - kubectl's pod filters, in its order: DaemonSet pods are skipped (as with
///   --ignore-daemonsets); a pod with an emptyDir volume is refused without
///   --delete-emptydir-data; a pod no controller owns is refused without --force; and, as an
///   extra filter (cluster-autoscaler's rule, not kubectl's), a pod annotated
///   cluster-autoscaler.kubernetes.io/safe-to-evict: "false" is refused without --force. Like
///   kubectl, a node with a refused pod is left alone (cordoned, nothing evicted), and the
///   drain goes on with the next node (as with --ignore-errors).
/// - Evictions go through the eviction API's budget check
///   (pkg/registry/core/pod/storage/eviction.go): a pod covered by a budget that allows no
///   disruption is refused (429) and kubectl retries it every 5 s. Between retries the
///   simulation runs: the controllers create replacements, the scheduler places them, and
///   the disruption controller (controllers/disruption.h) counts them healthy once bound.
/// - kubectl's default timeout is infinite; Berth gives up on the pods still refused when a
///   retry round evicts nothing while the simulation is idle (no later round could differ),
///   or after an hour of simulated retries on one node (a loop that never goes idle).

#include <optional>
#include <string>
#include <vector>

#include "io/diagnostics.h"
#include "plan/plan.h"

namespace berth::plan::capacity {

struct DrainRequest {
    std::vector<std::string> nodes;   // --node, in the order given
    std::string selector;             // --selector (when nodes is empty)
    bool force = false;               // --force
    bool deleteEmptyDirData = false;  // --delete-emptydir-data
};

struct DrainAnswer {
    std::vector<std::string> drained;  // target nodes left with no pod but DaemonSet pods
    struct Eviction {
        std::string pod;          // namespace/name
        std::string from;         // its node
        std::string replacement;  // the pod its controller created instead ("" when none)
        std::string to;           // where the replacement runs at the end ("" when pending or none)
    };
    std::vector<Eviction> evicted;  // in eviction order
    struct Blocked {
        std::string pod;
        std::string node;
        std::string reason;
    };
    std::vector<Blocked> blocked;   // pods left on target nodes, and why
    std::int64_t pendingAfter = 0;  // pods pending once everything settled
};

/// kubectl's texts, for the report and the tests.
inline constexpr const char* kLocalStorageRefusal =
    "cannot delete Pods with local storage (use --delete-emptydir-data to override)";
inline constexpr const char* kUnmanagedRefusal =
    "cannot delete Pods that declare no controller (use --force to override)";
inline constexpr const char* kNotSafeToEvictRefusal =
    "cannot delete Pods annotated cluster-autoscaler.kubernetes.io/safe-to-evict=false (use --force to override)";
inline constexpr const char* kBudgetRefusal = "Cannot evict pod as it would violate the pod's disruption budget.";
inline constexpr const char* kManyBudgetsRefusal =
    "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.";
inline constexpr const char* kNodeLeftRefusal =
    "not evicted: kubectl drain evicts nothing from a node with a pod it cannot delete";

/// Answers on `plan`, which it changes (use a plan of its own). nullopt with an error in
/// `diags` for an unknown node, a selector that does not parse or matches no node, or
/// neither or both of nodes and selector.
std::optional<DrainAnswer> simulateDrain(Plan& plan, const DrainRequest& request, io::Diagnostics& diags);

}  // namespace berth::plan::capacity
