// A run that stops before it goes idle (a preemption livelock, Simulation::stoppedBy) says so in
// the window: a RunStopped row in the event log with the reason, and the narration when the
// user steps on at the stop. The cluster: tests/data/preemption-livelock.yaml.

#include <QSignalSpy>
#include <QTest>

#include "app/engine/simulation_worker.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kLivelock = QStringLiteral(BERTH_SOURCE_DIR "/tests/data/preemption-livelock.yaml");

int stoppedRows(SimulationController& c) {
    int n = 0;
    for (const EventRow& e : c.events()->rows())
        if (e.type == QLatin1String("RunStopped") && e.message.startsWith(QLatin1String("a preemption livelock: 1031 pods")))
            ++n;
    return n;
}

}  // namespace

class TstRunStopped : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void livelockIsLoggedAndNarrated() {
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({kLivelock});
        QVERIFY(loaded.wait(10000));
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.runToEnd();
        QVERIFY(finished.wait(60000));
        QVERIFY(QTest::qWaitFor([&] { return stoppedRows(c) == 1; }, 10000));
        // The status bar says why the run ended (the event log has the pods and node).
        QCOMPARE(c.statusText(), QStringLiteral("Stopped on a preemption livelock: 1031 pods preempted at 0.000s: "
                                                "0 bound, 2 pending after 2061 attempts"));
        // A step at the stop: the narration names the reason.
        const int before = c.revision();
        c.step();
        QVERIFY(QTest::qWaitFor([&] { return !c.stepPending() && c.revision() > before; }, 10000));
        QVERIFY2(c.cycle()->narration().startsWith(QLatin1String("The run stopped: a preemption livelock: 1031 pods "
                                                                 "preempted at 0.000s")),
                 qPrintable(c.cycle()->narration()));
        QVERIFY(QTest::qWaitFor([&] { return stoppedRows(c) == 2; }, 10000));
    }
};

QTEST_MAIN(TstRunStopped)
#include "tst_run_stopped.moc"
