// The whole loop on simulated time (UPSTREAM 1, 2.2, 2.8, 2.9): queue -> scheduling cycle ->
// assume -> Reserve/Permit -> asynchronous binding cycle -> failure handler with requeue and
// nomination, the periodic flushes (backoffQ every 1 s, leftovers every 30 s) and the cluster
// edits the informers would deliver. Timings are read from the event stream: a flush tick
// lands on whole seconds because the ticks are armed at t=0.

#include <QtTest/QtTest>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/framework/runtime/registry.h"
#include "core/simulation.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

KubeVersion ver(const QString& v) { return *KubeVersion::parse(v.toStdString()); }

SchedulerOptions options(const QString& version = "1.26", TieBreak tie = TieBreak::Name, std::uint64_t seed = 0) {
    SchedulerOptions o;
    o.version = ver(version);
    o.tieBreak = tie;
    o.seed = seed;
    return o;
}

/// Records the event stream; each event as "<ms> <Type> <pod> [<node>] [<message>]".
struct Recorder {
    Recorder(Simulation& sim, const Cluster& cluster) : m_cluster(cluster) {
        sim.setEventListener([this](const SimEvent& e) { events.push_back(e); });
    }
    QString line(const SimEvent& e) const {
        QString s = QString::number(static_cast<double>(e.time) / 1e6) + " " + eventTypeName(e.type) + " " +
                    (e.pod < m_cluster.pods.size() ? QString::fromStdString(m_cluster.pods[e.pod].name) : QString("-"));
        if (e.node != kEmptySym) s += " " + QString::fromStdString(std::string(m_cluster.pool.str(e.node)));
        if (!e.message.empty()) s += " | " + QString::fromStdString(e.message);
        return s;
    }
    /// The events of one pod (or every pod when empty) of the given types, as lines.
    QStringList of(const std::string& pod, std::initializer_list<EventType> types) const {
        QStringList out;
        for (const auto& e : events) {
            if (!pod.empty() && (e.pod >= m_cluster.pods.size() || m_cluster.pods[e.pod].name != pod)) continue;
            bool want = types.size() == 0;
            for (EventType t : types) want = want || t == e.type;
            if (want) out << line(e);
        }
        return out;
    }
    QString all() const {
        QStringList out;
        for (const auto& e : events) out << line(e);
        return out.join('\n');
    }
    std::vector<SimEvent> events;

private:
    const Cluster& m_cluster;
};

QString stateOf(const Simulation& sim, const Pod& p) { return podStateName(sim.outcome(p).state); }
QString nodeOf(const Simulation& sim, const Cluster& c, const Pod& p) {
    const Sym n = sim.outcome(p).node;
    return n == kEmptySym ? QString() : QString::fromStdString(std::string(c.pool.str(n)));
}
QString nominatedOf(const Simulation& sim, const Cluster& c, const Pod& p) {
    const Sym n = sim.outcome(p).nominated;
    return n == kEmptySym ? QString() : QString::fromStdString(std::string(c.pool.str(n)));
}
QString messageOf(const Simulation& sim, const Pod& p) { return QString::fromStdString(sim.outcome(p).message); }
QString whereIs(Simulation& sim, const Pod& p) { return queueLocationName(sim.queue().location(p)); }

/// Steps the loop until simulated time reaches `t` (flush ticks every second keep it moving
/// while something is pending).
void stepUntil(Simulation& sim, SimTime t) {
    while (sim.clock().now() < t && sim.step()) {}
}

SimTime backoffFor(int attempt) {
    SimTime d = kSecond;
    for (int i = 1; i < attempt; ++i) d = std::min<SimTime>(2 * d, 10 * kSecond);
    return d;
}

// --- plugins for the Reserve/Permit tests -------------------------------------------------------

/// What a Probe plugin answers, and what it saw.
struct ProbeConfig {
    std::string name = "Probe";
    Code reserve = Code::Success;  // Success, Unschedulable or Error
    Code permit = Code::Success;   // Success, Unschedulable, Error or Wait (pods labelled wait=yes)
    double waitSeconds = 0;
    int reserves = 0;
    int unreserves = 0;
};

class Probe final : public ReservePlugin, public PermitPlugin {
public:
    Probe(ProbeConfig& cfg, Handle& h) : m_cfg(cfg), m_handle(h) {}
    std::string_view name() const override { return m_cfg.name; }
    Status reserve(CycleState&, const Pod&, Sym node) override {
        ++m_cfg.reserves;
        if (m_cfg.reserve == Code::Success) return {};
        if (m_cfg.reserve == Code::Error) return Status::error("boom");
        return Status(m_cfg.reserve, m_handle.intern("node " + std::string(m_handle.pool->str(node)) + " is reserved"));
    }
    void unreserve(CycleState&, const Pod&, Sym) override { ++m_cfg.unreserves; }
    Status permit(CycleState&, const Pod& pod, Sym node, double& timeout) override {
        const Sym waitKey = m_handle.pool->find("wait");
        if (m_cfg.permit == Code::Wait) {
            if (waitKey == kNoSym || pod.labels.get(waitKey) == kNoSym) return {};
            timeout = m_cfg.waitSeconds;
            return Status(Code::Wait);
        }
        if (m_cfg.permit == Code::Success) return {};
        if (m_cfg.permit == Code::Error) return Status::error("boom");
        return Status(m_cfg.permit,
                      m_handle.intern("node " + std::string(m_handle.pool->str(node)) + " is not permitted"));
    }

private:
    ProbeConfig& m_cfg;
    Handle& m_handle;
};

/// The in-tree registry plus the given probes, each enabled at Reserve and Permit.
struct ProbeSetup {
    explicit ProbeSetup(std::vector<ProbeConfig*> probes) : registry(inTreeRegistry()) {
        ProfileConfig profile;
        for (ProbeConfig* p : probes) {
            registry.add(p->name, [p](const PluginArgs&, Handle& h) { return std::make_unique<Probe>(*p, h); });
            profile.plugins.at(ExtensionPoint::Reserve).enabled.push_back({p->name, 0});
            profile.plugins.at(ExtensionPoint::Permit).enabled.push_back({p->name, 0});
        }
        config.profiles.push_back(profile);
    }
    Registry registry;
    SchedulerConfiguration config;
};

}  // namespace

