#include "app/engine/simulation_worker.h"

#include <algorithm>
#include <cmath>

#include "core/events.h"
#include "core/simulation.h"
#include "app/session/manifest_check.h"
#include "plan/timeline_steps.h"

namespace berth::app {

namespace {

constexpr int kFrameMs = 16;
constexpr qint64 kFastBudgetNs = 12'000'000;  // work per tick when running flat out

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

const char* effectName(core::TaintEffect e) {
    switch (e) {
        case core::TaintEffect::NoSchedule: return "NoSchedule";
        case core::TaintEffect::PreferNoSchedule: return "PreferNoSchedule";
        case core::TaintEffect::NoExecute: return "NoExecute";
        default: return "";
    }
}

QString labelValue(const core::Cluster& c, const core::Labels& labels, std::string_view key) {
    const core::Sym k = c.pool.find(key);
    if (k == core::kNoSym) return {};
    const core::Sym v = labels.get(k);
    return v == core::kNoSym ? QString() : qs(c.pool.str(v));
}

/// Every label as text, sorted by key name (the canvas groups by them, Find selects by them).
QList<QPair<QString, QString>> labelList(const core::Cluster& c, const core::Labels& labels) {
    QList<QPair<QString, QString>> out;
    out.reserve(static_cast<qsizetype>(labels.size()));
    for (const auto& l : labels) out.append({qs(c.pool.str(l.key)), qs(c.pool.str(l.value))});
    std::sort(out.begin(), out.end());
    return out;
}

/// The colour group of a pod: its controlling owner, else an app label, else itself.
QString workloadOf(const core::Cluster& c, const core::Pod& p) {
    if (const core::OwnerReference* o = core::controllerOf(p)) return qs(o->kind) + QLatin1Char('/') + qs(o->name);
    if (!p.ownerReferences.empty())
        return qs(p.ownerReferences.front().kind) + QLatin1Char('/') + qs(p.ownerReferences.front().name);
    for (const char* key : {"app.kubernetes.io/name", "app"}) {
        const QString v = labelValue(c, p.labels, key);
        if (!v.isEmpty()) return QStringLiteral("app/") + v;
    }
    return QStringLiteral("pod/") + qs(c.podKey(p));
}

/// The workload at the top of the pod's controller chain (Deployment -> ReplicaSet -> pod).
QString topOwnerOf(const core::Cluster& c, const core::Pod& p) {
    const core::OwnerReference* ref = core::controllerOf(p);
    QString top;
    for (int depth = 0; ref && depth < 4; ++depth) {
        top = qs(ref->kind) + QLatin1Char('/') + qs(ref->name);
        const core::OwnerReference* next = nullptr;
        for (const auto& w : c.workloads)
            if (w.ns == p.ns && w.name == ref->name && ref->kind == core::workloadKindName(w.kind))
                if (const core::OwnerReference* o = core::controllerOf(w.ownerReferences)) next = o;
        ref = next;
    }
    return top;
}

}  // namespace

SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent), m_tick(this), m_flushTimer(this) {
    m_tick.setInterval(kFrameMs);
    m_tick.setTimerType(Qt::PreciseTimer);
    connect(&m_tick, &QTimer::timeout, this, &SimulationWorker::tick);
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFrameMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &SimulationWorker::flush);
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::replay(std::shared_ptr<const plan::PlanInput> input, std::vector<plan::PlanEdit> edits,
                              quint64 stopAtStep, const QString& source, quint64 serial,
                              std::shared_ptr<core::Progress> progress, bool refuseBadInput) {
    const core::FinishOnExit finish(progress.get());
    // Built beside the plan on show, with the configuration the edits put into effect (so
    // replay() keeps this plan); it replaces the one on show only once it is complete.
    auto effective = plan::inputForEdits(std::move(input), edits);
    auto plan = std::make_unique<plan::Plan>(effective, progress.get());
    if (plan->cancelled()) return Q_EMIT replayCancelled(serial);
    if (refuseBadInput)
        if (const QStringList problems = manifestErrors(*plan); !problems.isEmpty())
            return Q_EMIT openRefused(serial, problems);
    std::string replayError;
    plan::RunTimeline timeline;
    if (plan->ok()) {
        // Replayed untraced, only its timeline recorded: only the state it ends in is shown.
        plan->sim().setTrace(false);
        listenForTimeline(*plan, timeline);
        replayError = plan->replay(edits, stopAtStep);
        if (plan->cancelled()) return Q_EMIT replayCancelled(serial);
    }
    plan->setProgress(nullptr);  // the operation ends here; the plan lives on

    m_input = std::move(effective);
    m_source = source;
    m_selectedPod = -1;  // a new plan: nothing is selected
    m_edits = std::move(edits);
    m_editsApplied = m_edits.size();  // replay() applied them all
    m_checkpoints.reset(m_input, m_edits);
    addReplayedEdits(*plan, timeline);
    m_timeline = std::move(timeline);
    m_timelineSent = 0;
    m_timelineDirtyFrom = kTimelineClean;
    adopt(std::move(plan));
    m_newestStep = m_plan->steps();
    fillCheckpoints();
    QString error;
    if (!m_plan->ok())
        error = QStringLiteral("configuration error: ") + qs(m_plan->error());
    else if (!replayError.empty())
        error = QStringLiteral("replay stopped: ") + qs(replayError);
    else if (m_plan->load().diagnostics.hasErrors())
        error = QStringLiteral("%1 input problem(s); objects with errors were skipped")
                    .arg(m_plan->load().diagnostics.items.size());
    ClusterSnapshot snap = snapshot(error, serial);
    snap.timeline = takeTimelineDelta();
    for (const auto& [index, why] : plan::failedTimedEdits(*m_plan)) {
        TimedEditNote n;
        n.index = static_cast<int>(index);
        n.error = qs(why);
        snap.timedFailed << n;
    }
    Q_EMIT loaded(snap);
    announcePriorityClasses();
}

