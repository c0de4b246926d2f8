#include "plan/timeline_steps.h"

namespace berth::plan {

void recordPlanStep(Plan& plan, RunTimeline& timeline, std::uint64_t step, QueueDepth depth) {
    const bool fresh = step == timeline.recordedSteps() + 1;
    const core::SimTime now = plan.sim().clock().now();
    timeline.stepDone(step, now, depth);
    if (!fresh) return;
    for (std::size_t i = 0; i < plan.timedEditsOfLastStep().size(); ++i) timeline.addTimedEdit(step, now);
}

}  // namespace berth::plan
