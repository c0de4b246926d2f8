// Long operations through the real controller and worker thread: each shows its progress in
// controller.operations and can be cancelled, and a cancel leaves the user's session exactly
// as it was — a cancelled load keeps the plan on show, a cancelled undo keeps the history, a
// cancelled run to the end pauses, a cancelled export writes nothing.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/models/operation_list_model.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

bool loadAndWait(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    // Done once the plan is shown and its operation has left the list.
    return loaded.wait(60000) && QTest::qWaitFor([&] { return !c.busy() && c.operations()->count() == 0; }, 5000);
}

/// `nodes` nodes in three zones and `pods` pending pods (100m cpu, 128Mi each), every one a
/// document of its own: a load that takes a while to read.
QByteArray bigCluster(int nodes, int pods) {
    QByteArray out;
    for (int i = 0; i < nodes; ++i)
        out += QStringLiteral(
                   "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-%1\n  labels:\n"
                   "    kubernetes.io/hostname: node-%1\n    topology.kubernetes.io/zone: zone-%2\n"
                   "status:\n  allocatable: {cpu: \"16\", memory: 64Gi, pods: \"110\"}\n")
                   .arg(i)
                   .arg(QChar(u'a' + i % 3))
                   .toUtf8();
    for (int i = 0; i < pods; ++i)
        out += QStringLiteral(
                   "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-%1\n  namespace: default\n"
                   "  labels: {app: app-%2}\nspec:\n  containers:\n  - name: c\n    image: busybox\n"
                   "    resources: {requests: {cpu: 100m, memory: 128Mi}}\n")
                   .arg(i)
                   .arg(i % 10)
                   .toUtf8();
    return out;
}

/// The operations' rows as "title: detail" lines.
QStringList rows(const OperationListModel& m) {
    QStringList out;
    for (int i = 0; i < m.rowCount(); ++i) {
        const QModelIndex idx = m.index(i);
        out << idx.data(OperationListModel::TitleRole).toString() + QStringLiteral(": ") +
                   idx.data(OperationListModel::DetailRole).toString();
    }
    return out;
}

}  // namespace

