// Node > "Drain or cordon a group…", C++ side: the report model on an answer built by hand,
// and the controller over the real SimulationController on the small test cluster (zone-a:
// node-a1, node-a2; zone-b: node-b1, node-b2, cordoned). Cordoning a group is one edit (a
// Group of per-node edits; a single node's is a plain edit); the drain of zone-a is simulated
// off the GUI thread and its report is the one
// `berthctl capacity drain --selector topology.kubernetes.io/zone=zone-a` writes.

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include "app/capacity/group_drain_controller.h"
#include "app/simulation_controller.h"
#include "plan/capacity/drain_report.h"

using namespace berth;
using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");
const QString kZone = QStringLiteral("topology.kubernetes.io/zone");

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

}  // namespace

class TestGroupDrainController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reportRows() {
        DrainReportModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        plan::capacity::DrainAnswer a;
        a.evicted.push_back({"default/web-1", "n1", "default/web-9", "n3"});
        a.evicted.push_back({"default/job-1", "n1", "default/job-2", ""});
        a.blocked.push_back({"default/db-0", "n2", plan::capacity::kBudgetRefusal});
        m.setAnswer(a);
        // Evicted first, in eviction order, then blocked.
        QCOMPARE(m.count(), 3);
        QCOMPARE(m.index(0).data(DrainReportModel::TextRole).toString(),
                 QStringLiteral("default/web-1 evicted from n1 → default/web-9 on n3"));
        QCOMPARE(m.index(1).data(DrainReportModel::TextRole).toString(),
                 QStringLiteral("default/job-1 evicted from n1 → default/job-2 on pending"));
        QCOMPARE(m.index(2).data(DrainReportModel::BlockedRole).toBool(), true);
        QCOMPARE(m.index(2).data(DrainReportModel::NodeRole).toString(), QStringLiteral("n2"));
        m.clear();
        QCOMPARE(m.count(), 0);
    }

    void groupOfNodes() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        GroupDrainController& g = *c.groupDrain();
        QCOMPARE(g.labelValues(kZone), (QStringList{"zone-a", "zone-b"}));
        QCOMPARE(g.nodesOf(kZone, QStringLiteral("zone-a")), (QStringList{"node-a1", "node-a2"}));
        QVERIFY(g.nodesOf(kZone, QStringLiteral("zone-c")).isEmpty());
        QVERIFY(!g.cordonGroup(kZone, QStringLiteral("zone-c")).isEmpty());
        // zone-b: node-b2 is cordoned already, so one edit, for node-b1.
        QSignalSpy applied(&c, &SimulationController::editApplied);
        QCOMPARE(g.cordonGroup(kZone, QStringLiteral("zone-b")), QString());
        QVERIFY(applied.wait(10000));
        QCOMPARE(c.session()->history()->appliedCount(), 1);
        QCOMPARE(applied.first().at(1).toString(), QStringLiteral("Cordon node-b1"));  // (kind, description)
    }

    // Draining zone-a. The plan run to the end has two web replicas on each zone-a node
    // (spreading puts 2 of the 6 on each schedulable node; cache and worker went to node-b1,
    // the largest). Both zone-a nodes are cordoned, then their 4 web pods evicted; the
    // ReplicaSet replaces each, and the only schedulable node left is node-b1 (node-b2 is
    // cordoned in the file). Nothing is blocked; huge (64 cpu) stays pending.
    void drainsAZone() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        GroupDrainController& g = *c.groupDrain();
        QAbstractItemModelTester tester(g.report(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        g.simulateDrain(kZone, QStringLiteral("zone-a"), false, false);
        QVERIFY(g.computing());
        QVERIFY(QTest::qWaitFor([&] { return !g.computing(); }, 30000));
        QVERIFY2(g.valid(), qPrintable(g.error()));
        QCOMPARE(g.summary(), QStringLiteral("topology.kubernetes.io/zone=zone-a: 2 nodes drained, 4 pods evicted, 0 "
                                             "blocked; 1 pending after"));
        DrainReportModel& r = *g.report();
        QCOMPARE(r.count(), 4);
        for (int i = 0; i < r.count(); ++i) {
            const QModelIndex ix = r.index(i);
            QVERIFY(!ix.data(DrainReportModel::BlockedRole).toBool());
            QVERIFY(ix.data(DrainReportModel::NodeRole).toString().startsWith(QStringLiteral("node-a")));
            QVERIFY(ix.data(DrainReportModel::PodRole).toString().startsWith(QStringLiteral("default/web-")));
            QVERIFY(ix.data(DrainReportModel::ReplacementRole).toString().startsWith(QStringLiteral("default/web-")));
            QCOMPARE(ix.data(DrainReportModel::ToRole).toString(), QStringLiteral("node-b1"));
        }

        // The report is berthctl's on the same plan.
        std::string error;
        auto thePlan = plan::runPlanToEnd(c.session()->planSession()->input(), {}, error);
        QVERIFY(thePlan);
        plan::capacity::DrainRequest request;
        request.selector = "topology.kubernetes.io/zone=zone-a";
        io::Diagnostics diags;
        const auto direct = plan::capacity::simulateDrain(*thePlan, request, diags);
        QVERIFY(direct);
        QCOMPARE(g.markdown().toStdString(),
                 plan::capacity::drainReport(*direct, plan::capacity::ReportFormat::Markdown));
        // The plan on show is untouched: nothing recorded.
        QCOMPARE(c.session()->history()->appliedCount(), 0);
    }
};

QTEST_MAIN(TestGroupDrainController)
#include "tst_group_drain_controller.moc"
