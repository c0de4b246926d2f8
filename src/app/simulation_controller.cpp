#include "app/simulation_controller.h"

#include <algorithm>

#include "app/engine/simulation_worker.h"

namespace berth::app {

namespace {

/// "60s", "2.5s": a timed edit's time as a timeline file writes it.
QString secondsText(qint64 ns) { return QString::number(static_cast<double>(ns) / 1e9, 'g', 12) + QLatin1Char('s'); }

/// "scale Deployment default/web to 8" from plan::describeEdit's "Scale …", inside a sentence.
QString lowerFirst(QString text) {
    if (!text.isEmpty()) text[0] = text[0].toLower();
    return text;
}

/// The narration of the timed edits a step applied: each at its time, a failed one with why
/// (as berthctl reports it on stderr).
QString timedEditsText(const QList<TimedEditNote>& notes) {
    QStringList parts;
    for (const TimedEditNote& n : notes)
        parts << (n.error.isEmpty()
                      ? SimulationController::tr("Timed edit at %1: %2.").arg(secondsText(n.atNs), lowerFirst(n.title))
                      : SimulationController::tr("Timed edit at %1 failed: %2: %3 (%4).")
                            .arg(secondsText(n.atNs), lowerFirst(n.title), n.error, n.source));
    return parts.join(QLatin1Char(' '));
}

}  // namespace

SimulationController::SimulationController(QObject* parent)
    : QObject(parent),
      m_session(this),
      m_nodes(this),
      m_pods(this),
      m_queue(this),
      m_events(this),
      m_inspector(&m_nodes, &m_pods, this),
      m_cycle(this) {
    qRegisterMetaType<ClusterSnapshot>();
    qRegisterMetaType<EditOutcome>();
    qRegisterMetaType<UpdateBatch>();
    qRegisterMetaType<CycleTraceUi>();
    qRegisterMetaType<NodeVerdictUi>();
    m_thread.setObjectName(QStringLiteral("berth-simulation"));
    m_worker = new SimulationWorker;
    m_worker->moveToThread(&m_thread);
    connectWorker();
    m_thread.start();
    m_status.setStatusText(tr("No cluster loaded"));
    connect(&m_cycle, &CyclePlayback::changed, this, [this] { m_inspector.setStage(m_cycle.trace(), m_cycle.phase(), m_cycle.pod()); });
}

void SimulationController::connectWorker() {
    connect(&m_status, &RunStatus::loadedChanged, this, &SimulationController::loadedChanged);
    connect(&m_status, &RunStatus::statsChanged, this, &SimulationController::statsChanged);
    connect(&m_status, &RunStatus::statusTextChanged, this, &SimulationController::statusTextChanged);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SimulationWorker::loaded, this, &SimulationController::onLoaded, Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::updated, this, &SimulationController::onUpdated, Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::editDone, this, &SimulationController::onEditDone, Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::replayCancelled, this, &SimulationController::onReplayCancelled,
            Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::openRefused, this, &SimulationController::onOpenRefused, Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::podNodeChecked, &m_planner, &PlannerActions::answerPodOnNode,
            Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::priorityClassesChanged, &m_planner, &PlannerActions::setPriorityClasses,
            Qt::QueuedConnection);
    connect(this, &SimulationController::editApplied, &m_planner, &PlannerActions::editApplied);
    connect(this, &SimulationController::editFailed, &m_planner, &PlannerActions::editFailed);
    connect(m_worker, &SimulationWorker::traceReady, &m_inspector, &Inspector::setTrace, Qt::QueuedConnection);
    connect(&m_inspector, &Inspector::podSelectionRequested, m_worker, &SimulationWorker::selectPod,
            Qt::QueuedConnection);
    // The fit answer's ghosts are about the plan they were asked of.
    connect(m_session.history(), &EditHistoryModel::changed, &m_fit, &FitController::planChanged);
    connect(&m_status, &RunStatus::loadedChanged, &m_fit, &FitController::planChanged);
    connect(m_session.history(), &EditHistoryModel::changed, &m_nodeSearch, &NodesController::planChanged);
}

SimulationController::~SimulationController() {
    // A plan still being built and a comparison still running (ConfigController) are of no
    // use any more: they stop at their next check, so quitting does not wait for them.
    // Exports are the user's output and finish (SessionController waits for them).
    for (const ReplayRequest& r : std::as_const(m_replays)) r.progress->cancel();
    m_thread.quit();
    m_thread.wait();
}

double SimulationController::maxSpeed() const { return SimulationWorker::kMaxSpeed; }