void SimulationWorker::adopt(std::unique_ptr<plan::Plan> plan) {
    setRunning(false);
    m_flushTimer.stop();
    m_dirtyPods.clear();
    m_dirtyNodes.clear();
    m_events.clear();
    m_timedDone.clear();
    m_timedErrorsSeen = plan->timedEditErrors().size();  // a replayed plan's: not news
    m_attempts = 0;
    m_traces.clear();
    m_assumedOn.clear();
    m_cyclePod = m_lastCyclePod = -1;
    m_selectedTraceDirty = false;
    m_nextSequence = 0;
    m_sim = nullptr;
    m_plan = std::move(plan);
    m_cluster = &m_plan->cluster();
    if (m_plan->ok()) {
        m_sim = &m_plan->sim();
        m_sim->setEventListener([this](const core::SimEvent& e) { onEvent(e); });
        m_sim->setTraceListener([this](const core::CycleTrace& t) { onTrace(t); });
        m_plan->setStepListener([this](std::uint64_t s) { timelineStepDone(s); });
        updateTracing();
    }
    m_knownPods = m_cluster->pods.size();
}

ClusterSnapshot SimulationWorker::snapshot(const QString& error, quint64 serial) const {
    ClusterSnapshot snap;
    snap.source = m_source;
    snap.serial = serial;
    snap.error = error;
    if (m_input) snap.timedEdits = m_input->timeline;
    for (const auto& d : m_plan->load().diagnostics.items) snap.diagnostics << qs(d.toString());
    if (!m_sim) return snap;
    for (quint32 i = 0; i < m_cluster->nodes.size(); ++i) snap.nodes << nodeRow(i);
    for (quint32 i = 0; i < m_cluster->pods.size(); ++i) snap.pods << podRow(i);
    snap.queue = queueRows();
    snap.stats = stats();
    return snap;
}

