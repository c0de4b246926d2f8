// One pod's way through (schedule_one.cpp): the FitError message with its byte-order sorted
// histogram (UPSTREAM 2.7), a single feasible node chosen without scoring (UPSTREAM 2.2 step
// 7), selectHost tie-breaks (UPSTREAM 2.6; Berth's `name` tie-break and the seeded random one),
// and the binding cycle (UPSTREAM 2.8): bind latency and failures, Reserve and Permit with
// their failures and waits, and pods preempted or deleted while waiting at Permit.

#include <QtTest/QtTest>

#include <cmath>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/scheduler.h"
#include "core/simulation.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"
#include "testlib/probe_plugin.h"
#include "testlib/simulation_watch.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

/// Nodes from "name|allocatable|taint|labels" ("taint" as "k=v:NoSchedule", labels "k=v,k2=v2").
void addNodes(TestCluster& tc, const QStringList& nodes) {
    for (const QString& n : nodes) {
        const QStringList f = n.split('|');
        NodeBuilder nb = tc.node(f.value(0).toStdString());
        nb.capacity(f.value(1).toStdString());
        const QString taint = f.value(2);
        if (!taint.isEmpty()) {
            const int colon = static_cast<int>(taint.lastIndexOf(':'));
            const QString kv = taint.left(colon);
            const int eq = static_cast<int>(kv.indexOf('='));
            const QString effect = taint.mid(colon + 1);
            nb.taint(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString(),
                     effect == "NoExecute" ? TaintEffect::NoExecute : TaintEffect::NoSchedule);
        }
        for (const QString& kv : f.value(3).split(',', Qt::SkipEmptyParts)) {
            const int eq = static_cast<int>(kv.indexOf('='));
            nb.label(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString());
        }
        nb.add();
    }
}

struct Outcome {
    QString node;
    QString message;
    std::optional<CycleTrace> trace;
};

/// Schedules the pending pods of `tc` once, in queue order; returns what happened to `pod`.
Outcome runOnce(TestCluster& tc, const Pod& pod, SchedulerOptions options) {
    options.version = tc.version;
    Outcome out;
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, options);
    sim.setTraceListener([&](const CycleTrace& t) {
        if (t.pod == tc.cluster.podKey(pod)) out.trace = t;
    });
    std::string error;
    if (!sim.init(error)) qFatal("simulation init failed: %s", error.c_str());
    sim.runSinglePass();
    const PodOutcome& o = sim.outcome(pod);
    if (o.state == PodState::Bound) out.node = QString::fromStdString(std::string(tc.cluster.pool.str(o.node)));
    out.message = QString::fromStdString(o.message);
    return out;
}

}  // namespace

class TestScheduleOne : public QObject {
    Q_OBJECT

private slots:
    void fitErrorMessage_data();
    void fitErrorMessage();
    void singleFeasibleNodeNotScored();
    void nameTieBreak_data();
    void nameTieBreak();
    void randomTieBreakIsSeeded();
    void bindLatency_data();
    void bindLatency();
    void bindFailureOnNodeRetriesElsewhere_data();
    void bindFailureOnNodeRetriesElsewhere();
    void injectedFailureProbability();
    void permitWaitTimesOut_data();
    void permitWaitTimesOut();
    void reserveAndPermitFailures_data();
    void reserveAndPermitFailures();
    void waitingVictimIsRejectedNotDeleted();
    void deletedWhileWaitingIsNotRequeued();
};

// --- the scheduling cycle --------------------------------------------------------------------

