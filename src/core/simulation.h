#pragma once
/// The facade the CLI and the app drive: a cluster, a scheduler configuration and options in;
/// scheduling runs; per-pod outcomes and traces out.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/api/cluster.h"
#include "core/profile/config.h"
#include "core/scheduler.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

enum class PodState : std::uint8_t { Preexisting, Bound, Pending, Evicted, Ignored };
const char* podStateName(PodState s);

/// What happened to one pod of the cluster.
struct PodOutcome {
    PodState state = PodState::Ignored;
    Sym node = kEmptySym;        // bound / preexisting / evicted-from node
    Sym nominated = kEmptySym;   // status.nominatedNodeName at the end
    std::string message;         // last FailedScheduling text (pending pods)
    int attempts = 0;
};

struct RunStats {
    std::size_t attempts = 0;
    std::size_t scheduled = 0;
    std::size_t unschedulable = 0;
    std::size_t errors = 0;
};

class Simulation {
public:
    Simulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options);
    ~Simulation();

    /// Builds profiles and fills the cache; false with `error` on a bad configuration.
    bool init(std::string& error);

    /// Each pending pod is attempted once, in queue order.
    RunStats runSinglePass();

    /// Called after every scheduling attempt with its trace (when options.trace).
    void setTraceListener(std::function<void(const CycleTrace&)> listener) { m_traceListener = std::move(listener); }

    Cluster& cluster() { return m_cluster; }
    Scheduler& scheduler() { return *m_scheduler; }
    const std::vector<PodOutcome>& outcomes() const { return m_outcomes; }
    const PodOutcome& outcome(const Pod& p) const { return m_outcomes[p.id]; }

    /// One cycle for one pod without assuming anything (for `explain`): the trace of what
    /// the scheduler would decide for it now.
    CycleTrace explain(const Pod& pod);

private:
    /// Assume + Reserve + Permit + PreBind + Bind, synchronously. False when any fails.
    bool assumeAndBind(Framework& fw, CycleState& state, const Pod& pod, Sym node, std::string& message);
    std::vector<const Pod*> pendingInQueueOrder();

    Cluster& m_cluster;
    SchedulerConfiguration m_config;
    SchedulerOptions m_options;
    std::unique_ptr<Scheduler> m_scheduler;
    std::vector<PodOutcome> m_outcomes;
    std::function<void(const CycleTrace&)> m_traceListener;
};

}  // namespace berth::core
