// The worker with pod lifetimes (berth.dev/duration), through the real controller and worker
// thread: a Job's pods complete on the simulated clock, the step that plays a completion says
// so, the pod list shows them Succeeded and off their node, the event log has a PodSucceeded
// row for each, and stepping back over a completion and forward again shows the same.

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/engine/simulation_worker.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

/// One 2-cpu node a1; Job etl: completions 2, parallelism 1, pods of 1 cpu running 10 s.
const char* kJob = R"(apiVersion: v1
kind: Node
metadata: {name: a1, labels: {kubernetes.io/hostname: a1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: batch/v1
kind: Job
metadata: {name: etl, namespace: default}
spec:
  parallelism: 1
  completions: 2
  template:
    metadata: {annotations: {berth.dev/duration: 10s}}
    spec:
      restartPolicy: Never
      containers: [{name: c, image: app, resources: {requests: {cpu: "1"}}}]
)";

bool load(SimulationController& c, const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(kJob) <= 0) return false;
    f.close();
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

/// Runs a playback command and waits until the worker's answer is on show.
template <typename F>
bool settle(SimulationController& c, F act, int timeoutMs = 10000) {
    const int before = c.revision();
    act();
    return QTest::qWaitFor([&] { return !c.stepPending() && c.revision() > before; }, timeoutMs);
}

QString rows(SimulationController& c) {
    QStringList out;
    for (const PodRow& r : c.pods()->rows())
        out << QStringLiteral("%1 %2 %3").arg(r.key, PodListModel::phaseName(r.phase), r.node);
    return out.join(QStringLiteral("; "));
}

}  // namespace

class TestSimulationWorker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void completionsShowInTheStepsTheListAndTheLog() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        SimulationController c;
        QVERIFY(load(c, dir.filePath(QStringLiteral("job.yaml"))));
        QCOMPARE(c.pods()->rows().size(), qsizetype{1});  // the Job's first pod
        const QString first = c.pods()->rows().at(0).key;
        // Shift+N until a step plays the first completion: the pop, its bind at 10 ms, the
        // backoff flush ticking each second, then the completion at 10.010 s; at most 40.
        QString narration;
        for (int i = 0; i < 40 && !narration.contains(QStringLiteral("succeeded")); ++i) {
            QVERIFY(settle(c, [&] { c.step(); }));
            narration = c.cycle()->narration();
        }
        QCOMPARE(narration, QStringLiteral("Pod %1 succeeded after 10s; its room on node a1 is free.").arg(first));
        const qint64 atCompletion = c.playback()->position();
        const QString picture = rows(c);
        // The first pod Succeeded, off its node; the Job made the second, pending.
        QCOMPARE(c.pods()->rows().size(), qsizetype{2});
        QVERIFY2(c.pods()->rows().at(0).phase == PodPhaseUi::Succeeded, qPrintable(picture));
        QVERIFY2(c.pods()->rows().at(0).nodeId < 0, qPrintable(picture));
        QVERIFY2(c.pods()->rows().at(1).phase == PodPhaseUi::Pending, qPrintable(picture));
        // Back over the completion and forward again: the same rows.
        QVERIFY(settle(c, [&] { c.playback()->stepPodBack(); }));
        QVERIFY2(c.pods()->rows().at(0).phase == PodPhaseUi::Bound, qPrintable(rows(c)));
        QVERIFY(settle(c, [&] { c.step(); }));
        QCOMPARE(c.playback()->position(), atCompletion);
        QCOMPARE(rows(c), picture);
        // To the end: both succeeded (the second at 20.020 s: popped at 10.010 s, bound 10 ms
        // later, 10 s), a PodSucceeded row for each in the log.
        c.runToEnd();
        QTRY_VERIFY_WITH_TIMEOUT(c.finished(), 10000);
        QVERIFY(QTest::qWaitFor([&] { return !c.busy(); }, 5000));
        QCOMPARE(c.pods()->rows().size(), qsizetype{2});
        for (const PodRow& r : c.pods()->rows()) QVERIFY2(r.phase == PodPhaseUi::Succeeded, qPrintable(rows(c)));
        int succeeded = 0;
        for (const EventRow& e : c.events()->rows()) succeeded += e.type == QLatin1String("PodSucceeded");
        QCOMPARE(succeeded, 2);
        QCOMPARE(c.status()->simTime(), 20.02);
    }
};

QTEST_MAIN(TestSimulationWorker)
#include "tst_simulation_worker.moc"
