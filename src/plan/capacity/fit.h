#pragma once
/// "How many more fit": replicas of a Pod or a workload are added to a plan, each as its
/// controller would create it (owner, labels, generated name: so default topology spreading
/// and anti-affinity apply), and each goes through the whole scheduling loop with the plan's
/// configuration, after the plan's own pending pods have settled. The answer is the number
/// placed before the first replica that cannot be placed (or the limit), where they went,
/// and the FitError of the one that could not.
///
/// The replicas are identical and are tried in creation order, so a replica that finds no
/// node leaves every later one with none either: replicas are added in growing batches, and
/// the loop stops at the first failure. With preemption allowed a failure can still turn into
/// a placement (a nomination), so then each replica is added alone and the loop run until
/// nothing changes, as a person scaling one replica at a time would see it.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/progress.h"
#include "io/diagnostics.h"
#include "plan/plan.h"

namespace berth::plan::capacity {

struct FitRequest {
    std::string templateText;         // one Pod, Deployment, ReplicaSet, StatefulSet or Job
    std::string templateFile;         // its name in messages
    std::optional<std::int64_t> max;  // stop after this many replicas
    bool allowPreemption = false;     // may a replica preempt the plan's pods?
    /// Instead of a text: more of this pod of the plan ("namespace/name"; pod_template.h).
    std::string pod;
};

struct FitAnswer {
    enum class Stop : std::uint8_t { Max, Unschedulable };
    std::string templateRef;   // namespace/name
    std::string templateKind;  // Pod, Deployment, ...
    /// Replicas the workload already had in the plan (an existing workload is scaled up).
    std::int64_t existingReplicas = 0;
    std::int64_t fits = 0;
    std::map<std::string, std::int64_t> byNode;  // the replicas placed, per node
    std::map<std::string, std::int64_t> byZone;  // per topology.kubernetes.io/zone ("" without)
    Stop stoppedBy = Stop::Unschedulable;
    std::string nextPod;      // Stop::Unschedulable: the replica that found no node
    std::string nextMessage;  // ... and its FitError
    struct Placement {
        std::string pod;  // namespace/name
        std::string node;
    };
    std::vector<Placement> placements;  // in creation order
};

/// The most replicas one question adds: Berth's planned-pod limit (kMaxPlannedPods).
constexpr std::int64_t kMaxFitReplicas = 1'000'000;

/// Answers on `plan`, which it changes (use a plan of its own: runPlanToEnd). Runs the plan to
/// the end first. nullopt when the template is not one Pod or workload, when a workload of
/// that kind and name exists but cannot be scaled (a DaemonSet), or when cancelled: the
/// problems are in `diags` (file:line: Kind ns/name: message).
std::optional<FitAnswer> howManyMoreFit(Plan& plan, const FitRequest& request, io::Diagnostics& diags,
                                        core::Progress* progress = nullptr);

}  // namespace berth::plan::capacity
