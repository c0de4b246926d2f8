// Simulation::checkNodeForPod: the planner's "would this pending pod fit on that node now?"
// verdict, from the profile's real PreFilter and Filter plugins, and no change to anything
// the loop decides afterwards.

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/simulation.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

SchedulerOptions options(const std::string& version) {
    SchedulerOptions o;
    o.version = *KubeVersion::parse(version);
    o.tieBreak = TieBreak::Name;
    return o;
}

/// Four kinds of node and two pending pods (2 cpu each); one pod tolerates the gpu taint.
void fill(TestCluster& tc) {
    tc.node("n-ok").cpu("8").memory("16Gi").label("topology.kubernetes.io/zone", "a").add();
    tc.node("n-small").cpu("1").memory("16Gi").label("topology.kubernetes.io/zone", "a").add();
    tc.node("n-gpu")
        .cpu("8")
        .memory("16Gi")
        .label("topology.kubernetes.io/zone", "b")
        .taint("dedicated", "gpu", TaintEffect::NoSchedule)
        .add();
    tc.node("n-cordoned").cpu("8").memory("16Gi").label("topology.kubernetes.io/zone", "b").unschedulable().add();
    tc.node("n-small-gpu").cpu("1").memory("16Gi").taint("dedicated", "gpu", TaintEffect::NoSchedule).add();
    tc.node("n-full").cpu("4").memory("16Gi").add();
    tc.pod("busy").cpu("3").on("n-ok").add();
    tc.pod("filler").cpu("3").on("n-full").add();
    tc.pod("web").cpu("2").memory("1Gi").add();
    tc.pod("trainer")
        .cpu("2")
        .memory("1Gi")
        .toleration("dedicated", TolerationOp::Equal, "gpu", TaintEffect::NoSchedule)
        .add();
}

QString failing(const NodeCheck& c) {
    QStringList out;
    for (const auto& v : c.plugins)
        if (v.code != Code::Success && v.code != Code::Skip) out << QString::fromStdString(v.plugin);
    return out.join(',');
}

}  // namespace

class TestNodeCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void verdict_data();
    void verdict();
    void refusals();
    void leavesTheLoopUntouched();
};

void TestNodeCheck::verdict_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("pod");
    QTest::addColumn<QString>("node");
    QTest::addColumn<bool>("fits");
    QTest::addColumn<QString>("rejectedBy");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("failing");  // every Filter plugin that rejects, in profile order
    const int U = static_cast<int>(Code::Unschedulable), UU = static_cast<int>(Code::UnschedulableAndUnresolvable);
    // 8 cpu, 3 used by busy: 5 left >= 2.
    QTest::newRow("fits") << "1.34" << "web" << "n-ok" << true << "" << 0 << "" << "";
    // 4 cpu, 3 used: 1 left < 2 requested. fit.go's "Insufficient cpu", Unschedulable
    // (preempting the filler could make room).
    QTest::newRow("insufficient cpu") << "1.34" << "web" << "n-full" << false << "NodeResourcesFit" << U << "Insufficient cpu"
                                      << "NodeResourcesFit";
    // 1 cpu allocatable < 2 requested: no preemption can help, UnschedulableAndUnresolvable.
    QTest::newRow("larger than the node") << "1.34" << "web" << "n-small" << false << "NodeResourcesFit" << UU
                                          << "Insufficient cpu" << "NodeResourcesFit";
    // 1.25-1.34 name the taint; 1.35 says "taint(s)" (PR #134740).
    QTest::newRow("taint 1.34") << "1.34" << "web" << "n-gpu" << false << "TaintToleration" << UU
                                << "node(s) had untolerated taint {dedicated: gpu}" << "TaintToleration";
    QTest::newRow("taint 1.35") << "1.35" << "web" << "n-gpu" << false << "TaintToleration" << UU
                                << "node(s) had untolerated taint(s)" << "TaintToleration";
    QTest::newRow("tolerated") << "1.34" << "trainer" << "n-gpu" << true << "" << 0 << "" << "";
    QTest::newRow("cordoned") << "1.34" << "web" << "n-cordoned" << false << "NodeUnschedulable" << UU
                              << "node(s) were unschedulable" << "NodeUnschedulable";
    // Two plugins reject: the scheduler reports the first in Filter order (TaintToleration
    // runs before NodeResourcesFit); the per-plugin list shows both.
    QTest::newRow("taint and cpu") << "1.34" << "web" << "n-small-gpu" << false << "TaintToleration" << UU
                                   << "node(s) had untolerated taint {dedicated: gpu}" << "TaintToleration,NodeResourcesFit";
    // clang-format on
}

