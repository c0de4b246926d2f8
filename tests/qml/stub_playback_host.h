#pragma once
// A PlaybackHost without a worker thread, for the Qt Quick Tests of the panels that show the
// run (toolbar, narration, canvas, status bar, inspector): it holds the real objects they
// take (PlaybackControls, CyclePlayback, RunStatus, the node and pod models, the Inspector,
// the operation list), filled by the test, records what the controls ask (`calls`) and
// answers the way the worker would, synchronously: play and pause flip `running`, and
// stepPhase walks one cycle of the first pending pod, extension point by extension point.

#include <QObject>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>

#include "app/engine/sim_types.h"
#include "app/engine/trace_store.h"
#include "app/engine/trace_types.h"
#include "app/inspector/inspector.h"
#include "app/models/node_list_model.h"
#include "app/models/operation_list_model.h"
#include "app/models/pod_list_model.h"
#include "app/playback/cycle_playback.h"
#include "app/playback/playback_controls.h"
#include "app/playback/playback_host.h"
#include "app/playback/run_status.h"

class StubPlaybackHost : public QObject, public berth::app::PlaybackHost {
    Q_OBJECT
    Q_PROPERTY(berth::app::PlaybackControls* playback READ playback CONSTANT)
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle CONSTANT)
    Q_PROPERTY(berth::app::RunStatus* status READ status CONSTANT)
    Q_PROPERTY(berth::app::NodeListModel* nodes READ nodes CONSTANT)
    Q_PROPERTY(berth::app::PodListModel* pods READ pods CONSTANT)
    Q_PROPERTY(berth::app::Inspector* inspector READ inspector CONSTANT)
    Q_PROPERTY(berth::app::OperationListModel* operations READ operations CONSTANT)
    /// What the controls asked, oldest first: "play", "pause", "step", "stepPhase",
    /// "runToEnd", "speed <x>", "stepBack" (walks the cycle back a phase), "stepPodBack",
    /// "restart", "toNewest".
    Q_PROPERTY(QStringList calls READ calls NOTIFY callsChanged)
    Q_PROPERTY(QString lastCall READ lastCall NOTIFY callsChanged)
