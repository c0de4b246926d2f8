// The Capacity panel's C++ side: the group and fragmentation models on outcomes built by hand
// (every figure derived in the comments), and the controller over the real
// SimulationController: the small test cluster measured off the GUI thread, regrouped, and
// written as the Markdown report berthctl's compareReport writes.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/capacity/capacity_controller.h"
#include "app/simulation_controller.h"
#include "plan/capacity/compare_report.h"

using namespace berth;
using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");
constexpr std::int64_t kGi = std::int64_t{1} << 30;

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

bool measured(CapacityController& capacity) {
    return QTest::qWaitFor([&] { return !capacity.computing(); }, 30000) && capacity.valid();
}

/// zone-a: 3 of 8 cpu, 20Gi of 16Gi (overcommitted on purpose: the headroom stays 0);
/// nodes without the label: 0 of 2 cpu, 0 of 4Gi.
plan::capacity::ConfigOutcome handMade() {
    plan::capacity::ConfigOutcome o;
    o.name = "plan";
    o.utilization["cpu"]["zone-a"] = {3000, 8000};
    o.utilization["memory"]["zone-a"] = {20 * kGi, 16 * kGi};
    o.utilization["cpu"][""] = {0, 2000};
    o.utilization["memory"][""] = {0, 4 * kGi};
    o.moreReferencePods = {{"n1", 3}, {"n2", 0}, {"n3", 12}, {"n4", 0}, {"n5", 1}};
    return o;
}

}  // namespace

