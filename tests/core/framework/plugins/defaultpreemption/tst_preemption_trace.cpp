// DefaultPreemption's account of a traced cycle (CycleTrace::preemption): the candidates the
// dry run found with their victims in upstream's order, the nodes it ruled out and why, each
// criterion of pickOneNodeForPreemption that ran with the candidates it kept, the nominated
// node; and, on the preemptor's next attempt, the nominated node it starts from. The
// scenario is tst_default_preemption's preemptionScenario (its decisions are checked there).

#include <QtTest/QtTest>

#include <map>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

/// "node: victim(priority)[!],...; violations=N" per candidate ("!": violates a budget).
QStringList candidatesOf(const PreemptionTrace& t) {
    QStringList out;
    for (const auto& c : t.candidates) {
        QStringList victims;
        for (const auto& v : c.victims)
            victims << QString("%1(%2)%3").arg(q(v.pod)).arg(v.priority).arg(v.violatesBudget ? "!" : "");
        out << QString("%1: %2; violations=%3").arg(q(c.node), victims.join(',')).arg(c.numPDBViolations);
    }
    return out;
}

/// "criterion -> kept,kept" per step.
QStringList pickOf(const PreemptionTrace& t) {
    QStringList out;
    for (const auto& s : t.pick) {
        QStringList kept;
        for (const auto& k : s.kept) kept << q(k);
        out << QString("%1 -> %2").arg(q(s.criterion), kept.join(','));
    }
    return out;
}

}  // namespace

class TestPreemptionTrace : public QObject {
    Q_OBJECT
private slots:
    void tracedPreemption_data();
    void tracedPreemption();
    void notEligible();
};

void TestPreemptionTrace::tracedPreemption_data() {
    // clang-format off
    // Three 4-cpu nodes n1..n3, each running two 2-cpu batch pods (priority 10, app=batch-nX)
    // started at n1: 100, 200 / n2: 300, 400 / n3: 500, 600 (batch-1..6). Pending:
    // critical-1..3 (priority 1000, 3 cpu) and batch-new (priority 10, 2 cpu). Tie-break
    // `name`: candidates in node-name order, the dry run from node 0.
    QTest::addColumn<QStringList>("pdbs");        // "app:allowed"
    QTest::addColumn<QStringList>("candidates");  // critical-1's
    QTest::addColumn<QStringList>("pick");
    QTest::addColumn<QString>("nominated");

    // Every node needs both its batch pods gone (3 cpu > 4 - 2): two priority-10 victims
    // each, the more important (earlier start) first. The first four criteria tie all three
    // (0 violations; top victim 10; equal sums; 2 victims); criterion 5 keeps the node whose
    // earliest top victim started latest: n3 (500 > 300 > 100).
    QTest::newRow("no budgets")
        << QStringList{}
        << QStringList{"n1: default/batch-1(10),default/batch-2(10); violations=0",
                       "n2: default/batch-3(10),default/batch-4(10); violations=0",
                       "n3: default/batch-5(10),default/batch-6(10); violations=0"}
        << QStringList{"fewest PodDisruptionBudget violations -> n1,n2,n3",
                       "lowest priority of the most important victim -> n1,n2,n3",
                       "smallest sum of victim priorities -> n1,n2,n3",
                       "fewest victims -> n1,n2,n3",
                       "latest start of the most important victims -> n3"}
        << "n3";
    // A budget allowing 0 disruptions covers n3's pods: both would violate it (2 violations),
    // so it is listed after the non-violating candidates and criterion 1 drops it; n2 wins
    // criterion 5 over n1 (300 > 100).
    QTest::newRow("budget on n3")
        << QStringList{"batch-n3:0"}
        << QStringList{"n1: default/batch-1(10),default/batch-2(10); violations=0",
                       "n2: default/batch-3(10),default/batch-4(10); violations=0",
                       "n3: default/batch-5(10)!,default/batch-6(10)!; violations=2"}
        << QStringList{"fewest PodDisruptionBudget violations -> n1,n2",
                       "lowest priority of the most important victim -> n1,n2",
                       "smallest sum of victim priorities -> n1,n2",
                       "fewest victims -> n1,n2",
                       "latest start of the most important victims -> n2"}
        << "n2";
    // clang-format on
}