void TestScheduleOne::fitErrorMessage_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<QString>("request");
    QTest::addColumn<QString>("nodeSelector");
    QTest::addColumn<QStringList>("fieldTerms");  // matchFields metadata.name In terms; "a&b" = two requirements
    QTest::addColumn<QString>("expected");

    QStringList tenSmallTwoTainted;
    for (int i = 0; i < 10; ++i) tenSmallTwoTainted << QString("small%1|cpu=1").arg(i);
    tenSmallTwoTainted << "tainted1|cpu=4|dedicated=x:NoSchedule" << "tainted2|cpu=4|dedicated=x:NoSchedule";
    // 10 nodes fail NodeResourcesFit, 2 fail TaintToleration (which runs first); sorted as plain
    // strings "10 ..." < "2 ..."
    QTest::newRow("10 sorts before 2") << "" << tenSmallTwoTainted << "cpu=2" << "" << QStringList{}
                                       << "0/12 nodes are available: 10 Insufficient cpu, 2 node(s) had untolerated taint(s).";
    // "1 node(s) ..." < "3 Insufficient ..."
    QTest::newRow("1 sorts before 3") << ""
                                      << QStringList{"hdd|cpu=4||disk=hdd", "ssd1|cpu=1||disk=ssd", "ssd2|cpu=1||disk=ssd",
                                                     "ssd3|cpu=1||disk=ssd"}
                                      << "cpu=2" << "disk=ssd" << QStringList{}
                                      << "0/4 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, "
                                         "3 Insufficient cpu.";
    // a node with two reasons counts in both lines
    QTest::newRow("two reasons per node") << "" << QStringList{"a|cpu=1,memory=1Gi", "b|cpu=1,memory=1Gi"}
                                          << "cpu=2,memory=2Gi" << "" << QStringList{}
                                          << "0/2 nodes are available: 2 Insufficient cpu, 2 Insufficient memory.";
    // v1.26 names each taint: one line per distinct taint; "1 ..." < "2 ..."
    QTest::newRow("per-taint lines, 1.26") << "1.26"
                                           << QStringList{"a1|cpu=4|a=1:NoSchedule", "a2|cpu=4|a=1:NoSchedule",
                                                          "b1|cpu=4|b=2:NoExecute"}
                                           << "cpu=1" << "" << QStringList{}
                                           << "0/3 nodes are available: 1 node(s) had untolerated taint {b: 2}, "
                                              "2 node(s) had untolerated taint {a: 1}.";
    QTest::newRow("one taint line, newest") << ""
                                            << QStringList{"a1|cpu=4|a=1:NoSchedule", "a2|cpu=4|a=1:NoSchedule",
                                                           "b1|cpu=4|b=2:NoExecute"}
                                            << "cpu=1" << "" << QStringList{}
                                            << "0/3 nodes are available: 3 node(s) had untolerated taint(s).";
    // a PreFilter rejection prints only its message
    QTest::newRow("PreFilter message") << "" << QStringList{"n1|cpu=4", "n2|cpu=4", "n3|cpu=4"} << "cpu=1" << ""
                                       << QStringList{"n1&n2"} << "0/3 nodes are available: pod affinity terms conflict.";
    QTest::newRow("PreFilter message, 1.26") << "1.26" << QStringList{"n1|cpu=4", "n2|cpu=4", "n3|cpu=4"} << "cpu=1" << ""
                                             << QStringList{"n1&n2"}
                                             << "0/3 nodes are available: pod affinity terms conflict.";
    // nodes outside the PreFilterResult: v1.26 does not evaluate or count them (the counts sum
    // to less than N); the newest counts them as "didn't satisfy plugin(s) [NodeAffinity]"
    QTest::newRow("outside PreFilterResult, 1.26") << "1.26"
                                                   << QStringList{"n1|cpu=4||disk=hdd", "n2|cpu=4||disk=ssd",
                                                                  "n3|cpu=4||disk=ssd"}
                                                   << "cpu=1" << "disk=ssd" << QStringList{"n1"}
                                                   << "0/3 nodes are available: 1 node(s) didn't match Pod's node "
                                                      "affinity/selector.";
    QTest::newRow("outside PreFilterResult, newest") << ""
                                                     << QStringList{"n1|cpu=4||disk=hdd", "n2|cpu=4||disk=ssd",
                                                                    "n3|cpu=4||disk=ssd"}
                                                     << "cpu=1" << "disk=ssd" << QStringList{"n1"}
                                                     << "0/3 nodes are available: 1 node(s) didn't match Pod's node "
                                                        "affinity/selector, 2 node(s) didn't satisfy plugin(s) "
                                                        "[NodeAffinity].";
    // clang-format on
}