class TestCapacityController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void groupRows() {
        CapacityGroupModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setOutcome(handMade());
        // std::map order: "" (shown as "(none)") before "zone-a".
        QCOMPARE(m.count(), 2);
        QCOMPARE(m.values(QStringLiteral("group")), (QVariantList{QStringLiteral("(none)"), QStringLiteral("zone-a")}));
        QCOMPARE(m.values(QStringLiteral("cpuRequested")), (QVariantList{0.0, 3.0}));
        // Headroom: 2 - 0 = 2 cores; 8 - 3 = 5 cores.
        QCOMPARE(m.values(QStringLiteral("cpuHeadroom")), (QVariantList{2.0, 5.0}));
        // Memory in GiB; zone-a asks 20 of 16: no headroom, never a negative bar.
        QCOMPARE(m.values(QStringLiteral("memoryRequested")), (QVariantList{0.0, 20.0}));
        QCOMPARE(m.values(QStringLiteral("memoryHeadroom")), (QVariantList{4.0, 0.0}));
        // 3000 / 8000 = 37.5%; 20 / 16 = 125.0%.
        QCOMPARE(m.index(1).data(CapacityGroupModel::CpuTextRole).toString(), QStringLiteral("3 / 8 (37.5%)"));
        QCOMPARE(m.index(1).data(CapacityGroupModel::MemoryTextRole).toString(),
                 QStringLiteral("20Gi / 16Gi (125.0%)"));
        QVERIFY(m.values(QStringLiteral("nonsense")).isEmpty());
        m.clear();
        QCOMPARE(m.count(), 0);
    }

    void fragmentationRows() {
        FragmentationModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setOutcome(handMade());
        // By how many more fit, then by name: n2 0, n4 0, n5 1, n1 3, n3 12.
        QStringList order;
        for (int r = 0; r < m.rowCount(); ++r) order << m.index(r).data(FragmentationModel::NodeRole).toString();
        QCOMPARE(order, (QStringList{"n2", "n4", "n5", "n1", "n3"}));
        QCOMPARE(m.index(4).data(FragmentationModel::MoreRole).toLongLong(), qint64{12});
        // Buckets 0..10+: two nodes take 0, one takes 1, one 3, and n3's 12 counts as "10+".
        const QVariantMap h = m.histogram();
        const QVariantList labels = h.value(QStringLiteral("labels")).toList();
        QCOMPARE(labels.size(), 11);
        QCOMPARE(labels.last().toString(), QStringLiteral("10+"));
        QCOMPARE(h.value(QStringLiteral("nodes")).toList(), (QVariantList{2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1}));
    }

    // The small cluster: 6 web pods of 500m / 1Gi, cache 1 / 4Gi, worker 2 / 2Gi are placed;
    // huge (64 cpu) stays pending. Spreading puts 2 web pods on each schedulable node; cache
    // and worker go to node-b1, the largest. zone-a (2 x 4 cpu, 2 x 16Gi): 4 web = 2 cpu, 4Gi;
    // zone-b (2 x 8 cpu, 2 x 32Gi; the cordoned node-b2 is still a live node, and empty):
    // 2 web + cache + worker = 1 + 1 + 2 = 4 cpu, 2 + 4 + 2 = 8Gi. The reference pod is the
    // web pods' requests, the most common. More of it: node-a1 and node-a2 have 3 cpu free, 6
    // pods each; node-b1 4 cpu, 8 pods; node-b2 is cordoned: 0. (berthctl capacity compare
    // of two default configurations says the same: 25.0% cpu in both zones, 20 more.)
    void measuresThePlan() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        CapacityController& capacity = *c.capacity();
        QSignalSpy changed(&capacity, &CapacityController::changed);
        capacity.refreshIfStale();
        QVERIFY(capacity.computing());
        QVERIFY(measured(capacity));
        QVERIFY2(capacity.error().isEmpty(), qPrintable(capacity.error()));
        QCOMPARE(capacity.summary(), QStringLiteral("8 placed, 1 pending · 3 nodes used, 1 empty"));
        QCOMPARE(capacity.referencePod(), QStringLiteral("500m cpu, 1Gi memory"));
        QCOMPARE(capacity.stranded(), QStringLiteral("0 cpu, 0 memory"));
        CapacityGroupModel& groups = *capacity.groups();
        QCOMPARE(groups.values(QStringLiteral("group")), (QVariantList{QStringLiteral("zone-a"), QStringLiteral("zone-b")}));
        QCOMPARE(groups.values(QStringLiteral("cpuRequested")), (QVariantList{2.0, 4.0}));
        QCOMPARE(groups.values(QStringLiteral("cpuAllocatable")), (QVariantList{8.0, 16.0}));
        QCOMPARE(groups.values(QStringLiteral("memoryRequested")), (QVariantList{4.0, 8.0}));
        QCOMPARE(groups.values(QStringLiteral("memoryHeadroom")), (QVariantList{28.0, 56.0}));
        FragmentationModel& more = *capacity.fragmentation();
        QCOMPARE(more.count(), 4);
        QCOMPARE(more.index(0).data(FragmentationModel::NodeRole).toString(), QStringLiteral("node-b2"));
        QCOMPARE(more.index(3).data(FragmentationModel::NodeRole).toString(), QStringLiteral("node-b1"));
        QCOMPARE(more.index(3).data(FragmentationModel::MoreRole).toLongLong(), qint64{8});

        // Nothing changed: shown again, it is not measured again.
        const int answers = static_cast<int>(changed.count());
        capacity.refreshIfStale();
        QVERIFY(!capacity.computing());
        QCOMPARE(static_cast<int>(changed.count()), answers);

        // The report is berthctl's, on the same plan.
        io::Diagnostics diags;
        const auto direct = plan::capacity::measurePlanCapacity(c.session()->planSession()->input(), {}, "plan",
                                                                "topology.kubernetes.io/zone", std::nullopt, diags);
        QVERIFY(direct);
        const QString report = capacity.markdown();
        QCOMPARE(report.toStdString(), plan::capacity::compareReport(*direct, plan::capacity::ReportFormat::Markdown));
        QVERIFY2(report.contains(QStringLiteral("| zone-a |")), qPrintable(report));

        QTemporaryDir dir;
        const QUrl file = QUrl::fromLocalFile(dir.filePath(QStringLiteral("capacity.md")));
        QCOMPARE(capacity.exportMarkdown(file, false), QString());
        QFile f(file.toLocalFile());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), report);
        // Never overwritten silently.
        QVERIFY(!capacity.exportMarkdown(file, false).isEmpty());
        QCOMPARE(capacity.exportMarkdown(file, true), QString());

        // Grouped by host: one group per node.
        capacity.setGroupBy(QStringLiteral("kubernetes.io/hostname"));
        QVERIFY(measured(capacity));
        QCOMPARE(capacity.groups()->count(), 4);
    }

    // An edit makes the answer stale: a cordon of node-a1 leaves it 0 more pods.
    void editMakesItStale() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        CapacityController& capacity = *c.capacity();
        capacity.refreshIfStale();
        QVERIFY(measured(capacity));
        QSignalSpy applied(&c, &SimulationController::editApplied);
        c.planner()->cordonNode(QStringLiteral("node-a1"));
        QVERIFY(applied.wait(10000));
        capacity.refreshIfStale();
        QVERIFY(capacity.computing());
        QVERIFY(measured(capacity));
        FragmentationModel& f = *capacity.fragmentation();
        for (int r = 0; r < f.rowCount(); ++r)
            if (f.index(r).data(FragmentationModel::NodeRole).toString() == QStringLiteral("node-a1"))
                QCOMPARE(f.index(r).data(FragmentationModel::MoreRole).toLongLong(), qint64{0});
    }
};

QTEST_MAIN(TestCapacityController)
#include "tst_capacity_controller.moc"