class TestSimulation : public QObject {
    Q_OBJECT
private slots:
    void singlePassVsFullLoop_data();
    void singlePassVsFullLoop();
    void fitsNowhere_data();
    void fitsNowhere();
    void evictionMakesRoom_data();
    void evictionMakesRoom();
    void nodeAdded_data();
    void nodeAdded();
    void cordonThenUncordon();
    void uncordonFullNodeKeepsPodParked();
    void bindLatency_data();
    void bindLatency();
    void bindFailureOnNodeRetriesElsewhere_data();
    void bindFailureOnNodeRetriesElsewhere();
    void injectedFailureProbability();
    void sameSeedSameEventStream();
    void drainRespectsPodDisruptionBudgets_data();
    void drainRespectsPodDisruptionBudgets();
    void removeNodeDeletesItsPods();
    void permitWaitTimesOut_data();
    void permitWaitTimesOut();
    void reserveAndPermitFailures_data();
    void reserveAndPermitFailures();
    void waitingVictimIsRejectedNotDeleted();
    void deletedWhileWaitingIsNotRequeued();
    void leftoverFlushRetriesAfterTheClusterChanged();
};

// --- single pass vs the full loop -------------------------------------------------------------

void TestSimulation::singlePassVsFullLoop_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // n1 (2 cpu) holds `low` (priority 0, 2 cpu); `hi` (priority 100, 2 cpu) is pending. The
    // first attempt preempts `low` and nominates n1 (no preemption part in the text: PostFilter
    // succeeded). A single pass stops there; the loop retries hi after its 1 s backoff (the
    // victim's deletion during hi's own cycle is a move request -> backoffQ) and binds it to
    // its nominated node, which v1.26 leaves set.
    QTest::addColumn<bool>("singlePass");
    QTest::addColumn<QString>("hiState");
    QTest::addColumn<QString>("hiNode");
    QTest::addColumn<QString>("hiMessage");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<int>("scheduled");
    QTest::newRow("single pass") << true << "pending" << "" << "0/1 nodes are available: 1 Insufficient cpu." << 1 << 0;
    QTest::newRow("full loop") << false << "bound" << "n1" << "" << 2 << 1;
    // clang-format on
}

void TestSimulation::singlePassVsFullLoop() {
    QFETCH(bool, singlePass);
    QFETCH(QString, hiState);
    QFETCH(QString, hiNode);
    QFETCH(QString, hiMessage);
    QFETCH(int, attempts);
    QFETCH(int, scheduled);
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& low = tc.pod("low").cpu("2").priority(0).startTime(100).on("n1").add();
    const Pod& hi = tc.pod("hi").cpu("2").priority(100).add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    const RunStats stats = singlePass ? sim.runSinglePass() : sim.run();
    QCOMPARE(stateOf(sim, hi), hiState);
    QCOMPARE(nodeOf(sim, tc.cluster, hi), hiNode);
    QCOMPARE(nominatedOf(sim, tc.cluster, hi), QString("n1"));
    QCOMPARE(messageOf(sim, hi), hiMessage);
    QCOMPARE(stateOf(sim, low), QString("evicted"));
    QCOMPARE(static_cast<int>(stats.attempts), attempts);
    QCOMPARE(static_cast<int>(stats.scheduled), scheduled);
    QCOMPARE(sim.outcome(hi).attempts, attempts);
    if (!singlePass) {
        // handleSchedulingFailure requeues first, then records the nomination.
        QCOMPARE(
            rec.of("hi", {EventType::PodNominated, EventType::PodBackoff, EventType::PodPopped, EventType::PodBound}),
            (QStringList{"0 PodPopped hi", "0 PodBackoff hi | ScheduleAttemptFailure", "0 PodNominated hi n1",
                         "1000 PodPopped hi", "1010 PodBound hi n1"}));
        QCOMPARE(rec.of("low", {EventType::PodEvicted}),
                 QStringList{"0 PodEvicted low n1 | preempted by default/hi on node n1"});
    }
}

// --- a pod that fits nowhere -----------------------------------------------------------------------

void TestSimulation::fitsNowhere_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Two empty 4-cpu nodes, a pod asking for 8 cpu. Nobody has a lower priority, so
    // preemption finds no victims; the text is the FitError plus the PostFilter message.
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("message");
    // v1.26 appends the preemption part with " %v.": the text ends "..".
    QTest::newRow("1.26") << "1.26"
                          << "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No "
                             "preemption victims found for incoming pod..";
    // >= 1.29: the PostFilter part is appended with a space only.
    QTest::newRow("1.30") << "1.30"
                          << "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No "
                             "preemption victims found for incoming pod.";
    // clang-format on
}

void TestSimulation::fitsNowhere() {
    QFETCH(QString, version);
    QFETCH(QString, message);
    TestCluster tc(ver(version));
    tc.node("n1").cpu("4").memory("8Gi").add();
    tc.node("n2").cpu("4").memory("8Gi").add();
    const Pod& big = tc.pod("big").cpu("8").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options(version));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    const RunStats stats = sim.run();
    QCOMPARE(stateOf(sim, big), QString("pending"));
    QCOMPARE(messageOf(sim, big), message);
    QCOMPARE(nominatedOf(sim, tc.cluster, big), QString());
    // One attempt, then it waits in the unschedulable pool: no event will move it, and the
    // loop is idle (nothing active, backing off or binding).
    QCOMPARE(static_cast<int>(stats.attempts), 1);
    QCOMPARE(static_cast<int>(stats.unschedulable), 1);
    QCOMPARE(whereIs(sim, big), QString("unschedulablePods"));
    QVERIFY(sim.idle());
    QCOMPARE(rec.of("big", {EventType::PodUnschedulable}), QStringList{"0 PodUnschedulable big | " + message});
}

// --- room freed by an eviction ---------------------------------------------------------------------