void TestScheduleOne::fitErrorMessage() {
    QFETCH(QString, version);
    QFETCH(QStringList, nodes);
    QFETCH(QString, request);
    QFETCH(QString, nodeSelector);
    QFETCH(QStringList, fieldTerms);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    addNodes(tc, nodes);
    PodBuilder pb = tc.pod("p");
    pb.requests(request.toStdString());
    for (const QString& kv : nodeSelector.split(',', Qt::SkipEmptyParts)) {
        const int eq = static_cast<int>(kv.indexOf('='));
        pb.nodeSelector(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString());
    }
    if (!fieldTerms.isEmpty()) {
        NodeSelector sel;
        for (const QString& term : fieldTerms) {
            NodeSelectorTerm t;
            for (const QString& name : term.split('&'))
                t.fields.push_back({tc.sym("metadata.name"), SelectorOp::In, {tc.sym(name.toStdString())}});
            sel.terms.push_back(std::move(t));
        }
        pb.raw().affinity.node.required = std::move(sel);
    }
    const Pod& pod = pb.add();

    SchedulerOptions options;
    options.preemption = false;  // keep the PostFilter part out of the text
    const Outcome o = runOnce(tc, pod, options);
    QCOMPARE(o.node, QString());
    QCOMPARE(o.message, expected);
}

void TestScheduleOne::singleFeasibleNodeNotScored() {
    // Only "big" fits: it is chosen without PreScore/Score (UPSTREAM 2.2 step 7).
    TestCluster tc;
    addNodes(tc, {"small1|cpu=1", "big|cpu=8", "small2|cpu=1"});
    const Pod& pod = tc.pod("p").requests("cpu=2").add();
    SchedulerOptions options;
    options.trace = true;
    const Outcome o = runOnce(tc, pod, options);
    QCOMPARE(o.node, QString("big"));
    QVERIFY(o.trace.has_value());
    QVERIFY(!o.trace->scored);
    QCOMPARE(QString::fromStdString(o.trace->chosen), QString("big"));
    for (const NodeTrace& nt : o.trace->nodes) QVERIFY2(nt.scores.empty(), nt.node.c_str());

    // Two feasible nodes are scored.
    TestCluster tc2;
    addNodes(tc2, {"small1|cpu=1", "big1|cpu=8", "big2|cpu=8"});
    const Pod& pod2 = tc2.pod("p").requests("cpu=2").add();
    const Outcome o2 = runOnce(tc2, pod2, options);
    QVERIFY(o2.trace.has_value());
    QVERIFY(o2.trace->scored);
}

void TestScheduleOne::nameTieBreak_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("nodes");  // in add order
    QTest::addColumn<QString>("expected");
    // identical nodes tie on every plugin: the smallest name wins, whatever the snapshot order
    QTest::newRow("three tied nodes") << QStringList{"n3|cpu=4,memory=8Gi", "n1|cpu=4,memory=8Gi", "n2|cpu=4,memory=8Gi"}
                                      << "n1";
    QTest::newRow("byte order, not numeric") << QStringList{"node-2|cpu=4,memory=8Gi", "node-10|cpu=4,memory=8Gi"}
                                             << "node-10";
    // no tie: the higher score wins even with a larger name. LeastAllocated: a (75 + 87)/2 = 81,
    // z (87 + 87)/2 = 87; BalancedAllocation: a |0.25 - 0.125|/2 -> 93, z 100
    // (cpu (8000-1000)*100/8000 = 87, (4000-1000)*100/4000 = 75, memory (8Gi-1Gi)*100/8Gi = 87)
    QTest::newRow("higher score beats name") << QStringList{"a|cpu=4,memory=8Gi", "z|cpu=8,memory=8Gi"} << "z";
    // clang-format on
}