void SimulationWorker::applyEdit(plan::PlanEdit edit, quint64 serial) {
    EditOutcome out;
    out.serial = serial;
    if (!m_sim) {
        out.error = QStringLiteral("no cluster is loaded");
    } else if (out.error = editRefusal(); out.error.isEmpty()) {
        edit.atStep = m_plan->steps();
        out.error = qs(m_plan->apply(edit));
        if (out.error.isEmpty()) {
            // From here on the plan's future is new: the steps once reached past it are gone.
            m_edits.push_back(edit);
            m_editsApplied = m_edits.size();
            m_newestStep = m_plan->steps();
            m_checkpoints.truncate(m_newestStep, m_edits);
            timelineEdit();
        }
        // Node edits replace the node object (a new id) or add nodes: their rows change
        // without a pod event naming them. Pods announce themselves (events, new ids).
        if (out.error.isEmpty())
            for (quint32 i = 0; i < m_cluster->nodes.size(); ++i) m_dirtyNodes.insert(i);
        if (out.error.isEmpty()) announcePriorityClasses();
        scheduleFlush();
    }
    out.edit = std::move(edit);
    Q_EMIT editDone(out);
}

void SimulationWorker::play() {
    if (!m_sim) return;
    m_toEnd = false;
    endRunProgress();  // played on at a speed: no longer a run to the end
    setRunning(true);
    updateTracing();  // already running: the mode may still have changed
}

void SimulationWorker::pause() {
    m_toEnd = false;
    setRunning(false);
}

void SimulationWorker::step(quint64 serial) {
    m_stepSerial = serial;
    if (!m_sim) return;
    setRunning(false);
    if (!advance()) m_finishedPending = true;
    scheduleFlush();
}

void SimulationWorker::runToEnd(std::shared_ptr<core::Progress> progress) {
    if (!m_sim) {
        if (progress) progress->finish();
        return;
    }
    endRunProgress();  // a run to the end already under way
    m_runProgress = std::move(progress);
    if (m_runProgress) m_runSettled.begin(*m_runProgress, m_plan->waitingPods());
    m_toEnd = true;
    setRunning(true);
    updateTracing();
}

void SimulationWorker::setSpeed(double speed) {
    m_speed = std::clamp(speed, 0.05, kMaxSpeed);
    updateTracing();
}

void SimulationWorker::selectPod(qint64 podId) {
    m_selectedPod = podId;
    m_selectedTraceDirty = false;
    if (podId < 0) {
        Q_EMIT traceReady(CycleTraceUi{});
        return;
    }
    Q_EMIT traceReady(m_traces.toUi(static_cast<quint32>(podId)));
}

void SimulationWorker::updateTracing() {
    if (!m_sim) return;
    const bool flatOut = m_running && (m_toEnd || m_speed >= kMaxSpeed);
    m_sim->setTrace(!flatOut || m_cluster->nodes.size() <= kTraceAllNodes);
}

void SimulationWorker::onTrace(const core::CycleTrace& trace) {
    if (m_cyclePod < 0) return;
    const auto id = static_cast<quint32>(m_cyclePod);
    const core::Pod& pod = m_cluster->pods[id];
    m_traces.record(id, trace, m_sim->outcome(pod).attempts, m_sim->clock().now());
    m_lastCyclePod = m_cyclePod;
    if (m_cyclePod == m_selectedPod) m_selectedTraceDirty = true;
}

void SimulationWorker::setRunning(bool running) {
    if (running == m_running) return;
    m_running = running;
    m_stepBudget = 0;
    if (!running) endRunProgress();
    if (!running) fillCheckpoints();  // checkpoints up to where the run went
    updateTracing();
    if (running) {
        m_sinceTick.start();
        m_tick.start();
    } else {
        m_tick.stop();
    }
    scheduleFlush();
}

void SimulationWorker::endRunProgress() {
    if (!m_runProgress) return;
    m_runProgress->finish();
    m_runProgress.reset();
}