void TestSimulation::evictionMakesRoom_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // n1 (2 cpu) is full with `old` (priority 1000); n2 (1 cpu) takes `filler`; p (2 cpu,
    // priority 0) fails at t=0 with NodeResourcesFit and parks. Binds take 5 s here, so the
    // loop keeps ticking. Evicting `old` is an AssignedPodDelete: NodeResourcesFit registered
    // Pod/Delete, so p moves - to backoffQ while its 1 s backoff runs (then the next 1 s flush
    // pops it), or straight to activeQ once the backoff is over.
    QTest::addColumn<qint64>("evictAtMs");
    QTest::addColumn<QString>("queueAfterEvict");
    QTest::addColumn<qint64>("poppedAtMs");
    QTest::newRow("evicted at 0s, backing off") << qint64(0) << "backoffQ" << qint64(1000);
    QTest::newRow("evicted at 2s, backoff over") << qint64(2000) << "activeQ" << qint64(2000);
    // clang-format on
}

void TestSimulation::evictionMakesRoom() {
    QFETCH(qint64, evictAtMs);
    QFETCH(QString, queueAfterEvict);
    QFETCH(qint64, poppedAtMs);
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    tc.node("n2").cpu("1").memory("4Gi").add();
    const Pod& old = tc.pod("old").cpu("2").priority(1000).on("n1").add();
    const Pod& filler = tc.pod("filler").cpu("1").add();
    const Pod& p = tc.pod("p").cpu("2").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.latency = 5 * kSecond;
    sim.setBindingSettings(bs);
    Recorder rec(sim, tc.cluster);
    QVERIFY(sim.step());  // filler -> n2 (binding until 5 s)
    QVERIFY(sim.step());  // p fails
    QCOMPARE(messageOf(sim, p),
             QString("0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 "
                     "No preemption victims found for incoming pod.."));
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));
    stepUntil(sim, evictAtMs * kMillisecond);
    QCOMPARE(sim.clock().now(), evictAtMs * kMillisecond);
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));  // no event so far
    sim.evictPod(old, "deleted by the test");
    QCOMPARE(whereIs(sim, p), queueAfterEvict);
    // Retried: assumed on n1; while the bind is in flight the cache already counts it.
    while (!sim.outcome(p).assumed && sim.step()) {}
    QCOMPARE(sim.clock().now(), poppedAtMs * kMillisecond);
    QVERIFY(sim.scheduler().cache().isAssumed(p));
    QCOMPARE(std::string(tc.cluster.pool.str(sim.scheduler().cache().nodeOf(p))), std::string("n1"));
    QCOMPARE(sim.scheduler().cache().nodeInfo(tc.sym("n1"))->requested().milliCpu, std::int64_t(2000));
    QCOMPARE(stateOf(sim, p), QString("pending"));
    sim.run();
    QCOMPARE(stateOf(sim, p), QString("bound"));
    QCOMPARE(stateOf(sim, filler), QString("bound"));
    QVERIFY(!sim.scheduler().cache().isAssumed(p));
    const QString popped = QString::number(poppedAtMs);
    const QString bound = QString::number(poppedAtMs + 5000);
    QCOMPARE(
        rec.of("p", {EventType::PodPopped, EventType::PodAssumed, EventType::PodBound}),
        (QStringList{"0 PodPopped p", popped + " PodPopped p", popped + " PodAssumed p n1", bound + " PodBound p n1"}));
    QCOMPARE(rec.of("filler", {EventType::PodBound}), QStringList{"5000 PodBound filler n2"});
}

// --- a node added ------------------------------------------------------------------------------------

void TestSimulation::nodeAdded_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // n1 (1 cpu) is too small for p (2 cpu): p fails at t=0 and parks. Then n2 is added at
    // t=0. NodeAdd goes through the v1.26 preCheck (would the kubelet admit p there:
    // resources, selectors, ports, untolerated NoSchedule taints - not NoExecute).
    QTest::addColumn<QString>("capacity");
    QTest::addColumn<int>("taint");  // TaintEffect of a dedicated=gpu taint, 0 = none
    QTest::addColumn<QString>("queueAfterAdd");
    QTest::addColumn<QString>("state");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<QString>("message");
    // Fits: moved while backing off -> retried at the 1 s flush -> bound at 1.010 s.
    QTest::newRow("big enough") << "cpu=4,memory=8Gi" << 0 << "backoffQ" << "bound" << 2 << "";
    // preCheck refuses (resources): not moved, nothing else happens.
    QTest::newRow("too small") << "cpu=1,memory=8Gi" << 0 << "unschedulablePods" << "pending" << 1
                               << "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No "
                                  "preemption victims found for incoming pod..";
    // preCheck refuses (untolerated NoSchedule taint).
    QTest::newRow("NoSchedule taint") << "cpu=4,memory=8Gi" << int(TaintEffect::NoSchedule) << "unschedulablePods"
                                      << "pending" << 1
                                      << "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 "
                                         "No preemption victims found for incoming pod..";
    // NoExecute is not pre-checked: p is retried at 1 s and TaintToleration rejects it (v1.26
    // names the taint).
    QTest::newRow("NoExecute taint") << "cpu=4,memory=8Gi" << int(TaintEffect::NoExecute) << "backoffQ" << "pending" << 2
                                     << "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint "
                                        "{dedicated: gpu}. preemption: 0/2 nodes are available: 1 No preemption victims "
                                        "found for incoming pod, 1 Preemption is not helpful for scheduling..";
    // clang-format on
}

