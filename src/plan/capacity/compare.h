#pragma once
/// "Which configuration packs better": the same plan run to the end under each
/// KubeSchedulerConfiguration, and what each leaves: pods pending, nodes used and left empty,
/// requested/allocatable per resource per group of nodes (a label's values: the zone by
/// default, or a node pool), and fragmentation: per node, how many more of a reference pod
/// fit by resources, and the free capacity stranded on nodes where none does (a cordoned node
/// is closed to new pods, not stranded). Then every pod placed differently from the first
/// configuration.
///
/// Fragmentation is arithmetic on the final state (free cpu, memory and pod slots against the
/// reference pod's requests), not a scheduling run: it measures what the packing left, the
/// way a person reading the node table would; "how many more fit" (fit.h) is the question
/// that runs the scheduler.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/progress.h"
#include "io/diagnostics.h"
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

struct ConfigOutcome {
    std::string name;
    std::int64_t pending = 0;
    std::int64_t placed = 0;
    std::int64_t nodesUsed = 0;   // live nodes with at least one pod that is not a DaemonSet's
    std::int64_t nodesEmpty = 0;  // live nodes with none
    struct Usage {
        std::int64_t requested = 0;
        std::int64_t allocatable = 0;
        double ratio() const {
            return allocatable > 0 ? static_cast<double>(requested) / static_cast<double>(allocatable) : 0;
        }
    };
    /// resource ("cpu", "memory") -> group value ("" for nodes without the label) -> usage.
    std::map<std::string, std::map<std::string, Usage>> utilization;
    std::map<std::string, std::int64_t> moreReferencePods;  // node -> how many more fit
    std::int64_t strandedMilliCpu = 0;                      // free on nodes where the reference pod fits no more
    std::int64_t strandedMemory = 0;
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

}  // namespace berth::plan::capacity