void SimulationWorker::tick() {
    if (!m_sim) return setRunning(false);
    const qint64 elapsedNs = m_sinceTick.nsecsElapsed();
    m_sinceTick.start();
    bool more = true;
    if (m_runProgress && m_runProgress->cancelled()) {
        m_toEnd = false;
        setRunning(false);
        scheduleFlush();
        return;
    }
    if (m_toEnd || m_speed >= kMaxSpeed) {
        QElapsedTimer budget;
        budget.start();
        while (more && budget.nsecsElapsed() < kFastBudgetNs) more = advance();
        if (m_runProgress) m_runSettled.update(*m_runProgress, m_plan->waitingPods());
    } else {
        m_stepBudget += kStepsPerSecondAt1x * m_speed * static_cast<double>(elapsedNs) / 1e9;
        while (more && m_stepBudget >= 1.0) {
            more = advance();
            m_stepBudget -= 1.0;
        }
    }
    if (!more) {
        m_finishedPending = true;
        m_toEnd = false;
        setRunning(false);
    }
    scheduleFlush();
}

void SimulationWorker::onEvent(const core::SimEvent& e) {
    m_nextSequence = e.sequence + 1;
    m_timeline.record(e, m_plan->steps() + 1);
    if (e.pod != 0xFFFFFFFFu) m_dirtyPods.insert(e.pod);
    if (e.node != core::kEmptySym)
        if (const core::Node* n = m_cluster->findNode(e.node)) m_dirtyNodes.insert(n->id);
    // An updated node (a cordon, a label) is stored anew under a new id: its pods' rows name it.
    if (e.type == core::EventType::NodeUpdated)
        if (const core::NodeInfo* info = m_sim->nodeInfo(e.node))
            for (const core::Pod* p : info->pods()) m_dirtyPods.insert(p->id);
    if (e.type == core::EventType::PodPopped) {
        ++m_attempts;
        m_cyclePod = e.pod;
    }
    if (e.type == core::EventType::PodAssumed && e.node != core::kEmptySym)
        if (const core::Node* n = m_cluster->findNode(e.node)) m_assumedOn.insert(e.pod, n->id);
    m_events << eventRow(e);
}

void SimulationWorker::scheduleFlush() {
    if (!m_flushTimer.isActive()) m_flushTimer.start();
}

void SimulationWorker::flush() {
    if (!m_sim) return;
    UpdateBatch b;
    // Pods created since the last batch (controllers replacing evicted pods) are new rows.
    for (quint64 i = m_knownPods; i < m_cluster->pods.size(); ++i) m_dirtyPods.insert(static_cast<quint32>(i));
    m_knownPods = m_cluster->pods.size();
    QList<quint32> pods(m_dirtyPods.begin(), m_dirtyPods.end());
    std::sort(pods.begin(), pods.end());
    for (quint32 id : pods) {
        PodRow row = podRow(id);
        if (row.nodeId >= 0) m_dirtyNodes.insert(static_cast<quint32>(row.nodeId));
        b.pods << std::move(row);
    }
    QList<quint32> nodes(m_dirtyNodes.begin(), m_dirtyNodes.end());
    std::sort(nodes.begin(), nodes.end());
    for (quint32 id : nodes) b.nodes << nodeRow(id);
    b.queue = queueRows();
    if (m_finishedPending && m_sim && !m_sim->stoppedBy().empty()) {
        // Each time the run is asked to go on, the log says why it does not.
        b.stoppedBy = QString::fromStdString(m_sim->stoppedBy());
        EventRow r;
        r.sequence = m_nextSequence;
        r.timeNs = m_sim->clock().now();
        r.type = QStringLiteral("RunStopped");
        r.message = b.stoppedBy;
        m_events << r;
    }
    b.events = std::move(m_events);
    b.stats = stats();
    b.running = m_running;
    b.finished = m_finishedPending;
    b.stepSerial = m_stepSerial;
    b.timeline = takeTimelineDelta();
    b.timedDone = std::move(m_timedDone);
    m_timedDone.clear();
    b.nextTimed = nextTimedNote();
    if (m_lastCyclePod >= 0) b.lastCycle = m_traces.toUi(static_cast<quint32>(m_lastCyclePod));
    if (m_selectedTraceDirty && m_selectedPod >= 0)
        b.selectedTrace = m_traces.toUi(static_cast<quint32>(m_selectedPod));
    m_lastCyclePod = -1;
    m_selectedTraceDirty = false;
    m_events.clear();
    m_dirtyPods.clear();
    m_dirtyNodes.clear();
    m_finishedPending = false;
    Q_EMIT updated(b);
}