void TestSimulation::nodeAdded() {
    QFETCH(QString, capacity);
    QFETCH(int, taint);
    QFETCH(QString, queueAfterAdd);
    QFETCH(QString, state);
    QFETCH(int, attempts);
    QFETCH(QString, message);
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("1").memory("8Gi").add();
    const Pod& p = tc.pod("p").cpu("2").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    QVERIFY(sim.step());
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));
    Node n2 = makeNode(tc, "n2", capacity.toStdString());
    if (taint) n2.taints.push_back(Taint{tc.sym("dedicated"), tc.sym("gpu"), static_cast<TaintEffect>(taint)});
    sim.addNode(std::move(n2));
    QCOMPARE(whereIs(sim, p), queueAfterAdd);
    // Up to a minute: before the 5-minute leftover flush would retry a parked pod.
    sim.run(60 * kSecond);
    QCOMPARE(stateOf(sim, p), state);
    QCOMPARE(sim.outcome(p).attempts, attempts);
    QCOMPARE(messageOf(sim, p), message);
    if (state == "bound") {
        QCOMPARE(nodeOf(sim, tc.cluster, p), QString("n2"));
        QCOMPARE(rec.of("p", {EventType::PodPopped, EventType::PodBound}),
                 (QStringList{"0 PodPopped p", "1000 PodPopped p", "1010 PodBound p n2"}));
    }
    QCOMPARE(rec.of("", {EventType::NodeAdded}), QStringList{"0 NodeAdded - n2"});
}

// --- cordon / uncordon --------------------------------------------------------------------------------

void TestSimulation::cordonThenUncordon() {
    // n1 (2 cpu) is full with `hog`; p (1 cpu) fails at t=0 on resources. n1 is cordoned
    // (becoming unschedulable moves nobody), then `hog` is deleted: p moves to backoffQ and is
    // retried at the 1 s flush, where NodeUnschedulable rejects it (UU, so preemption is "not
    // helpful"). Uncordoning right away (t=1 s) is NodeSpecUnschedulableChange, an event
    // NodeUnschedulable registered: p moves to backoffQ with its second backoff (2 s) and binds
    // at the 3 s flush.
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& hog = tc.pod("hog").cpu("2").priority(1000).on("n1").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    QVERIFY(sim.step());
    QVERIFY(sim.cordon("n1"));
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));
    sim.evictPod(hog, "deleted");
    QCOMPARE(whereIs(sim, p), QString("backoffQ"));
    while (sim.outcome(p).attempts < 2 && sim.step()) {}
    QCOMPARE(sim.clock().now(), kSecond);
    QCOMPARE(messageOf(sim, p),
             QString("0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are "
                     "available: 1 Preemption is not helpful for scheduling.."));
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));
    QVERIFY(sim.uncordon("n1"));
    QCOMPARE(whereIs(sim, p), QString("backoffQ"));
    sim.run();
    QCOMPARE(stateOf(sim, p), QString("bound"));
    QCOMPARE(rec.of("p", {EventType::PodPopped, EventType::PodBound}),
             (QStringList{"0 PodPopped p", "1000 PodPopped p", "3000 PodPopped p", "3010 PodBound p n1"}));
    QVERIFY(!sim.uncordon("nope"));
}

void TestSimulation::uncordonFullNodeKeepsPodParked() {
    // n1 is cordoned and full: p is rejected by NodeUnschedulable (the first Filter). The
    // uncordon event matches NodeUnschedulable, but the v1.26 preCheck (resources on the
    // node's current NodeInfo) still refuses, so p stays parked.
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").unschedulable().add();
    tc.pod("hog").cpu("2").priority(1000).on("n1").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    QVERIFY(sim.step());
    QVERIFY(sim.uncordon("n1"));
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));
    sim.run(60 * kSecond);
    QCOMPARE(stateOf(sim, p), QString("pending"));
    QCOMPARE(sim.outcome(p).attempts, 1);
    // The leftover flush retries it after 5 minutes against the changed node, and the run
    // ends there: the new verdict is final.
    sim.run();
    QCOMPARE(sim.outcome(p).attempts, 2);
    QCOMPARE(messageOf(sim, p), QString("0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are "
                                        "available: 1 No preemption victims found for incoming pod.."));
}

// --- the binding cycle ---------------------------------------------------------------------------------

void TestSimulation::bindLatency_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // a (priority 10) and b (priority 5) both want all of n1's 2 cpu. a is assumed at t=0 and
    // bound at t=latency; b, popped at t=0 too, already sees a in the cache (assumed) and
    // fails; a's bind is no move request for b (AssignedPodAdd moves only affinity matches).
    QTest::addColumn<qint64>("latencyMs");
    QTest::newRow("default 10ms") << qint64(10);
    QTest::newRow("250ms") << qint64(250);
    QTest::newRow("instant") << qint64(0);
    // clang-format on
}

void TestSimulation::bindLatency() {
    QFETCH(qint64, latencyMs);
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& a = tc.pod("a").cpu("2").priority(10).add();
    const Pod& b = tc.pod("b").cpu("2").priority(5).add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.latency = latencyMs * kMillisecond;
    sim.setBindingSettings(bs);
    Recorder rec(sim, tc.cluster);
    QVERIFY(sim.step());
    QVERIFY(sim.outcome(a).assumed);
    QVERIFY(sim.scheduler().cache().isAssumed(a));
    QCOMPARE(stateOf(sim, a), QString("pending"));
    QVERIFY(sim.step());
    QCOMPARE(messageOf(sim, b),
             QString("0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 "
                     "No preemption victims found for incoming pod.."));
    sim.run();
    QCOMPARE(stateOf(sim, a), QString("bound"));
    QVERIFY(!sim.scheduler().cache().isAssumed(a));
    QCOMPARE(stateOf(sim, b), QString("pending"));
    QCOMPARE(whereIs(sim, b), QString("unschedulablePods"));
    const QString t = QString::number(latencyMs);
    QCOMPARE(rec.of("a", {EventType::PodAssumed, EventType::PodReserved, EventType::PodPermitted, EventType::PodBound}),
             (QStringList{"0 PodAssumed a n1", "0 PodReserved a n1", "0 PodPermitted a n1", t + " PodBound a n1"}));
}

void TestSimulation::bindFailureOnNodeRetriesElsewhere_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Two identical nodes; binds to n1 always fail. With random tie-breaking the pod lands on
    // n1 or n2 at each attempt; every failed bind is an error: Unreserve, ForgetPod, a move
    // request (AssignedPodDelete) and then the failure handler, so the pod goes to backoffQ
    // and is retried at the first flush tick after its backoff (attempt n: 1, 2, 4, ... s
    // counted from the failure).
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 2") << quint64(2);
    QTest::newRow("seed 3") << quint64(3);
    QTest::newRow("seed 4") << quint64(4);
    // clang-format on
}

