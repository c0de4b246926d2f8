// A run that stops before it goes idle (a preemption livelock, Simulation::stoppedBy) says so in
// the window: a RunStopped row in the event log with the reason, and the narration when the
// user steps on at the stop. The cluster: tst_cli_main's preemptionLivelockStopsWithExitSix.

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/engine/simulation_worker.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QByteArray kLivelock = R"(apiVersion: v1
kind: Node
metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: db, namespace: default, uid: uid-db}
spec:
  replicas: 1
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: c, image: busybox}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: db-0
  namespace: default
  labels: {app: db}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: db, uid: uid-db, controller: true}]
spec:
  nodeName: node-a
  containers: [{name: c, image: busybox, resources: {requests: {cpu: "3"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: default}
spec:
  priorityClassName: high
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: busybox, resources: {requests: {cpu: "2"}}}]
)";

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
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("livelock.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kLivelock);
        f.close();
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({path});
        QVERIFY(loaded.wait(10000));
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.runToEnd();
        QVERIFY(finished.wait(60000));
        QVERIFY(QTest::qWaitFor([&] { return stoppedRows(c) == 1; }, 10000));
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
