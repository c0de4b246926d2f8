// The app's models, driven through the real controller and worker thread: every model is
// watched by QAbstractItemModelTester while a scenario loads and steps to the end.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <memory>

#include "app/canvas/canvas_label_model.h"
#include "app/models/event_log_model.h"
#include "app/models/queue_model.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

QueueRow q(quint32 id, const char* queue, const char* reason = "") {
    QueueRow r;
    r.podId = id;
    r.key = QStringLiteral("default/p%1").arg(id);
    r.queue = QLatin1String(queue);
    r.reason = QLatin1String(reason);
    return r;
}

QList<quint32> ids(const QueueModel& m) {
    QList<quint32> out;
    for (const auto& r : m.rows()) out << r.podId;
    return out;
}

}  // namespace

class TestModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(QFile::exists(kSmall)); }

    void loadAndStepToTheEnd() {
        SimulationController c;
        QAbstractItemModelTester t1(c.nodes(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(c.pods(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(c.queue(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(c.events(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({kSmall});
        QVERIFY(loaded.wait(10000));
        // 4 nodes; 6 Deployment pods + cache + worker + huge = 9 pods, all pending.
        QCOMPARE(c.nodes()->rowCount(), 4);
        QCOMPARE(c.pods()->rowCount(), 9);
        QCOMPARE(c.status()->pendingCount(), 9);
        QCOMPARE(c.queue()->activeCount(), 9);
        QCOMPARE(c.nodes()->data(c.nodes()->index(3), NodeListModel::CordonedRole).toBool(), true);
        // Scale's starting value: the Deployment's 6 replicas (its pods are owned by its
        // ReplicaSet; PodRow::owner names the Deployment); no other namespace, no bare pod.
        QCOMPARE(c.pods()->countOwnedBy(QStringLiteral("default"), QStringLiteral("Deployment/web")), 6);
        QCOMPARE(c.pods()->countOwnedBy(QStringLiteral("other"), QStringLiteral("Deployment/web")), 0);
        QCOMPARE(c.pods()->countOwnedBy(QStringLiteral("default"), QString()), 0);
        QCOMPARE(c.nodes()->data(c.nodes()->index(0), NodeListModel::ZoneRole).toString(), QStringLiteral("zone-a"));

        // Step one cycle at a time: the queue shrinks, pods gain nodes, rows never reset.
        QSignalSpy resets(c.pods(), &QAbstractItemModel::modelReset);
        QSignalSpy finished(&c, &SimulationController::runFinished);
        QSignalSpy stats(&c, &SimulationController::statsChanged);
        // `huge` keeps the clock busy: backoff and unschedulable-pool flushes until the
        // leftover retry (5 simulated minutes) shows nothing changed — a few hundred steps.
        for (int i = 0; i < 5000 && finished.isEmpty(); ++i) {
            const auto before = stats.count();
            c.step();
            QVERIFY(stats.count() > before || stats.wait(5000));
        }
        QVERIFY(!finished.isEmpty());
        QCOMPARE(resets.count(), 0);
        // Everything but `huge` (64 cpu > any node) binds.
        QCOMPARE(c.status()->boundCount(), 8);
        QCOMPARE(c.status()->pendingCount(), 1);
        const int huge = c.pods()->indexOf(QStringLiteral("default/huge"));
        QVERIFY(huge >= 0);
        const QModelIndex hi = c.pods()->index(huge);
        QCOMPARE(hi.data(PodListModel::PhaseRole).toString(), QStringLiteral("Pending"));
        QVERIFY2(hi.data(PodListModel::MessageRole).toString().contains(QStringLiteral("Insufficient cpu")),
                 qPrintable(hi.data(PodListModel::MessageRole).toString()));
        QCOMPARE(c.queue()->rowCount(), 1);
        QCOMPARE(c.queue()->unschedulableCount(), 1);
        // No pod sits on the cordoned node; requested cpu adds up to the bound pods' requests.
        qint64 cpu = 0;
        for (int r = 0; r < c.nodes()->rowCount(); ++r)
            cpu += c.nodes()->index(r).data(NodeListModel::CpuRequestedRole).toLongLong();
        QCOMPARE(cpu, 6 * 500 + 1000 + 2000);
        QCOMPARE(c.nodes()->index(3).data(NodeListModel::PodCountRole).toInt(), 0);
        QVERIFY(c.events()->rowCount() > 9);
        const QVariantMap details = c.inspector()->nodeDetails(QStringLiteral("node-b1"));
        QCOMPARE(details.value(QStringLiteral("podCount")).toInt(),
                 details.value(QStringLiteral("pods")).toList().size());
    }

    void runToEndAndReload() {
        SimulationController c;
        QAbstractItemModelTester t1(c.nodes(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(c.pods(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(c.queue(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(c.events(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.session()->loadFiles({kSmall});
        QVERIFY(loaded.wait(10000));
        c.runToEnd();
        QVERIFY(finished.wait(20000));
        QCOMPARE(c.status()->boundCount(), 8);
        QVERIFY(!c.running());
        // A second load resets everything.
        c.session()->loadFiles({kSmall});
        QVERIFY(loaded.wait(10000));
        QCOMPARE(c.status()->pendingCount(), 9);
        QCOMPARE(c.events()->rowCount(), 0);
    }

    void queueUpdatesIncrementally_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QList<quint32>>("before");
        QTest::addColumn<QList<quint32>>("after");
        QTest::newRow("pop head") << QList<quint32>{1, 2, 3} << QList<quint32>{2, 3};
        QTest::newRow("append") << QList<quint32>{1, 2} << QList<quint32>{1, 2, 3, 4};
        QTest::newRow("reorder") << QList<quint32>{1, 2, 3, 4} << QList<quint32>{4, 2, 1, 3};
        QTest::newRow("replace all") << QList<quint32>{1, 2} << QList<quint32>{5, 6, 7};
        QTest::newRow("to empty") << QList<quint32>{1, 2, 3} << QList<quint32>{};
        QTest::newRow("mixed") << QList<quint32>{1, 2, 3, 4, 5} << QList<quint32>{6, 5, 3, 7, 1};
    }
    void queueUpdatesIncrementally() {
        QFETCH(QList<quint32>, before);
        QFETCH(QList<quint32>, after);
        QueueModel m;
        QAbstractItemModelTester t(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<QueueRow> rows;
        for (quint32 id : before) rows << q(id, "active");
        m.reset(rows);
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
        rows.clear();
        for (quint32 id : after) rows << q(id, id % 2 ? "active" : "backoff", "why");
        m.update(rows);
        QCOMPARE(ids(m), after);
        QCOMPARE(resets.count(), 0);
        for (int i = 0; i < m.rowCount(); ++i) QCOMPARE(m.index(i).data(QueueModel::ReasonRole).toString(), QStringLiteral("why"));
    }

    void eventLogKeepsTheNewest() {
        EventLogModel m(nullptr, 10);
        QAbstractItemModelTester t(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto batch = [](quint64 first, int n) {
            QList<EventRow> rows;
            for (int i = 0; i < n; ++i) {
                EventRow e;
                e.sequence = first + static_cast<quint64>(i);
                e.type = QStringLiteral("PodQueued");
                rows << e;
            }
            return rows;
        };
        m.append(batch(0, 6));
        m.append(batch(6, 6));  // 12 > cap 10: the two oldest go
        QCOMPARE(m.rowCount(), 10);
        QCOMPARE(m.index(0).data(EventLogModel::SequenceRole).toULongLong(), 2ull);
        m.append(batch(100, 25));  // a batch above the cap keeps its own newest 10
        QCOMPARE(m.rowCount(), 10);
        QCOMPARE(m.index(0).data(EventLogModel::SequenceRole).toULongLong(), 115ull);
        QCOMPARE(m.index(9).data(EventLogModel::SequenceRole).toULongLong(), 124ull);
    }

    // The canvas labels update in place (the QML Repeater keeps its Text items): a changed
    // label is one dataChanged, a longer or shorter list inserts or removes at the end only.
    void canvasLabelsUpdateInPlace_data() {
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        QTest::addColumn<int>("changed");   // rows reported by dataChanged
        QTest::addColumn<int>("inserted");
        QTest::addColumn<int>("removed");
        QTest::newRow("same") << QStringList{"a", "b"} << QStringList{"a", "b"} << 0 << 0 << 0;
        QTest::newRow("one text") << QStringList{"Pending (3)", "zone-a", "n1"}
                                  << QStringList{"Pending (2)", "zone-a", "n1"} << 1 << 0 << 0;
        QTest::newRow("grows") << QStringList{"a"} << QStringList{"a", "b", "c"} << 0 << 2 << 0;
        QTest::newRow("shrinks, tail changed") << QStringList{"a", "b", "c"} << QStringList{"a", "x"} << 1 << 0 << 1;
        QTest::newRow("to empty") << QStringList{"a", "b"} << QStringList{} << 0 << 0 << 2;
    }
    void canvasLabelsUpdateInPlace() {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        QFETCH(int, changed);
        QFETCH(int, inserted);
        QFETCH(int, removed);
        auto labels = [](const QStringList& texts) {
            QList<CanvasLabel> l;
            for (int i = 0; i < texts.size(); ++i) l << CanvasLabel{texts[i], 10.0 * i, 5, 100, 12, false, QStringLiteral("#222")};
            return l;
        };
        CanvasLabelModel m;
        QAbstractItemModelTester t(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setLabels(labels(before));
        int changedRows = 0, insertedRows = 0, removedRows = 0;
        connect(&m, &QAbstractItemModel::dataChanged, this,
                [&](const QModelIndex& a, const QModelIndex& b) { changedRows += b.row() - a.row() + 1; });
        connect(&m, &QAbstractItemModel::rowsInserted, this,
                [&](const QModelIndex&, int first, int last) { insertedRows += last - first + 1; });
        connect(&m, &QAbstractItemModel::rowsRemoved, this,
                [&](const QModelIndex&, int first, int last) { removedRows += last - first + 1; });
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
        m.setLabels(labels(after));
        QCOMPARE(changedRows, changed);
        QCOMPARE(insertedRows, inserted);
        QCOMPARE(removedRows, removed);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(m.rowCount(), after.size());
        for (int i = 0; i < after.size(); ++i) QCOMPARE(m.index(i).data(CanvasLabelModel::CaptionRole).toString(), after[i]);
    }
};

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
