// NodeUnschedulable: a cordoned node rejects pods that do not tolerate
// node.kubernetes.io/unschedulable:NoSchedule (UPSTREAM 4.1). Rows follow upstream's
// node_unschedulable_test.go.

#include <QtTest/QtTest>

#include "core/framework/plugins/nodeunschedulable/node_unschedulable.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

class TstNodeUnschedulable : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();
    void nodeless();
};

void TstNodeUnschedulable::filter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<bool>("unschedulable");
    QTest::addColumn<QString>("tolerationKey");  // "-" = no toleration
    QTest::addColumn<bool>("exists");            // operator Exists (else Equal with value "")
    QTest::addColumn<int>("effect");             // TaintEffect
    QTest::addColumn<QString>("expected");

    const QString rejected = "UU: node(s) were unschedulable";
    const int noSchedule = static_cast<int>(TaintEffect::NoSchedule);
    const int noExecute = static_cast<int>(TaintEffect::NoExecute);
    const int any = static_cast<int>(TaintEffect::None);
    QTest::newRow("schedulable node") << false << "-" << false << any << "ok";
    QTest::newRow("cordoned, no toleration") << true << "-" << false << any << rejected;
    QTest::newRow("cordoned, tolerated (Exists, NoSchedule)") << true << "node.kubernetes.io/unschedulable" << true
                                                              << noSchedule << "ok";
    // Equal with an empty value equals the taint's empty value
    QTest::newRow("cordoned, tolerated (Equal \"\")") << true << "node.kubernetes.io/unschedulable" << false << noSchedule
                                                      << "ok";
    // empty key + Exists tolerates every taint
    QTest::newRow("cordoned, tolerate everything") << true << "" << true << any << "ok";
    // the taint is NoSchedule: a NoExecute toleration does not cover it
    QTest::newRow("cordoned, wrong effect") << true << "node.kubernetes.io/unschedulable" << true << noExecute << rejected;
    QTest::newRow("cordoned, other key") << true << "node.kubernetes.io/not-ready" << true << noSchedule << rejected;
    // clang-format on
}

void TstNodeUnschedulable::filter() {
    QFETCH(bool, unschedulable);
    QFETCH(QString, tolerationKey);
    QFETCH(bool, exists);
    QFETCH(int, effect);
    QFETCH(QString, expected);

    TestCluster tc;
    tc.node("n1").unschedulable(unschedulable).add();
    PodBuilder pb = tc.pod("p");
    if (tolerationKey != "-")
        pb.toleration(tolerationKey.toStdString(), exists ? TolerationOp::Exists : TolerationOp::Equal, "",
                      static_cast<TaintEffect>(effect));
    const Pod& pod = pb.add();
    tc.refresh();

    NodeUnschedulable pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    QCOMPARE(QString::fromStdString(describe(pl.filter(state, pod, tc.nodeInfo("n1")), tc.cluster.pool)), expected);
}

void TstNodeUnschedulable::nodeless() {
    // A NodeInfo without a Node object (a ghost node with pods) -> "unknown conditions".
    TestCluster tc;
    const Pod& pod = tc.pod("p").add();
    NodeUnschedulable pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    const NodeInfo ghost;
    QCOMPARE(QString::fromStdString(describe(pl.filter(state, pod, ghost), tc.cluster.pool)),
             QString("UU: node(s) had unknown conditions"));
}

QTEST_GUILESS_MAIN(TstNodeUnschedulable)
#include "tst_node_unschedulable.moc"