void TestPreemptionTrace::tracedPreemption() {
    QFETCH(QStringList, pdbs);
    QFETCH(QStringList, candidates);
    QFETCH(QStringList, pick);
    QFETCH(QString, nominated);
    TestCluster tc(*KubeVersion::parse("1.37"));
    for (int n = 1; n <= 3; ++n) {
        const std::string node = "n" + std::to_string(n);
        tc.node(node).cpu("4").memory("16Gi").add();
        for (int i = 0; i < 2; ++i)
            tc.pod("batch-" + std::to_string(2 * (n - 1) + i + 1))
                .cpu("2")
                .memory("1Gi")
                .priority(10)
                .label("app", "batch-" + node)
                .startTime(100 * (2 * (n - 1) + i + 1))
                .on(node)
                .add();
    }
    for (const auto& spec : pdbs) {
        const auto f = spec.split(':');
        tc.pdb("pdb-" + f[0].toStdString(), "default", f[0].toStdString(), f[1].toInt());
    }
    for (int i = 1; i <= 3; ++i) tc.pod("critical-" + std::to_string(i)).cpu("3").memory("1Gi").priority(1000).add();
    tc.pod("batch-new").cpu("2").memory("1Gi").priority(10).add();
    SchedulerOptions o;
    o.version = tc.version;
    o.tieBreak = TieBreak::Name;
    o.trace = true;
    Simulation sim(tc.cluster, SchedulerConfiguration{}, o);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    std::map<std::string, std::vector<CycleTrace>> traces;
    sim.setTraceListener([&](const CycleTrace& t) { traces[t.pod].push_back(t); });
    sim.run();

    const std::vector<CycleTrace>& c1 = traces["default/critical-1"];
    QCOMPARE(c1.size(), std::size_t{2});  // preempts, then binds on its nominated node
    const PreemptionTrace& p = c1[0].preemption;
    QVERIFY(p.ran);
    QVERIFY(p.notEligible.empty());
    QCOMPARE(p.potentialNodes, 3);       // Insufficient cpu is Unschedulable: eviction may help
    QCOMPARE(p.numCandidatesWanted, 3);  // max(3 * 10%, 100) capped at the 3 nodes
    QCOMPARE(candidatesOf(p), candidates);
    QVERIFY(p.rejected.empty());
    QCOMPARE(pickOf(p), pick);
    QCOMPARE(q(p.nominated), nominated);
    QVERIFY(c1[0].nominatedNode.empty());
    QVERIFY(c1[0].chosen.empty());
    // The next attempt starts from the nomination (evaluateNominatedNode) and takes it.
    QCOMPARE(q(c1[1].nominatedNode), nominated);
    QCOMPARE(q(c1[1].chosen), nominated);
    QVERIFY(!c1[1].preemption.ran);  // it fit: no PostFilter

    // batch-new (priority 10) finds every node reserved by the nominations and no pod of a
    // lower priority anywhere: the dry run rules each node out, nothing is nominated.
    const std::vector<CycleTrace>& late = traces["default/batch-new"];
    QVERIFY(!late.empty());
    const PreemptionTrace& lp = late[0].preemption;
    QVERIFY(lp.ran);
    QVERIFY(lp.candidates.empty() && lp.pick.empty() && lp.nominated.empty());
    QCOMPARE(lp.rejected.size(), std::size_t{3});
    for (const auto& r : lp.rejected) QCOMPARE(q(r.reason), QString("No preemption victims found for incoming pod"));
}

// preemptionPolicy: Never: PostFilter runs and says why it will not preempt; no dry run.
void TestPreemptionTrace::notEligible() {
    TestCluster tc(*KubeVersion::parse("1.37"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    tc.pod("low").cpu("2").memory("1Gi").priority(1).on("n1").add();
    PodBuilder high = tc.pod("high").cpu("2").memory("1Gi").priority(100);
    high.raw().preemptionPolicy = PreemptionPolicy::Never;
    high.add();
    SchedulerOptions o;
    o.version = tc.version;
    o.trace = true;
    Simulation sim(tc.cluster, SchedulerConfiguration{}, o);
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    std::vector<CycleTrace> traces;
    sim.setTraceListener([&](const CycleTrace& t) { traces.push_back(t); });
    sim.run();
    QVERIFY(!traces.empty());
    const PreemptionTrace& p = traces.front().preemption;
    QVERIFY(p.ran);
    QCOMPARE(q(p.notEligible), QString("not eligible due to preemptionPolicy=Never."));
    QVERIFY(p.candidates.empty() && p.rejected.empty());
    QCOMPARE(p.potentialNodes, 0);
}

QTEST_GUILESS_MAIN(TestPreemptionTrace)
#include "tst_preemption_trace.moc"