NodeRow SimulationWorker::nodeRow(quint32 id) const {
    const core::Cluster& c = *m_cluster;
    const core::Node& n = c.nodes[id];
    NodeRow r;
    r.id = id;
    r.name = qs(n.name);
    r.zone = labelValue(c, n.labels, "topology.kubernetes.io/zone");
    for (const char* key : {"node.kubernetes.io/pool", "cloud.google.com/gke-nodepool", "eks.amazonaws.com/nodegroup",
                            "agentpool", "pool", "node.kubernetes.io/instance-type"}) {
        r.pool = labelValue(c, n.labels, key);
        if (!r.pool.isEmpty()) break;
    }
    r.cpuAllocatable = n.allocatable.milliCpu;
    r.memAllocatable = n.allocatable.memory;
    r.podsAllocatable = n.allocatable.pods;
    r.cordoned = n.unschedulable;
    r.removed = c.nodeRemoved[id];
    QStringList taints;
    for (const auto& t : n.taints) {
        QString s = qs(c.pool.str(t.key));
        if (t.value != core::kEmptySym) s += QLatin1Char('=') + qs(c.pool.str(t.value));
        taints << s + QLatin1Char(':') + QLatin1String(effectName(t.effect));
    }
    r.taints = taints.join(QStringLiteral(", "));
    r.labels = labelList(c, n.labels);
    if (const core::NodeInfo* info = m_sim->nodeInfo(n.nameSym)) {
        r.cpuRequested = info->requested().milliCpu;
        r.memRequested = info->requested().memory;
        r.podCount = static_cast<int>(info->podCount());
    }
    return r;
}

PodRow SimulationWorker::podRow(quint32 id) const {
    const core::Cluster& c = *m_cluster;
    const core::Pod& p = c.pods[id];
    const core::PodOutcome& o = m_sim->outcome(p);
    PodRow r;
    r.id = id;
    r.key = qs(c.podKey(p));
    r.workload = workloadOf(c, p);
    r.owner = topOwnerOf(c, p);
    r.cpu = p.derived.requests.milliCpu;
    r.memory = p.derived.requests.memory;
    r.priority = p.priority;
    r.labels = labelList(c, p.labels);
    r.attempts = o.attempts;
    r.message = qs(o.message);
    switch (o.state) {
        case core::PodState::Preexisting: r.phase = PodPhaseUi::Preexisting; break;
        case core::PodState::Bound: r.phase = o.assumed ? PodPhaseUi::Assumed : PodPhaseUi::Bound; break;
        case core::PodState::Pending: r.phase = o.assumed ? PodPhaseUi::Assumed : PodPhaseUi::Pending; break;
        case core::PodState::Evicted: r.phase = PodPhaseUi::Evicted; break;
        case core::PodState::Ignored: r.phase = PodPhaseUi::Ignored; break;
        // Completed (a Job's pod after its duration): off its node.
        case core::PodState::Succeeded: r.phase = PodPhaseUi::Succeeded; break;
    }
    if (c.podRemoved[id] && r.phase != PodPhaseUi::Evicted) r.phase = PodPhaseUi::Evicted;
    const bool onNode =
        r.phase == PodPhaseUi::Bound || r.phase == PodPhaseUi::Assumed || r.phase == PodPhaseUi::Preexisting;
    if (onNode && o.node != core::kEmptySym) {
        if (const core::Node* n = c.findNode(o.node)) {
            r.nodeId = static_cast<qint32>(n->id);
            r.node = qs(n->name);
        }
    } else if (r.phase == PodPhaseUi::Assumed) {
        if (auto it = m_assumedOn.constFind(id); it != m_assumedOn.constEnd()) {
            r.nodeId = static_cast<qint32>(*it);
            r.node = qs(c.nodes[*it].name);
        } else if (const core::Node* n = c.findNode(m_sim->nodeOf(p))) {
            // Assumed during a replay, which runs without the event listener.
            r.nodeId = static_cast<qint32>(n->id);
            r.node = qs(n->name);
        }
    }
    switch (m_sim->queue().location(p)) {
        case core::QueueLocation::Active: r.queue = QStringLiteral("active"); break;
        case core::QueueLocation::Backoff: r.queue = QStringLiteral("backoff"); break;
        case core::QueueLocation::Unschedulable: r.queue = QStringLiteral("unschedulable"); break;
        case core::QueueLocation::InFlight: r.queue = QStringLiteral("in flight"); break;
        case core::QueueLocation::None: break;
    }
    return r;
}

