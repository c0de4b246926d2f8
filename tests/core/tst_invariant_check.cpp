// The simulation's invariants (core/invariant_check.h): states that break each one, built on
// purpose, give its exact message; a run that keeps them gives none, and checking changes no
// decision.

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/framework/plugins/noderesources/fit.h"
#include "core/invariant_check.h"
#include "core/simulation.h"
#include "testlib/builders.h"
#include "testlib/simulation_watch.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

SimEvent simEvent(EventType type, SimTime t, std::uint64_t seq, std::uint32_t pod = 0, Sym node = kEmptySym) {
    SimEvent e;
    e.type = type;
    e.time = t;
    e.sequence = seq;
    e.pod = pod;
    e.node = node;
    return e;
}

QStringList lines(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v) out << QString::fromStdString(s);
    return out;
}

/// Every pod's state and node, one line each: what a run decided.
QStringList decisions(const Simulation& sim, const Cluster& c) {
    QStringList out;
    for (const Pod& p : c.pods) out << QString::fromStdString(p.name) + " " + stateOf(sim, p) + " " + nodeOf(sim, c, p);
    return out;
}

}  // namespace

class TestInvariantCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timeAsText_data();
    void timeAsText();
    void eventsOutOfOrder();
    void podBoundTwice();
    void nodeOverCommitted_data();
    void nodeOverCommitted();
    void runIgnoringAResource_data();
    void runIgnoringAResource();
    void placementFailsAFilter();
    void evictionBelowBudget();
    void cleanRunHasNoViolations();
};

void TestInvariantCheck::timeAsText_data() {
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << "0.000s";
    QTest::newRow("10 ms") << qint64(10 * kMillisecond) << "0.010s";
    // 1,250,999 µs: the part below a millisecond is cut, not rounded.
    QTest::newRow("1.25 s") << qint64(1250999000) << "1.250s";
    QTest::newRow("90 s") << qint64(90 * kSecond) << "90.000s";
}

void TestInvariantCheck::timeAsText() {
    QFETCH(qint64, ns);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(invariantTime(ns)), text);
}

void TestInvariantCheck::eventsOutOfOrder() {
    TestCluster tc;
    const Pod& web = tc.pod("web").add();
    InvariantCheck check;
    check.onEvent(simEvent(EventType::PodQueued, 20 * kMillisecond, 4, web.id), tc.cluster);
    // Time goes back 10 ms.
    check.onEvent(simEvent(EventType::PodPopped, 10 * kMillisecond, 5, web.id), tc.cluster);
    // The same time, but a sequence number that does not rise.
    check.onEvent(simEvent(EventType::PodFiltered, 10 * kMillisecond, 5, web.id), tc.cluster);
    QCOMPARE(lines(check.violations()),
             QStringList({"event 5 (PodPopped) at 0.010s follows event 4 at 0.020s: the event stream is out of order",
                          "event 5 (PodFiltered) at 0.010s follows event 5 at 0.010s: the event stream is out of order"}));
}

void TestInvariantCheck::podBoundTwice() {
    TestCluster tc;
    const Sym n1 = tc.node("n1").add().nameSym;
    const Sym n2 = tc.node("n2").add().nameSym;
    const Pod& web = tc.pod("web").add();
    const Pod& db = tc.pod("db").add();
    InvariantCheck check;
    check.onEvent(simEvent(EventType::PodBound, 10 * kMillisecond, 7, web.id, n1), tc.cluster);
    check.onEvent(simEvent(EventType::PodBound, 10 * kMillisecond, 8, db.id, n1), tc.cluster);
    QVERIFY(check.violations().empty());
    check.onEvent(simEvent(EventType::PodBound, 30 * kMillisecond, 12, web.id, n2), tc.cluster);
    QCOMPARE(lines(check.violations()),
             QStringList({"pod default/web bound twice: event 7 and event 12 (to node n2 at 0.030s)"}));
}

