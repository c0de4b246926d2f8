// The cluster edits a running scheduler receives as informer events (cluster_edits.cpp): an
// eviction that frees room, a node added, cordon and uncordon, drain with PodDisruptionBudgets
// and a node removed with its pods; each requeues exactly the pods the event may help
// (UPSTREAM 2.9). Timings are read from the event stream.

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/simulation.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"
#include "testlib/simulation_watch.h"

using namespace berth::core;
using namespace berth::testlib;

class TestClusterEdits : public QObject {
    Q_OBJECT

private slots:
    void evictionMakesRoom_data();
    void evictionMakesRoom();
    void nodeAdded_data();
    void nodeAdded();
    void cordonThenUncordon();
    void uncordonFullNodeKeepsPodParked();
    void drainRespectsPodDisruptionBudgets_data();
    void drainRespectsPodDisruptionBudgets();
    void removeNodeDeletesItsPods();
    void imageCountsOfLoadedNodes_data();
    void imageCountsOfLoadedNodes();
};

// --- room freed by an eviction ---------------------------------------------------------------

void TestClusterEdits::evictionMakesRoom_data() {
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

void TestClusterEdits::evictionMakesRoom() {
    QFETCH(qint64, evictAtMs);
    QFETCH(QString, queueAfterEvict);
    QFETCH(qint64, poppedAtMs);
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    tc.node("n2").cpu("1").memory("4Gi").add();
    const Pod& old = tc.pod("old").cpu("2").priority(1000).on("n1").add();
    const Pod& filler = tc.pod("filler").cpu("1").add();
    const Pod& p = tc.pod("p").cpu("2").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    BindingSettings bs;
    bs.latency = 5 * kSecond;
    sim.setBindingSettings(bs);
    EventRecorder rec(sim, tc.cluster);
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

// --- a node added ----------------------------------------------------------------------------

void TestClusterEdits::nodeAdded_data() {
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

void TestClusterEdits::nodeAdded() {
    QFETCH(QString, capacity);
    QFETCH(int, taint);
    QFETCH(QString, queueAfterAdd);
    QFETCH(QString, state);
    QFETCH(int, attempts);
    QFETCH(QString, message);
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("1").memory("8Gi").add();
    const Pod& p = tc.pod("p").cpu("2").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
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

// --- cordon / uncordon -----------------------------------------------------------------------

void TestClusterEdits::cordonThenUncordon() {
    // n1 (2 cpu) is full with `hog`; p (1 cpu) fails at t=0 on resources. n1 is cordoned
    // (becoming unschedulable moves nobody), then `hog` is deleted: p moves to backoffQ and is
    // retried at the 1 s flush, where NodeUnschedulable rejects it (UU, so preemption is "not
    // helpful"). Uncordoning right away (t=1 s) is NodeSpecUnschedulableChange, an event
    // NodeUnschedulable registered: p moves to backoffQ with its second backoff (2 s) and binds
    // at the 3 s flush.
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& hog = tc.pod("hog").cpu("2").priority(1000).on("n1").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
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

void TestClusterEdits::uncordonFullNodeKeepsPodParked() {
    // n1 is cordoned and full: p is rejected by NodeUnschedulable (the first Filter). The
    // uncordon event matches NodeUnschedulable, but the v1.26 preCheck (resources on the
    // node's current NodeInfo) still refuses, so p stays parked.
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").unschedulable().add();
    tc.pod("hog").cpu("2").priority(1000).on("n1").add();
    const Pod& p = tc.pod("p").cpu("1").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
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

// --- drain / remove node ---------------------------------------------------------------------

void TestClusterEdits::drainRespectsPodDisruptionBudgets_data() {
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

void TestClusterEdits::drainRespectsPodDisruptionBudgets() {
    QFETCH(int, allowed);
    QFETCH(QString, pdbNamespace);
    QFETCH(QStringList, evicted);
    QFETCH(QStringList, refused);
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("8").memory("16Gi").add();
    tc.node("n2").cpu("8").memory("16Gi").add();
    tc.pod("db-1").cpu("1").label("app", "db").on("n1").add();
    tc.pod("db-2").cpu("1").label("app", "db").on("n1").add();
    tc.pod("web").cpu("1").label("app", "web").on("n1").add();
    PodBuilder ds = tc.pod("agent").cpu("100m").on("n1");
    ds.raw().ownerReferences.push_back({"apps/v1", "DaemonSet", "agent", "uid-ds", true});
    const Pod& agent = ds.add();
    tc.pdb("db-pdb", pdbNamespace.toStdString(), "db", allowed);
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
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

void TestClusterEdits::removeNodeDeletesItsPods() {
    // Deleting a node deletes its pods (pod GC); the pods' deletion frees nothing that helps,
    // but each is an AssignedPodDelete. Pending pods then see one node fewer.
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    tc.node("n2").cpu("2").memory("4Gi").add();
    const Pod& a = tc.pod("a").cpu("1").on("n1").add();
    const Pod& b = tc.pod("b").cpu("1").on("n1").add();
    const Pod& c = tc.pod("c").cpu("2").on("n2").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
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

// --- ImageLocality's per-node image counts --------------------------------------------------

void TestClusterEdits::imageCountsOfLoadedNodes_data() {
    // clang-format off
    // n1 and n2 are loaded with image app:v1, then n3 (with it too) is added to the plan.
    // v1.26-1.28 freeze a node's count when it is added or updated; a loaded cluster is a
    // running one whose nodes have all reported since the last joined, so n1 and n2 see 2 (not 1
    // and 2); n3 sees 3 when added, and n1, n2 keep 2. From 1.29 every count is live: 3.
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("loaded");  // n1 n2 after loading
    QTest::addColumn<QString>("added");   // n1 n2 n3 after n3 joins
    QTest::newRow("1.26") << "1.26" << "2 2" << "2 2 3";
    QTest::newRow("1.28") << "1.28" << "2 2" << "2 2 3";
    QTest::newRow("1.29") << "1.29" << "2 2" << "3 3 3";
    QTest::newRow("1.37") << "1.37" << "2 2" << "3 3 3";
    // clang-format on
}

void TestClusterEdits::imageCountsOfLoadedNodes() {
    QFETCH(QString, version);
    QFETCH(QString, loaded);
    QFETCH(QString, added);
    TestCluster tc(versionOf(version));
    tc.node("n1").cpu("1").memory("1Gi").image("app:v1", 500LL << 20).add();
    tc.node("n2").cpu("1").memory("1Gi").image("app:v1", 500LL << 20).add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, simOptions(version));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    const auto counts = [&](std::initializer_list<const char*> nodes) {
        QStringList out;
        for (const char* n : nodes) {
            const NodeInfo* ni = sim.nodeInfo(tc.sym(n));
            out << (ni && !ni->imageStates().empty() ? QString::number(ni->imageStates()[0].numNodes) : "-");
        }
        return out.join(' ');
    };
    QCOMPARE(counts({"n1", "n2"}), loaded);
    Node n3 = makeNode(tc, "n3", "cpu=1,memory=1Gi");
    n3.images.push_back(ContainerImage{{"app:v1"}, 500LL << 20});
    sim.addNode(std::move(n3));
    QCOMPARE(counts({"n1", "n2", "n3"}), added);
}

QTEST_GUILESS_MAIN(TestClusterEdits)
#include "tst_cluster_edits.moc"
