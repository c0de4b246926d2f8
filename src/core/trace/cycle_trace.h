#pragma once
/// What one scheduling attempt decided, node by node and plugin by plugin: the record behind
/// `berthctl --trace`, `explain` and the GUI's inspector. Built from the cycle's own data
/// (statuses, score matrix) only when someone asked for it.

#include <cstdint>
#include <string>
#include <vector>

namespace berth::core {

struct PluginScoreTrace {
    std::string plugin;
    std::int64_t raw = 0;
    std::int64_t normalized = 0;
    std::int64_t weight = 1;
    std::int64_t weighted = 0;
    /// A scheduler extender's prioritize row: `plugin` is its name, `raw` its 0..10 score,
    /// `normalized` raw × MaxNodeScore / MaxExtenderPriority.
    bool extender = false;
};

/// One configured extender's part in the cycle (extenders_in_cycle.h), in the order called.
struct ExtenderTrace {
    std::string extender;      // its Name(): the urlPrefix
    bool interested = true;    // false: managedResources, none requested by the pod; not called
    bool filtered = false;     // its filter verb was called
    bool prioritized = false;  // its prioritize verb was called
    std::int64_t weight = 0;
    std::string error;     // the call's error ("" when none)
    bool ignored = false;  // an ignorable extender's error: skipped
};

struct NodeTrace {
    std::string node;
    bool evaluated = false;  // Filter ran (or PreFilter rejected it)
    bool feasible = false;
    std::string filterPlugin;  // first rejecting plugin ("" when feasible / not evaluated)
    std::string filterCode;    // Unschedulable | UnschedulableAndUnresolvable
    std::vector<std::string> reasons;
    bool excludedByPreFilterResult = false;
    std::vector<PluginScoreTrace> scores;  // empty unless scored
    std::int64_t total = 0;
};

struct CycleTrace {
    std::string pod;  // namespace/name
    /// The profile's Filter and Score plugins in the order they run: a table's columns.
    std::vector<std::string> filterPlugins;
    std::vector<std::string> scorePlugins;
    /// The extenders that took part, when any: a node's filterPlugin may name one of them
    /// (it rejected the node), and its prioritize scores are rows of the node's scores.
    std::vector<ExtenderTrace> extenders;
    std::vector<NodeTrace> nodes;  // snapshot order
    bool scored = false;           // >= 2 feasible nodes
    std::string chosen;
    std::string message;  // FitError text, "" when placed
    bool schedulerError = false;
};

}  // namespace berth::core