void TestInvariantCheck::nodeOverCommitted_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // n1: 2 cpu, 4Gi, 3 pods, 1 example.com/gpu, 1 nvidia.com/mig. Two pods on it, `a` and `b`;
    // `state` is what the run made of `b` (bound: the scheduler placed it; preexisting: the file
    // put it there). `ignores`: b's profile's NodeResourcesFit args, "resources=A,B" or
    // "groups=G" (the same rule the plugin's Filter applies, NodeResourcesFit::ignored).
    QTest::addColumn<QString>("a");          // a's requests
    QTest::addColumn<QString>("b");          // b's requests
    QTest::addColumn<QString>("state");      // b's outcome
    QTest::addColumn<bool>("filters");       // b's profile runs NodeResourcesFit
    QTest::addColumn<QString>("ignores");    // its ignoredResources / ignoredResourceGroups
    QTest::addColumn<QStringList>("expected");
    // 1500m + 1000m = 2500m > 2000m.
    QTest::newRow("cpu") << "cpu=1500m" << "cpu=1" << "bound" << true << ""
                         << QStringList{"node n1 is over-committed on cpu: its pods request 2500m, allocatable 2000m"};
    // 3Gi + 2Gi = 5Gi = 5368709120 bytes > 4Gi = 4294967296.
    QTest::newRow("memory") << "memory=3Gi" << "memory=2Gi" << "bound" << true << ""
                            << QStringList{"node n1 is over-committed on memory: its pods request 5368709120, "
                                           "allocatable 4294967296"};
    // 1 + 1 gpus > 1.
    QTest::newRow("extended") << "example.com/gpu=1" << "example.com/gpu=1" << "bound" << true << ""
                              << QStringList{"node n1 is over-committed on example.com/gpu: its pods request 2, "
                                             "allocatable 1"};
    // Within every limit: 1 + 1 cpu = 2 = allocatable.
    QTest::newRow("full, not over") << "cpu=1" << "cpu=1" << "bound" << true << "" << QStringList{};
    // The file over-committed the node: not the scheduler's doing.
    QTest::newRow("preexisting") << "cpu=1500m" << "cpu=1" << "preexisting" << true << "" << QStringList{};
    // A profile without NodeResourcesFit may over-commit (its configuration's choice).
    QTest::newRow("profile without fit") << "cpu=1500m" << "cpu=1" << "bound" << false << "" << QStringList{};
    // b asks for memory only: the cpu the file over-committed is not b's doing.
    QTest::newRow("another resource") << "cpu=3" << "memory=1Gi" << "bound" << true << "" << QStringList{};
    // 2 gpus > 1, but b's NodeResourcesFit ignores example.com/gpu (ignoredResources, or an
    // extender's ignoredByScheduler): the cycle never checked it, nothing is over-committed.
    QTest::newRow("ignored resource") << "example.com/gpu=1" << "example.com/gpu=1" << "bound" << true
                                      << "resources=example.com/gpu" << QStringList{};
    // ignoredResourceGroups: every resource of the example.com domain.
    QTest::newRow("ignored group") << "example.com/gpu=1" << "example.com/gpu=1" << "bound" << true
                                   << "groups=example.com" << QStringList{};
    // Another domain's resource is still checked: 1 + 1 migs > 1.
    QTest::newRow("group of another domain") << "nvidia.com/mig=1" << "nvidia.com/mig=1" << "bound" << true
                                             << "groups=example.com"
                                             << QStringList{"node n1 is over-committed on nvidia.com/mig: its pods "
                                                            "request 2, allocatable 1"};
    // Ignoring gpus leaves cpu counted: 1500m + 1000m = 2500m > 2000m; the 2 gpus are not reported.
    QTest::newRow("ignored beside a checked one") << "cpu=1500m,example.com/gpu=1" << "cpu=1,example.com/gpu=1"
                                                  << "bound" << true << "resources=example.com/gpu"
                                                  << QStringList{"node n1 is over-committed on cpu: its pods request "
                                                                 "2500m, allocatable 2000m"};
    // Upstream ignores only extended resources (v1helper.IsExtendedResourceName): a native name
    // in ignoredResources is still checked, 1500m + 1000m = 2500m > 2000m.
    QTest::newRow("native name not ignorable") << "cpu=1500m" << "cpu=1" << "bound" << true << "resources=cpu"
                                               << QStringList{"node n1 is over-committed on cpu: its pods request "
                                                              "2500m, allocatable 2000m"};
    // clang-format on
}

