// "How many more fit?" on a pod, C++ side: FitController over the real SimulationController
// on the small test cluster (tests/app/data/small-cluster.yaml). Run to the end, that plan
// has (tst_group_drain_controller's drainsAZone) two web replicas (500m, 1Gi each) on each
// schedulable node, cache (1 cpu, 4Gi) and worker (2 cpu, 2Gi) on node-b1, node-b2 cordoned
// and huge (64 cpu) pending. Free cpu: node-a1 and node-a2 4 - 1 = 3 cpu, node-b1
// 8 - 1 - 1 - 2 = 4 cpu; memory is never short.

#include <QSignalSpy>
#include <QTest>

#include "app/capacity/fit_controller.h"
#include "app/simulation_controller.h"

using namespace berth;
using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

QString firstPodOf(SimulationController& c, const QString& prefix) {
    for (const PodRow& r : c.pods()->rows())
        if (r.key.startsWith(prefix)) return r.key;
    return {};
}

bool answered(FitController& f) { return QTest::qWaitFor([&] { return !f.computing(); }, 30000); }

QVariantMap counts(const QVariantList& list, const QString& keyName) {
    QVariantMap out;
    for (const QVariant& v : list) out[v.toMap().value(keyName).toString()] = v.toMap().value("count");
    return out;
}

}  // namespace

class TestFitController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A web replica: more of the Deployment web, from its 6 replicas. 500m each: node-a1 and
    // node-a2 take 3 / 0.5 = 6 each, node-b1 4 / 0.5 = 8: 20, zone-a 12 and zone-b 8. The 21st
    // finds no node: node-b2 cordoned, the other three short of cpu.
    void moreOfAWorkload() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        FitController& f = *c.fit();
        const QString web = firstPodOf(c, QStringLiteral("default/web-"));
        QVERIFY(!web.isEmpty());
        QSignalSpy ops(c.operations(), &QAbstractItemModel::rowsInserted);
        f.ask(web);
        QVERIFY(f.computing());
        QCOMPARE(ops.count(), 1);  // listed with the long operations: progress and Cancel
        QVERIFY(answered(f));
        QVERIFY2(f.valid(), qPrintable(f.error()));
        QCOMPARE(f.pod(), web);
        QCOMPARE(f.fits(), 20);
        QCOMPARE(f.summary(), QStringLiteral("Deployment default/web: 20 more fit (6 replicas now)"));
        QCOMPARE(counts(f.byZone(), "zone"), (QVariantMap{{"zone-a", 12}, {"zone-b", 8}}));
        QCOMPARE(counts(f.byNode(), "node"), (QVariantMap{{"node-a1", 6}, {"node-a2", 6}, {"node-b1", 8}}));
        QVERIFY(f.stoppedBy().startsWith(QStringLiteral("the next replica (default/web-")));
        QCOMPARE(f.nextMessage(),
                 QStringLiteral("0/4 nodes are available: 1 node(s) were unschedulable, 3 Insufficient cpu."));

        // The answer is the plan layer's on the same plan (what berthctl capacity fit runs).
        std::string error;
        auto thePlan = plan::runPlanToEnd(c.session()->planSession()->input(), {}, error);
        QVERIFY(thePlan);
        plan::capacity::FitRequest request;
        request.pod = web.toStdString();
        io::Diagnostics diags;
        const auto direct = plan::capacity::howManyMoreFit(*thePlan, request, diags);
        QVERIFY(direct);
        QCOMPARE(f.fits(), int(direct->fits));
        QCOMPARE(f.nextMessage().toStdString(), direct->nextMessage);
        // The plan on show is untouched: nothing recorded.
        QCOMPARE(c.session()->history()->appliedCount(), 0);
    }

    // worker (no owner): copies of it, 2 cpu each: node-a1 3 / 2 = 1, node-a2 1, node-b1 4 / 2 = 2.
    void copiesOfAPlainPod() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        FitController& f = *c.fit();
        f.ask(QStringLiteral("default/worker"));
        QVERIFY(answered(f));
        QVERIFY2(f.valid(), qPrintable(f.error()));
        QCOMPARE(f.summary(), QStringLiteral("Pod default/worker: 4 more fit"));
        QCOMPARE(counts(f.byNode(), "node"), (QVariantMap{{"node-a1", 1}, {"node-a2", 1}, {"node-b1", 2}}));
    }

    void unknownPodIsAnError() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        FitController& f = *c.fit();
        f.ask(QStringLiteral("default/nope"));
        QVERIFY(answered(f));
        QVERIFY(!f.valid());
        QCOMPARE(f.error(), QStringLiteral("the plan has no pod default/nope"));
    }

    // The ghosts are about the plan they were asked of: the next edit clears them, and so does
    // clear().
    void anEditClearsTheAnswer() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        FitController& f = *c.fit();
        f.ask(QStringLiteral("default/worker"));
        QVERIFY(answered(f));
        QVERIFY(f.valid());
        QSignalSpy applied(&c, &SimulationController::editApplied);
        c.planner()->cordonNode(QStringLiteral("node-a1"));
        QVERIFY(applied.wait(10000));
        QVERIFY(!f.valid());
        QVERIFY(f.byNode().isEmpty());
        QVERIFY(f.pod().isEmpty());

        f.ask(QStringLiteral("default/worker"));
        QVERIFY(answered(f));
        QVERIFY(f.valid());
        // With node-a1 cordoned before the run, the six web replicas spread over node-a2 and
        // node-b1, three each (one per zone, one per node: default spreading), 1.5 cpu: node-a2
        // has 4 - 1.5 = 2.5 cpu free, one worker copy; node-b1 8 - 1.5 - 1 - 2 = 3.5, one.
        QCOMPARE(f.fits(), 2);
        f.clear();
        QVERIFY(!f.valid());
        // A question under way is dropped by clear(): nothing arrives after it.
        f.ask(QStringLiteral("default/worker"));
        f.clear();
        QVERIFY(!f.computing());
        QTest::qWait(200);
        QVERIFY(!f.valid());
    }
};

QTEST_MAIN(TestFitController)
#include "tst_fit_controller.moc"