void TestNodeCheck::verdict() {
    QFETCH(QString, version);
    QFETCH(QString, pod);
    QFETCH(QString, node);
    QFETCH(bool, fits);
    QFETCH(QString, rejectedBy);
    QFETCH(int, code);
    QFETCH(QString, reason);
    QFETCH(QString, failing);
    TestCluster tc(*KubeVersion::parse(version.toStdString()));
    fill(tc);
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options(version.toStdString()));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    const Pod* p = tc.cluster.findPod(tc.sym("default"), pod.toStdString());
    QVERIFY(p);
    const NodeCheck c = sim.checkNodeForPod(p->id, node.toStdString());
    QCOMPARE(QString::fromStdString(c.error), QString());
    QCOMPARE(c.fits, fits);
    QCOMPARE(QString::fromStdString(c.rejectedBy), rejectedBy);
    QCOMPARE(static_cast<int>(c.code), code);
    QCOMPARE(QString::fromStdString(c.reason), reason);
    QCOMPARE(QString::fromStdString(c.stage), fits ? QString() : QString("Filter"));
    QVERIFY(!c.plugins.empty());
    QCOMPARE(::failing(c), failing);
}

void TestNodeCheck::refusals() {
    TestCluster tc(*KubeVersion::parse("1.34"));
    fill(tc);
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options("1.34"));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    const Pod* web = tc.cluster.findPod(tc.sym("default"), "web");
    const Pod* busy = tc.cluster.findPod(tc.sym("default"), "busy");
    QVERIFY(web && busy);
    QCOMPARE(QString::fromStdString(sim.checkNodeForPod(web->id, "nope").error),
             QString("no node nope in the scheduler's snapshot"));
    QVERIFY(QString::fromStdString(sim.checkNodeForPod(busy->id, "n-ok").error).contains("is not pending"));
    QCOMPARE(QString::fromStdString(sim.checkNodeForPod(9999, "n-ok").error), QString("no such pod"));
    // A deleted node is gone from the snapshot too.
    QVERIFY(sim.removeNode("n-small"));
    QVERIFY(!sim.checkNodeForPod(web->id, "n-small").error.empty());
}

void TestNodeCheck::leavesTheLoopUntouched() {
    // Two identical simulations; one is asked about every pending pod on every node (twice:
    // before the run and half-way), the other is not. Every decision and event must match.
    TestCluster a(*KubeVersion::parse("1.34")), b(*KubeVersion::parse("1.34"));
    fill(a);
    fill(b);
    for (TestCluster* tc : {&a, &b})
        for (int i = 0; i < 6; ++i) tc->pod("extra-" + std::to_string(i)).cpu("1500m").memory("1Gi").add();
    Simulation simA(a.cluster, SchedulerConfiguration{}, options("1.34"));
    Simulation simB(b.cluster, SchedulerConfiguration{}, options("1.34"));
    std::string err;
    QVERIFY2(simA.init(err), err.c_str());
    QVERIFY2(simB.init(err), err.c_str());
    std::vector<SimEvent> eventsA, eventsB;
    simA.setEventListener([&](const SimEvent& e) { eventsA.push_back(e); });
    simB.setEventListener([&](const SimEvent& e) { eventsB.push_back(e); });
    auto askEverything = [&] {
        int asked = 0;
        for (const Pod& p : a.cluster.pods) {
            if (simA.outcome(p).state != PodState::Pending || simA.outcome(p).assumed) continue;
            const QueueLocation before = simA.queue().location(p);
            const int attempts = simA.outcome(p).attempts;
            for (const Node& n : a.cluster.nodes) {
                const NodeCheck c = simA.checkNodeForPod(p.id, n.name);
                QVERIFY2(c.error.empty(), c.error.c_str());
                ++asked;
            }
            QCOMPARE(simA.queue().location(p), before);
            QCOMPARE(simA.outcome(p).attempts, attempts);
        }
        QVERIFY(asked > 0);
    };
    askEverything();
    QVERIFY(eventsA.empty());
    // A few cycles, then ask again with pods assumed and bound.
    for (int i = 0; i < 3; ++i) {
        simA.step();
        simB.step();
    }
    askEverything();
    const RunStats sa = simA.run(), sb = simB.run();
    QCOMPARE(sa.attempts, sb.attempts);
    QCOMPARE(sa.scheduled, sb.scheduled);
    QCOMPARE(eventsA.size(), eventsB.size());
    for (std::size_t i = 0; i < eventsA.size(); ++i) {
        QCOMPARE(eventsA[i].type, eventsB[i].type);
        QCOMPARE(eventsA[i].pod, eventsB[i].pod);
        QCOMPARE(eventsA[i].time, eventsB[i].time);
        QCOMPARE(a.cluster.pool.str(eventsA[i].node), b.cluster.pool.str(eventsB[i].node));
    }
    for (std::size_t i = 0; i < a.cluster.pods.size(); ++i) {
        QCOMPARE(simA.outcome(a.cluster.pods[i]).state, simB.outcome(b.cluster.pods[i]).state);
        QCOMPARE(a.cluster.pool.str(simA.outcome(a.cluster.pods[i]).node),
                 b.cluster.pool.str(simB.outcome(b.cluster.pods[i]).node));
    }
}

QTEST_APPLESS_MAIN(TestNodeCheck)
#include "tst_node_check.moc"
