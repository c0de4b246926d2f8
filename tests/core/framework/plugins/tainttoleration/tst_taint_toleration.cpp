// TaintToleration: Filter on NoSchedule/NoExecute taints (first untolerated taint in spec
// order, toleration matching rules, reason text 1.26 vs 1.35) and Score on intolerable
// PreferNoSchedule taints with reverse normalization (UPSTREAM 4.3, 5.9).

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/framework/plugins/tainttoleration/taint_toleration.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

TaintEffect effectOf(const QString& e) {
    if (e == "NoSchedule") return TaintEffect::NoSchedule;
    if (e == "PreferNoSchedule") return TaintEffect::PreferNoSchedule;
    if (e == "NoExecute") return TaintEffect::NoExecute;
    if (e.isEmpty()) return TaintEffect::None;
    qFatal("bad effect in test row: %s", qPrintable(e));
    return TaintEffect::None;
}

/// "key=value:Effect" (value may be empty: "key=:NoSchedule").
void addTaint(NodeBuilder& nb, const QString& spec) {
    const int colon = static_cast<int>(spec.lastIndexOf(':'));
    const QString kv = spec.left(colon);
    const int eq = static_cast<int>(kv.indexOf('='));
    nb.taint(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString(), effectOf(spec.mid(colon + 1)));
}

/// "key|Op|value|Effect": Op Equal, Exists or anything else (Unknown); empty key = every key;
/// empty effect = every effect.
void addToleration(PodBuilder& pb, const QString& spec) {
    const QStringList f = spec.split('|');
    const QString op = f.value(1);
    const TolerationOp o = op == "Exists"  ? TolerationOp::Exists
                           : op == "Equal" ? TolerationOp::Equal
                                           : TolerationOp::Unknown;
    pb.toleration(f.value(0).toStdString(), o, f.value(2).toStdString(), effectOf(f.value(3)));
}

}  // namespace

class TstTaintToleration : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();
    void score_data();
    void score();
    void sameEverywhereFollowsNodeUpdates();
};

void TstTaintToleration::filter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("taints");
    QTest::addColumn<QStringList>("tolerations");
    QTest::addColumn<QString>("expected");

    const QString generic = "UU: node(s) had untolerated taint(s)";
    QTest::newRow("no taints") << "" << QStringList{} << QStringList{} << "ok";
    // v1.25-1.34 name the first untolerated taint; 1.35 collapses them (PR #134740)
    QTest::newRow("untolerated NoSchedule, 1.26") << "1.26" << QStringList{"dedicated=user1:NoSchedule"} << QStringList{}
                                                  << "UU: node(s) had untolerated taint {dedicated: user1}";
    QTest::newRow("untolerated NoSchedule, 1.34") << "1.34" << QStringList{"dedicated=user1:NoSchedule"} << QStringList{}
                                                  << "UU: node(s) had untolerated taint {dedicated: user1}";
    QTest::newRow("untolerated NoSchedule, 1.35") << "1.35" << QStringList{"dedicated=user1:NoSchedule"} << QStringList{}
                                                  << generic;
    QTest::newRow("untolerated NoExecute, 1.26") << "1.26" << QStringList{"evict=now:NoExecute"} << QStringList{}
                                                 << "UU: node(s) had untolerated taint {evict: now}";
    // an empty value prints as "{k: }"
    QTest::newRow("empty taint value, 1.26") << "1.26" << QStringList{"node-role.kubernetes.io/control-plane=:NoSchedule"}
                                             << QStringList{}
                                             << "UU: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }";
    // PreferNoSchedule is for scoring only
    QTest::newRow("PreferNoSchedule ignored") << "" << QStringList{"soft=x:PreferNoSchedule"} << QStringList{} << "ok";
    // Equal: key and value must match, effect empty or equal
    QTest::newRow("Equal tolerates") << "" << QStringList{"dedicated=user1:NoSchedule"}
                                     << QStringList{"dedicated|Equal|user1|NoSchedule"} << "ok";
    QTest::newRow("Equal with another value") << "1.26" << QStringList{"dedicated=user1:NoSchedule"}
                                              << QStringList{"dedicated|Equal|user2|NoSchedule"}
                                              << "UU: node(s) had untolerated taint {dedicated: user1}";
    QTest::newRow("Equal empty equals empty") << "" << QStringList{"flag=:NoSchedule"} << QStringList{"flag|Equal||NoSchedule"}
                                              << "ok";
    // Exists ignores the value
    QTest::newRow("Exists tolerates any value") << "" << QStringList{"dedicated=user1:NoSchedule"}
                                                << QStringList{"dedicated|Exists||NoSchedule"} << "ok";
    // empty key with Exists tolerates every taint
    QTest::newRow("empty key Exists tolerates all")
        << "" << QStringList{"a=1:NoSchedule", "b=2:NoExecute"} << QStringList{"|Exists||"} << "ok";
    // omitted effect matches every effect
    QTest::newRow("omitted effect") << "" << QStringList{"a=1:NoExecute"} << QStringList{"a|Equal|1|"} << "ok";
    // a NoSchedule toleration does not cover a NoExecute taint
    QTest::newRow("wrong effect") << "1.26" << QStringList{"a=1:NoExecute"} << QStringList{"a|Equal|1|NoSchedule"}
                                  << "UU: node(s) had untolerated taint {a: 1}";
    // an unknown operator tolerates nothing
    QTest::newRow("unknown operator") << "1.26" << QStringList{"a=1:NoSchedule"} << QStringList{"a|Gt|1|NoSchedule"}
                                      << "UU: node(s) had untolerated taint {a: 1}";
    // first untolerated in spec order: a is tolerated, b and c are not -> b is reported
    QTest::newRow("first untolerated taint reported")
        << "1.26" << QStringList{"a=1:NoSchedule", "b=2:NoExecute", "c=3:NoSchedule"}
        << QStringList{"a|Exists||"} << "UU: node(s) had untolerated taint {b: 2}";
    // PreferNoSchedule taints before it are skipped
    QTest::newRow("PreferNoSchedule skipped in order")
        << "1.26" << QStringList{"p=0:PreferNoSchedule", "c=3:NoSchedule"} << QStringList{}
        << "UU: node(s) had untolerated taint {c: 3}";
    QTest::newRow("several untolerated, newest") << "" << QStringList{"a=1:NoSchedule", "b=2:NoExecute"} << QStringList{}
                                                 << generic;
    // the key must match when set
    QTest::newRow("other key") << "" << QStringList{"a=1:NoSchedule"} << QStringList{"b|Exists||"} << generic;
    // clang-format on
}