void SimulationController::play() {
    m_toEnd = false;
    setRunning(true);  // optimistic; the next batch confirms
    if (flatOut()) m_cycle.clear();
    QMetaObject::invokeMethod(m_worker, &SimulationWorker::play, Qt::QueuedConnection);
}

void SimulationController::pause() {
    m_toEnd = false;
    setRunning(false);
    QMetaObject::invokeMethod(m_worker, &SimulationWorker::pause, Qt::QueuedConnection);
}

void SimulationController::step() { requestStep(false); }

void SimulationController::stepPhase() {
    if (m_stepPending) return;  // the core is still answering the previous step
    if (!m_running && m_cycle.advance()) return;
    requestStep(true);
}

void SimulationController::requestStep(bool byPhase) {
    m_toEnd = false;
    setRunning(false);
    m_stepPending = true;
    m_stepByPhase = byPhase;
    const quint64 serial = ++m_stepSerial;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, serial] { w->step(serial); }, Qt::QueuedConnection);
}

void SimulationController::stepBack() {
    if (m_stepPending || !loaded()) return;
    if (!m_running && m_cycle.retreat()) return;
    if (position() > 0) travelTo(position() - 1);
}

void SimulationController::stepPodBack() {
    if (m_stepPending || !loaded() || position() == 0) return;
    travelTo(position() - 1);
}

void SimulationController::restart() {
    if (m_stepPending || !loaded()) return;
    travelTo(0);
}

void SimulationController::toNewest() {
    if (m_stepPending || !loaded() || position() >= newestPosition()) return;
    travelTo(newestPosition());
}

void SimulationController::seek(quint64 step) {
    if (m_stepPending || !loaded() || step == position()) return;
    travelTo(std::min(step, newestPosition()));
}

void SimulationController::travelTo(quint64 target) {
    m_toEnd = false;
    setRunning(false);
    m_stepPending = true;  // answered by the batch after the travelled snapshot
    m_stepByPhase = false;
    const quint64 serial = ++m_stepSerial;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, target, serial] { w->travel(target, serial); }, Qt::QueuedConnection);
}

void SimulationController::showStepResult(const UpdateBatch& batch) {
    if (batch.stats.steps == 0) return m_cycle.clear();  // restarted: the plan as loaded
    if (batch.lastCycle.isValid()) return m_cycle.showCycle(batch.lastCycle, m_stepByPhase);
    QString boundPod, boundNode;
    int bound = 0;
    for (const EventRow& e : batch.events)
        if (e.type == QLatin1String("PodBound")) {
            ++bound;
            boundPod = e.pod;
            boundNode = e.node;
        }
    if (bound > 0) return m_cycle.showBind(boundPod, boundNode, bound);
    if (batch.finished && !batch.stoppedBy.isEmpty())
        return m_cycle.showClock(tr("The run stopped: %1. Upstream's scheduler would churn so for ever; the cluster is "
                                    "shown as it was then.")
                                     .arg(batch.stoppedBy));
    // A pod's lifetime ended (berth.dev/duration): "Pod ns/x succeeded after 30s; its room on
    // node n is free."
    for (const EventRow& e : batch.events)
        if (e.type == QLatin1String("PodSucceeded")) return m_cycle.showClock(tr("Pod %1 %2.").arg(e.pod, e.message));
    // With the loop idle, the plan says what comes next: a timed edit still due, or nothing.
    const QString waiting = batch.nextTimed.title.isEmpty()
                                ? QString()
                                : tr("The queue is empty. Next timed edit at %1: %2")
                                      .arg(secondsText(batch.nextTimed.atNs), lowerFirst(batch.nextTimed.title));
    if (!batch.timedDone.isEmpty()) {
        const QString done = timedEditsText(batch.timedDone);
        return m_cycle.showClock(batch.stats.idle && !waiting.isEmpty() ? done + QLatin1Char(' ') + waiting : done);
    }
    if (batch.finished || batch.events.isEmpty())
        return m_cycle.showClock(!waiting.isEmpty() ? waiting
                                                    : tr("Nothing is left to schedule: activeQ and backoffQ are empty "
                                                         "and no binding is in flight."));
    const EventRow& last = batch.events.constLast();
    m_cycle.showClock(tr("No pod was ready to pop, so the simulated clock moved to its next event (%1 s): %2 %3.")
                          .arg(static_cast<double>(last.timeNs) / 1e9, 0, 'f', 3)
                          .arg(last.type, last.pod));
}

