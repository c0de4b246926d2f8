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
    std::vector<NodeTrace> nodes;  // snapshot order
    bool scored = false;           // >= 2 feasible nodes
    std::string chosen;
    std::string message;  // FitError text, "" when placed
    bool schedulerError = false;
};

}  // namespace berth::core