public:
    static constexpr double kMaxSpeed = 64;

    explicit StubPlaybackHost(QObject* parent = nullptr) : QObject(parent) {
        connect(&m_cycle, &berth::app::CyclePlayback::changed, this,
                [this] { m_inspector.setStage(m_cycle.trace(), m_cycle.phase(), m_cycle.pod()); });
    }

    berth::app::PlaybackControls* playback() { return &m_playback; }
    berth::app::CyclePlayback* cycle() { return &m_cycle; }
    berth::app::RunStatus* status() { return &m_status; }
    berth::app::NodeListModel* nodes() { return &m_nodes; }
    berth::app::PodListModel* pods() { return &m_pods; }
    berth::app::Inspector* inspector() { return &m_inspector; }
    berth::app::OperationListModel* operations() { return &m_operations; }
    QStringList calls() const { return m_calls; }
    QString lastCall() const { return m_calls.isEmpty() ? QString() : m_calls.constLast(); }

    /// A cluster on show, as after a load. nodes: {name, zone, cpu (m), memory (bytes),
    /// pods (slots)}; pods: {key, node ("" pending), cpu (m), memory (bytes), owner}. Pods on
    /// a node count as bound; the status counts follow.
    Q_INVOKABLE void showCluster(const QVariantList& nodes, const QVariantList& pods, const QString& source) {
        QList<berth::app::NodeRow> nodeRows;
        for (const QVariant& v : nodes) nodeRows << nodeRow(v.toMap(), static_cast<quint32>(nodeRows.size()));
        QList<berth::app::PodRow> podRows;
        berth::app::SimStats stats;
        for (const QVariant& v : pods) {
            berth::app::PodRow r = podRow(v.toMap(), static_cast<quint32>(podRows.size()));
            for (berth::app::NodeRow& n : nodeRows)
                if (n.name == r.node) {
                    r.nodeId = static_cast<qint32>(n.id);
                    n.cpuRequested += r.cpu;
                    n.memRequested += r.memory;
                    ++n.podCount;
                }
            ++(r.node.isEmpty() ? stats.pending : stats.bound);
            podRows << r;
        }
        stats.idle = stats.pending == 0;
        m_nodes.reset(nodeRows);
        m_pods.reset(podRows);
        m_inspector.clear();
        m_cycle.clear();
        m_status.setLoaded(!nodeRows.isEmpty() || !podRows.isEmpty(), source, stats);
        Q_EMIT m_playback.stateChanged();
    }
    Q_INVOKABLE void setStatusText(const QString& text) { m_status.setStatusText(text); }
    /// The counts a batch would bring.
    Q_INVOKABLE void setStats(double seconds, int bound, int pending, int assumed, int attempts) {
        berth::app::SimStats s;
        s.timeNs = static_cast<qint64>(seconds * 1e9);
        s.bound = bound;
        s.pending = pending;
        s.assumed = assumed;
        s.attempts = attempts;
        m_status.setStats(s);
    }
    /// The worker's trace of `pod`'s last attempt, for the inspector: the nodes named in
    /// `rejections` ({node: reason}) failed NodeResourcesFit, the others fit and were scored
    /// (when two or more); `chosen` ("" for none) won, `message` is the FitError.
    Q_INVOKABLE void showTrace(const QString& pod, const QVariantMap& rejections, const QString& chosen,
                               const QString& message) {
        m_inspector.setTrace(traceOf(pod, rejections, chosen, message));
    }
    /// A cycle of `pod` with a scheduler extender, converted as the worker converts the core's
    /// trace (TraceStore): the Filter plugins pass every node, the extender rejects the second
    /// one and scores the others (raw 0..10, weight 2: raw × 10 × 2 points).
    Q_INVOKABLE void showExtenderTrace(const QString& pod) {
        berth::core::CycleTrace t;
        t.pod = pod.toStdString();
        t.filterPlugins = {"NodeResourcesFit"};
        t.scorePlugins = {"NodeResourcesFit"};
        berth::core::ExtenderTrace x;
        x.extender = "http://gpu-share:12345/scheduler";
        x.filtered = x.prioritized = true;
        x.weight = 2;
        t.extenders = {x};
        std::int64_t best = -1;
        const QList<berth::app::NodeRow> nodes = m_nodes.rows();
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            berth::core::NodeTrace n;
            n.node = nodes[i].name.toStdString();
            n.evaluated = true;
            if (i == 1) {
                n.filterPlugin = x.extender;
                n.filterCode = "Unschedulable";
                n.reasons = {"no GPU with 8Gi free"};
            } else {
                n.feasible = true;
                const std::int64_t raw = 10 - 3 * i;  // 10, -, 4, 1
                n.scores.push_back({"NodeResourcesFit", 60, 60, 1, 60, false});
                n.scores.push_back({x.extender, raw, raw * 10, 2, raw * 20, true});
                n.total = 60 + raw * 20;
                if (n.total > best) {
                    best = n.total;
                    t.chosen = n.node;
                }
            }
            t.nodes.push_back(std::move(n));
        }
        t.scored = true;
        berth::app::TraceStore store;
        const auto podId = static_cast<quint32>(qMax(0, m_pods.indexOf(pod)));
        store.record(podId, t, 1, 0);
        m_inspector.setTrace(store.toUi(podId));
    }
    /// Where a test keeps a screenshot to look at: $BERTH_KEEP_SCREENSHOT + suffix, or "" (none).
    Q_INVOKABLE QString keepScreenshotAs(const QString& suffix) const {
        const QString base = qEnvironmentVariable("BERTH_KEEP_SCREENSHOT");
        return base.isEmpty() ? QString() : base + suffix;
    }
    /// The playback's position: core steps taken, and the most reached.
    Q_INVOKABLE void setPosition(int steps, int newest) {
        berth::app::SimStats s = m_status.stats();
        s.steps = static_cast<quint64>(steps);
        s.newestStep = static_cast<quint64>(newest);
        m_status.setStats(s);
        Q_EMIT m_playback.stateChanged();
    }
    /// The run's timeline as the worker sends it (TimelineMarks): `steps` steps, each
    /// `msPerStep` simulated milliseconds after the one before; marks {step, kind (0 bind,
    /// 1 failure, 2 preemption, 3 edit)} in step order.
    Q_INVOKABLE void showTimeline(int steps, int msPerStep, const QVariantList& marks) {
        berth::app::TimelineDelta d;
        d.changed = true;
        for (int i = 0; i <= steps; ++i) {
            d.times.push_back(qint64(i) * msPerStep * 1'000'000);
            d.depths.push_back({});
        }
        for (const QVariant& v : marks) {
            const QVariantMap m = v.toMap();
            const auto step = m.value(QStringLiteral("step")).toULongLong();
            const auto kind = static_cast<berth::plan::TimelineMark::Kind>(m.value(QStringLiteral("kind")).toInt());
            // A timed edit's mark names it by its index (in time order).
            d.marks.push_back({step, qint64(step) * msPerStep * 1'000'000, kind, m.value(QStringLiteral("index"), 0).toUInt()});
        }
        m_playback.timeline()->apply(d);
    }
    /// The input's timed edits, as a load's snapshot brings them: {seconds, node (a cordon of it), line}.
    Q_INVOKABLE void showTimedEdits(const QVariantList& edits) {
        std::vector<berth::plan::TimedEdit> out;
        for (const QVariant& v : edits) {
            const QVariantMap m = v.toMap();
            berth::plan::TimedEdit t;
            t.at = qint64(m.value(QStringLiteral("seconds")).toDouble() * 1e9);
            t.edit.kind = berth::plan::EditKind::Cordon;
            t.edit.node = m.value(QStringLiteral("node")).toString().toStdString();
            t.source = "outage.yaml:" + std::to_string(m.value(QStringLiteral("line")).toInt());
            out.push_back(std::move(t));
        }
        m_playback.timeline()->setTimedEdits(out);
    }
    Q_INVOKABLE void clearCalls() {
        m_calls.clear();
        Q_EMIT callsChanged();
    }

    // --- PlaybackHost
    bool loaded() const override { return m_status.loaded(); }
    bool running() const override { return m_running; }
    double speed() const override { return m_speed; }
    double maxSpeed() const override { return kMaxSpeed; }
    void play() override {
        record(QStringLiteral("play"));
        setRunning(true);
    }
    void pause() override {
        record(QStringLiteral("pause"));
        setRunning(false);
    }
    void step() override { record(QStringLiteral("step")); }
    void stepPhase() override {
        record(QStringLiteral("stepPhase"));
        if (m_cycle.advance()) return;
        // The next cycle: the first pending pod, on every node, the first one chosen.
        for (const berth::app::PodRow& p : m_pods.rows())
            if (p.node.isEmpty())
                return m_cycle.showCycle(traceOf(p.key, {}, m_nodes.rows().value(0).name, QString()), true);
    }
    void runToEnd() override { record(QStringLiteral("runToEnd")); }
    quint64 position() const override { return m_status.stats().steps; }
    quint64 newestPosition() const override { return m_status.stats().newestStep; }
    void stepBack() override {
        record(QStringLiteral("stepBack"));
        m_cycle.retreat();
    }
    void stepPodBack() override { record(QStringLiteral("stepPodBack")); }
    void restart() override { record(QStringLiteral("restart")); }
    void toNewest() override { record(QStringLiteral("toNewest")); }
    void seek(quint64 step) override { record(QStringLiteral("seek %1").arg(step)); }
    void setSpeed(double speed) override {
        record(QStringLiteral("speed %1").arg(speed, 0, 'f', 2));
        m_speed = speed;
        Q_EMIT m_playback.stateChanged();
    }