void TestScheduleOne::nameTieBreak() {
    QFETCH(QStringList, nodes);
    QFETCH(QString, expected);
    TestCluster tc;
    addNodes(tc, nodes);
    const Pod& pod = tc.pod("p").requests("cpu=1,memory=1Gi").add();
    SchedulerOptions options;
    options.tieBreak = TieBreak::Name;
    QCOMPARE(runOnce(tc, pod, options).node, expected);
}

void TestScheduleOne::randomTieBreakIsSeeded() {
    // Five identical nodes: the random tie-break repeats for a fixed seed, and different seeds
    // do not all pick the same node.
    auto choose = [](std::uint64_t seed) {
        TestCluster tc;
        addNodes(tc, {"n1|cpu=4,memory=8Gi", "n2|cpu=4,memory=8Gi", "n3|cpu=4,memory=8Gi", "n4|cpu=4,memory=8Gi",
                      "n5|cpu=4,memory=8Gi"});
        const Pod& pod = tc.pod("p").requests("cpu=1,memory=1Gi").add();
        SchedulerOptions options;
        options.tieBreak = TieBreak::Random;
        options.seed = seed;
        return runOnce(tc, pod, options).node;
    };
    std::set<QString> seen;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const QString first = choose(seed);
        QVERIFY(!first.isEmpty());
        QCOMPARE(choose(seed), first);
        seen.insert(first);
    }
    QVERIFY2(seen.size() > 1, "20 seeds all chose the same node");
}

// --- the binding cycle -----------------------------------------------------------------------

void TestScheduleOne::bindLatency_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // a (priority 10) and b (priority 5) both want all of n1's 2 cpu. a is assumed at t=0 and
    // bound at t=latency; b, popped at t=0 too, already sees a in the cache (assumed) and
    // fails; a's bind is no move request for b (AssignedPodAdd moves only affinity matches).
    // A bind that takes no time completes before b's cycle (the step after a's cycle binds).
    QTest::addColumn<qint64>("latencyMs");
    QTest::newRow("default 10ms") << qint64(10);
    QTest::newRow("250ms") << qint64(250);
    QTest::newRow("instant") << qint64(0);
    // clang-format on
}

