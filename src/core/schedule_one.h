#pragma once
/// What one pod's way through the scheduler yields (pkg/scheduler/schedule_one.go): the
/// scheduling cycle's result, and each pod's outcome over a run. The cycle is defined in
/// schedule_one.cpp (Simulation::scheduleOne and the binding cycle, Scheduler::schedulePod)
/// and find_nodes_that_fit.cpp (its Filter half).

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/api/string_pool.h"
#include "core/clock/simulated_clock.h"
#include "core/framework/types.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

/// The outcome of one scheduling cycle.
struct CycleResult {
    enum class Kind : std::uint8_t { Scheduled, Unschedulable, Error } kind = Kind::Error;
    Sym node = kEmptySym;
    std::string message;  // FitError / error text
    std::vector<std::string> unschedulablePlugins;
    std::optional<NominatingInfo> nominating;  // from PostFilter
    int evaluatedNodes = 0;
    int feasibleNodes = 0;
    std::optional<CycleTrace> trace;
};

/// numFeasibleNodesToFind (schedule_one.go): how many feasible nodes to look for.
std::int32_t numFeasibleNodesToFind(std::optional<std::int32_t> percentage, std::int32_t numAllNodes);

/// Succeeded: bound (or preexisting), then completed when its lifetime ended
/// (Simulation::setLifetime); its node is kept.
enum class PodState : std::uint8_t { Preexisting, Bound, Pending, Evicted, Ignored, Succeeded };
const char* podStateName(PodState s);

/// What happened to one pod of the cluster.
struct PodOutcome {
    PodState state = PodState::Ignored;
    Sym node = kEmptySym;       // bound / preexisting / evicted-from node
    Sym nominated = kEmptySym;  // status.nominatedNodeName at the end
    std::string message;        // last FailedScheduling text (pending pods)
    int attempts = 0;
    bool assumed = false;  // assumed, binding in flight
};

struct RunStats {
    std::size_t attempts = 0;
    std::size_t scheduled = 0;
    std::size_t unschedulable = 0;
    std::size_t errors = 0;
};

/// Knobs of the simulated binding cycle.
struct BindingSettings {
    SimTime latency = 10 * kMillisecond;
    double failureProbability = 0;       // injected bind failures, drawn from the seeded rng
    std::set<std::string> failingNodes;  // binds to these nodes always fail
};

}  // namespace berth::core