void TestSimulation::bindFailureOnNodeRetriesElsewhere() {
    QFETCH(quint64, seed);
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("4").memory("8Gi").add();
    tc.node("n2").cpu("4").memory("8Gi").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options("1.26", TieBreak::Random, seed));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.failingNodes = {"n1"};
    sim.setBindingSettings(bs);
    Recorder rec(sim, tc.cluster);
    sim.run();
    QCOMPARE(stateOf(sim, p), QString("bound"));
    QCOMPARE(nodeOf(sim, tc.cluster, p), QString("n2"));
    QVERIFY(messageOf(sim, p).isEmpty());
    // Walk the stream: after each failed bind (on n1), the scheduler error, backoffQ, and the
    // next pop at ceil(failure + backoff(attempt)) seconds.
    int attempt = 0;
    SimTime failedAt = -1;
    int failures = 0;
    for (const SimEvent& e : rec.events) {
        if (e.pod != p.id) continue;
        if (e.type == EventType::PodPopped) {
            ++attempt;
            if (failedAt >= 0) {
                const SimTime due = failedAt + backoffFor(attempt - 1);
                const SimTime tick = (due + kSecond - 1) / kSecond * kSecond;
                QCOMPARE(e.time, tick);
            }
            failedAt = -1;
        } else if (e.type == EventType::PodBindFailed) {
            QCOMPARE(std::string(tc.cluster.pool.str(e.node)), std::string("n1"));
            QCOMPARE(e.message, std::string("binding rejected: node n1 refuses bindings"));
            failedAt = e.time;
            ++failures;
        } else if (e.type == EventType::PodSchedulerError) {
            QCOMPARE(e.message, std::string("binding rejected: node n1 refuses bindings"));
            QCOMPARE(e.time, failedAt);
        } else if (e.type == EventType::PodBackoff && failedAt >= 0) {
            QCOMPARE(e.time, failedAt);
        }
    }
    QCOMPARE(sim.outcome(p).attempts, failures + 1);
    QCOMPARE(attempt, failures + 1);
    // The cache holds p once, on n2, and nothing is left assumed on n1.
    QCOMPARE(sim.scheduler().cache().nodeInfo(tc.sym("n1"))->podCount(), std::size_t(0));
    QCOMPARE(sim.scheduler().cache().nodeInfo(tc.sym("n2"))->podCount(), std::size_t(1));
}

void TestSimulation::injectedFailureProbability() {
    // failureProbability draws from the seeded rng: some binds fail, every pod still ends bound.
    TestCluster tc(ver("1.26"));
    for (int i = 1; i <= 3; ++i) tc.node("n" + std::to_string(i)).cpu("8").memory("16Gi").add();
    std::vector<const Pod*> pods;
    for (int i = 0; i < 6; ++i) pods.push_back(&tc.pod("p" + std::to_string(i)).cpu("1").add());
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options("1.26", TieBreak::Random, 42));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.failureProbability = 0.5;
    sim.setBindingSettings(bs);
    Recorder rec(sim, tc.cluster);
    const RunStats stats = sim.run();
    for (const Pod* p : pods) QCOMPARE(stateOf(sim, *p), QString("bound"));
    const auto failed = rec.of("", {EventType::PodBindFailed});
    QVERIFY(!failed.isEmpty());
    for (const auto& l : failed) QVERIFY2(l.endsWith("| binding rejected: injected failure"), qPrintable(l));
    QCOMPARE(static_cast<int>(stats.errors), failed.size());
    QCOMPARE(static_cast<int>(stats.attempts), 6 + failed.size());
}

void TestSimulation::sameSeedSameEventStream() {
    // Two runs with the same seed produce byte-identical event streams (random tie-breaks,
    // preemption offsets and injected failures all come from the seeded rng); another seed
    // gives another stream.
    auto runOnce = [](std::uint64_t seed) {
        TestCluster tc(ver("1.26"));
        for (int i = 1; i <= 4; ++i) tc.node("n" + std::to_string(i)).cpu("4").memory("8Gi").add();
        for (int i = 1; i <= 4; ++i)
            tc.pod("low" + std::to_string(i)).cpu("3").priority(1).startTime(i).on("n" + std::to_string(i)).add();
        for (int i = 0; i < 6; ++i) tc.pod("p" + std::to_string(i)).cpu("1").priority(i % 3 == 0 ? 100 : 0).add();
        for (int i = 0; i < 2; ++i) tc.pod("big" + std::to_string(i)).cpu("4").priority(50).add();
        Simulation sim(tc.cluster, SchedulerConfiguration{}, options("1.26", TieBreak::Random, seed));
        std::string err;
        if (!sim.init(err)) qFatal("%s", err.c_str());
        BindingSettings bs;
        bs.failureProbability = 0.3;
        sim.setBindingSettings(bs);
        Recorder rec(sim, tc.cluster);
        sim.run();
        return rec.all();
    };
    const QString a = runOnce(7);
    const QString b = runOnce(7);
    QVERIFY(!a.isEmpty());
    QCOMPARE(a, b);
    QVERIFY(runOnce(8) != a);
}

// --- drain / remove node -----------------------------------------------------------------------------

void TestSimulation::drainRespectsPodDisruptionBudgets_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // n1 runs db-1, db-2 (app=db), web (app=web) and a DaemonSet pod. A budget over app=db
    // allows `allowed` disruptions. kubectl drain cordons n1, skips DaemonSet pods and evicts
    // the rest one by one through the eviction API, which refuses once the budget is spent.
    QTest::addColumn<int>("allowed");
    QTest::addColumn<QString>("pdbNamespace");
    QTest::addColumn<QStringList>("evicted");
    QTest::addColumn<QStringList>("refused");
    QTest::newRow("one disruption allowed") << 1 << "default" << QStringList{"db-1", "web"} << QStringList{"db-2"};
    QTest::newRow("no disruption allowed") << 0 << "default" << QStringList{"web"} << QStringList{"db-1", "db-2"};
    QTest::newRow("two allowed") << 2 << "default" << QStringList{"db-1", "db-2", "web"} << QStringList{};
    // A budget of another namespace protects nothing here.
    QTest::newRow("other namespace") << 0 << "other" << QStringList{"db-1", "db-2", "web"} << QStringList{};
    // clang-format on
}

