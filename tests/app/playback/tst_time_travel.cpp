// Time travel through the real controller and worker thread: stepping back one extension
// point (Left), one pod (Shift+Left) and restarting from t = 0 (Home) show the cluster, the
// queue and the cycle exactly as they were on the way forward; stepping forward again makes
// the same decisions; edits made before a step back are re-applied at their step, and a new
// edit is refused while the playback sits before them. The inspector follows the pod on
// stage and shows nothing the stage has not reached.

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/engine/simulation_worker.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

/// Everything the window draws of the plan at one point of the playback; the event log as
/// its rows' sequence numbers and types.
struct Picture {
    QList<PodRow> pods;
    QList<NodeRow> nodes;
    QList<QueueRow> queue;
    int phase = 0;
    QString pod, node, narration;
    qint64 position = 0;
    QStringList events;
    bool operator==(const Picture&) const = default;
};

Picture picture(SimulationController& c) {
    QStringList events;
    for (const EventRow& e : c.events()->rows()) events << QStringLiteral("%1 %2 %3").arg(e.sequence).arg(e.type, e.pod);
    return {c.pods()->rows(),          c.nodes()->rows(),           c.queue()->rows(), c.cycle()->phase(),
            c.cycle()->pod(),          c.cycle()->node(),           c.cycle()->narration(),
            c.playback()->position(), events};
}

QString describe(const Picture& p) {
    QStringList out{QStringLiteral("step %1 phase %2 %3 -> %4").arg(p.position).arg(p.phase).arg(p.pod, p.node)};
    for (const PodRow& r : p.pods)
        out << QStringLiteral("%1 %2 %3").arg(r.key, PodListModel::phaseName(r.phase), r.node);
    return out.join(QStringLiteral("; "));
}

bool load(SimulationController& c) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({kSmall});
    return loaded.wait(10000);
}

/// Runs a playback command and waits until the worker's answer is on show.
template <typename F>
bool settle(SimulationController& c, F act, int timeoutMs = 10000) {
    const int before = c.revision();
    act();
    return QTest::qWaitFor([&] { return !c.stepPending() && c.revision() > before; }, timeoutMs);
}

bool cordon(SimulationController& c, const QString& node, QString* error) {
    QSignalSpy ok(&c, &SimulationController::editApplied);
    QSignalSpy failed(&c, &SimulationController::editFailed);
    c.planner()->cordonNode(node);
    if (!QTest::qWaitFor([&] { return !ok.isEmpty() || !failed.isEmpty(); }, 10000)) return false;
    if (!failed.isEmpty()) *error = failed.first().at(2).toString();
    return QTest::qWaitFor([&] { return !c.busy(); }, 5000) && !ok.isEmpty();
}

int boundRows(SimulationController& c) {
    int n = 0;
    for (const PodRow& r : c.pods()->rows()) n += r.phase == PodPhaseUi::Bound;
    return n;
}

/// What a jump must show the same: the tables and the position (the log and the cycle on
/// show depend on the way there).
struct Tables {
    QList<PodRow> pods;
    QList<NodeRow> nodes;
    QList<QueueRow> queue;
    qint64 position = 0;
    bool operator==(const Tables&) const = default;
};

Tables tables(SimulationController& c) {
    return {c.pods()->rows(), c.nodes()->rows(), c.queue()->rows(), c.playback()->position()};
}

/// `nodes` 2-cpu nodes and a Deployment of `pods` 300m pods: more than the nodes hold (6 a
/// node), so the run ends with failures and pods left pending.
bool writeWideCluster(const QString& path, int nodes, int pods) {
    QString text;
    for (int i = 0; i < nodes; ++i)
        text += QStringLiteral("apiVersion: v1\nkind: Node\nmetadata: {name: n%1, labels: {kubernetes.io/hostname: n%1}}\n"
                               "status: {allocatable: {cpu: \"2\", memory: 8Gi, pods: \"110\"}}\n---\n")
                    .arg(i);
    text += QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\n"
                           "spec:\n  replicas: %1\n  selector: {matchLabels: {app: web}}\n  template:\n"
                           "    metadata: {labels: {app: web}}\n"
                           "    spec: {containers: [{name: c, resources: {requests: {cpu: 300m}}}]}\n")
                .arg(pods);
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) > 0;
}

