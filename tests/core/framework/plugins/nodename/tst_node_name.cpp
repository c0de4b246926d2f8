// NodeName: a pod with spec.nodeName fits only that node (UPSTREAM 4.2).

#include <QtTest/QtTest>

#include "core/framework/plugins/nodename/node_name.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

class TstNodeName : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();
};

void TstNodeName::filter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("podNodeName");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("expected");

    QTest::newRow("no node name") << "" << "foo" << "ok";
    QTest::newRow("node name matches") << "foo" << "foo" << "ok";
    QTest::newRow("node name does not match") << "bar" << "foo" << "UU: node(s) didn't match the requested node name";
    // names are compared exactly
    QTest::newRow("prefix is not a match") << "fo" << "foo" << "UU: node(s) didn't match the requested node name";
    // clang-format on
}

void TstNodeName::filter() {
    QFETCH(QString, podNodeName);
    QFETCH(QString, node);
    QFETCH(QString, expected);

    TestCluster tc;
    tc.node(node.toStdString()).add();
    PodBuilder pb = tc.pod("p");
    if (!podNodeName.isEmpty()) pb.nodeName(podNodeName.toStdString());
    const Pod& pod = pb.add();
    tc.refresh();

    NodeName pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    QCOMPARE(QString::fromStdString(describe(pl.filter(state, pod, tc.nodeInfo(node.toStdString())), tc.cluster.pool)),
             expected);
}

QTEST_GUILESS_MAIN(TstNodeName)
#include "tst_node_name.moc"