void TestSimulation::drainRespectsPodDisruptionBudgets() {
    QFETCH(int, allowed);
    QFETCH(QString, pdbNamespace);
    QFETCH(QStringList, evicted);
    QFETCH(QStringList, refused);
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("8").memory("16Gi").add();
    tc.node("n2").cpu("8").memory("16Gi").add();
    tc.pod("db-1").cpu("1").label("app", "db").on("n1").add();
    tc.pod("db-2").cpu("1").label("app", "db").on("n1").add();
    tc.pod("web").cpu("1").label("app", "web").on("n1").add();
    PodBuilder ds = tc.pod("agent").cpu("100m").on("n1");
    ds.raw().ownerReferences.push_back({"apps/v1", "DaemonSet", "agent", "uid-ds", true});
    const Pod& agent = ds.add();
    PodDisruptionBudget pdb;
    pdb.ns = tc.sym(pdbNamespace.toStdString());
    pdb.name = "db-pdb";
    pdb.selector = tc.selector({{"app", "db"}});
    pdb.disruptionsAllowed = allowed;
    tc.cluster.pdbs.push_back(pdb);
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    QStringList gotRefused;
    for (const Pod* p : sim.drain("n1")) gotRefused << QString::fromStdString(p->name);
    QCOMPARE(gotRefused, refused);
    QStringList gotEvicted;
    for (const auto& p : tc.cluster.pods)
        if (sim.outcome(p).state == PodState::Evicted) gotEvicted << QString::fromStdString(p.name);
    QCOMPARE(gotEvicted, evicted);
    QCOMPARE(stateOf(sim, agent), QString("preexisting"));
    for (const auto& name : refused)
        QCOMPARE(stateOf(sim, *tc.cluster.findPod(tc.sym("default"), name.toStdString())), QString("preexisting"));
    // Cordoned: n1 is unschedulable in the cluster and the cache.
    QVERIFY(tc.cluster.findNode(tc.sym("n1"))->unschedulable);
    QVERIFY(sim.scheduler().cache().nodeInfo(tc.sym("n1"))->node()->unschedulable);
    for (const auto& l : rec.of("", {EventType::PodEvicted}))
        QVERIFY2(l.endsWith("| drained from node n1"), qPrintable(l));
    // Each eviction spent the budget it matched.
    const int dbEvicted = static_cast<int>(evicted.filter("db-").size());
    QCOMPARE(tc.cluster.pdbs.front().disruptionsAllowed, pdbNamespace == "default" ? allowed - dbEvicted : allowed);
}

void TestSimulation::removeNodeDeletesItsPods() {
    // Deleting a node deletes its pods (pod GC); the pods' deletion frees nothing that helps,
    // but each is an AssignedPodDelete. Pending pods then see one node fewer.
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    tc.node("n2").cpu("2").memory("4Gi").add();
    const Pod& a = tc.pod("a").cpu("1").on("n1").add();
    const Pod& b = tc.pod("b").cpu("1").on("n1").add();
    const Pod& c = tc.pod("c").cpu("2").on("n2").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    QVERIFY(!sim.removeNode("nope"));
    QVERIFY(sim.removeNode("n1"));
    QCOMPARE(stateOf(sim, a), QString("evicted"));
    QCOMPARE(stateOf(sim, b), QString("evicted"));
    QCOMPARE(nodeOf(sim, tc.cluster, a), QString("n1"));
    QCOMPARE(stateOf(sim, c), QString("preexisting"));
    QVERIFY(sim.scheduler().cache().nodeInfo(tc.sym("n1")) == nullptr);
    QVERIFY(tc.cluster.findNode(tc.sym("n1")) == nullptr);
    QCOMPARE(rec.of("", {EventType::PodEvicted, EventType::NodeRemoved}),
             (QStringList{"0 PodEvicted a n1 | node n1 deleted", "0 PodEvicted b n1 | node n1 deleted",
                          "0 NodeRemoved - n1"}));
    // A pod added now is scheduled against the remaining node only.
    const Pod& d = tc.pod("d").cpu("1").add();
    sim.podAdded(d);
    sim.run();
    QCOMPARE(stateOf(sim, d), QString("pending"));
    QCOMPARE(messageOf(sim, d),
             QString("0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 "
                     "No preemption victims found for incoming pod.."));
}

// --- Permit: Wait that times out -------------------------------------------------------------------