void TestInvariantCheck::nodeOverCommitted() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, state);
    QFETCH(bool, filters);
    QFETCH(QString, ignores);
    QFETCH(QStringList, expected);
    TestCluster tc;
    tc.node("n1").cpu("2").memory("4Gi").pods(3).scalar("example.com/gpu", 1).scalar("nvidia.com/mig", 1).add();
    tc.pod("a").requests(a.toStdString()).on("n1").add();
    const Pod& pb = tc.pod("b").requests(b.toStdString()).on("n1").add();
    std::deque<PodOutcome> outcomes(tc.cluster.pods.size());
    outcomes[0].state = PodState::Preexisting;
    outcomes[pb.id].state = state == "bound" ? PodState::Bound : PodState::Preexisting;
    PluginArgs args;
    const QStringList kv = ignores.split('=');
    std::vector<std::string> names;
    for (const QString& n : kv.value(1).split(',', Qt::SkipEmptyParts)) names.push_back(n.toStdString());
    (kv[0] == "groups" ? args.nodeResourcesFit.ignoredResourceGroups : args.nodeResourcesFit.ignoredResources) = names;
    const NodeResourcesFit fit(args, tc.handle);
    const InvariantCheck check;
    QCOMPARE(lines(check.finish(tc.cluster, outcomes, [&](const Pod&) { return filters ? &fit : nullptr; })),
             expected);
}

void TestInvariantCheck::runIgnoringAResource_data() {
    QTest::addColumn<QString>("how");  // how NodeResourcesFit comes to ignore example.com/gpu
    QTest::addColumn<QStringList>("expected");
    // Two pods of 1 example.com/gpu each on n1, which has 1: the cycle does not check the
    // ignored resource, so both are bound there, and the check must not call that a violation.
    QTest::newRow("ignoredResources") << "resources" << QStringList{};
    QTest::newRow("ignoredResourceGroups") << "groups" << QStringList{};
    // The same run without the ignore rule: the second pod does not fit (Insufficient
    // example.com/gpu), so nothing is over-committed either.
    QTest::newRow("not ignored") << "none" << QStringList{};
}

void TestInvariantCheck::runIgnoringAResource() {
    QFETCH(QString, how);
    QFETCH(QStringList, expected);
    TestCluster tc(*KubeVersion::parse("1.34"));
    tc.node("n1").cpu("4").memory("8Gi").scalar("example.com/gpu", 1).add();
    tc.pod("train-1").cpu("1").scalar("example.com/gpu", 1).add();
    const Pod& second = tc.pod("train-2").cpu("1").scalar("example.com/gpu", 1).add();
    SchedulerConfiguration config;
    ProfileConfig profile;
    if (how == "resources") profile.args.nodeResourcesFit.ignoredResources = {"example.com/gpu"};
    if (how == "groups") profile.args.nodeResourcesFit.ignoredResourceGroups = {"example.com"};
    config.profiles = {profile};
    Simulation sim(tc.cluster, config, simOptions("1.34"));
    sim.checkInvariantsWhileRunning();
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    sim.run();
    QCOMPARE(stateOf(sim, second), how == "none" ? QString("pending") : QString("bound"));
    QCOMPARE(lines(sim.checkInvariants()), expected);
}