void SimulationController::runToEnd() {
    m_toEnd = true;
    m_cycle.clear();
    setRunning(true);
    auto progress = std::make_shared<core::Progress>();
    m_operations.begin(tr("Running to the end"), progress);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, progress] { w->runToEnd(progress); }, Qt::QueuedConnection);
}

void SimulationController::setSpeed(double speed) {
    if (qFuzzyCompare(speed, m_speed)) return;
    m_speed = speed;
    Q_EMIT speedChanged();
    Q_EMIT m_playback.stateChanged();
    if (flatOut()) m_cycle.clear();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, speed] { w->setSpeed(speed); }, Qt::QueuedConnection);
}

void SimulationController::onLoaded(const ClusterSnapshot& snapshot) {
    if (const auto request = takeReplay(snapshot.serial)) {
        if (request->commit) request->commit();
        m_config.refresh(*request->input, request->edits);
    }
    m_nodes.reset(snapshot.nodes);
    m_pods.reset(snapshot.pods);
    m_queue.reset(snapshot.queue);
    m_playback.timeline()->setTimedEdits(snapshot.timedEdits);
    m_playback.timeline()->apply(snapshot.timeline);  // a travel keeps the run's timeline
    m_playback.timeline()->noteTimedEdits(snapshot.timedFailed);
    if (snapshot.travelled)
        m_events.truncateFrom(snapshot.eventsFrom);  // the past stays in the log
    else
        m_events.clear();
    m_cycle.clear();
    m_toEnd = false;
    setRunning(false);
    ++m_revision;
    m_status.setLoaded(!snapshot.nodes.isEmpty() || !snapshot.pods.isEmpty(), snapshot.source, snapshot.stats);
    Q_EMIT m_playback.stateChanged();
    if (snapshot.travelled) {
        // The same plan at another step: the selection stays, its trace follows (traceReady).
        m_inspector.forgetTrace();
        m_inspector.refresh();
        return;
    }
    m_inspector.clear();
    m_stepPending = false;
    notifyParts();
    QString text = snapshot.error.isEmpty() ? tr("Loaded %1: %2 nodes, %3 pods")
                                                  .arg(snapshot.source)
                                                  .arg(snapshot.nodes.size())
                                                  .arg(snapshot.pods.size())
                                            : snapshot.error;
    m_status.setStatusText(text);
}

void SimulationController::onUpdated(const UpdateBatch& batch) {
    const bool wasFlatOut = flatOut();  // the last batch of a run to end comes not running
    m_nodes.apply(batch.nodes);
    m_pods.apply(batch.pods);
    m_queue.update(batch.queue);
    m_events.append(batch.events);
    m_playback.timeline()->apply(batch.timeline);
    m_playback.timeline()->noteTimedEdits(batch.timedDone);
    ++m_revision;
    setRunning(batch.running);
    if (!batch.running) m_toEnd = false;
    if (batch.selectedTrace.isValid()) m_inspector.setTrace(batch.selectedTrace);
    m_inspector.refresh();
    if (m_stepPending && batch.stepSerial == m_stepSerial) {
        m_stepPending = false;
        showStepResult(batch);
    } else if (batch.lastCycle.isValid() && !wasFlatOut) {
        m_cycle.showCycle(batch.lastCycle, false);  // slow play: each cycle at its outcome
    } else if (!wasFlatOut && std::any_of(batch.timedDone.begin(), batch.timedDone.end(),
                                          [](const TimedEditNote& n) { return !n.error.isEmpty(); })) {
        m_cycle.showClock(timedEditsText(batch.timedDone));  // a failed timed edit is not passed over
    }
    m_status.setStats(batch.stats);
    Q_EMIT m_playback.stateChanged();  // the position moved
    if (batch.finished) {
        // A run stopped before it went idle says why (the whole reason is in the event log).
        const QString counts = tr("%1 bound, %2 pending after %3 attempts")
                                   .arg(batch.stats.bound)
                                   .arg(batch.stats.pending)
                                   .arg(batch.stats.attempts);
        m_status.setStatusText(batch.stoppedBy.isEmpty()
                                   ? tr("Done: %1").arg(counts)
                                   : tr("Stopped on %1: %2").arg(batch.stoppedBy.section(QStringLiteral(" ("), 0, 0),
                                                                 counts));
        Q_EMIT runFinished();
    } else if (batch.running) {
        m_status.setStatusText(tr("Running…"));
    }
}

void SimulationController::setRunning(bool running) {
    if (running == m_running) return;
    m_running = running;
    Q_EMIT runningChanged();
    Q_EMIT m_playback.stateChanged();
}

}  // namespace berth::app
