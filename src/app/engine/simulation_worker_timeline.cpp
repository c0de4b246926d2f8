// SimulationWorker's timeline of the run (plan::RunTimeline): the simulated time after each
// step and the marks the scrubber draws (binds, failures, preemptions, edits), recorded once
// per step of the run however often time travel re-runs it, and sent to the GUI as deltas.

#include <algorithm>

#include "app/engine/simulation_worker.h"
#include "core/simulation.h"
#include "plan/timeline_steps.h"

namespace berth::app {

namespace {

plan::QueueDepth depthOf(core::Simulation& sim) {
    const core::SchedulingQueue& q = sim.queue();
    return {static_cast<std::int32_t>(q.activeCount()), static_cast<std::int32_t>(q.backoffCount()),
            static_cast<std::int32_t>(q.unschedulableCount())};
}

}  // namespace

void SimulationWorker::listenForTimeline(plan::Plan& plan, plan::RunTimeline& timeline) {
    plan::Plan* p = &plan;
    plan.sim().setEventListener([p, &timeline](const core::SimEvent& e) { timeline.record(e, p->steps() + 1); });
    // A step that was the plan's timed edits (a timeline) is marked as their edits.
    plan.setStepListener([p, &timeline](std::uint64_t s) { plan::recordPlanStep(*p, timeline, s, depthOf(p->sim())); });
}

void SimulationWorker::timelineStepDone(std::uint64_t step) {
    plan::recordPlanStep(*m_plan, m_timeline, step, depthOf(*m_sim));
    if (m_plan->timedEditsOfLastStep().empty()) return;
    // The step was the input's timed edits: node edits replace or add node objects without a
    // pod event naming them (as applyEdit's), and a workload may bring a PriorityClass.
    for (quint32 i = 0; i < m_cluster->nodes.size(); ++i) m_dirtyNodes.insert(i);
    announcePriorityClasses();
}

void SimulationWorker::addReplayedEdits(const plan::Plan& plan, plan::RunTimeline& timeline) const {
    for (const plan::PlanEdit& e : m_edits)
        if (e.kind != plan::EditKind::SetSchedulerConfig && e.atStep <= plan.steps())
            timeline.addEdit(e.atStep, timeline.timeAt(e.atStep));
}

void SimulationWorker::timelineEdit() {
    // The steps once reached past this one are gone (applyEdit), and the edit is a mark.
    const quint64 at = m_plan->steps();
    m_timeline.truncate(at);
    m_timeline.addEdit(at, m_sim->clock().now());
    m_timelineDirtyFrom = std::min(m_timelineDirtyFrom, at);
}

TimelineDelta SimulationWorker::takeTimelineDelta() {
    TimelineDelta d;
    d.from = std::min(m_timelineSent, m_timelineDirtyFrom);
    d.marks = m_timeline.marksFrom(d.from);
    for (core::SimTime t : m_timeline.timesFrom(d.from)) d.times.push_back(t);
    d.depths = m_timeline.depthsFrom(d.from);
    d.changed = m_timelineDirtyFrom != kTimelineClean || !d.marks.empty() || !d.times.empty();
    m_timelineSent = m_timeline.recordedSteps() + 1;
    m_timelineDirtyFrom = kTimelineClean;
    return d;
}

}  // namespace berth::app