void TestInvariantCheck::placementFailsAFilter() {
    // web does not tolerate n-gpu's taint: a scheduler that placed it there broke a Filter.
    TestCluster tc(*KubeVersion::parse("1.34"));
    tc.node("n-gpu").cpu("8").memory("16Gi").taint("dedicated", "gpu", TaintEffect::NoSchedule).add();
    const Pod& web = tc.pod("web").cpu("1").add();
    Simulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.34"));
    sim.checkInvariantsWhileRunning();
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    InvariantCheck check;
    check.onPlacement(sim.scheduler(), web, tc.sym("n-gpu"), 250 * kMillisecond);
    QCOMPARE(lines(check.violations()),
             QStringList({"pod default/web placed on node n-gpu at 0.250s fails Filter plugin TaintToleration: "
                          "node(s) had untolerated taint {dedicated: gpu}"}));
}

void TestInvariantCheck::evictionBelowBudget() {
    // A budget whose status is wrong: it allows one disruption though it wants both db pods
    // healthy. The drain trusts disruptionsAllowed and evicts db-1; the check counts the pods.
    TestCluster tc(*KubeVersion::parse("1.34"));
    tc.node("n1").cpu("8").memory("16Gi").add();
    tc.node("n2").cpu("8").memory("16Gi").add();
    tc.pod("db-1").cpu("1").label("app", "db").on("n1").add();
    tc.pod("db-2").cpu("1").label("app", "db").on("n2").add();
    tc.pdb("db-pdb", "default", "db", 1).desiredHealthy = 2;
    Simulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.34"));
    sim.checkInvariantsWhileRunning();
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    QVERIFY(sim.drain("n1").empty());
    QCOMPARE(lines(sim.checkInvariants()),
             QStringList({"eviction of pod default/db-1 at 0.000s violates PodDisruptionBudget default/db-pdb: "
                          "1 healthy pods left, 2 desired"}));
    // The same eviction as a plain delete (a person, a controller) is no budget's business.
    TestCluster tc2(*KubeVersion::parse("1.34"));
    tc2.node("n1").cpu("8").memory("16Gi").add();
    const Pod& db = tc2.pod("db-1").cpu("1").label("app", "db").on("n1").add();
    tc2.pdb("db-pdb", "default", "db", 1).desiredHealthy = 2;
    Simulation sim2(tc2.cluster, SchedulerConfiguration{}, simOptions("1.34"));
    sim2.checkInvariantsWhileRunning();
    QVERIFY2(sim2.init(err), err.c_str());
    sim2.evictPod(db, "deleted");
    QCOMPARE(lines(sim2.checkInvariants()), QStringList());
}

void TestInvariantCheck::cleanRunHasNoViolations() {
    // Pods that fill n1 and spill to n2, a taint only the tolerating pod passes, a drain that a
    // budget limits: every invariant holds, and the checked run decides as the unchecked one.
    auto build = [](TestCluster& tc) {
        tc.node("n1").cpu("2").memory("4Gi").pods(4).add();
        tc.node("n2").cpu("2").memory("4Gi").taint("dedicated", "gpu", TaintEffect::NoSchedule).add();
        tc.node("n3").cpu("4").memory("8Gi").add();
        for (int i = 0; i < 6; ++i) tc.pod("web-" + std::to_string(i)).cpu("700m").label("app", "web").add();
        tc.pod("trainer")
            .cpu("1")
            .toleration("dedicated", TolerationOp::Equal, "gpu", TaintEffect::NoSchedule)
            .add();
    };
    QStringList decided[2];
    for (int checked = 0; checked < 2; ++checked) {
        TestCluster tc(*KubeVersion::parse("1.34"));
        build(tc);
        Simulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.34"));
        if (checked == 1) sim.checkInvariantsWhileRunning();
        std::string err;
        QVERIFY2(sim.init(err), err.c_str());
        sim.run();
        sim.drain("n1");
        sim.run();
        QCOMPARE(lines(sim.checkInvariants()), QStringList());
        decided[checked] = decisions(sim, tc.cluster);
    }
    QCOMPARE(decided[1], decided[0]);
}

QTEST_APPLESS_MAIN(TestInvariantCheck)
#include "tst_invariant_check.moc"
