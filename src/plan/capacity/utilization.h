#pragma once
/// What a finished plan leaves of its nodes' capacity: pods pending and placed, nodes used
/// and left empty, requested/allocatable per resource per group of nodes (a label's values:
/// the zone, or a node pool), and fragmentation: per node, how many more of a reference pod
/// fit by resources, and the free capacity stranded on nodes where none does (a cordoned node
/// is closed to new pods, not stranded). The configuration comparison (compare.h) measures
/// each configuration with it; the GUI's Capacity panel measures the plan on show.
///
/// Fragmentation is arithmetic on the final state (free cpu, memory and pod slots against the
/// reference pod's requests), not a scheduling run: it measures what the packing left, the
/// way a person reading the node table would; "how many more fit" (fit.h) is the question
/// that runs the scheduler.

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "core/api/cluster.h"

namespace berth::plan {
class Plan;
}

namespace berth::plan::capacity {

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

/// The requests most of the cluster's pods have (milli-CPU, bytes; the larger pair on a tie);
/// 100m / 200Mi, the scheduler's non-zero defaults, when no pod requests anything.
std::pair<std::int64_t, std::int64_t> mostCommonRequests(const core::Cluster& cluster);

/// Measures `plan` as it stands (normally run to the end), its nodes grouped by the label
/// `groupBy`, fragmentation against a pod requesting `reference` (milli-CPU, bytes).
ConfigOutcome measureCapacity(const std::string& name, Plan& plan, const std::string& groupBy,
                              std::pair<std::int64_t, std::int64_t> reference);

}  // namespace berth::plan::capacity
