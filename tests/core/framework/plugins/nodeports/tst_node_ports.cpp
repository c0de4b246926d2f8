// NodePorts: host-port conflicts (0.0.0.0 against every IP, protocol and IP defaults), the
// PreFilter Skip for pods without host ports (>= 1.28) and sidecar ports (>= 1.29)
// (UPSTREAM 4.5). Conflict rows follow upstream's node_ports_test.go.

#include <QtTest/QtTest>

#include <string>

#include "core/framework/plugins/nodeports/node_ports.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

/// "UDP/127.0.0.1/8080"; "TCP//8080" leaves the host IP unset (defaults to 0.0.0.0),
/// "/1.2.3.4/80" leaves the protocol unset (defaults to TCP). A "sidecar:" prefix puts the port
/// on a restartable init container.
void addPort(PodBuilder& pb, QString spec) {
    const bool sidecar = spec.startsWith("sidecar:");
    if (sidecar) spec.remove(0, 8);
    const QStringList f = spec.split('/');
    if (sidecar) {
        pb.initRequests("", true);
        pb.initHostPort(f.value(2).toInt(), f.value(0).toStdString(), f.value(1).toStdString());
    } else {
        pb.hostPort(f.value(2).toInt(), f.value(0).toStdString(), f.value(1).toStdString());
    }
}

}  // namespace

class TstNodePorts : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();
};

void TstNodePorts::filter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("used");    // ports of a pod already on the node
    QTest::addColumn<QStringList>("wanted");  // ports of the incoming pod
    QTest::addColumn<QString>("preFilter");
    QTest::addColumn<QString>("expected");

    const QString conflict = "U: node(s) didn't have free ports for the requested pod ports";
    QTest::newRow("nothing running") << "" << QStringList{} << QStringList{"UDP/127.0.0.1/8080"} << "ok" << "ok";
    QTest::newRow("other port") << "" << QStringList{"UDP/127.0.0.1/9090"} << QStringList{"UDP/127.0.0.1/8080"} << "ok"
                                << "ok";
    QTest::newRow("same udp port") << "" << QStringList{"UDP/127.0.0.1/8080"} << QStringList{"UDP/127.0.0.1/8080"} << "ok"
                                   << conflict;
    QTest::newRow("same tcp port") << "" << QStringList{"TCP/127.0.0.1/8080"} << QStringList{"TCP/127.0.0.1/8080"} << "ok"
                                   << conflict;
    QTest::newRow("different host ip") << "" << QStringList{"TCP/127.0.0.1/8080"} << QStringList{"TCP/127.0.0.2/8080"}
                                       << "ok" << "ok";
    QTest::newRow("different protocol") << "" << QStringList{"TCP/127.0.0.1/8080"} << QStringList{"UDP/127.0.0.1/8080"}
                                        << "ok" << "ok";
    QTest::newRow("second udp port conflict") << "" << QStringList{"UDP/127.0.0.1/8001"}
                                              << QStringList{"UDP/127.0.0.1/8000", "UDP/127.0.0.1/8001"} << "ok" << conflict;
    // wanted 0.0.0.0 conflicts with the same protocol/port on any IP
    QTest::newRow("0.0.0.0 wanted, specific used") << "" << QStringList{"TCP/127.0.0.1/8001"}
                                                   << QStringList{"TCP/0.0.0.0/8001"} << "ok" << conflict;
    // a specific IP conflicts with the port used on 0.0.0.0
    QTest::newRow("specific wanted, 0.0.0.0 used") << "" << QStringList{"TCP/0.0.0.0/8001"}
                                                   << QStringList{"TCP/127.0.0.1/8001"} << "ok" << conflict;
    QTest::newRow("0.0.0.0 wanted, other protocol used") << "" << QStringList{"TCP/127.0.0.1/8001"}
                                                         << QStringList{"UDP/0.0.0.0/8001"} << "ok" << "ok";
    // defaults: no host IP = 0.0.0.0, no protocol = TCP
    QTest::newRow("defaulted host ip") << "" << QStringList{"TCP/10.0.0.1/80"} << QStringList{"TCP//80"} << "ok" << conflict;
    QTest::newRow("defaulted protocol") << "" << QStringList{"TCP/10.0.0.1/80"} << QStringList{"/10.0.0.1/80"} << "ok"
                                        << conflict;
    // no host ports: PreFilter Skip from 1.28 (Filter is then not run by the framework);
    // v1.26 runs the Filter, which passes
    QTest::newRow("no host ports, newest") << "" << QStringList{"TCP/0.0.0.0/80"} << QStringList{} << "Skip" << "ok";
    QTest::newRow("no host ports, 1.28") << "1.28" << QStringList{"TCP/0.0.0.0/80"} << QStringList{} << "Skip" << "ok";
    QTest::newRow("no host ports, 1.26") << "1.26" << QStringList{"TCP/0.0.0.0/80"} << QStringList{} << "ok" << "ok";
    // sidecar (restartable init container) ports count from 1.29, on both sides
    QTest::newRow("sidecar port wanted, newest") << "" << QStringList{"TCP/0.0.0.0/9000"}
                                                 << QStringList{"sidecar:TCP/0.0.0.0/9000"} << "ok" << conflict;
    QTest::newRow("sidecar port wanted, 1.26") << "1.26" << QStringList{"TCP/0.0.0.0/9000"}
                                               << QStringList{"sidecar:TCP/0.0.0.0/9000"} << "ok" << "ok";
    QTest::newRow("sidecar port used, newest") << "" << QStringList{"sidecar:TCP/0.0.0.0/9000"}
                                               << QStringList{"TCP/0.0.0.0/9000"} << "ok" << conflict;
    QTest::newRow("sidecar port used, 1.26") << "1.26" << QStringList{"sidecar:TCP/0.0.0.0/9000"}
                                             << QStringList{"TCP/0.0.0.0/9000"} << "ok" << "ok";
    // clang-format on
}

void TstNodePorts::filter() {
    QFETCH(QString, version);
    QFETCH(QStringList, used);
    QFETCH(QStringList, wanted);
    QFETCH(QString, preFilter);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    tc.node("n1").capacity("cpu=4,memory=8Gi").add();
    PodBuilder existing = tc.pod("existing");
    for (const QString& p : used) addPort(existing, p);
    existing.on("n1").add();
    PodBuilder pb = tc.pod("p");
    for (const QString& p : wanted) addPort(pb, p);
    const Pod& pod = pb.add();
    tc.refresh();

    NodePorts pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    PreFilterResult r;
    QCOMPARE(QString::fromStdString(describe(pl.preFilter(state, pod, r), tc.cluster.pool)), preFilter);
    QVERIFY(r.allNodes());
    QCOMPARE(QString::fromStdString(describe(pl.filter(state, pod, tc.nodeInfo("n1")), tc.cluster.pool)), expected);
}

QTEST_GUILESS_MAIN(TstNodePorts)
#include "tst_node_ports.moc"
