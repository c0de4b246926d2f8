// Timelines in the GUI (issue 17), through the real controller and worker thread: File > Open
// timeline… (SessionController::openTimeline) and berth --timeline (setLaunchTimeline) give the
// worker's plan the file's timed edits, which it plays on the simulated clock as berthctl
// --timeline does; the scrubber's marks list each edit, pending until the run reaches it; a
// file with an error is refused with file:line and the session stays; the session file and
// the autosave keep the timed edits, so reopening replays them.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

#include "app/session/session_document.h"
#include "app/session/timeline_open.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");
const QString kTimeline = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-timeline.yaml");

bool waitLoaded(SimulationController& c, const std::function<void()>& act) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    act();
    return loaded.wait(10000) && QTest::qWaitFor([&] { return !c.busy(); }, 5000);
}

bool runToEnd(SimulationController& c) {
    QSignalSpy finished(&c, &SimulationController::runFinished);
    c.runToEnd();
    return finished.wait(30000);
}

/// The rows that differ, for a failure's message.
QString rowDifferences(const QList<PodRow>& got, const QList<PodRow>& want) {
    QStringList out{QStringLiteral("%1 rows against %2").arg(got.size()).arg(want.size())};
    for (qsizetype i = 0; i < std::min(got.size(), want.size()); ++i)
        if (!(got[i] == want[i]))
            out << QStringLiteral("%1: node %2/%3 (id %4/%5) phase %6/%7 queue %8/%9 attempts %10/%11 message '%12'/'%13'")
                       .arg(got[i].key, got[i].node, want[i].node)
                       .arg(got[i].nodeId)
                       .arg(want[i].nodeId)
                       .arg(static_cast<int>(got[i].phase))
                       .arg(static_cast<int>(want[i].phase))
                       .arg(got[i].queue, want[i].queue)
                       .arg(got[i].attempts)
                       .arg(want[i].attempts)
                       .arg(got[i].message, want[i].message);
    return out.join(QStringLiteral("; "));
}

bool writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

const NodeRow* node(SimulationController& c, const QString& name) {
    for (const NodeRow& r : c.nodes()->rows())
        if (r.name == name && !r.removed) return &r;
    return nullptr;
}

int webPods(SimulationController& c) {
    int n = 0;
    for (const PodRow& r : c.pods()->rows()) n += r.key.startsWith(QStringLiteral("default/web-")) && r.phase != PodPhaseUi::Evicted;
    return n;
}

QVariantMap timedEdit(SimulationController& c, int i) { return c.playback()->timeline()->timedEdits().value(i).toMap(); }

/// Steps until timed edit `i` is applied (at most 500 steps): the narration after each step.
QStringList stepToTimedEdit(SimulationController& c, int i) {
    QStringList narrations;
    for (int n = 0; n < 500 && timedEdit(c, i).value(QStringLiteral("step")).toLongLong() < 0; ++n) {
        c.step();
        if (!QTest::qWaitFor([&] { return !c.stepPending(); }, 10000)) return {QStringLiteral("<step not answered>")};
        narrations << c.cycle()->narration();
    }
    return narrations;
}

}  // namespace

