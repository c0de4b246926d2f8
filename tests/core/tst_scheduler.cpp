// The scheduling cycle: numFeasibleNodesToFind (UPSTREAM 2.3), the FitError message with its
// byte-order sorted histogram (UPSTREAM 2.7), a single feasible node chosen without scoring
// (UPSTREAM 2.2 step 7) and selectHost tie-breaks (UPSTREAM 2.6; Berth's `name` tie-break and
// the seeded random one), driven through core::Simulation on small clusters.

#include <QtTest/QtTest>

#include <optional>
#include <set>
#include <string>

#include "core/scheduler.h"
#include "core/simulation.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

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
    Simulation sim(tc.cluster, SchedulerConfiguration{}, options);
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

class TstScheduler : public QObject {
    Q_OBJECT

private slots:
    void numFeasibleNodesToFind_data();
    void numFeasibleNodesToFind();
    void fitErrorMessage_data();
    void fitErrorMessage();
    void singleFeasibleNodeNotScored();
    void nameTieBreak_data();
    void nameTieBreak();
    void randomTieBreakIsSeeded();
};

void TstScheduler::numFeasibleNodesToFind_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("percentage");  // -1 = unset, 0 = adaptive
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("expected");

    // fewer than 100 nodes: all of them
    QTest::newRow("50 nodes") << -1 << 50 << 50;
    QTest::newRow("99 nodes") << -1 << 99 << 99;
    // adaptive: pct = 50 - n/125 (at least 5), num = n*pct/100 (at least 100)
    // 100: 50 - 0 = 50% -> 50 -> raised to 100
    QTest::newRow("100 nodes") << -1 << 100 << 100;
    // 500: 50 - 4 = 46% -> 230
    QTest::newRow("500 nodes") << -1 << 500 << 230;
    // 1000: 50 - 8 = 42% -> 420
    QTest::newRow("1000 nodes") << -1 << 1000 << 420;
    // 5000: 50 - 40 = 10% -> 500
    QTest::newRow("5000 nodes") << -1 << 5000 << 500;
    // 5625: 50 - 45 = 5% -> 281
    QTest::newRow("5625 nodes") << -1 << 5625 << 281;
    // 15000: 50 - 120 < 5 -> 5% -> 750
    QTest::newRow("15000 nodes") << -1 << 15000 << 750;
    // an explicit 0 is adaptive too
    QTest::newRow("explicit 0") << 0 << 1000 << 420;
    // explicit percentages
    QTest::newRow("30% of 1000") << 30 << 1000 << 300;
    QTest::newRow("100% of 5000") << 100 << 5000 << 5000;
    // 5% of 1000 = 50 -> raised to the minimum of 100
    QTest::newRow("5% of 1000") << 5 << 1000 << 100;
    // below 100 nodes the percentage does not apply
    QTest::newRow("1% of 50") << 1 << 50 << 50;
    // clang-format on
}

void TstScheduler::numFeasibleNodesToFind() {
    QFETCH(int, percentage);
    QFETCH(int, nodes);
    QFETCH(int, expected);
    const std::optional<std::int32_t> pct = percentage < 0 ? std::nullopt : std::optional<std::int32_t>(percentage);
    QCOMPARE(int(berth::core::numFeasibleNodesToFind(pct, nodes)), expected);
}

void TstScheduler::fitErrorMessage_data() {
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

void TstScheduler::fitErrorMessage() {
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

void TstScheduler::singleFeasibleNodeNotScored() {
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

void TstScheduler::nameTieBreak_data() {
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

void TstScheduler::nameTieBreak() {
    QFETCH(QStringList, nodes);
    QFETCH(QString, expected);
    TestCluster tc;
    addNodes(tc, nodes);
    const Pod& pod = tc.pod("p").requests("cpu=1,memory=1Gi").add();
    SchedulerOptions options;
    options.tieBreak = TieBreak::Name;
    QCOMPARE(runOnce(tc, pod, options).node, expected);
}

void TstScheduler::randomTieBreakIsSeeded() {
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

QTEST_GUILESS_MAIN(TstScheduler)
#include "tst_scheduler.moc"
