#pragma once
/// "Which configuration packs better": the same plan run to the end under each
/// KubeSchedulerConfiguration, and what each leaves (utilization.h: pods pending, nodes used
/// and left empty, requested/allocatable per resource per group of nodes, fragmentation).
/// Then every pod placed differently from the first configuration.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/progress.h"
#include "io/diagnostics.h"
#include "plan/capacity/utilization.h"
#include "plan/plan.h"

namespace berth::plan::capacity {

struct NamedConfig {
    std::string name;  // how the answer names it: the file name without folder and extension
    std::string file;  // the file, for messages
    std::string text;  // a KubeSchedulerConfiguration
};

struct CompareRequest {
    std::vector<NamedConfig> configs;  // two or more
    std::string groupBy = "topology.kubernetes.io/zone";
    /// The pod fragmentation is measured with; nullopt: the most common requests among the
    /// plan's pods (the larger on a tie), or 100m / 200Mi when the plan has none.
    std::optional<std::pair<std::int64_t, std::int64_t>> referenceRequests;  // milli-CPU, bytes
};

struct PodMove {
    std::string pod;     // namespace/name
    std::string config;  // the configuration the pod moved under
    std::string from;    // node under the first configuration; "" when pending there
    std::string to;      // node under `config`; "" when pending there
};

struct CompareAnswer {
    std::string groupBy;
    std::int64_t referenceMilliCpu = 0;
    std::int64_t referenceMemory = 0;
    std::vector<ConfigOutcome> configs;
    std::vector<PodMove> moved;  // sorted by pod, then configuration order
};

/// Runs a fresh plan of `input` (with `edits`) per configuration. nullopt when a
/// configuration does not load or cannot build the scheduler, or when cancelled: the problems
/// are in `diags` (file:line: message).
std::optional<CompareAnswer> compareConfigurations(std::shared_ptr<const PlanInput> input,
                                                   const std::vector<PlanEdit>& edits, const CompareRequest& request,
                                                   io::Diagnostics& diags, core::Progress* progress = nullptr);

/// The plan as the session has it (its own configuration) run to the end and measured: an
/// answer with one configuration named `name` and nothing moved, which compareReport writes
/// as a capacity report (the GUI's Capacity panel shows and exports it). nullopt when the
/// plan does not run or was cancelled: the problem is in `diags`.
std::optional<CompareAnswer> measurePlanCapacity(std::shared_ptr<const PlanInput> input,
                                                 const std::vector<PlanEdit>& edits, const std::string& name,
                                                 const std::string& groupBy,
                                                 std::optional<std::pair<std::int64_t, std::int64_t>> referenceRequests,
                                                 io::Diagnostics& diags, core::Progress* progress = nullptr);

}  // namespace berth::plan::capacity
