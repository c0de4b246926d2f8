// The scheduler configuration panel's controller side, through the real controller and
// worker thread: a configuration change (MostAllocated instead of LeastAllocated, a weight)
// re-runs the plan from its starting state, the placement diff lists exactly the pods that
// moved, undo restores the old placements, session files keep the configuration, and a bad
// configuration file is refused with its file and line and changes nothing.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/simulation_controller.h"
#include "berthctl_process.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

/// Pod key -> node ("" when not on one), as the pod list shows it.
QMap<QString, QString> placements(SimulationController& c) {
    QMap<QString, QString> out;
    for (const PodRow& r : c.pods()->rows())
        if (r.phase != PodPhaseUi::Evicted && r.phase != PodPhaseUi::Ignored)
            out[r.key] = r.phase == PodPhaseUi::Bound || r.phase == PodPhaseUi::Preexisting ? r.node : QString();
    return out;
}

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

bool runToEnd(SimulationController& c) {
    QSignalSpy finished(&c, &SimulationController::runFinished);
    c.runToEnd();
    return finished.wait(30000);
}

/// Waits until the re-run is shown and the comparison has arrived.
bool settle(SimulationController& c, QSignalSpy& loaded) {
    return QTest::qWaitFor([&] { return loaded.count() > 0 && !c.busy() && !c.config()->placementDiff()->computing(); },
                           30000);
}