void TstTaintToleration::filter() {
    QFETCH(QString, version);
    QFETCH(QStringList, taints);
    QFETCH(QStringList, tolerations);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    NodeBuilder nb = tc.node("n1");
    for (const QString& t : taints) addTaint(nb, t);
    nb.add();
    PodBuilder pb = tc.pod("p");
    for (const QString& t : tolerations) addToleration(pb, t);
    const Pod& pod = pb.add();
    tc.refresh();

    TaintToleration pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    QCOMPARE(QString::fromStdString(describe(pl.filter(state, pod, tc.nodeInfo("n1")), tc.cluster.pool)), expected);
}

void TstTaintToleration::score_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("nodes");  // "name|taint;taint"
    QTest::addColumn<QStringList>("tolerations");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("normalized");
    // scoresSameEverywhere: true exactly when no node has a PreferNoSchedule taint (rows that
    // normalize to one value for another reason, e.g. every node raw 1, still say false)
    QTest::addColumn<bool>("same");

    // raw = intolerable PreferNoSchedule taints; normalize reverse with max 3:
    // 0 -> 100 - 0 = 100; 1 -> 100 - 100*1/3 = 100 - 33 = 67; 2 -> 100 - 66 = 34; 3 -> 0
    QTest::newRow("counts 0..3")
        << QStringList{"n0|", "n1|a=1:PreferNoSchedule", "n2|a=1:PreferNoSchedule;b=2:PreferNoSchedule",
                       "n3|a=1:PreferNoSchedule;b=2:PreferNoSchedule;c=3:PreferNoSchedule"}
        << QStringList{} << "n0=0 n1=1 n2=2 n3=3" << "n0=100 n1=67 n2=34 n3=0" << false;
    // nothing intolerable anywhere: max 0 -> every node 100
    QTest::newRow("all zero") << QStringList{"n0|", "n1|a=1:NoSchedule"} << QStringList{} << "n0=0 n1=0"
                              << "n0=100 n1=100" << true;
    // only PreferNoSchedule taints count; the toleration for a (PreferNoSchedule) removes it:
    // n1 raw 0, n2 raw 1 (b) -> 100, 0
    QTest::newRow("tolerated PreferNoSchedule")
        << QStringList{"n1|a=1:PreferNoSchedule;x=1:NoSchedule", "n2|a=1:PreferNoSchedule;b=2:PreferNoSchedule"}
        << QStringList{"a|Equal|1|PreferNoSchedule"} << "n1=0 n2=1" << "n1=100 n2=0" << false;
    // only NoSchedule / NoExecute taints: no PreferNoSchedule one anywhere -> raw 0, 100 each
    QTest::newRow("hard taints only") << QStringList{"n1|a=1:NoSchedule", "n2|b=2:NoExecute", "n3|"} << QStringList{}
                                      << "n1=0 n2=0 n3=0" << "n1=100 n2=100 n3=100" << true;
    // a toleration with an empty effect counts for scoring too
    QTest::newRow("toleration without effect")
        << QStringList{"n1|a=1:PreferNoSchedule", "n2|b=2:PreferNoSchedule"} << QStringList{"a|Exists||"}
        << "n1=0 n2=1" << "n1=100 n2=0" << false;
    // a NoSchedule toleration is not kept for scoring: both nodes raw 1 -> 100 - 100 = 0
    QTest::newRow("NoSchedule toleration ignored for scoring")
        << QStringList{"n1|a=1:PreferNoSchedule", "n2|b=2:PreferNoSchedule"} << QStringList{"a|Equal|1|NoSchedule"}
        << "n1=1 n2=1" << "n1=0 n2=0" << false;
    // raw {1, 4}: 1 -> 100 - 100*1/4 = 75; 4 -> 0
    QTest::newRow("counts 1 and 4")
        << QStringList{"n1|a=1:PreferNoSchedule",
                       "n2|a=1:PreferNoSchedule;b=1:PreferNoSchedule;c=1:PreferNoSchedule;d=1:PreferNoSchedule"}
        << QStringList{} << "n1=1 n2=4" << "n1=75 n2=0" << false;
    // clang-format on
}

