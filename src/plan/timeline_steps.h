#pragma once
/// A plan's step on its run's timeline (run_timeline.h): the step's simulated time and queue,
/// and when the step was the plan's timed edits (timed_edits.h), a Timed mark for each, so the
/// scrubber shows them where they happened. A step the timeline already holds (time travel
/// re-running it) adds nothing.

#include <cstdint>

#include "plan/plan.h"
#include "plan/run_timeline.h"

namespace berth::plan {

void recordPlanStep(Plan& plan, RunTimeline& timeline, std::uint64_t step, QueueDepth depth);

}  // namespace berth::plan
