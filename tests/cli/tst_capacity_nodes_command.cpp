// `berthctl capacity nodes` as a user runs it: the README's example answers with exit status
// 0, bad input is reported with file, line and object and exit status 1 with nothing on
// standard output, and a missing --node-template is a usage error (2).

#include <QProcess>
#include <QTest>

namespace {

struct Result {
    int status = -1;
    QString out;
    QString err;
};

Result berthctl(const QStringList& args) {
    QProcess p;
    p.setWorkingDirectory(QStringLiteral(BERTH_SOURCE_DIR "/resources/examples/capacity"));
    p.start(QStringLiteral(BERTHCTL_PATH), args);
    p.waitForFinished(120000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

const QStringList kExample{"capacity",           "nodes",           "-f",
                           "nodes-cluster.yaml", "--node-template", "pool-small.yaml",
                           "--node-template",    "pool-large.yaml"};

}  // namespace

class TestCapacityNodesCommand : public QObject {
    Q_OBJECT
private slots:
    void readmeExample() {
        // Hand check: 16 web pods (500m) and a cache pod pending; a small node has 3.75 cpu
        // once the agent's 250m is counted: 7 + 7 + 2 web and the cache -> 3 nodes.
        const Result r = berthctl(kExample + QStringList{"-o", "json"});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.startsWith(R"({"strategy":"least-waste","add":[{"pool":"small","count":3,"costPerHour":0.6}],)"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(R"("verified":true)"));
        QVERIFY(
            r.out.contains(R"("smallerMix":{"strategy":"least-nodes","nodes":1,"add":[{"pool":"large","count":1}]})"));
        const Result table = berthctl(kExample);
        QCOMPARE(table.status, 0);
        QVERIFY(table.out.startsWith("Add 3 nodes (3 x small), 0.6 per hour; strategy least-waste.\n"));
    }
    void unknownStrategy() {
        const Result r = berthctl(kExample + QStringList{"--strategy", "cheapest"});
        QCOMPARE(r.status, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("--strategy: error: unknown strategy \"cheapest\""), qPrintable(r.err));
    }
    void templateNotANode() {
        const Result r =
            berthctl({"capacity", "nodes", "-f", "nodes-cluster.yaml", "--node-template", "checkout.yaml"});
        QCOMPARE(r.status, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(
                     "checkout.yaml:2:1: error: Deployment shop/checkout: a template holds one Node, not a Deployment"),
                 qPrintable(r.err));
    }
    void twoObjects() {
        const Result r =
            berthctl({"capacity", "nodes", "-f", "nodes-cluster.yaml", "--node-template", "nodes-cluster.yaml"});
        QCOMPARE(r.status, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("nodes-cluster.yaml:") &&
                     r.err.contains("error: Node base-2: a template holds one Node, and this is a second object"),
                 qPrintable(r.err));
    }
    void nodeTemplateRequired() {
        const Result r = berthctl({"capacity", "nodes", "-f", "nodes-cluster.yaml"});
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(r.err.contains("capacity nodes needs --node-template FILE"));
    }
};

QTEST_GUILESS_MAIN(TestCapacityNodesCommand)
#include "tst_capacity_nodes_command.moc"
