#pragma once
/// "Would this pending pod fit on that node now?" — the planner's drag-a-pod-onto-a-node
/// check (checkNodeForPod; Simulation::checkNodeForPod first makes sure the pod is pending). It runs the pod's own profile exactly as a scheduling
/// cycle would for one node (schedule_one.go findNodesThatFitPod: PreFilter, the
/// PreFilterResult's node set, then Filter with the nominated-pods two-pass), so the verdict
/// and its reason are the core plugins' own; nothing is assumed, reserved or queued.

#include <string>
#include <string_view>
#include <vector>

#include "core/api/pod.h"
#include "core/framework/status.h"

namespace berth::core {

class Scheduler;

/// One Filter plugin's own verdict on the node (every Filter plugin is run on its own, so a
/// pod rejected by two plugins shows both; the scheduler itself stops at the first).
struct PluginVerdict {
    std::string plugin;
    Code code = Code::Success;  // Success, Skip (PreFilter said Skip), Unschedulable, UU, Error
    std::string reason;         // the plugin's reason text (Status.Message())
};

struct NodeCheck {
    /// Empty when the check ran; otherwise why it could not (no such pod or node, the pod is
    /// not pending, another scheduler's pod).
    std::string error;
    bool fits = false;
    /// The stage that rejected: "PreFilter" or "Filter" (empty when it fits).
    std::string stage;
    /// The plugin(s) that rejected the pod, as the scheduler records them (UnschedulablePlugins).
    std::string rejectedBy;
    Code code = Code::Success;
    /// The upstream reason text, as the FitError lists it for this node.
    std::string reason;
    /// Per Filter plugin, in profile order (empty when PreFilter rejected the pod).
    std::vector<PluginVerdict> plugins;
};

/// Runs `pod`'s profile, PreFilter then Filter, against the scheduler's snapshot (brought up
/// to date first) for the one node `node`. Nothing is assumed, nominated, queued or counted.
NodeCheck checkNodeForPod(Scheduler& scheduler, const Pod& pod, std::string_view node);

}  // namespace berth::core