bool cordoned(SimulationController& c, const QString& node) {
    // A node edit replaces the node object: the row of the node as it is now is the last.
    bool on = false;
    for (const NodeRow& r : c.nodes()->rows())
        if (r.name == node && !r.removed) on = r.cordoned;
    return on;
}

}  // namespace

class TestTimeTravel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // N twenty times, recording each picture; then Left twenty times must show them again in
    // reverse order (phase by phase within a cycle, the step before from a cycle's first
    // phase), down to the plan as loaded; then N again must show the same pictures: the
    // seeded core makes the same decisions the second time.
    void stepBackRetracesEveryPhase() {
        SimulationController c;
        QVERIFY(load(c));
        std::vector<Picture> forward{picture(c)};
        constexpr int kSteps = 20;
        for (int i = 0; i < kSteps; ++i) {
            QVERIFY(c.cycle()->active() || i == 0);
            if (!c.cycle()->hasNext())
                QVERIFY(settle(c, [&] { c.stepPhase(); }));
            else
                c.stepPhase();  // within the cycle on show: no worker round trip
            forward.push_back(picture(c));
        }
        QVERIFY2(forward.back().position >= 3, qPrintable(describe(forward.back())));
        for (int i = kSteps - 1; i >= 0; --i) {
            if (c.cycle()->hasPrevious())
                c.playback()->stepBack();
            else
                QVERIFY(settle(c, [&] { c.playback()->stepBack(); }));
            const Picture now = picture(c);
            QVERIFY2(now == forward[static_cast<std::size_t>(i)],
                     qPrintable(QStringLiteral("back to %1:\n got  %2\n want %3")
                                    .arg(i)
                                    .arg(describe(now), describe(forward[static_cast<std::size_t>(i)]))));
        }
        QVERIFY(!c.playback()->canStepBack());
        for (int i = 1; i <= kSteps; ++i) {
            if (!c.cycle()->hasNext())
                QVERIFY(settle(c, [&] { c.stepPhase(); }));
            else
                c.stepPhase();
            QVERIFY2(picture(c) == forward[static_cast<std::size_t>(i)], qPrintable(describe(picture(c))));
        }
    }

    // Shift+N five times, then Shift+Left: the picture after four; Home: the plan as loaded
    // (step 0, t = 0, no cycle on show); newestPosition stays 5 throughout.
    void stepPodBackAndRestart() {
        SimulationController c;
        QVERIFY(load(c));
        const Picture loaded = picture(c);
        std::vector<Picture> pods;
        for (int i = 0; i < 5; ++i) {
            QVERIFY(settle(c, [&] { c.step(); }));
            pods.push_back(picture(c));
        }
        QCOMPARE(c.playback()->position(), 5);
        QVERIFY(settle(c, [&] { c.playback()->stepPodBack(); }));
        QVERIFY2(picture(c) == pods[3], qPrintable(describe(picture(c)) + QStringLiteral("\n") + describe(pods[3])));
        QCOMPARE(c.playback()->newestPosition(), 5);
        QVERIFY(settle(c, [&] { c.playback()->restart(); }));
        QVERIFY2(picture(c) == loaded, qPrintable(describe(picture(c))));
        QCOMPARE(c.status()->simTime(), 0.0);
        QCOMPARE(c.playback()->newestPosition(), 5);
        QVERIFY(settle(c, [&] { c.playback()->toNewest(); }));
        QVERIFY2(picture(c) == pods[4], qPrintable(describe(picture(c))));
    }

    // A cordon made at step 4 is part of the plan's past: restarting shows the node
    // schedulable, stepping forward past step 4 cordons it again. A new edit while the
    // playback is before it is refused (its future already holds the cordon); at step 4 or
    // later it is accepted again.
    void editsReplayAtTheirStep() {
        SimulationController c;
        QVERIFY(load(c));
        const QString node = c.nodes()->rows().value(0).name;
        const QString other = c.nodes()->rows().value(1).name;
        for (int i = 0; i < 4; ++i) QVERIFY(settle(c, [&] { c.step(); }));
        QString error;
        QVERIFY2(cordon(c, node, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(cordoned(c, node), 5000);  // the batch after the edit
        QVERIFY(settle(c, [&] { c.step(); }));
        QVERIFY(settle(c, [&] { c.playback()->restart(); }));
        QVERIFY(!cordoned(c, node));
        QVERIFY(!cordon(c, other, &error));
        QVERIFY2(error.contains(QStringLiteral("stepped back")), qPrintable(error));
        QVERIFY(!cordoned(c, other));
        for (int i = 0; i < 4; ++i) QVERIFY(settle(c, [&] { c.step(); }));
        QVERIFY(!cordoned(c, node));  // applied before step 5, as the first time
        QVERIFY(settle(c, [&] { c.step(); }));
        QVERIFY(cordoned(c, node));
        QVERIFY2(cordon(c, other, &error), qPrintable(error));
    }

    // The inspector follows the pod on stage: after N (queue pop) it has selected the popped
    // pod, which reads Pending and in flight with no node, no filter verdicts and no host;
    // at Filter the verdicts, still no scores or host; at Select the host; at Assume the pod
    // reads Assumed on that node.
    void inspectorFollowsTheStage() {
        SimulationController c;
        QVERIFY(load(c));
        Inspector& in = *c.inspector();
        QVERIFY(settle(c, [&] { c.stepPhase(); }));
        QCOMPARE(c.cycle()->phase(), int(CyclePlayback::Pop));
        QCOMPARE(in.selectedPod(), c.cycle()->pod());
        QVERIFY(in.onStage());
        QCOMPARE(in.pod().value(QStringLiteral("phase")).toString(), QStringLiteral("Pending"));
        QCOMPARE(in.pod().value(QStringLiteral("node")).toString(), QString());
        QCOMPARE(in.pod().value(QStringLiteral("queue")).toString(), QStringLiteral("in flight"));
        QCOMPARE(in.chosen(), QString());
        QCOMPARE(in.feasibleCount(), 0);
        QVERIFY(!in.scoreRevealed());
        c.stepPhase();  // Filter
        QVERIFY(in.feasibleCount() > 0);
        QCOMPARE(in.chosen(), QString());
        QVERIFY(!in.scored());
        QVERIFY(in.summary().contains(QStringLiteral("Score comes next")));
        c.stepPhase();  // Score
        QVERIFY(in.scoreRevealed());
        QCOMPARE(in.chosen(), QString());
        c.stepPhase();  // Select
        QCOMPARE(in.chosen(), c.cycle()->node());
        QCOMPARE(in.pod().value(QStringLiteral("phase")).toString(), QStringLiteral("Pending"));
        c.stepPhase();  // Assume
        QCOMPARE(in.pod().value(QStringLiteral("phase")).toString(), QStringLiteral("Assumed"));
        QCOMPARE(in.pod().value(QStringLiteral("node")).toString(), c.cycle()->node());
        // Back to Filter: the host is hidden again.
        c.playback()->stepBack();
        c.playback()->stepBack();
        c.playback()->stepBack();
        QCOMPARE(c.cycle()->phase(), int(CyclePlayback::Filter));
        QCOMPARE(in.chosen(), QString());
        QCOMPARE(in.pod().value(QStringLiteral("phase")).toString(), QStringLiteral("Pending"));
    }

    // The timeline holds each step of the run once: after a run to the end it has every
    // step's time and a bind mark per pod the scheduler bound; a step back and forward again
    // adds nothing; an edit made stepped back drops the marks of the future it replaced and
    // adds its own.
    void timelineMarksEveryStepOnce() {
        SimulationController c;
        QVERIFY(load(c));
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.runToEnd();
        QVERIFY(finished.wait(10000));
        TimelineMarks* t = c.playback()->timeline();
        const qint64 n = c.playback()->newestPosition();
        QCOMPARE(t->recordedSteps(), n);
        QCOMPARE(t->binds(), boundRows(c));
        QVERIFY(t->failures() >= 1);  // "huge" fits no node
        QCOMPARE(t->edits(), 0);
        const int binds = t->binds(), failures = t->failures();
        QVERIFY(settle(c, [&] { c.playback()->seek(n / 2); }));
        QVERIFY(settle(c, [&] { c.playback()->toNewest(); }));
        QCOMPARE(t->binds(), binds);
        QCOMPARE(t->failures(), failures);
        QCOMPARE(t->recordedSteps(), n);
        // Back to step 3 (the pods bound by then are the marks up to it), then a cordon.
        QVERIFY(settle(c, [&] { c.playback()->seek(3); }));
        const int boundAt3 = boundRows(c);
        QString error;
        QVERIFY2(cordon(c, c.nodes()->rows().value(0).name, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(t->edits(), 1, 5000);
        QCOMPARE(t->binds(), boundAt3);
        QCOMPARE(t->recordedSteps(), qint64(3));
        const QVariantList bins = t->bins(10, 3);  // steps 1..3 in 10 columns: the edit's is last
        QCOMPARE(bins.last().toMap().value(QStringLiteral("kind")).toInt(), int(TimelineMarks::Edit));
        QCOMPARE(bins.last().toMap().value(QStringLiteral("step")).toLongLong(), qlonglong(3));
        QCOMPARE(t->secondsAt(3), c.status()->simTime());
    }

    // Above the traced-replay budget (120 nodes x 2,000 steps) a jump starts from a checkpoint
    // or the plan parked there: the same step shows the same cluster and queue whichever way
    // it was reached (a run to the end, a jump back, a jump forward onto a parked plan, a jump
    // from t = 0).
    void checkpointJumpsShowTheSamePlan() {
#if defined(__SANITIZE_THREAD__)
        // Thousands of traced replays under ThreadSanitizer outlast QtTest's 5-minute watchdog;
        // the shelf's build thread is checked there by plan/checkpoint_shelf instead.
        QSKIP("too slow under ThreadSanitizer; plan/checkpoint_shelf covers the shelf's thread");
#endif
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("wide.yaml"));
        QVERIFY(writeWideCluster(file, 120, 1000));
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({file});
        QVERIFY(loaded.wait(30000));
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.runToEnd();
        QVERIFY(finished.wait(120000));
        const qint64 n = c.playback()->newestPosition();
        QVERIFY(120 * (n - 1) > qint64(SimulationWorker::kTracedReplayNodeSteps));
        const Tables end = tables(c);
        QVERIFY(settle(c, [&] { c.playback()->seek(n - 1); }, 60000));
        const Tables before = tables(c);
        QVERIFY(!(before == end));
        QVERIFY(settle(c, [&] { c.playback()->seek(n); }, 60000));
        QVERIFY(tables(c) == end);
        QVERIFY(settle(c, [&] { c.playback()->seek(n - 1); }, 60000));
        QVERIFY(tables(c) == before);
        QVERIFY(settle(c, [&] { c.playback()->restart(); }, 60000));
        QVERIFY(settle(c, [&] { c.playback()->seek(n - 1); }, 60000));
        QVERIFY(tables(c) == before);
        QVERIFY(settle(c, [&] { c.playback()->seek(n / 2); }, 60000));
        QVERIFY(settle(c, [&] { c.playback()->seek(n); }, 60000));
        QVERIFY(tables(c) == end);
    }

    // Not a check (no timed assertions): with BERTH_TRAVEL_BENCH=FILE, what jumps cost in a
    // large run, for docs/performance.md. The run goes to the end, then jumps to a quarter,
    // half, three quarters, the step before the end, t = 0 and the end again.
    void measureJumps() {
        const QString file = qEnvironmentVariable("BERTH_TRAVEL_BENCH");
        if (file.isEmpty()) QSKIP("set BERTH_TRAVEL_BENCH=FILE to measure jumps in a large run");
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({file});
        QVERIFY(loaded.wait(60000));
        QSignalSpy finished(&c, &SimulationController::runFinished);
        QElapsedTimer run;
        run.start();
        c.runToEnd();
        QVERIFY(finished.wait(600000));
        const qint64 n = c.playback()->position();
        qInfo("run to the end: %lld steps, %lld ms; %d bound", n, run.elapsed(), c.status()->boundCount());
        // Twice: at once (the checkpoints are still being built behind the jumps), then after
        // BERTH_TRAVEL_BENCH_WAIT seconds (default 60) for the background build to finish.
        for (int round = 0; round < 2; ++round) {
            const int waitS = qEnvironmentVariableIntValue("BERTH_TRAVEL_BENCH_WAIT");
            if (round == 1) QTest::qWait(1000 * (waitS > 0 ? waitS : 60));
            for (const qint64 target : {n / 4, n / 2, 3 * n / 4, n - 1, qint64(0), n}) {
                QElapsedTimer t;
                t.start();
                QVERIFY(settle(c, [&] { c.playback()->seek(target); }, 300000));
                QCOMPARE(c.playback()->position(), target);
                qInfo("round %d: jump to step %lld of %lld: %lld ms", round + 1, target, n, t.elapsed());
            }
        }
    }
};

QTEST_MAIN(TestTimeTravel)
#include "tst_time_travel.moc"
