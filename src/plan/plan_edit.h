#pragma once
/// One planner edit of a cluster (cordon, drain, add a node pool, scale, submit YAML, pin a
/// pod, ...) as a plain value: what the GUI records in its history and the session file
/// stores, so that replaying the list from the same input and seed rebuilds the same plan.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api/objects.h"

namespace berth::plan {

enum class EditKind : std::uint8_t {
    Cordon,
    Uncordon,
    Drain,
    DeleteNode,
    AddNodePool,
    SetNodeLabels,
    SetNodeTaints,
    ScaleWorkload,
    DeleteWorkload,
    SubmitYaml,
    PinPod,
    /// A pod deleted by namespace and name (kubectl delete pod): the informer's Delete event;
    /// its controller, if any, makes a replacement.
    DeletePod,
    SetSchedulerConfig,
    /// Node edits made together (Node > Cordon 13 nodes, a label for a group): one step of
    /// the history, undone and redone as one.
    Group,
};

/// The name the session file uses ("cordon", "addNodePool", ...).
const char* editKindName(EditKind kind);
std::optional<EditKind> parseEditKind(std::string_view name);

struct TaintSpec {
    std::string key;
    std::string value;
    std::string effect;  // NoSchedule | PreferNoSchedule | NoExecute
    bool operator==(const TaintSpec&) const = default;
};

/// A flat record: each kind reads only the fields its comment names. Flat on purpose: it
/// maps one to one onto the session file's JSON object.
struct PlanEdit {
    EditKind kind = EditKind::Cordon;
    /// Core steps (Plan::steps) done since the load when the edit was made: replay runs the
    /// simulation exactly that far before applying it, so a mid-run edit replays identically.
    std::uint64_t atStep = 0;
    /// Node edits: the node. AddNodePool: the node copied as the template. PinPod: the target.
    std::string node;
    // AddNodePool: `count` copies named <namePrefix>-<i> (i from 1), in `zone` when not empty.
    std::string namePrefix;
    std::int32_t count = 0;
    std::string zone;
    // SetNodeLabels: the node's complete label map afterwards.
    std::vector<std::pair<std::string, std::string>> labels;
    // SetNodeTaints: the node's complete taint list afterwards.
    std::vector<TaintSpec> taints;
    // ScaleWorkload, DeleteWorkload: the workload. PinPod, DeletePod: the pod (namespace, name).
    core::WorkloadKind workloadKind = core::WorkloadKind::Deployment;
    std::string ns;
    std::string name;
    std::int32_t replicas = 0;
    // SubmitYaml: the objects, and the file name they are known by in messages and exports.
    // SetSchedulerConfig: the complete KubeSchedulerConfiguration text (empty: upstream's
    // defaults) and the name it is known by in messages. Not a change at a step but of the
    // starting state: Plan::replay runs the whole plan with the last one (see plan.h).
    std::string yaml;
    std::string fileName;
    // Group: the node edits, applied in order (each a node edit: cordon, uncordon, drain,
    // delete, labels, taints; every node at most once), and the history's line for them.
    std::vector<PlanEdit> parts;
    std::string title;

    bool operator==(const PlanEdit&) const = default;
};

/// One line for the history list: "Cordon node-a", "Scale Deployment default/web to 5".
std::string describeEdit(const PlanEdit& edit);

/// A Group of `parts` described as `title` (its atStep is set when it is applied).
PlanEdit groupEdit(std::vector<PlanEdit> parts, std::string title);

std::optional<core::WorkloadKind> parseWorkloadKind(std::string_view name);

}  // namespace berth::plan
