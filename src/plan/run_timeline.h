#pragma once
/// The run's timeline (issue 17): the simulated time after each core step, and the moments a
/// person looks for on the scrubber — binds, failures, preemptions, edits and the input's timed
/// edits (timed_edits.h) — each at the step that made it. It is kept for the whole run reached so far, not for the plan on show: a step
/// back and forth again (time travel) re-runs steps it already holds, and those add nothing.

#include <cstdint>
#include <vector>

#include "core/clock/simulated_clock.h"
#include "core/events.h"

namespace berth::plan {

struct TimelineMark {
    /// Edit: a planner's edit (the history's); Timed: one of the input's timed edits.
    enum class Kind : std::uint8_t { Bind, Failure, Preemption, Edit, Timed };
    static constexpr int kKinds = 5;
    std::uint64_t step = 0;   // the core step that made it (1 for the first); an edit's atStep
    core::SimTime time = 0;   // simulated time then
    Kind kind = Kind::Bind;
    /// The pod (binds, failures, preemptors); a timed edit: its index among the input's timed
    /// edits in time order (the order the plan applies them); edits: none.
    std::uint32_t pod = 0xFFFFFFFFu;
    bool operator==(const TimelineMark&) const = default;
};

/// The scheduling queue's depth per sub-queue after a step (the metrics charts).
struct QueueDepth {
    std::int32_t active = 0, backoff = 0, unschedulable = 0;
    bool operator==(const QueueDepth&) const = default;
};

class RunTimeline {
public:
    /// An event of step `step` (the steps done before it + 1). Kept when that step is past the
    /// steps recorded so far and the event is a bind, a failure or a nomination.
    void record(const core::SimEvent& e, std::uint64_t step);
    /// Step `step` is done at simulated time `now`, the queue at `depth`: recorded when it
    /// is a new one.
    void stepDone(std::uint64_t step, core::SimTime now, QueueDepth depth = {});
    /// An edit made after `step` steps (its atStep), at simulated time `now`: after the marks
    /// of that step, before those of later ones.
    void addEdit(std::uint64_t step, core::SimTime now);
    /// The next of the input's timed edits, applied as step `step` at `now` (its index: the
    /// timed edits marked before it).
    void addTimedEdit(std::uint64_t step, core::SimTime now);
    /// The run's future past `step` is gone (an edit made there): its marks and times too.
    void truncate(std::uint64_t step);
    void clear();

    /// Steps whose time and marks are recorded (0 .. recordedSteps()).
    std::uint64_t recordedSteps() const { return m_times.size() - 1; }
    /// Simulated time after `step` steps (the last recorded one's for a later step).
    core::SimTime timeAt(std::uint64_t step) const;
    /// In step order (edits after the marks of the step they follow).
    const std::vector<TimelineMark>& marks() const { return m_marks; }
    /// The marks with step >= `first`, in order: what a listener holding those before lacks.
    std::vector<TimelineMark> marksFrom(std::uint64_t first) const;
    /// The times of steps [first, recordedSteps()].
    std::vector<core::SimTime> timesFrom(std::uint64_t first) const;
    /// The queue's depths after steps [first, recordedSteps()].
    std::vector<QueueDepth> depthsFrom(std::uint64_t first) const;

private:
    std::vector<core::SimTime> m_times{0};  // by step; step 0 at t = 0
    std::vector<QueueDepth> m_depths{QueueDepth{}};  // by step, beside m_times
    std::vector<TimelineMark> m_marks;
};

}  // namespace berth::plan
