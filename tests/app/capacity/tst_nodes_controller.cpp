// Node > "Add nodes until everything fits…", C++ side: NodesController over the real
// SimulationController on the small test cluster (tests/app/data/small-cluster.yaml). Run to
// the end, its only pending pod is huge (64 cpu): no node there has more than 8. A node of the
// plan as the model cannot take it; the template big-node-template.yaml (80 cpu, 3.5 an hour)
// can: one node of it, big-1. Applied, the answer is ONE edit, and one undo takes it back.

#include <QSignalSpy>
#include <QTest>

#include "app/capacity/nodes_controller.h"
#include "app/simulation_controller.h"

using namespace berth;
using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");
const QUrl kBig = QUrl::fromLocalFile(QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/big-node-template.yaml"));

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

bool answered(NodesController& n) { return QTest::qWaitFor([&] { return !n.computing(); }, 60000); }

}  // namespace

class TestNodesController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void templates() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        NodesController& n = *c.nodeSearch();
        QCOMPARE(n.addNodeModel(QStringLiteral("node-b1")), QString());
        QCOMPARE(n.addNodeModel(QStringLiteral("node-b1")), QStringLiteral("node-b1 is a template already"));
        QCOMPARE(n.addNodeModel(QStringLiteral("nope")), QStringLiteral("no node nope is on show"));
        // A file that is not one Node: berthctl's message, with file and line.
        const QString error = n.addTemplateFile(QUrl::fromLocalFile(kSmall));
        QVERIFY2(error.contains(QStringLiteral("small-cluster.yaml:")) &&
                     error.contains(QStringLiteral("a template holds one Node")),
                 qPrintable(error));
        QCOMPARE(n.addTemplateFile(kBig), QString());
        QCOMPARE(n.templates(), (QStringList{"node-b1 (a copy of the node)", "big-node-template.yaml"}));
        n.removeTemplate(0);
        QCOMPARE(n.templates(), QStringList{"big-node-template.yaml"});
    }

    // node-b1 as the model (8 cpu): huge fits no pool, nothing to add, nothing to apply.
    void aModelThatTakesNothing() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        NodesController& n = *c.nodeSearch();
        QCOMPARE(n.addNodeModel(QStringLiteral("node-b1")), QString());
        n.search();
        QVERIFY(n.computing());
        QVERIFY(answered(n));
        QVERIFY2(n.valid(), qPrintable(n.error()));
        QCOMPARE(n.pools().size(), 1);
        QCOMPARE(n.pools()[0].toMap().value("pool").toString(), QStringLiteral("node-b1"));
        QCOMPARE(n.pools()[0].toMap().value("count").toInt(), 0);
        QCOMPARE(n.unplaceable().size(), 1);
        QCOMPARE(n.unplaceable()[0].toMap().value("pod").toString(), QStringLiteral("default/huge"));
        QVERIFY(!n.applicable());
        QCOMPARE(n.apply(), QStringLiteral("the answer adds no node"));
    }

    // The big template: one node (80 cpu >= 64), 3.5 an hour; applied as one edit, undone as one.
    void oneEditAddsEveryPool() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        NodesController& n = *c.nodeSearch();
        QCOMPARE(n.addTemplateFile(kBig), QString());
        n.setStrategy(QStringLiteral("price"));
        n.search();
        QVERIFY(answered(n));
        QVERIFY2(n.valid(), qPrintable(n.error()));
        QCOMPARE(n.summary(), QStringLiteral("Add 1 node(s) (price), 3.50 per hour: 1 pending before, 0 left · "
                                             "verified by a full run"));
        QCOMPARE(n.pools()[0].toMap().value("count").toInt(), 1);
        QCOMPARE(n.pools()[0].toMap().value("cost").toString(), QStringLiteral("3.50"));
        QVERIFY(n.applicable());
        // Nothing changed on show until applied.
        QCOMPARE(c.session()->history()->appliedCount(), 0);
        QSignalSpy applied(&c, &SimulationController::editApplied);
        QCOMPARE(n.apply(), QString());
        QVERIFY(applied.wait(10000));
        QCOMPARE(c.session()->history()->appliedCount(), 1);
        QCOMPARE(applied.first().at(1).toString(), QStringLiteral("Submit added-nodes-1.yaml"));
        QVERIFY(QTest::qWaitFor([&] { return c.nodes()->indexOf(QStringLiteral("big-1")) >= 0; }, 10000));
        QVERIFY(!n.applicable());  // applied once
        // One undo takes the pool back.
        c.session()->undo();
        QVERIFY(QTest::qWaitFor([&] { return c.nodes()->indexOf(QStringLiteral("big-1")) < 0; }, 10000));
        QCOMPARE(c.session()->history()->appliedCount(), 0);
    }

    void badStrategyAndNoTemplate() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        NodesController& n = *c.nodeSearch();
        n.search();
        QCOMPARE(n.error(), QStringLiteral("pick a node or a Node file as a template first"));
        QCOMPARE(n.addTemplateFile(kBig), QString());
        n.setStrategy(QStringLiteral("cheapest"));
        n.search();
        QCOMPARE(n.error(), QStringLiteral("unknown strategy cheapest (least-waste, most-pods, least-nodes or price)"));
    }
};

QTEST_MAIN(TestNodesController)
#include "tst_nodes_controller.moc"