class TestTimelineOpen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsTheFileAsBerthctlDoes() {
        const TimelineOpen t = readTimelineForSession(kTimeline);
        QVERIFY(t.problems.isEmpty());
        QCOMPARE(t.edits.size(), std::size_t{2});
        // The sources name the file (not its folder) and each event's first line.
        QCOMPARE(t.edits[0].source, std::string("small-timeline.yaml:6"));
        QCOMPARE(t.edits[1].at, 60 * berth::core::kSecond);

        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty.yaml"));
        QVERIFY(writeFile(empty, "apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents: []\n"));
        QCOMPARE(readTimelineForSession(empty).problems.value(0),
                 QStringLiteral("empty.yaml: no timed events (a Timeline document's events)"));
        QVERIFY(readTimelineForSession(dir.filePath(QStringLiteral("missing.yaml"))).problems.value(0).contains(
            QStringLiteral("missing.yaml: ")));
    }

    void refusesABadFileAndKeepsTheSession() {
        SimulationController c;
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        // The event of line 4 has two actions.
        QVERIFY(writeFile(bad, "apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents:\n- at: 10s\n  cordon: node-a1\n"
                               "  drain: node-a2\n"));
        QSignalSpy failed(c.session(), &SessionController::openFailed);
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QCOMPARE(c.session()->openTimeline(QUrl::fromLocalFile(bad)), QString());
        QCOMPARE(failed.size(), qsizetype{1});
        const QStringList problems = failed.first().at(1).toStringList();
        QVERIFY2(problems.value(0).startsWith(QStringLiteral("bad.yaml:4:")), qPrintable(problems.join('\n')));
        // Nothing replayed; the session is as it was.
        QVERIFY(!loaded.wait(300));
        QVERIFY(!c.busy());
        QVERIFY(c.session()->planSession()->input()->timeline.empty());
        QVERIFY(!c.session()->planSession()->dirty());
        QCOMPARE(c.playback()->timeline()->timed(), 0);
    }

    void theWorkersPlanPlaysTheTimedEdits() {
        SimulationController c;
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QVERIFY(waitLoaded(c, [&] { QCOMPARE(c.session()->openTimeline(QUrl::fromLocalFile(kTimeline)), QString()); }));
        // Both pending at step 0: the marks list them, with no step yet.
        TimelineMarks* marks = c.playback()->timeline();
        QCOMPARE(marks->timed(), 2);
        QCOMPARE(marks->timedApplied(), 0);
        QCOMPARE(timedEdit(c, 0).value(QStringLiteral("title")).toString(), QStringLiteral("Cordon node-b1"));
        QCOMPARE(timedEdit(c, 0).value(QStringLiteral("source")).toString(), QStringLiteral("small-timeline.yaml:6"));
        QCOMPARE(timedEdit(c, 1).value(QStringLiteral("seconds")).toDouble(), 60.0);
        QCOMPARE(timedEdit(c, 1).value(QStringLiteral("step")).toLongLong(), qint64{-1});
        QVERIFY(c.session()->planSession()->dirty());
        QVERIFY(!node(c, QStringLiteral("node-b1"))->cordoned);

        QVERIFY(runToEnd(c));
        // Applied, each at a step of its own at its time: node-b1 cordoned (its row sent by
        // the worker after the timed step), web scaled to 8.
        QCOMPARE(marks->timedApplied(), 2);
        const qint64 cordonStep = timedEdit(c, 0).value(QStringLiteral("step")).toLongLong();
        const qint64 scaleStep = timedEdit(c, 1).value(QStringLiteral("step")).toLongLong();
        QVERIFY(cordonStep > 0 && scaleStep > cordonStep);
        QCOMPARE(marks->secondsAt(cordonStep), 30.0);
        QCOMPARE(marks->secondsAt(scaleStep), 60.0);
        QVERIFY(node(c, QStringLiteral("node-b1"))->cordoned);
        QCOMPARE(webPods(c), 8);
        // The two pods the scale added at 1 min (the newest web pods) did not go to the
        // cordoned node.
        QList<PodRow> web;
        for (const PodRow& r : c.pods()->rows())
            if (r.key.startsWith(QStringLiteral("default/web-"))) web << r;
        QCOMPARE(web.size(), qsizetype{8});
        for (const PodRow& r : web.mid(6)) QVERIFY2(r.node != QStringLiteral("node-b1"), qPrintable(r.key));
    }

    // Between timed edits the loop is idle: the narration names the next one and its time (the
    // plan's next due edit), not "Nothing is left to schedule".
    void narratesTheNextTimedEdit() {
        SimulationController c;
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QVERIFY(waitLoaded(c, [&] { QCOMPARE(c.session()->openTimeline(QUrl::fromLocalFile(kTimeline)), QString()); }));
        // The cordon at 30 s comes once the 6 web pods, cache and worker are bound (huge never
        // fits); the steps before it, with no pod to pop, name it.
        const QStringList toCordon = stepToTimedEdit(c, 0);
        QVERIFY(toCordon.size() >= 2);
        QCOMPARE(toCordon.constLast(), QStringLiteral("Timed edit at 30s: cordon node-b1."));
        QCOMPARE(toCordon.at(toCordon.size() - 2),
                 QStringLiteral("The queue is empty. Next timed edit at 30s: cordon node-b1"));
        QVERIFY(!toCordon.join('\n').contains(QStringLiteral("Nothing is left")));
        // Then the scale at 1 min: the steps between name it.
        const QStringList toScale = stepToTimedEdit(c, 1);
        QVERIFY(toScale.size() >= 2);
        QCOMPARE(toScale.at(toScale.size() - 2),
                 QStringLiteral("The queue is empty. Next timed edit at 60s: scale Deployment default/web to 8"));
        QCOMPARE(toScale.constLast(), QStringLiteral("Timed edit at 60s: scale Deployment default/web to 8."));
        QVERIFY(runToEnd(c));
        // Past the last timed edit, nothing is left.
        c.step();
        QVERIFY(QTest::qWaitFor([&] { return !c.stepPending(); }, 10000));
        QVERIFY2(c.cycle()->narration().startsWith(QStringLiteral("Nothing is left to schedule")),
                 qPrintable(c.cycle()->narration()));
    }

    // A timed edit that cannot be made at its time (its node deleted by an earlier one): the
    // run goes on, as berthctl's does; the GUI names it in the narration, the event log (as
    // berthctl's stderr line) and the scrubber's mark (timedEdits()' error, timedFailed).
    void showsATimedEditThatFails() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("failing.yaml"));
        QVERIFY(writeFile(file, "apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents:\n- at: 10s\n"
                                "  deleteNode: node-b1\n- at: 20s\n  cordon: node-b1\n"));
        SimulationController c;
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QVERIFY(waitLoaded(c, [&] { QCOMPARE(c.session()->openTimeline(QUrl::fromLocalFile(file)), QString()); }));
        TimelineMarks* marks = c.playback()->timeline();
        QCOMPARE(marks->timedFailed(), 0);
        const QStringList steps = stepToTimedEdit(c, 1);
        QVERIFY(!steps.isEmpty());
        const QString narration = steps.constLast();
        QVERIFY2(narration.startsWith(QStringLiteral("Timed edit at 20s failed: cordon node-b1: ")), qPrintable(narration));
        QVERIFY2(narration.endsWith(QStringLiteral(" (failing.yaml:6).")), qPrintable(narration));
        QCOMPARE(marks->timedApplied(), 2);
        QCOMPARE(marks->timedFailed(), 1);
        QCOMPARE(timedEdit(c, 0).value(QStringLiteral("error")).toString(), QString());
        const QString error = timedEdit(c, 1).value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(QStringLiteral("node-b1")), qPrintable(error));
        const EventRow& last = c.events()->rows().constLast();
        QCOMPARE(last.type, QStringLiteral("TimedEditFailed"));
        QCOMPARE(last.message, QStringLiteral("failing.yaml:6: Cordon node-b1: ") + error);
        QCOMPARE(last.timeNs, qint64{20'000'000'000});
        // A restart keeps the mark's outcome (the run reached it); the run to the end goes on.
        QVERIFY(runToEnd(c));
        QCOMPARE(marks->timedFailed(), 1);
    }

    void theSessionFileAndAutosaveKeepTheTimeline() {
        QTemporaryDir dir;
        SimulationController c;
        QVERIFY(c.session()->enableAutosave(dir.filePath(QStringLiteral("autosave"))));
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QVERIFY(waitLoaded(c, [&] { c.session()->openTimeline(QUrl::fromLocalFile(kTimeline)); }));
        QVERIFY(runToEnd(c));
        const auto placed = c.pods()->rows();

        // Saved: the timed edits as read, with their sources.
        const QString path = dir.filePath(QStringLiteral("plan.berth"));
        QCOMPARE(c.session()->saveSession(QUrl::fromLocalFile(path), false), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
        const QJsonArray timeline = root.value(QStringLiteral("timeline")).toArray();
        QCOMPARE(timeline.size(), qsizetype{2});
        QCOMPARE(timeline[0].toObject().value(QStringLiteral("at")).toDouble(), 30e9);
        QCOMPARE(timeline[1].toObject().value(QStringLiteral("source")).toString(),
                 QStringLiteral("small-timeline.yaml:8"));
        QCOMPARE(timeline[1].toObject().value(QStringLiteral("edit")).toObject().value(QStringLiteral("replicas")).toInt(), 8);

        // The autosave holds them too (a session with a timeline opened is unsaved work).
        c.session()->planSession()->markChanged();
        c.session()->planSession()->autosaveNow();
        SessionDocument autosaved;
        QCOMPARE(PlanSession::read(dir.filePath(QStringLiteral("autosave/autosave.json")), autosaved), QString());
        QCOMPARE(autosaved.input.timeline, c.session()->planSession()->input()->timeline);

        // Reopened in another window: the same timed edits, replayed to the same placements.
        SimulationController again;
        QVERIFY(waitLoaded(again, [&] { QCOMPARE(again.session()->openSession(QUrl::fromLocalFile(path)), QString()); }));
        QCOMPARE(again.playback()->timeline()->timed(), 2);
        QVERIFY(runToEnd(again));
        QCOMPARE(again.playback()->timeline()->timedApplied(), 2);
        QVERIFY2(again.pods()->rows() == placed, qPrintable(rowDifferences(again.pods()->rows(), placed)));
    }

    void theLaunchTimelinePlaysOnTheLoad() {
        SimulationController c;
        c.session()->setLaunchTimeline(kTimeline);
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QCOMPARE(c.playback()->timeline()->timed(), 2);
        // Once: the next load has none.
        QVERIFY(waitLoaded(c, [&] { c.session()->loadFiles({kSmall}); }));
        QCOMPARE(c.playback()->timeline()->timed(), 0);
    }

    void sessionDocumentRoundTrip() {
        SessionDocument doc;
        doc.input.manifests.push_back({"a.yaml", "kind: Node\n"});
        berth::plan::TimedEdit t;
        t.at = (std::int64_t{1} << 54) + 1;  // above 2^53: written as a string to stay exact
        t.source = "outage.yaml:4";
        t.edit.kind = berth::plan::EditKind::ScaleWorkload;
        t.edit.workloadKind = berth::core::WorkloadKind::Deployment;
        t.edit.ns = "default";
        t.edit.name = "web";
        t.edit.replicas = 3;
        doc.input.timeline.push_back(t);
        SessionDocument back;
        QCOMPARE(sessionFromJson(sessionToJson(doc), back), QString());
        QCOMPARE(back, doc);

        // A timed edit that cannot be timed (a configuration) is refused by name.
        QJsonObject root = QJsonDocument::fromJson(sessionToJson(doc)).object();
        QJsonArray timeline = root.value(QStringLiteral("timeline")).toArray();
        QJsonObject first = timeline[0].toObject();
        first[QStringLiteral("edit")] = QJsonObject{{QStringLiteral("op"), QStringLiteral("setSchedulerConfig")}};
        timeline[0] = first;
        root[QStringLiteral("timeline")] = timeline;
        QString err = sessionFromJson(QJsonDocument(root).toJson(), back);
        QVERIFY2(err.startsWith(QStringLiteral("timeline event 1: ")), qPrintable(err));
    }
};

QTEST_MAIN(TestTimelineOpen)
#include "tst_timeline_open.moc"