class TestOperations : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_big;  // 500 nodes, 5,000 pending pods: a run of it takes long enough to watch

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // The recent-files list (QSettings) of a test goes to a test location.
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        // Written here rather than by `berthctl generate`: the ThreadSanitizer pass runs this
        // test, and TSan cannot follow a fork from a process that already has threads.
        m_big = m_dir.filePath(QStringLiteral("big.yaml"));
        QFile f(m_big);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bigCluster(500, 5000));
    }

    void modelShowsProgressAndCancels() {
        OperationListModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto loading = std::make_shared<berth::core::Progress>();
        const int id = m.begin(QStringLiteral("Loading big.yaml"), loading);
        QCOMPARE(m.count(), 1);
        QCOMPARE(rows(m), QStringList{QStringLiteral("Loading big.yaml: waiting")});
        QCOMPARE(m.index(0).data(OperationListModel::FractionRole).toDouble(), -1.0);  // not started: indeterminate

        // The worker side reports; the model shows it at its next poll.
        loading->start(berth::core::Progress::Phase::Loading, 4'000'000);
        loading->add(1'000'000);
        QTRY_COMPARE(m.index(0).data(OperationListModel::FractionRole).toDouble(), 0.25);
        QCOMPARE(rows(m), QStringList{QStringLiteral("Loading big.yaml: reading manifests: 1.0 of 4.0 MB")});
        auto run = std::make_shared<berth::core::Progress>();
        berth::core::SettledPods settled;
        settled.begin(*run, 10);  // 10 pods waiting
        settled.update(*run, 4);  // 6 settled
        settled.update(*run, 9);  // a controller added 5 pods: 6 of 15
        QCOMPARE(run->done(), 6u);
        QCOMPARE(run->total(), 15u);
        const int runId = m.begin(QStringLiteral("Running to the end"), run);
        QCOMPARE(rows(m).last(), QStringLiteral("Running to the end: scheduling: 6 of 15 pods settled"));

        // Cancel asks; the row stays until the operation says it has stopped.
        m.cancel(id);
        QVERIFY(loading->cancelled());
        QVERIFY(!run->cancelled());
        QVERIFY(m.index(0).data(OperationListModel::CancellingRole).toBool());
        QCOMPARE(rows(m).first(), QStringLiteral("Loading big.yaml: cancelling…"));
        loading->finish();
        QTRY_COMPARE(m.count(), 1);
        QCOMPARE(m.index(0).data(OperationListModel::IdRole).toInt(), runId);
        m.cancelAll();
        QVERIFY(run->cancelled());
        m.end(runId);
        QCOMPARE(m.count(), 0);
    }

    void cancelledLoadKeepsTheSession() {
        SimulationController c;
        QVERIFY(loadAndWait(c, kSmall));
        const QList<NodeRow> nodes = c.nodes()->rows();
        const int recent = c.session()->recentFiles()->count();
        const auto input = c.session()->planSession()->input();

        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({m_big});
        QCOMPARE(c.operations()->count(), 1);
        QVERIFY(c.busy());
        c.cancelOperations();
        QTRY_VERIFY_WITH_TIMEOUT(!c.busy(), 30000);
        QVERIFY2(c.statusText().startsWith(QStringLiteral("Cancelled: Loading big.yaml")), qPrintable(c.statusText()));
        // Nothing changed: the plan on show, its session, the recent files.
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(c.source(), QStringLiteral("small-cluster.yaml"));
        QCOMPARE(c.nodes()->rows(), nodes);
        QCOMPARE(c.session()->planSession()->input(), input);
        QCOMPARE(c.session()->recentFiles()->count(), recent);
        QTRY_COMPARE(c.operations()->count(), 0);
        // And the same load, not cancelled, goes through.
        QVERIFY(loadAndWait(c, m_big));
        QCOMPARE(c.nodes()->rowCount(), 500);
        QCOMPARE(c.session()->recentFiles()->count(), recent + 1);
    }

    void cancelledUndoKeepsTheHistory() {
        SimulationController c;
        QVERIFY(loadAndWait(c, m_big));
        QSignalSpy applied(&c, &SimulationController::editApplied);
        const QString node = c.nodes()->rows().first().name;
        c.planner()->cordonNode(node);
        QVERIFY(applied.wait(10000));
        QTRY_VERIFY(!c.busy());
        // The batch that shows the edit (an edited node is a new row; indexOf finds it).
        QTRY_VERIFY(c.nodes()->rows().value(c.nodes()->indexOf(node)).cordoned);
        const QList<NodeRow> nodes = c.nodes()->rows();

        c.session()->undo();
        c.cancelOperations();
        QTRY_VERIFY_WITH_TIMEOUT(!c.busy(), 30000);
        QCOMPARE(c.session()->history()->appliedCount(), 1);  // the cordon is still in effect
        QVERIFY(c.session()->canUndo());
        QCOMPARE(c.nodes()->rows(), nodes);
        QVERIFY2(c.statusText().startsWith(QStringLiteral("Cancelled: Undo")), qPrintable(c.statusText()));
    }

    void cancelledRunPauses() {
        SimulationController c;
        QVERIFY(loadAndWait(c, m_big));
        QCOMPARE(c.status()->pendingCount(), 5000);
        c.runToEnd();
        QCOMPARE(rows(*c.operations()), QStringList{QStringLiteral("Running to the end: waiting")});
        // Cancelled before its first tick (or a few ticks in, on a busy machine): it pauses
        // far from the end, and the operation goes.
        c.cancelOperations();
        QTRY_VERIFY_WITH_TIMEOUT(!c.running(), 30000);
        QTRY_COMPARE(c.operations()->count(), 0);
        QVERIFY2(!c.finished(), "a cancelled run stops before the end");
        QVERIFY(c.status()->pendingCount() > 0);
    }

    void runToEndEndsItsOperation() {
        // A run that is not cancelled: its operation goes when the run ends. (The small
        // cluster: a sanitizer build runs the big one to its end too slowly for a test.)
        SimulationController c;
        QVERIFY(loadAndWait(c, kSmall));
        c.runToEnd();
        QCOMPARE(c.operations()->count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(c.finished(), 60000);
        QTRY_COMPARE(c.operations()->count(), 0);
        QVERIFY(c.status()->boundCount() > 0);
    }

    void cancelledExportWritesNothing() {
        SimulationController c;
        QVERIFY(loadAndWait(c, m_big));
        const QString out = m_dir.filePath(QStringLiteral("plan.yaml"));
        QSignalSpy finished(c.session(), &SessionController::exportFinished);
        QCOMPARE(c.session()->exportPlacements(QUrl::fromLocalFile(out), QStringLiteral("pods"), {}, false), QString());
        QCOMPARE(c.operations()->count(), 1);
        c.cancelOperations();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled"));
        QVERIFY(!QFile::exists(out));
        QVERIFY2(c.statusText().startsWith(QStringLiteral("Export cancelled")), qPrintable(c.statusText()));
        QTRY_COMPARE(c.operations()->count(), 0);
    }
};

QTEST_MAIN(TestOperations)
#include "tst_operations.moc"