void TstTaintToleration::score() {
    QFETCH(QStringList, nodes);
    QFETCH(QStringList, tolerations);
    QFETCH(QString, raw);
    QFETCH(QString, normalized);
    QFETCH(bool, same);

    TestCluster tc;
    QStringList order;
    for (const QString& n : nodes) {
        const QStringList parts = n.split('|');
        NodeBuilder nb = tc.node(parts.value(0).toStdString());
        for (const QString& t : parts.value(1).split(';', Qt::SkipEmptyParts)) addTaint(nb, t);
        nb.add();
        order << parts.value(0);
    }
    PodBuilder pb = tc.pod("p");
    for (const QString& t : tolerations) addToleration(pb, t);
    const Pod& pod = pb.add();
    tc.refresh();

    TaintToleration pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    std::vector<NodeInfo*> infos;
    for (const QString& n : order) infos.push_back(const_cast<NodeInfo*>(&tc.nodeInfo(n.toStdString())));
    QVERIFY(pl.preScore(state, pod, infos).isSuccess());
    QCOMPARE(pl.scoresSameEverywhere(state, pod), same);
    std::vector<NodeScore> scores(infos.size());
    QStringList rawOut;
    for (std::size_t i = 0; i < infos.size(); ++i) {
        scores[i].node = static_cast<int>(i);
        QVERIFY(pl.score(state, pod, *infos[i], scores[i].score).isSuccess());
        rawOut << order[static_cast<qsizetype>(i)] + "=" + QString::number(scores[i].score);
    }
    QCOMPARE(rawOut.join(' '), raw);
    QVERIFY(pl.hasNormalizeScore());
    QVERIFY(pl.normalizeScore(state, pod, scores).isSuccess());
    QStringList normOut;
    for (std::size_t i = 0; i < infos.size(); ++i)
        normOut << order[static_cast<qsizetype>(i)] + "=" + QString::number(scores[i].score);
    QCOMPARE(normOut.join(' '), normalized);
    // the runtime leaves a "same" row out of the totals: it must be one value on every node
    if (same)
        for (const NodeScore& ns : scores) QCOMPARE(ns.score, scores.front().score);
}

// scoresSameEverywhere reads only the nodes the snapshot updated since its last call: a
// PreferNoSchedule taint added to a node turns it false, removing it turns it true again, and
// so does removing the only tainted node.
void TstTaintToleration::sameEverywhereFollowsNodeUpdates() {
    TestCluster tc;
    tc.node("n1").add();
    const Node& n2 = tc.node("n2").taint("x", "1", TaintEffect::NoSchedule).add();
    const Pod& pod = tc.pod("p").add();
    tc.refresh();
    TaintToleration pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    QVERIFY(pl.scoresSameEverywhere(state, pod));  // n2's taint is NoSchedule

    Node soft = n2;
    soft.taints.push_back(Taint{tc.sym("y"), tc.sym("2"), TaintEffect::PreferNoSchedule});
    tc.cache.updateNode(n2, soft);
    tc.refresh();
    QVERIFY(!pl.scoresSameEverywhere(state, pod));  // n2 now has one
    QVERIFY(!pl.scoresSameEverywhere(state, pod));  // nothing changed since: still false

    tc.cache.updateNode(soft, n2);
    tc.refresh();
    QVERIFY(pl.scoresSameEverywhere(state, pod));  // taken off again

    tc.cache.updateNode(n2, soft);
    tc.refresh();
    QVERIFY(!pl.scoresSameEverywhere(state, pod));
    tc.cache.removeNode(soft);
    tc.refresh();
    QVERIFY(pl.scoresSameEverywhere(state, pod));  // the list rebuilt without n2: n1 only
}

QTEST_GUILESS_MAIN(TstTaintToleration)
#include "tst_taint_toleration.moc"