void TestSimulation::permitWaitTimesOut_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // p (labelled wait=yes, 2 cpu, priority 10) passes Permit with Wait; q (2 cpu, priority 5)
    // fails at t=0 because p is assumed on n1. When the wait times out, p is rejected at
    // WaitOnPermit (Unschedulable): Unreserve, ForgetPod, the failure handler - p goes to the
    // unschedulable pool because the AssignedPodDelete move is deferred until after it and
    // excludes p - and then the deferred move sends q (backoff long over) to activeQ: q binds.
    QTest::addColumn<QString>("version");
    QTest::addColumn<QList<double>>("waits");  // one Probe plugin per entry, WaitA, WaitB, ...
    QTest::addColumn<qint64>("timeoutMs");
    QTest::addColumn<QString>("reason");   // the rejection status (waiting_pods_map.go)
    QTest::addColumn<QString>("message");  // the FailedScheduling text
    QTest::addColumn<QStringList>("plugins");  // p's UnschedulablePlugins afterwards
    // v1.26: the status message as it is (no FitError wrapper); Go formats the duration.
    QTest::newRow("1.26 one plugin") << "1.26" << QList<double>{10} << qint64(10'000)
                                     << "rejected due to timeout after waiting 10s at plugin WaitA"
                                     << "rejected due to timeout after waiting 10s at plugin WaitA" << QStringList{};
    // The first timer to fire rejects: the shortest wait, named after its plugin.
    QTest::newRow("1.26 two plugins") << "1.26" << QList<double>{30, 10} << qint64(10'000)
                                      << "rejected due to timeout after waiting 10s at plugin WaitB"
                                      << "rejected due to timeout after waiting 10s at plugin WaitB" << QStringList{};
    QTest::newRow("1.26 minutes") << "1.26" << QList<double>{90} << qint64(90'000)
                                  << "rejected due to timeout after waiting 1m30s at plugin WaitA"
                                  << "rejected due to timeout after waiting 1m30s at plugin WaitA" << QStringList{};
    QTest::newRow("1.26 fraction") << "1.26" << QList<double>{2.5} << qint64(2'500)
                                   << "rejected due to timeout after waiting 2.5s at plugin WaitA"
                                   << "rejected due to timeout after waiting 2.5s at plugin WaitA" << QStringList{};
    // >= 1.28: wrapped in a FitError over the one node (its reason counted: "1 ..."), the
    // plugin recorded as rejector.
    QTest::newRow("1.35 one plugin") << "1.35" << QList<double>{10} << qint64(10'000)
                                     << "rejected due to timeout after waiting 10s at plugin WaitA"
                                     << "0/1 nodes are available: 1 rejected due to timeout after waiting 10s at plugin WaitA."
                                     << QStringList{"WaitA"};
    // clang-format on
}

void TestSimulation::permitWaitTimesOut() {
    QFETCH(QString, version);
    QFETCH(QList<double>, waits);
    QFETCH(qint64, timeoutMs);
    QFETCH(QString, reason);
    QFETCH(QString, message);
    QFETCH(QStringList, plugins);
    std::vector<std::unique_ptr<ProbeConfig>> probes;
    std::vector<ProbeConfig*> raw;
    for (int i = 0; i < waits.size(); ++i) {
        auto cfg = std::make_unique<ProbeConfig>();
        cfg->name = std::string("Wait") + static_cast<char>('A' + i);
        cfg->permit = Code::Wait;
        cfg->waitSeconds = waits[i];
        raw.push_back(cfg.get());
        probes.push_back(std::move(cfg));
    }
    ProbeSetup setup(raw);
    TestCluster tc(ver(version));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& p = tc.pod("p").cpu("2").priority(10).label("wait", "yes").add();
    const Pod& q = tc.pod("q").cpu("2").priority(5).add();
    Simulation sim(tc.cluster, setup.config, options(version), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    sim.run(4 * 60 * kSecond);  // before the leftover flush retries p (and preempts q)
    const QString t = QString::number(timeoutMs);
    const QString qBound = QString::number(timeoutMs + 10);
    QCOMPARE(
        rec.of("p", {EventType::PodAssumed, EventType::PodPermitWaiting, EventType::PodBindFailed,
                     EventType::PodUnschedulable, EventType::PodSchedulerError, EventType::PodUnschedulableQ,
                     EventType::PodBackoff}),
        (QStringList{"0 PodAssumed p n1", "0 PodPermitWaiting p n1", t + " PodBindFailed p n1 | " + reason,
                     t + " PodUnschedulable p | " + message, t + " PodUnschedulableQ p | ScheduleAttemptFailure"}));
    QCOMPARE(stateOf(sim, p), QString("pending"));
    QCOMPARE(messageOf(sim, p), message);
    QCOMPARE(whereIs(sim, p), QString("unschedulablePods"));
    QStringList got;
    for (const auto& s : sim.queue().info(p)->unschedulablePlugins) got << QString::fromStdString(s);
    QCOMPARE(got, plugins);
    QVERIFY(!sim.scheduler().cache().isAssumed(p));
    // Unreserve ran once per plugin for p (Reserve succeeded for both pods).
    for (ProbeConfig* c : raw) QCOMPARE(c->unreserves, 1);
    QCOMPARE(stateOf(sim, q), QString("bound"));
    QCOMPARE(rec.of("q", {EventType::PodQueued, EventType::PodBound}),
             (QStringList{t + " PodQueued q | AssignedPodDelete", qBound + " PodBound q n1"}));
}

// --- Reserve / Permit failures -------------------------------------------------------------------------

void TestSimulation::reserveAndPermitFailures_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // A Probe plugin (Reserve + Permit) fails for every pod. v1.26: a Reserve failure is the
    // scheduler error `running Reserve plugin "X": ...`; a Permit rejection is the plugin's
    // text as Unschedulable; a Permit error `running Permit plugin "X": ...`. >= 1.28 a
    // rejection at either point is a FitError over one node. Unreserve runs in every case.
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("reserve");  // Code
    QTest::addColumn<int>("permit");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("eventType");  // PodSchedulerError or PodUnschedulable
    // Where the pod waits afterwards. v1.26: the unschedulable pool (no move request came).
    // Newer releases send a pod without rejector plugins (an error) straight to backoffQ
    // (UPSTREAM 1.4, [ver >= ~1.29]); that is not checked here ("").
    QTest::addColumn<QString>("queue");
    QTest::newRow("1.26 reserve rejects") << "1.26" << int(Code::Unschedulable) << int(Code::Success)
                                          << "running Reserve plugin \"Probe\": node n1 is reserved"
                                          << int(EventType::PodSchedulerError) << "unschedulablePods";
    QTest::newRow("1.26 reserve error") << "1.26" << int(Code::Error) << int(Code::Success)
                                        << "running Reserve plugin \"Probe\": boom" << int(EventType::PodSchedulerError)
                                        << "unschedulablePods";
    QTest::newRow("1.35 reserve rejects") << "1.35" << int(Code::Unschedulable) << int(Code::Success)
                                          << "0/1 nodes are available: 1 node n1 is reserved."
                                          << int(EventType::PodUnschedulable) << "unschedulablePods";
    QTest::newRow("1.35 reserve error") << "1.35" << int(Code::Error) << int(Code::Success)
                                        << "running Reserve plugin \"Probe\": boom" << int(EventType::PodSchedulerError)
                                        << "";
    QTest::newRow("1.26 permit rejects") << "1.26" << int(Code::Success) << int(Code::Unschedulable)
                                         << "node n1 is not permitted" << int(EventType::PodUnschedulable)
                                         << "unschedulablePods";
    QTest::newRow("1.26 permit error") << "1.26" << int(Code::Success) << int(Code::Error)
                                       << "running Permit plugin \"Probe\": boom" << int(EventType::PodSchedulerError)
                                       << "unschedulablePods";
    QTest::newRow("1.35 permit rejects") << "1.35" << int(Code::Success) << int(Code::UnschedulableAndUnresolvable)
                                         << "0/1 nodes are available: 1 node n1 is not permitted."
                                         << int(EventType::PodUnschedulable) << "unschedulablePods";
    // clang-format on
}

void TestSimulation::reserveAndPermitFailures() {
    QFETCH(QString, version);
    QFETCH(int, reserve);
    QFETCH(int, permit);
    QFETCH(QString, message);
    QFETCH(int, eventType);
    QFETCH(QString, queue);
    ProbeConfig cfg;
    cfg.reserve = static_cast<Code>(reserve);
    cfg.permit = static_cast<Code>(permit);
    ProbeSetup setup({&cfg});
    TestCluster tc(ver(version));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    Simulation sim(tc.cluster, setup.config, options(version), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    const EventType failed = static_cast<EventType>(eventType);
    while (rec.of("p", {failed}).isEmpty() && sim.step()) {}
    QCOMPARE(stateOf(sim, p), QString("pending"));
    QCOMPARE(messageOf(sim, p), message);
    QCOMPARE(rec.of("p", {failed}), QStringList{"0 " + QString(eventTypeName(failed)) + " p | " + message});
    QCOMPARE(cfg.reserves, 1);
    QCOMPARE(cfg.unreserves, 1);
    // Forgotten: nothing assumed, n1 empty again; the failure cleared no nomination (none).
    QVERIFY(!sim.scheduler().cache().isAssumed(p));
    QCOMPARE(sim.scheduler().cache().nodeInfo(tc.sym("n1"))->podCount(), std::size_t(0));
    // Back in the queue (no move request came), waiting for an event or the 5-minute flush.
    if (!queue.isEmpty()) {
        QCOMPARE(whereIs(sim, p), queue);
        QCOMPARE(sim.outcome(p).attempts, 1);
    }
    // Upstream retries such a pod forever; a run to quiescence stops after a verdict that
    // cannot change, or after ten errors in a row against the same cache.
    sim.run();
    QCOMPARE(stateOf(sim, p), QString("pending"));
    QVERIFY(sim.outcome(p).attempts == 1 || sim.outcome(p).attempts == 10);
}

// --- Preemption and deletion of pods waiting at Permit -------------------------------------------

void TestSimulation::waitingVictimIsRejectedNotDeleted() {
    // prepareCandidate: a victim waiting at Permit is rejected ("preempted") rather than
    // deleted: it frees the node, stays a pod, and goes back through the failure handler.
    ProbeConfig wait;
    wait.name = "WaitA";
    wait.permit = Code::Wait;
    wait.waitSeconds = 60;
    ProbeSetup setup({&wait});
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& low = tc.pod("low").cpu("2").priority(1).label("wait", "yes").add();
    Simulation sim(tc.cluster, setup.config, options(), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    QVERIFY(sim.step());  // low: assumed, waiting at Permit
    QVERIFY(sim.scheduler().cache().isAssumed(low));
    const Pod& high = tc.pod("high").cpu("2").priority(100).add();
    sim.podAdded(high);
    sim.run();
    QCOMPARE(stateOf(sim, high), QString("bound"));
    QCOMPARE(nodeOf(sim, tc.cluster, high), QString("n1"));
    QCOMPARE(rec.of("low", {EventType::PodBindFailed, EventType::PodEvicted}),
             (QStringList{"0 PodBindFailed low n1 | preempted"}));
    QCOMPARE(stateOf(sim, low), QString("pending"));
    QVERIFY(!tc.cluster.podRemoved[low.id]);
    QCOMPARE(wait.unreserves, 1);
    // Retried later, it cannot preempt the higher-priority pod.
    QCOMPARE(messageOf(sim, low),
             QString("0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No "
                     "preemption victims found for incoming pod.."));
}

void TestSimulation::deletedWhileWaitingIsNotRequeued() {
    ProbeConfig wait;
    wait.name = "WaitA";
    wait.permit = Code::Wait;
    wait.waitSeconds = 60;
    ProbeSetup setup({&wait});
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& p = tc.pod("p").cpu("2").label("wait", "yes").add();
    Simulation sim(tc.cluster, setup.config, options(), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    QVERIFY(sim.step());
    QVERIFY(sim.scheduler().cache().isAssumed(p));
    sim.evictPod(p, "deleted");
    QVERIFY(!sim.scheduler().cache().isAssumed(p));
    QCOMPARE(wait.unreserves, 1);
    QVERIFY(sim.idle());
    sim.run();
    QCOMPARE(stateOf(sim, p), QString("evicted"));
    QCOMPARE(whereIs(sim, p), QString("none"));
}

void TestSimulation::leftoverFlushRetriesAfterTheClusterChanged() {
    // `far` fails NodeAffinity. A pod bound afterwards (AssignedPodAdd, not an event
    // NodeAffinity registers) leaves it parked, but upstream's leftover flush retries it once
    // it has sat podMaxInUnschedulablePodsDuration (5 min); after that retry nothing changed,
    // so the run is over.
    TestCluster tc(ver("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& far = tc.pod("far").cpu("1").nodeSelector("zone", "elsewhere").priority(10).add();
    const Pod& near = tc.pod("near").cpu("1").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    Recorder rec(sim, tc.cluster);
    sim.run();
    QCOMPARE(stateOf(sim, near), QString("bound"));
    QCOMPARE(stateOf(sim, far), QString("pending"));
    QCOMPARE(sim.outcome(far).attempts, 2);
    QCOMPARE(rec.of("far", {EventType::PodUnschedulable}).size(), 2);
    QVERIFY(sim.clock().now() >= 5 * 60 * kSecond);
    QVERIFY(sim.clock().now() <= 5 * 60 * kSecond + 31 * kSecond);
    QVERIFY(sim.idle());
}

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
