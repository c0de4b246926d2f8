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

namespace {

/// The input's timed edits in the order the plan applies them (TimedEditPlayer's).
std::vector<const TimedEdit*> appliedOrder(const Plan& plan) {
    std::vector<const TimedEdit*> order;
    for (const TimedEdit& e : plan.input().timeline) order.push_back(&e);
    std::stable_sort(order.begin(), order.end(), [](const TimedEdit* a, const TimedEdit* b) { return a->at < b->at; });
    return order;
}

}  // namespace

std::vector<std::pair<std::size_t, std::string>> failedTimedEdits(const Plan& plan) {
    const std::vector<const TimedEdit*> order = appliedOrder(plan);
    std::vector<std::pair<std::size_t, std::string>> out;
    std::size_t i = 0;  // the errors come in the order applied: the search goes on from the last
    for (const std::string& error : plan.timedEditErrors())
        for (; i < order.size(); ++i) {
            const std::string prefix = order[i]->source + ": " + describeEdit(order[i]->edit) + ": ";
            if (error.starts_with(prefix)) {
                out.emplace_back(i, error.substr(prefix.size()));
                ++i;
                break;
            }
        }
    return out;
}

const TimedEdit* nextTimedEdit(const Plan& plan, const RunTimeline& timeline) {
    std::size_t applied = 0;
    for (const TimelineMark& m : timeline.marks())
        applied += m.kind == TimelineMark::Kind::Timed && m.step <= plan.steps();
    const std::vector<const TimedEdit*> order = appliedOrder(plan);
    return applied < order.size() ? order[applied] : nullptr;
}

}  // namespace berth::plan