int rowOf(SchedulerConfigModel* m, const QString& name, SchedulerConfigModel::ExtensionPoint point) {
    for (int i = 0; i < m->rowCount(); ++i) {
        const QModelIndex ix = m->index(i);
        if (ix.data(SchedulerConfigModel::NameRole).toString() == name &&
            ix.data(SchedulerConfigModel::PointRole).toInt() == point)
            return i;
    }
    return -1;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestSchedulerConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(QFile::exists(kSmall)); }

    void mostAllocatedMovesPodsAndUndoRestores() {
        SimulationController c;
        QAbstractItemModelTester configTester(c.config()->schedulerConfig(),
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester diffTester(c.config()->placementDiff(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        c.session()->setSeed(7);
        QVERIFY(load(c, kSmall));
        QVERIFY(runToEnd(c));
        const QMap<QString, QString> least = placements(c);
        QCOMPARE(c.config()->schedulerConfig()->strategy(), QStringLiteral("LeastAllocated"));
        QVERIFY(!c.config()->schedulerConfig()->dirty());

        c.config()->schedulerConfig()->setStrategy(QStringLiteral("MostAllocated"));
        QVERIFY(c.config()->schedulerConfig()->dirty());
        QVERIFY(c.config()->schedulerConfig()->errors().isEmpty());
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QCOMPARE(c.config()->apply(), QString());
        QVERIFY(settle(c, loaded));
        QVERIFY(c.finished());  // re-run to the end
        QCOMPARE(c.session()->history()->rowCount(), 1);
        QCOMPARE(c.session()->history()->index(0).data(EditHistoryModel::KindRole).toString(),
                 QStringLiteral("setSchedulerConfig"));
        QCOMPARE(c.config()->schedulerConfig()->strategy(), QStringLiteral("MostAllocated"));
        QVERIFY(!c.config()->schedulerConfig()->dirty());

        // The diff lists exactly the pods whose node differs, with both nodes.
        const QMap<QString, QString> most = placements(c);
        QVERIFY(least != most);
        PlacementDiffModel* diff = c.config()->placementDiff();
        QVERIFY(diff->valid());
        int expected = 0;
        for (auto it = most.begin(); it != most.end(); ++it) expected += least.value(it.key()) != it.value() ? 1 : 0;
        QCOMPARE(diff->count(), expected);
        for (int i = 0; i < diff->rowCount(); ++i) {
            const QModelIndex ix = diff->index(i);
            const QString pod = ix.data(PlacementDiffModel::PodRole).toString();
            QCOMPARE(ix.data(PlacementDiffModel::FromRole).toString(), least.value(pod));
            QCOMPARE(ix.data(PlacementDiffModel::ToRole).toString(), most.value(pod));
        }
        QVERIFY(diff->summary().contains(QStringLiteral("moved")));

        // Undo: the old configuration and the old placements; the diff shows the way back.
        loaded.clear();
        c.session()->undo();
        QVERIFY(settle(c, loaded));
        QCOMPARE(placements(c), least);
        QCOMPARE(c.config()->schedulerConfig()->strategy(), QStringLiteral("LeastAllocated"));
        QCOMPARE(diff->count(), expected);
        // Redo: the configuration again, run to the end.
        loaded.clear();
        c.session()->redo();
        QVERIFY(settle(c, loaded));
        QCOMPARE(placements(c), most);
        QVERIFY(c.finished());
    }

    void weightChangeAndValidation() {
        SimulationController c;
        QAbstractItemModelTester configTester(c.config()->schedulerConfig(),
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        c.session()->setSeed(7);
        QVERIFY(load(c, kSmall));
        SchedulerConfigModel* m = c.config()->schedulerConfig();
        const int fit = rowOf(m, QStringLiteral("NodeResourcesFit"), SchedulerConfigModel::ScorePoint);
        QVERIFY(fit >= 0);
        QCOMPARE(m->index(fit).data(SchedulerConfigModel::WeightRole).toInt(), 1);
        // Upstream: an enabled Score plugin's weight is 1..100.
        m->setWeight(fit, 0);
        QVERIFY(!m->errors().isEmpty());
        QVERIFY(!c.config()->apply().isEmpty());
        QCOMPARE(c.session()->history()->rowCount(), 0);
        m->setWeight(fit, 101);
        QVERIFY(!c.config()->apply().isEmpty());
        m->setWeight(fit, 50);
        const int ports = rowOf(m, QStringLiteral("NodePorts"), SchedulerConfigModel::FilterPoint);
        QVERIFY(ports >= 0);
        m->setEnabled(ports, false);
        QVERIFY(m->errors().isEmpty());
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QCOMPARE(c.config()->apply(), QString());
        QVERIFY(settle(c, loaded));
        QCOMPARE(c.session()->history()->rowCount(), 1);
        const int fitAfter = rowOf(m, QStringLiteral("NodeResourcesFit"), SchedulerConfigModel::ScorePoint);
        QCOMPARE(m->index(fitAfter).data(SchedulerConfigModel::WeightRole).toInt(), 50);
        const int portsAfter = rowOf(m, QStringLiteral("NodePorts"), SchedulerConfigModel::FilterPoint);
        QVERIFY(!m->index(portsAfter).data(SchedulerConfigModel::EnabledRole).toBool());
        // Applying what is in effect is refused; revert drops a draft.
        QVERIFY(!c.config()->apply().isEmpty());
        m->setStrategy(QStringLiteral("RequestedToCapacityRatio"));
        QCOMPARE(m->shapeText(), QStringLiteral("0=0, 100=10"));
        m->setShapeText(QStringLiteral("oops"));
        QVERIFY(!m->errors().isEmpty());
        m->revert();
        QVERIFY(!m->dirty());
        // Reset: upstream's defaults, as a recorded edit.
        loaded.clear();
        QCOMPARE(c.config()->reset(), QString());
        QVERIFY(settle(c, loaded));
        QCOMPARE(c.session()->history()->rowCount(), 2);
        QCOMPARE(m->index(rowOf(m, QStringLiteral("NodeResourcesFit"), SchedulerConfigModel::ScorePoint))
                     .data(SchedulerConfigModel::WeightRole)
                     .toInt(),
                 1);
    }

    void badFileIsRefusedWithFileAndLine() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad-config.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n"
            "- plugins:\n    score:\n      enabled:\n      - name: NoSuchPlugin\n        weight: 200\n");
        f.close();
        SimulationController c;
        QVERIFY(load(c, kSmall));
        const QString error = c.config()->load(QUrl::fromLocalFile(path));
        QVERIFY2(error.contains(QStringLiteral("bad-config.yaml:8")), qPrintable(error));
        QCOMPARE(c.session()->history()->rowCount(), 0);
        QVERIFY(!c.busy());
        QCOMPARE(c.config()->schedulerConfig()->strategy(), QStringLiteral("LeastAllocated"));

        // A good file is applied, named by its file.
        const QString good = dir.filePath(QStringLiteral("pack.yaml"));
        QFile g(good);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(
            "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n"
            "- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy: {type: MostAllocated}\n");
        g.close();
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QCOMPARE(c.config()->load(QUrl::fromLocalFile(good)), QString());
        QVERIFY(settle(c, loaded));
        QCOMPARE(c.config()->schedulerConfig()->strategy(), QStringLiteral("MostAllocated"));
        QCOMPARE(c.config()->schedulerConfig()->source(), QStringLiteral("pack.yaml"));
    }

    void sessionFileKeepsTheConfiguration() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.berth.json"));
        SimulationController a;
        a.session()->setSeed(3);
        QVERIFY(load(a, kSmall));
        a.config()->schedulerConfig()->setStrategy(QStringLiteral("MostAllocated"));
        QSignalSpy loaded(&a, &SimulationController::loadedChanged);
        QCOMPARE(a.config()->apply(), QString());
        QVERIFY(settle(a, loaded));
        QCOMPARE(a.session()->saveSession(QUrl::fromLocalFile(path), false), QString());
        const QJsonObject edit =
            QJsonDocument::fromJson(readAll(path)).object().value(QStringLiteral("edits")).toArray().at(0).toObject();
        QCOMPARE(edit.value(QStringLiteral("op")).toString(), QStringLiteral("setSchedulerConfig"));
        QVERIFY(edit.value(QStringLiteral("yaml")).toString().contains(QStringLiteral("MostAllocated")));

        SimulationController b;
        QSignalSpy loadedB(&b, &SimulationController::loadedChanged);
        QCOMPARE(b.session()->openSession(QUrl::fromLocalFile(path)), QString());
        QVERIFY(QTest::qWaitFor([&] { return loadedB.count() > 0 && !b.busy(); }, 30000));
        QCOMPARE(b.session()->planSession()->document(), a.session()->planSession()->document());
        QCOMPARE(b.config()->schedulerConfig()->strategy(), QStringLiteral("MostAllocated"));
        QCOMPARE(placements(b), placements(a));
    }

    void workloadsExportEqualsBerthctl() {
        // The "workloads" export (the YAML and <name>.placements.csv beside it) equals
        // berthctl's -o workloads and -o csv for the same input, seed and configuration.
        QTemporaryDir dir;
        SimulationController c;
        c.session()->setSeed(42);
        QVERIFY(load(c, kSmall));
        c.config()->schedulerConfig()->setStrategy(QStringLiteral("MostAllocated"));
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QCOMPARE(c.config()->apply(), QString());
        QVERIFY(settle(c, loaded));
        const QString config = dir.filePath(QStringLiteral("config.yaml"));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(c.session()->planSession()->document().edits.at(0).yaml));
        f.close();

        const QString out = dir.filePath(QStringLiteral("plan.yaml"));
        QSignalSpy done(c.session(), &SessionController::exportFinished);
        QCOMPARE(c.session()->exportPlacements(QUrl::fromLocalFile(out), QStringLiteral("workloads"), {}, false),
                 QString());
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(1).toString(), QString());
        const QStringList common{QStringLiteral("schedule"),
                                 QStringLiteral("--seed"),
                                 QStringLiteral("42"),
                                 QStringLiteral("--config"),
                                 config,
                                 QStringLiteral("-f"),
                                 kSmall,
                                 QStringLiteral("-o")};
        const QByteArray yaml = berthctl(common + QStringList{QStringLiteral("workloads")});
        QVERIFY(yaml.contains("kind: Deployment"));
        QVERIFY(yaml.contains("nodeName:"));  // the standalone pods, placed
        QCOMPARE(readAll(out), yaml);
        const QByteArray csv = berthctl(common + QStringList{QStringLiteral("csv")});
        QVERIFY(csv.startsWith("namespace,name,owner,state,node"));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("plan.placements.csv"))), csv);
        // Neither file is overwritten unless asked.
        QVERIFY(
            !c.session()->exportPlacements(QUrl::fromLocalFile(out), QStringLiteral("workloads"), {}, false).isEmpty());
    }
};

QTEST_MAIN(TestSchedulerConfig)
#include "tst_scheduler_config.moc"
