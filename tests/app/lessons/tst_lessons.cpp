// Help > Lessons: lessons.json read with a clear message for each kind of mistake, the
// shipped lessons complete (and embedded), and each lesson run to its end through the real
// controller and worker: every step that names a pod puts it on stage at its phase, and the
// node the step's text promises is the one the core chose (or nominated).

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/lessons/lesson_controller.h"
#include "app/models/queue_model.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kLessons = QStringLiteral(BERTH_SOURCE_DIR "/resources/lessons");

/// What the step on show promised, against what the core did: the chosen (or nominated)
/// node, "none" when the pod got neither.
QString outcome(SimulationController& c) {
    const CycleTraceUi& t = c.cycle()->trace();
    const QString node = t.chosen.isEmpty() ? t.preemption.nominated : t.chosen;
    return node.isEmpty() ? QStringLiteral("none") : node;
}

/// Where `pod` waits in the scheduling queue on show: active, backoff, unschedulable, or
/// none when it is not queued (in flight, placed, or gone).
QString queueOf(SimulationController& c, const QString& pod) {
    for (const QueueRow& row : c.queue()->rows())
        if (row.key == pod) return row.queue;
    return QStringLiteral("none");
}

}  // namespace

class TestLessons : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void badLessonFiles_data() {
        QTest::addColumn<QByteArray>("json");  // empty: no lessons.json at all
        QTest::addColumn<QString>("error");    // what the message must contain
        // clang-format off
        QTest::newRow("no file") << QByteArray() << "lessons.json: ";
        QTest::newRow("not JSON") << QByteArray("{\"lessons\": [") << "lessons.json: offset ";
        QTest::newRow("no lessons") << QByteArray("{\"lessons\": []}") << "lessons.json: no lessons";
        QTest::newRow("no title") << QByteArray(R"({"lessons": [{"id": "x", "cluster": "x.yaml", "steps": [{"text": "t"}]}]})")
                                  << "lesson 1 (x): needs an id, a title and a cluster";
        QTest::newRow("no steps") << QByteArray(R"({"lessons": [{"id": "x", "title": "X", "cluster": "x.yaml"}]})")
                                  << "lesson 1 (x): has no steps";
        QTest::newRow("step without text") << QByteArray(R"({"lessons": [{"id": "x", "title": "X", "cluster": "x.yaml", "steps": [{"text": "t"}, {"pod": "default/p"}]}]})")
                                           << "lesson 1 (x): step 2 has no text";
        QTest::newRow("phase without pod") << QByteArray(R"({"lessons": [{"id": "x", "title": "X", "cluster": "x.yaml", "steps": [{"text": "t", "phase": "Score"}]}]})")
                                           << "lesson 1 (x): step 1 names a phase but no pod";
        QTest::newRow("checkpoint without pod") << QByteArray(R"({"lessons": [{"id": "x", "title": "X", "cluster": "x.yaml", "steps": [{"text": "t", "attempt": 2}]}]})")
                                                << "lesson 1 (x): step 1 has a checkpoint but no pod";
        QTest::newRow("unknown queue") << QByteArray(R"({"lessons": [{"id": "x", "title": "X", "cluster": "x.yaml", "steps": [{"text": "t", "queue": {"default/p": "activeQ"}}]}]})")
                                       << "lesson 1 (x): step 1 puts default/p in the queue \"activeQ\" (active, backoff, unschedulable or none)";
        // clang-format on
    }
    void badLessonFiles() {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (!json.isEmpty()) {
            QFile f(dir.filePath(QStringLiteral("lessons.json")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(json);
        }
        QString err;
        QVERIFY(!readLessons(dir.path(), err));
        QVERIFY2(err.contains(error), qPrintable(err));
        QVERIFY(err.startsWith(dir.path()));  // the file named
    }

    // The nine lessons, each with its cluster beside it; the embedded copy is the same.
    void shippedLessons() {
        QString err;
        const auto lessons = readLessons(kLessons, err);
        QVERIFY2(lessons, qPrintable(err));
        QStringList ids;
        for (const Lesson& l : *lessons) {
            ids << l.id;
            QVERIFY2(QFile::exists(kLessons + QLatin1Char('/') + l.cluster), qPrintable(l.cluster));
            QVERIFY(!l.summary.isEmpty());
        }
        QCOMPARE(ids, (QStringList{"pipeline", "resources", "taints", "affinity", "anti-affinity", "spread", "preemption",
                                   "daemonsets", "queue"}));
        LessonController embedded;
        QVERIFY2(embedded.error().isEmpty(), qPrintable(embedded.error()));
        QCOMPARE(embedded.titles().size(), lessons->size());
        QCOMPARE(embedded.titles().first(), lessons->first().title);
    }

    void eachLessonRunsToItsEnd_data() {
        QTest::addColumn<int>("index");
        QString err;
        const auto lessons = readLessons(kLessons, err);
        QVERIFY2(lessons, qPrintable(err));
        for (int i = 0; i < lessons->size(); ++i) QTest::newRow(qPrintable((*lessons)[i].id)) << i;
    }
    void eachLessonRunsToItsEnd() {
        QFETCH(int, index);
        SimulationController c;
        LessonController l;
        l.setFolder(kLessons);
        l.setSession(c.session());
        l.setPlayback(c.playback());
        QSignalSpy ready(&l, &LessonController::stepReady);
        QVERIFY(l.open(index));
        QVERIFY(l.active());
        QVERIFY(ready.wait(20000));
        QCOMPARE(c.source(), l.lessons()[index].cluster);
        for (int step = 0;; ++step) {
            QCOMPARE(l.step(), step);
            QVERIFY(!l.seeking());
            const LessonStep& s = *l.currentStep();
            QCOMPARE(l.text(), s.text);
            if (!s.pod.isEmpty()) {
                QCOMPARE(c.cycle()->pod(), s.pod);
                const QString phase = s.phase.isEmpty() ? QStringLiteral("Pop") : s.phase;
                QCOMPARE(QString::fromLatin1(QMetaEnum::fromType<CyclePlayback::Phase>().valueToKey(c.cycle()->phase())),
                         phase);
            }
            if (!s.expect.isEmpty()) QCOMPARE(outcome(c), s.expect);
            if (s.attempt != 0) QCOMPARE(c.cycle()->trace().attempt, s.attempt);
            if (s.seconds >= 0) QCOMPARE(c.cycle()->trace().timeNs, qRound64(s.seconds * 1e9));
            for (auto it = s.queue.cbegin(); it != s.queue.cend(); ++it) QCOMPARE(queueOf(c, it.key()), it.value());
            if (step + 1 == l.stepCount()) break;
            ready.clear();
            l.next();
            QVERIFY2(ready.wait(20000), qPrintable(QStringLiteral("step %1").arg(step + 2)));
        }
        QVERIFY2(l.error().isEmpty(), qPrintable(l.error()));
        // The step before: replayed from t = 0 to its pod and phase.
        const LessonStep before = l.lessons()[index].steps[l.stepCount() - 2];
        ready.clear();
        l.previous();
        QVERIFY(ready.wait(20000));
        QCOMPARE(l.step(), l.stepCount() - 2);
        if (!before.pod.isEmpty()) QCOMPARE(c.cycle()->pod(), before.pod);
        if (before.attempt != 0) QCOMPARE(c.cycle()->trace().attempt, before.attempt);
        l.close();
        QVERIFY(!l.active());
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
