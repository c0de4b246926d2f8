#include "app/simulation_controller.h"

#include <QVariantList>

#include "app/engine/simulation_worker.h"

namespace berth::app {

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
    m_statusText = tr("No cluster loaded");
}

void SimulationController::connectWorker() {
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

QString SimulationController::simTimeText() const {
    const double s = simTime();
    if (s < 60) return QStringLiteral("%1 s").arg(s, 0, 'f', 3);
    const qint64 whole = static_cast<qint64>(s);
    return QStringLiteral("%1:%2.%3")
        .arg(whole / 60)
        .arg(whole % 60, 2, 10, QLatin1Char('0'))
        .arg(static_cast<int>((s - static_cast<double>(whole)) * 1000), 3, 10, QLatin1Char('0'));
}

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

void SimulationController::showStepResult(const UpdateBatch& batch) {
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
    if (batch.finished || batch.events.isEmpty())
        return m_cycle.showClock(
            tr("Nothing is left to schedule: activeQ and backoffQ are empty and no binding is in flight."));
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
    m_events.clear();
    m_inspector.clear();
    m_cycle.clear();
    m_stepPending = false;
    m_toEnd = false;
    m_stats = snapshot.stats;
    m_source = snapshot.source;
    m_loaded = !snapshot.nodes.isEmpty() || !snapshot.pods.isEmpty();
    setRunning(false);
    ++m_revision;
    Q_EMIT loadedChanged();
    notifyParts();
    Q_EMIT statsChanged();
    QString text =
        snapshot.error.isEmpty()
            ? tr("Loaded %1: %2 nodes, %3 pods").arg(m_source).arg(snapshot.nodes.size()).arg(snapshot.pods.size())
            : snapshot.error;
    setStatusText(text);
}

void SimulationController::onUpdated(const UpdateBatch& batch) {
    const bool wasFlatOut = flatOut();  // the last batch of a run to end comes not running
    m_nodes.apply(batch.nodes);
    m_pods.apply(batch.pods);
    m_queue.update(batch.queue);
    m_events.append(batch.events);
    m_stats = batch.stats;
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
    }
    Q_EMIT statsChanged();
    if (batch.finished) {
        setStatusText(tr("Done: %1 bound, %2 pending after %3 attempts")
                          .arg(m_stats.bound)
                          .arg(m_stats.pending)
                          .arg(m_stats.attempts));
        Q_EMIT runFinished();
    } else if (batch.running) {
        setStatusText(tr("Running…"));
    }
}

void SimulationController::setStatusText(const QString& text) {
    if (text == m_statusText) return;
    m_statusText = text;
    Q_EMIT statusTextChanged();
}

void SimulationController::setRunning(bool running) {
    if (running == m_running) return;
    m_running = running;
    Q_EMIT runningChanged();
}

QVariantMap SimulationController::podDetails(const QString& key) const {
    const int row = m_pods.indexOf(key);
    if (row < 0) return {};
    const PodRow& r = m_pods.rows()[row];
    return {{QStringLiteral("key"), r.key},           {QStringLiteral("workload"), r.workload},
            {QStringLiteral("owner"), r.owner},       {QStringLiteral("phase"), PodListModel::phaseName(r.phase)},
            {QStringLiteral("node"), r.node},         {QStringLiteral("queue"), r.queue},
            {QStringLiteral("attempts"), r.attempts}, {QStringLiteral("message"), r.message},
            {QStringLiteral("cpu"), r.cpu},           {QStringLiteral("memory"), r.memory},
            {QStringLiteral("priority"), r.priority}};
}

QVariantMap SimulationController::nodeDetails(const QString& name) const {
    const int row = m_nodes.indexOf(name);
    if (row < 0) return {};
    const NodeRow& r = m_nodes.rows()[row];
    QVariantList pods;
    for (const PodRow& p : m_pods.rows())
        if (p.nodeId == static_cast<qint32>(r.id)) pods << p.key;
    return {{QStringLiteral("name"), r.name},
            {QStringLiteral("zone"), r.zone},
            {QStringLiteral("pool"), r.pool},
            {QStringLiteral("cpuRequested"), r.cpuRequested},
            {QStringLiteral("cpuAllocatable"), r.cpuAllocatable},
            {QStringLiteral("memRequested"), r.memRequested},
            {QStringLiteral("memAllocatable"), r.memAllocatable},
            {QStringLiteral("podCount"), r.podCount},
            {QStringLiteral("podsAllocatable"), r.podsAllocatable},
            {QStringLiteral("cordoned"), r.cordoned},
            {QStringLiteral("taints"), r.taints},
            {QStringLiteral("pods"), pods}};
}

}  // namespace berth::app
