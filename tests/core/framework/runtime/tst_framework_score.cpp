// The score half of the runtime (framework_score.cpp): the node-local plugins' weighted sums
// kept per node for their keys together (node_local_score.h) give the totals the plugins' rows
// give one by one, with the fast paths on and off, with a trace, for a second pod's key and
// after a node changed.

#include <QtTest/QtTest>

#include <memory>
#include <string>
#include <vector>

#include "core/framework/runtime/framework.h"
#include "core/framework/runtime/registry.h"
#include "core/profile/default_plugins.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

class TstFrameworkScore : public QObject {
    Q_OBJECT

private slots:
    void nodeLocalTotals_data();
    void nodeLocalTotals();
};

namespace {

/// PrioritySort, DefaultBinder, NodeResourcesFit (weight 2, LeastAllocated on cpu and memory)
/// and NodeResourcesBalancedAllocation (weight 1): the two node-local Score plugins only.
std::unique_ptr<Framework> twoPluginFramework(TestCluster& tc) {
    ProfileConfig profile;
    profile.plugins.multiPoint.enabled = {{"PrioritySort", 0},
                                          {"DefaultBinder", 0},
                                          {"NodeResourcesFit", 2},
                                          {"NodeResourcesBalancedAllocation", 1}};
    std::string error;
    auto fw = Framework::create(profile, inTreeRegistry(), tc.handle, error);
    if (!fw) qFatal("profile failed: %s", error.c_str());
    return fw;
}

/// "n1=250 n2=161": the totals of `pod` on every node, in snapshot order.
QString totals(Framework& fw, TestCluster& tc, const Pod& pod, bool trace) {
    const std::vector<NodeInfo*>& all = tc.snapshot.nodes();
    CycleState state = fw.newCycleState();
    if (!fw.runPreScorePlugins(state, pod, all).isSuccess()) return "PreScore failed";
    ScoreMatrix m;
    m.keepRaw = trace;
    for (std::size_t i = 0; i < all.size(); ++i) m.nodes.push_back(static_cast<int>(i));
    if (Status s = fw.runScorePlugins(state, pod, all, m); !s.isSuccess()) return "Score failed";
    QStringList out;
    for (std::size_t i = 0; i < all.size(); ++i)
        out << QString::fromStdString(std::string(tc.cluster.pool.str(all[i]->node()->nameSym))) + "=" +
                   QString::number(m.totals[i]);
    return out.join(' ');
}

}  // namespace

void TstFrameworkScore::nodeLocalTotals_data() {
    QTest::addColumn<bool>("fastPaths");
    QTest::addColumn<bool>("trace");
    // fast paths on without a trace: the kept sums; off, or with a trace: the rows one by one
    QTest::newRow("kept sums") << true << false;
    QTest::newRow("no fast paths") << false << false;
    QTest::newRow("trace") << true << true;
}

// Nodes of 4 cpu / 8Gi; n2 holds a pod of 2 cpu / 2Gi. Version 1.35 (BalancedAllocation's
// balance after the pod, before PR #135573). Fit: the mean over cpu and memory of
// (free - request) * 100 / capacity (integer); BalancedAllocation: 100 * (1 - |f_cpu - f_mem| / 2),
// truncated. Totals: 2 * Fit + BalancedAllocation.
void TstFrameworkScore::nodeLocalTotals() {
    QFETCH(bool, fastPaths);
    QFETCH(bool, trace);
    TestCluster tc(versionOf("1.35"));
    tc.handle.fastPaths = fastPaths;
    tc.node("n1").capacity("cpu=4,memory=8Gi,pods=10").add();
    tc.node("n2").capacity("cpu=4,memory=8Gi,pods=10").add();
    tc.pod("held").requests("cpu=2,memory=2Gi").on("n2").add();
    const Pod p = tc.pod("p").requests("cpu=1,memory=2Gi").add();
    const Pod q = tc.pod("q").requests("cpu=2,memory=1Gi").add();
    tc.refresh();
    auto fw = twoPluginFramework(tc);

    // p (1 cpu, 2Gi). n1: Fit (75 + 75) / 2 = 75; fractions 0.25, 0.25 -> 100; 150 + 100 = 250.
    // n2 (3 cpu, 4Gi with p): Fit (25 + 50) / 2 = 37; 0.75, 0.5 -> 100 * 0.875 = 87; 74 + 87 = 161.
    QCOMPARE(totals(*fw, tc, p, trace), QString("n1=250 n2=161"));
    QCOMPARE(totals(*fw, tc, p, trace), QString("n1=250 n2=161"));  // the kept sums again
    // q (2 cpu, 1Gi), another key. n1: Fit (50 + 87) / 2 = 68 (87.5 -> 87); 0.5, 0.125 ->
    // 100 * 0.8125 = 81; 136 + 81 = 217. n2 (4 cpu, 3Gi): Fit (0 + 62) / 2 = 31; 1.0, 0.375 ->
    // 100 * 0.6875 = 68; 62 + 68 = 130.
    QCOMPARE(totals(*fw, tc, q, trace), QString("n1=217 n2=130"));
    // n1 gets a pod of 1 cpu / 2Gi: p there now needs 2 cpu, 4Gi: Fit (50 + 50) / 2 = 50;
    // 0.5, 0.5 -> 100; 100 + 100 = 200. n2 unchanged (its kept sum is reused).
    tc.pod("more").requests("cpu=1,memory=2Gi").on("n1").add();
    tc.refresh();
    QCOMPARE(totals(*fw, tc, p, trace), QString("n1=200 n2=161"));
}

QTEST_GUILESS_MAIN(TstFrameworkScore)
#include "tst_framework_score.moc"
