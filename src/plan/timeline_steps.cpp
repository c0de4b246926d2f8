#include "plan/timeline_steps.h"

#include <algorithm>

namespace berth::plan {

void recordPlanStep(Plan& plan, RunTimeline& timeline, std::uint64_t step, QueueDepth depth) {
    const bool fresh = step == timeline.recordedSteps() + 1;
    const core::SimTime now = plan.sim().clock().now();
    timeline.stepDone(step, now, depth);
    if (!fresh) return;
    for (std::size_t i = 0; i < plan.timedEditsOfLastStep().size(); ++i) timeline.addTimedEdit(step, now);
}

std::vector<std::string> timedEditOutcomes(const Plan& plan, std::size_t errorsBefore) {
    // Plan::step writes a failed edit's error as "<source>: <describeEdit>: <why>", in the
    // order it applies them; the edits that are not among those were applied.
    const std::vector<std::string>& errors = plan.timedEditErrors();
    std::vector<std::string> out;
    std::size_t next = std::min(errorsBefore, errors.size());
    for (const TimedEdit* t : plan.timedEditsOfLastStep()) {
        const std::string prefix = t->source + ": " + describeEdit(t->edit) + ": ";
        if (next < errors.size() && errors[next].starts_with(prefix))
            out.push_back(errors[next++].substr(prefix.size()));
        else
            out.emplace_back();
    }
    return out;
}

const TimedEdit* nextTimedEdit(const Plan& plan, const RunTimeline& timeline) {
    std::size_t applied = 0;
    for (const TimelineMark& m : timeline.marks())
        applied += m.kind == TimelineMark::Kind::Timed && m.step <= plan.steps();
    const std::vector<TimedEdit>& edits = plan.input().timeline;
    if (applied >= edits.size()) return nullptr;
    std::vector<const TimedEdit*> order;
    for (const TimedEdit& e : edits) order.push_back(&e);
    // TimedEditPlayer's order.
    std::stable_sort(order.begin(), order.end(), [](const TimedEdit* a, const TimedEdit* b) { return a->at < b->at; });
    return order[applied];
}

}  // namespace berth::plan
