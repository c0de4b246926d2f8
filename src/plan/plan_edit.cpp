#include "plan/plan_edit.h"

#include <array>

namespace berth::plan {
namespace {

constexpr std::array<std::pair<EditKind, const char*>, 14> kNames{{
    {EditKind::Cordon, "cordon"},
    {EditKind::Uncordon, "uncordon"},
    {EditKind::Drain, "drain"},
    {EditKind::DeleteNode, "deleteNode"},
    {EditKind::AddNodePool, "addNodePool"},
    {EditKind::SetNodeLabels, "setNodeLabels"},
    {EditKind::SetNodeTaints, "setNodeTaints"},
    {EditKind::ScaleWorkload, "scaleWorkload"},
    {EditKind::DeleteWorkload, "deleteWorkload"},
    {EditKind::SubmitYaml, "submitYaml"},
    {EditKind::PinPod, "pinPod"},
    {EditKind::DeletePod, "deletePod"},
    {EditKind::SetSchedulerConfig, "setSchedulerConfig"},
    {EditKind::Group, "group"},
}};

}  // namespace

const char* editKindName(EditKind kind) {
    for (const auto& [k, name] : kNames)
        if (k == kind) return name;
    return "";
}

std::optional<EditKind> parseEditKind(std::string_view name) {
    for (const auto& [k, n] : kNames)
        if (name == n) return k;
    return std::nullopt;
}

std::optional<core::WorkloadKind> parseWorkloadKind(std::string_view name) {
    for (auto k : {core::WorkloadKind::Deployment, core::WorkloadKind::ReplicaSet, core::WorkloadKind::StatefulSet,
                   core::WorkloadKind::ReplicationController, core::WorkloadKind::Job, core::WorkloadKind::DaemonSet})
        if (name == core::workloadKindName(k)) return k;
    return std::nullopt;
}

std::string describeEdit(const PlanEdit& e) {
    const std::string workload = std::string(core::workloadKindName(e.workloadKind)) + " " + e.ns + "/" + e.name;
    switch (e.kind) {
        case EditKind::Cordon: return "Cordon " + e.node;
        case EditKind::Uncordon: return "Uncordon " + e.node;
        case EditKind::Drain: return "Drain " + e.node;
        case EditKind::DeleteNode: return "Delete node " + e.node;
        case EditKind::AddNodePool:
            return "Add " + std::to_string(e.count) + " x " + e.node + " as " + e.namePrefix + "-*" +
                   (e.zone.empty() ? std::string() : " in " + e.zone);
        case EditKind::SetNodeLabels: return "Edit labels of " + e.node;
        case EditKind::SetNodeTaints: return "Edit taints of " + e.node;
        case EditKind::ScaleWorkload: return "Scale " + workload + " to " + std::to_string(e.replicas);
        case EditKind::DeleteWorkload: return "Delete " + workload;
        case EditKind::SubmitYaml: return "Submit " + e.fileName;
        case EditKind::PinPod: return "Pin " + e.ns + "/" + e.name + " to " + e.node;
        case EditKind::DeletePod: return "Delete pod " + e.ns + "/" + e.name;
        case EditKind::SetSchedulerConfig:
            return e.yaml.empty() ? "Default scheduler configuration" : "Scheduler configuration " + e.fileName;
        case EditKind::Group:
            return !e.title.empty() ? e.title : std::to_string(e.parts.size()) + " node edits";
    }
    return {};
}

PlanEdit groupEdit(std::vector<PlanEdit> parts, std::string title) {
    PlanEdit e;
    e.kind = EditKind::Group;
    e.parts = std::move(parts);
    e.title = std::move(title);
    return e;
}

}  // namespace berth::plan