Q_SIGNALS:
    void callsChanged();

private:
    static berth::app::NodeRow nodeRow(const QVariantMap& m, quint32 id) {
        berth::app::NodeRow r;
        r.id = id;
        r.name = m.value(QStringLiteral("name")).toString();
        r.zone = m.value(QStringLiteral("zone")).toString();
        r.cpuAllocatable = m.value(QStringLiteral("cpu"), 4000).toLongLong();
        r.memAllocatable = m.value(QStringLiteral("memory"), qint64(8) << 30).toLongLong();
        r.podsAllocatable = m.value(QStringLiteral("pods"), 110).toLongLong();
        if (!r.zone.isEmpty()) r.labels.append({QStringLiteral("topology.kubernetes.io/zone"), r.zone});
        return r;
    }
    static berth::app::PodRow podRow(const QVariantMap& m, quint32 id) {
        berth::app::PodRow r;
        r.id = id;  // the models index pod rows by pod id
        r.key = m.value(QStringLiteral("key")).toString();
        r.owner = m.value(QStringLiteral("owner")).toString();
        r.workload = r.owner.isEmpty() ? r.key : r.owner;
        r.node = m.value(QStringLiteral("node")).toString();
        r.phase = r.node.isEmpty() ? berth::app::PodPhaseUi::Pending : berth::app::PodPhaseUi::Bound;
        r.queue = r.node.isEmpty() ? QStringLiteral("active") : QString();
        r.cpu = m.value(QStringLiteral("cpu")).toLongLong();
        r.memory = m.value(QStringLiteral("memory")).toLongLong();
        return r;
    }
    berth::app::CycleTraceUi traceOf(const QString& pod, const QVariantMap& rejections, const QString& chosen,
                                     const QString& message) const {
        berth::app::CycleTraceUi t;
        t.podId = static_cast<quint32>(qMax(0, m_pods.indexOf(pod)));
        t.pod = pod;
        t.attempt = 1;
        t.filterPlugins = {QStringLiteral("NodeResourcesFit")};
        t.scorePlugins = {QStringLiteral("NodeResourcesFit")};
        t.chosen = chosen;
        t.message = message;
        for (const berth::app::NodeRow& n : m_nodes.rows()) {
            berth::app::NodeTraceUi nt;
            nt.node = n.name;
            nt.evaluated = true;
            nt.feasible = !rejections.contains(n.name);
            if (!nt.feasible) {
                nt.filterPlugin = QStringLiteral("NodeResourcesFit");
                nt.filterCode = QStringLiteral("Unschedulable");
                nt.reasons = {rejections.value(n.name).toString()};
            }
            t.nodes << nt;
        }
        t.scored = t.feasibleCount() >= 2;
        if (t.scored)
            for (berth::app::NodeTraceUi& nt : t.nodes)
                if (nt.feasible) {
                    // The chosen node scores highest, the others alike.
                    const qint64 s = nt.node == chosen ? 80 : 40;
                    nt.scores = {{QStringLiteral("NodeResourcesFit"), s, s, 1, s}};
                    nt.total = s;
                }
        return t;
    }
    void record(const QString& call) {
        m_calls << call;
        Q_EMIT callsChanged();
    }
    void setRunning(bool running) {
        m_running = running;
        Q_EMIT m_playback.stateChanged();
    }

    berth::app::NodeListModel m_nodes{this};
    berth::app::PodListModel m_pods{this};
    berth::app::OperationListModel m_operations{this};
    berth::app::CyclePlayback m_cycle{this};
    berth::app::RunStatus m_status{this};
    berth::app::Inspector m_inspector{&m_nodes, &m_pods, this};
    berth::app::PlaybackControls m_playback{*this, m_cycle, this};
    QStringList m_calls;
    double m_speed = 1.0;
    bool m_running = false;
};
