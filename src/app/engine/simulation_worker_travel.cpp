// SimulationWorker's time travel: step back, restart from t=0, return to the newest step.
// The core is deterministic (seeded tie-breaks, a simulated clock), so the plan at step k is
// a plan of the same input stepped k times with the same edits applied at the same steps:
// the nearest checkpoint at or below k (plan::CheckpointShelf: plans parked at steps of this
// run, built in the background) steps on to k, or a fresh plan from step 0 for a lesson-sized
// run. docs/performance.md has what a jump costs.

#include <algorithm>
#include <optional>

#include "app/engine/simulation_worker.h"
#include "app/models/event_log_model.h"
#include "core/simulation.h"

namespace berth::app {

bool SimulationWorker::advance() {
    applyDueEdits();
    const bool more = m_plan->step();
    m_newestStep = std::max<quint64>(m_newestStep, m_plan->steps());
    return more;
}

void SimulationWorker::applyDueEdits() {
    // Plan::replay's order: an edit made at step k is applied once k steps are done, before
    // step k + 1. It was applied once at that very state, so it applies again.
    while (m_editsApplied < m_edits.size() && m_edits[m_editsApplied].atStep <= m_plan->steps()) {
        const plan::PlanEdit& e = m_edits[m_editsApplied++];
        if (e.kind == plan::EditKind::SetSchedulerConfig) continue;  // in m_input from step 0
        (void)m_plan->apply(e);
        for (quint32 i = 0; i < m_cluster->nodes.size(); ++i) m_dirtyNodes.insert(i);
    }
}

QString SimulationWorker::editRefusal() const {
    for (std::size_t i = m_editsApplied; i < m_edits.size(); ++i)
        if (m_edits[i].kind != plan::EditKind::SetSchedulerConfig)
            return QStringLiteral("the playback is stepped back to step %1, before edits made later (step %2); "
                                  "step or run past it first (End runs to the end)")
                .arg(m_plan->steps())
                .arg(m_edits[i].atStep);
    return {};
}

void SimulationWorker::travel(quint64 target, quint64 serial) {
    if (!m_sim || !m_input) return;
    m_stepSerial = serial;
    target = std::min(target, m_newestStep);
    const quint64 now = m_plan->steps();
    // A lesson-sized replay from step 0 runs traced all the way (the inspector then has every
    // pod's newest attempt as of `target`) and takes milliseconds; anything larger starts from
    // the nearest checkpoint that is closer than the plan on show (docs/performance.md).
    // Home (target 0) takes the checkpoint at step 0 when there is one: the same plan as
    // loaded, without loading it again.
    const bool tracedReplay = target > 0 && m_cluster->nodes.size() * target <= kTracedReplayNodeSteps;
    std::optional<plan::CheckpointShelf::Checkpoint> checkpoint;
    if (!tracedReplay) checkpoint = m_checkpoints.take(target, target >= now ? now + 1 : 0);
    if (target >= now && !checkpoint) return travelForward(target);

    const quint64 newest = m_newestStep;
    std::unique_ptr<plan::Plan> previous = std::move(m_plan);
    const std::size_t previousEdits = m_editsApplied;
    if (checkpoint) {
        adopt(std::move(checkpoint->plan));
        m_editsApplied = checkpoint->editsApplied;
    } else {
        adopt(std::make_unique<plan::Plan>(m_input));
        m_editsApplied = 0;
    }
    m_newestStep = newest;
    // The plan that was on show is a checkpoint of this run too (a jump back to it is free).
    m_checkpoints.park({std::move(previous), previousEdits});
    if (!m_sim) return;
    // Traced on the way for a short replay on up to kTraceAllNodes nodes: the inspector then
    // shows the newest attempt as of `target` of each pod tried since the replay's start. A
    // longer one traces only its last step (tracing costs per node and step).
    m_sim->setTrace(m_cluster->nodes.size() <= kTraceAllNodes && target - m_plan->steps() <= kTraceTravelSteps);
    while (m_plan->steps() + 1 < target && advance()) {
    }
    updateTracing();
    m_events.clear();  // the model rows come whole in the snapshot; the log gets the last step
    m_dirtyPods.clear();
    m_dirtyNodes.clear();
    m_lastCyclePod = -1;
    const quint64 eventsFrom = m_nextSequence;
    if (m_plan->steps() < target) advance();
    applyDueEdits();
    ClusterSnapshot snap = snapshot(QString(), 0);
    snap.travelled = true;
    snap.eventsFrom = eventsFrom;
    Q_EMIT loaded(snap);
    if (m_selectedPod >= 0) {
        const bool exists = static_cast<quint64>(m_selectedPod) < m_cluster->pods.size();
        Q_EMIT traceReady(exists ? m_traces.toUi(static_cast<quint32>(m_selectedPod)) : CycleTraceUi{});
    }
    m_selectedTraceDirty = false;
    scheduleFlush();
    fillCheckpoints();  // the one taken is built again
}

void SimulationWorker::fillCheckpoints() {
    // Each checkpoint is a whole plan (22 MiB for 10,000 pods, docs/performance.md): above
    // kCheckpointedPods the shelf stays empty and a jump replays from step 0 instead.
    if (m_cluster && m_cluster->pods.size() <= kCheckpointedPods) m_checkpoints.fill(m_newestStep);
}

void SimulationWorker::travelForward(quint64 target) {
    // The plan on show steps on (its events, rows and last cycle in one batch). A long jump
    // runs untraced but for its last step, and the log gets only the newest events (it keeps
    // no more than that anyway).
    setRunning(false);
    if (target - m_plan->steps() > kTraceTravelSteps) m_sim->setTrace(false);
    while (m_plan->steps() + 1 < target && advance()) {
    }
    updateTracing();
    if (m_plan->steps() < target) advance();
    if (m_events.size() > EventLogModel::kDefaultCap) m_events.remove(0, m_events.size() - EventLogModel::kDefaultCap);
    scheduleFlush();
}

}  // namespace berth::app
