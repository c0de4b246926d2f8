#pragma once
/// A plan's step on its run's timeline (run_timeline.h): the step's simulated time and queue,
/// and when the step was the plan's timed edits (timed_edits.h), a Timed mark for each, so the
/// scrubber shows them where they happened. A step the timeline already holds (time travel
/// re-running it) adds nothing.

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "plan/plan.h"
#include "plan/run_timeline.h"

namespace berth::plan {

void recordPlanStep(Plan& plan, RunTimeline& timeline, std::uint64_t step, QueueDepth depth);

/// Beside plan.timedEditsOfLastStep(): why each could not be applied at its time (empty: it
/// was), from the plan's timedEditErrors() past the first `errorsBefore` (their count before
/// the step).
std::vector<std::string> timedEditOutcomes(const Plan& plan, std::size_t errorsBefore);

/// The timed edits the plan could not apply so far: {index in the order the plan applies
/// them (the Timed marks'), why}, in that order (a replayed plan's, for the marks).
std::vector<std::pair<std::size_t, std::string>> failedTimedEdits(const Plan& plan);

/// The input's next timed edit the plan has not applied yet, in the order the plan applies
/// them (time, then as written), when `timeline` is its run's: the ones applied are the Timed
/// marks of steps up to plan.steps(). Null: none is left.
const TimedEdit* nextTimedEdit(const Plan& plan, const RunTimeline& timeline);

}  // namespace berth::plan