QList<QueueRow> SimulationWorker::queueRows() const {
    QList<QueueRow> rows;
    const core::Cluster& c = *m_cluster;
    const core::SchedulingQueue& q = m_sim->queue();
    const core::SimTime now = m_sim->clock().now();
    auto add = [&](const core::QueuedPodInfo* info, const char* which) {
        QueueRow r;
        r.podId = info->pod->id;
        r.key = qs(c.podKey(*info->pod));
        r.queue = QLatin1String(which);
        r.attempts = info->attempts;
        if (r.queue == QLatin1String("backoff")) r.backoffLeftNs = std::max<qint64>(0, q.backoffTime(*info) - now);
        if (info->gated)
            r.reason = qs(info->gatingMessage);
        else if (!m_sim->outcome(*info->pod).message.empty())
            r.reason = qs(m_sim->outcome(*info->pod).message);
        else if (!info->unschedulablePlugins.empty()) {
            QStringList plugins;
            for (const auto& pl : info->unschedulablePlugins) plugins << qs(pl);
            r.reason = plugins.join(QStringLiteral(", "));
        }
        rows << std::move(r);
    };
    for (const auto* i : q.activePods()) add(i, "active");
    for (const auto* i : q.backoffPods()) add(i, "backoff");
    for (const auto* i : q.unschedulablePods()) add(i, "unschedulable");
    return rows;
}

SimStats SimulationWorker::stats() const {
    SimStats s;
    s.timeNs = m_sim->clock().now();
    s.idle = m_sim->idle();
    s.steps = m_plan->steps();
    s.newestStep = std::max<quint64>(m_newestStep, s.steps);
    s.attempts = m_attempts;
    for (quint32 i = 0; i < m_cluster->pods.size(); ++i) {
        if (m_cluster->podRemoved[i]) continue;
        const core::PodOutcome& o = m_sim->outcome(m_cluster->pods[i]);
        if (o.assumed)
            ++s.assumed;
        else if (o.state == core::PodState::Bound || o.state == core::PodState::Preexisting)
            ++s.bound;
        else if (o.state == core::PodState::Pending)
            ++s.pending;
    }
    return s;
}

EventRow SimulationWorker::eventRow(const core::SimEvent& e) const {
    EventRow r;
    r.sequence = e.sequence;
    r.timeNs = e.time;
    r.type = QLatin1String(core::eventTypeName(e.type));
    if (e.pod < m_cluster->pods.size()) r.pod = qs(m_cluster->podKey(m_cluster->pods[e.pod]));
    if (e.node != core::kEmptySym) r.node = qs(m_cluster->pool.str(e.node));
    r.message = qs(e.message);
    return r;
}

}  // namespace berth::app
