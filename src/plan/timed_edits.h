#pragma once
/// Timed edits (issue 17): planner edits a scenario sets on the simulated clock ("at t = 30 s
/// cordon node-2") instead of at a step count. The plan applies each when the clock reaches
/// its time, between two steps of the loop, as an informer event arriving then: taking them
/// is one step of the plan (Plan::step), so a replay from the same input applies them at the
/// same steps, and time travel and undo see them as any other step.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/clock/simulated_clock.h"
#include "plan/plan_edit.h"

namespace berth::core {
class Simulation;
}

namespace berth::plan {

struct TimedEdit {
    core::SimTime at = 0;  // simulated time, ns
    PlanEdit edit;         // its atStep is not read
    std::string source;    // where it was written ("outage.berth:12"), for messages
    bool operator==(const TimedEdit&) const = default;
};

/// Whether `kind` may be timed: the cluster edits (nodes, workloads, pods, submitted YAML),
/// not SetSchedulerConfig (the configuration is the plan's starting state) nor PinPod (a pin
/// belongs to the moment a person drags a pod).
bool timedEditKind(EditKind kind);

/// Hands a simulation's timed edits over as its clock reaches them.
class TimedEditPlayer {
public:
    TimedEditPlayer() = default;
    /// `edits` in time order (equal times: as given).
    explicit TimedEditPlayer(std::vector<TimedEdit> edits);

    /// When the next edit comes before the loop's next step (no pod to pop and no event of
    /// the loop's own at or before its time), moves `sim`'s clock to its time and returns
    /// the edits due then, in order; else none, and the loop steps as usual.
    std::vector<const TimedEdit*> takeDue(core::Simulation& sim);
    /// Edits not yet due.
    std::size_t pending() const { return m_edits.size() - m_next; }
    /// The time of the next edit not yet due; -1 when none is left.
    core::SimTime nextAt() const { return m_next < m_edits.size() ? m_edits[m_next].at : -1; }

private:
    std::vector<TimedEdit> m_edits;
    std::size_t m_next = 0;
};

}  // namespace berth::plan