void TestScheduleOne::bindLatency() {
    QFETCH(qint64, latencyMs);
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& a = tc.pod("a").cpu("2").priority(10).add();
    const Pod& b = tc.pod("b").cpu("2").priority(5).add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.latency = latencyMs * kMillisecond;
    sim.setBindingSettings(bs);
    EventRecorder rec(sim, tc.cluster);
    QVERIFY(sim.step());
    QVERIFY(sim.outcome(a).assumed);
    QVERIFY(sim.scheduler().cache().isAssumed(a));
    QCOMPARE(stateOf(sim, a), QString("pending"));
    if (latencyMs == 0) {
        QVERIFY(sim.step());
        QCOMPARE(stateOf(sim, a), QString("bound"));
        QCOMPARE(whereIs(sim, b), QString("activeQ"));
    }
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

void TestScheduleOne::bindFailureOnNodeRetriesElsewhere_data() {
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

void TestScheduleOne::bindFailureOnNodeRetriesElsewhere() {
    QFETCH(quint64, seed);
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("4").memory("8Gi").add();
    tc.node("n2").cpu("4").memory("8Gi").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.26", TieBreak::Random, seed));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.failingNodes = {"n1"};
    sim.setBindingSettings(bs);
    EventRecorder rec(sim, tc.cluster);
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

void TestScheduleOne::injectedFailureProbability() {
    // failureProbability draws from the seeded rng: some binds fail, every pod still ends bound.
    TestCluster tc(versionOf("1.26"));
    for (int i = 1; i <= 3; ++i) tc.node("n" + std::to_string(i)).cpu("8").memory("16Gi").add();
    std::vector<const Pod*> pods;
    for (int i = 0; i < 6; ++i) pods.push_back(&tc.pod("p" + std::to_string(i)).cpu("1").add());
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.26", TieBreak::Random, 42));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.failureProbability = 0.5;
    sim.setBindingSettings(bs);
    EventRecorder rec(sim, tc.cluster);
    const RunStats stats = sim.run();
    for (const Pod* p : pods) QCOMPARE(stateOf(sim, *p), QString("bound"));
    const auto failed = rec.of("", {EventType::PodBindFailed});
    QVERIFY(!failed.isEmpty());
    for (const auto& l : failed) QVERIFY2(l.endsWith("| binding rejected: injected failure"), qPrintable(l));
    QCOMPARE(static_cast<int>(stats.errors), failed.size());
    QCOMPARE(static_cast<int>(stats.attempts), 6 + failed.size());
}

// --- Permit: Wait that times out -------------------------------------------------------------

void TestScheduleOne::permitWaitTimesOut_data() {
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

void TestScheduleOne::permitWaitTimesOut() {
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
    TestCluster tc(versionOf(version));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& p = tc.pod("p").cpu("2").priority(10).label("wait", "yes").add();
    tc.pod("q").cpu("2").priority(5).add();
    CheckedSimulation sim(tc.cluster, setup.config, simOptions(version), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
    // p times out at t; q, requeued by p's deferred AssignedPodDelete, binds 10 ms later.
    sim.run(timeoutMs * kMillisecond + 5 * kMillisecond);
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
    sim.run(4 * 60 * kSecond);  // before the leftover flush retries p (and preempts q)
    QCOMPARE(rec.of("q", {EventType::PodQueued, EventType::PodBound}).mid(0, 2),
             (QStringList{t + " PodQueued q | AssignedPodDelete", qBound + " PodBound q n1"}));
    // v1.26: q's bind moves only pods whose required affinity it matches. >= 1.32 (hints) the
    // WaitX plugins, which register no events (every event interests them) and have no hint,
    // requeue p on it: popped from backoffQ at once (activeQ is empty), p preempts q.
    const QStringList pAfter = rec.of("p", {EventType::PodBackoff, EventType::PodPopped}).mid(1, 2);
    if (version == "1.26")
        QCOMPARE(pAfter, QStringList{});
    else
        QCOMPARE(pAfter, (QStringList{qBound + " PodBackoff p | AssignedPodAdd", qBound + " PodPopped p"}));
}

// --- Reserve / Permit failures ---------------------------------------------------------------

void TestScheduleOne::reserveAndPermitFailures_data() {
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

void TestScheduleOne::reserveAndPermitFailures() {
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
    TestCluster tc(versionOf(version));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    CheckedSimulation sim(tc.cluster, setup.config, simOptions(version), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
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

// --- Preemption and deletion of pods waiting at Permit ---------------------------------------

void TestScheduleOne::waitingVictimIsRejectedNotDeleted() {
    // prepareCandidate: a victim waiting at Permit is rejected ("preempted") rather than
    // deleted: it frees the node, stays a pod, and goes back through the failure handler.
    ProbeConfig wait;
    wait.name = "WaitA";
    wait.permit = Code::Wait;
    wait.waitSeconds = 60;
    ProbeSetup setup({&wait});
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& low = tc.pod("low").cpu("2").priority(1).label("wait", "yes").add();
    CheckedSimulation sim(tc.cluster, setup.config, simOptions(), &setup.registry);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
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

void TestScheduleOne::deletedWhileWaitingIsNotRequeued() {
    ProbeConfig wait;
    wait.name = "WaitA";
    wait.permit = Code::Wait;
    wait.waitSeconds = 60;
    ProbeSetup setup({&wait});
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& p = tc.pod("p").cpu("2").label("wait", "yes").add();
    CheckedSimulation sim(tc.cluster, setup.config, simOptions(), &setup.registry);
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
QTEST_GUILESS_MAIN(TestScheduleOne)
#include "tst_schedule_one.moc"
