// Teaching in the real window (Main.qml over the real controller and worker, offscreen,
// 1920x1080, presenter mode). Preemption on stage: the lesson cluster
// resources/lessons/priority-preemption.yaml stepped by → through payments' first attempt;
// each preemption phase draws something new (candidates framed with their victims ringed,
// the pick, the victim gone, the nomination), stepping back to the pick draws the victim
// again pixel for pixel, and the narration panel shows each phase's upstream function. A
// lesson opened as Help > Lessons does, moved on with its Next button, with predict mode:
// a node clicked on the canvas is the guess, and the outcome shows the verdict. The three
// newest lessons, each at the step the README shows.
// BERTH_TEACH_SHOTS=DIR saves the grabs there (the README's pictures).

#include <QApplication>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QSignalSpy>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include "app/canvas/cluster_canvas.h"
#include "app/lessons/lesson_controller.h"
#include "app/main_window.h"
#include "app/playback/prediction.h"
#include "app/simulation_controller.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

using namespace berth::app;

class TestTeachingWindow : public QObject {
    Q_OBJECT

    SimulationController* m_controller = nullptr;
    QQmlApplicationEngine* m_engine = nullptr;
    QQuickWindow* m_window = nullptr;

    /// → on the window, then the phase (or the worker's next step) on screen.
    bool next() {
        const int before = m_controller->revision();
        const bool local = m_controller->cycle()->hasNext();
        QTest::keyClick(m_window, Qt::Key_Right);
        return local || QTest::qWaitFor([&] { return !m_controller->stepPending() && m_controller->revision() > before; },
                                        10000);
    }

    QImage grab(const QString& name) {
        QTest::qWait(200);  // the scene graph renders the state just shown
        const QImage img = m_window->grabWindow();
        if (const QByteArray dir = qgetenv("BERTH_TEACH_SHOTS"); !dir.isEmpty())
            img.save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name + QStringLiteral(".png"));
        return img;
    }

    /// The lesson bar's Next button, then the step on show (its pod on stage).
    static bool nextLessonStep(QObject* nextButton, QSignalSpy& ready) {
        ready.clear();
        QMetaObject::invokeMethod(nextButton, "clicked");
        return ready.wait(20000);
    }

    QString shown(const char* objectName) const {
        QObject* o = m_engine->rootObjects().constFirst()->findChild<QObject*>(QString::fromLatin1(objectName));
        return o ? o->property("text").toString() : QString();
    }

private Q_SLOTS:
    void initTestCase() {
        m_controller = new SimulationController(this);
        m_engine = new QQmlApplicationEngine(this);
        m_window = loadMainWindow(*m_engine, *m_controller);
        QVERIFY(m_window);
        m_window->show();
        QSignalSpy loaded(m_controller, &SimulationController::loadedChanged);
        m_controller->session()->loadFiles({QStringLiteral(BERTH_SOURCE_DIR "/resources/lessons/priority-preemption.yaml")});
        QVERIFY(loaded.wait(10000));
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        QTest::keyClick(m_window, Qt::Key_F5);  // presenter mode: canvas and narration large
        QVERIFY(m_engine->rootObjects().constFirst()->property("presenter").toBool());
        m_window->showNormal();  // the offscreen screen is small: the layout at projector size
        m_window->resize(1920, 1080);
        QTest::qWait(100);
    }

    void preemptionPhasesOnScreen() {
        CyclePlayback* cycle = m_controller->cycle();
        for (int i = 0; i < 20 && cycle->phase() != CyclePlayback::Filter; ++i) QVERIFY(next());
        QCOMPARE(cycle->pod(), QStringLiteral("default/payments"));
        QTest::keyClick(m_window, Qt::Key_F);  // fit the canvas to the window
        const QImage filter = grab(QStringLiteral("preemption-1-filter"));

        QVERIFY(next());
        QCOMPARE(cycle->phase(), int(CyclePlayback::Candidates));
        QCOMPARE(shown("stage"), QStringLiteral("findCandidates"));
        QVERIFY(shown("narration").startsWith(QStringLiteral("PostFilter: no node fits")));
        const QImage candidates = grab(QStringLiteral("preemption-2-candidates"));
        QVERIFY(candidates != filter);

        QVERIFY(next());
        QCOMPARE(shown("stage"), QStringLiteral("pickOneNodeForPreemption"));
        const QImage pick = grab(QStringLiteral("preemption-3-pick"));
        QVERIFY(pick != candidates);

        QVERIFY(next());
        QCOMPARE(shown("stage"), QStringLiteral("prepareCandidate"));
        const QImage evict = grab(QStringLiteral("preemption-4-evict"));
        QVERIFY(evict != pick);

        QVERIFY(next());
        QCOMPARE(cycle->phase(), int(CyclePlayback::Failed));
        QVERIFY(shown("narration").contains(QStringLiteral("nominatedNodeName node-b")));
        grab(QStringLiteral("preemption-5-nominated"));

        // ← twice: the pick again, its victim drawn on node-b as before.
        QTest::keyClick(m_window, Qt::Key_Left);
        QTest::keyClick(m_window, Qt::Key_Left);
        QCOMPARE(cycle->phase(), int(CyclePlayback::PickNode));
        QVERIFY2(grab(QStringLiteral("preemption-3-pick-again")) == pick, "the pick after ← ← differs");

        // On to the preemptor's second attempt, placed on its nominated node.
        for (int i = 0; i < 20 && !(cycle->phase() == CyclePlayback::Select && cycle->trace().attempt == 2); ++i)
            QVERIFY(next());
        QCOMPARE(cycle->node(), QStringLiteral("node-b"));
        grab(QStringLiteral("preemption-6-second-attempt"));
    }

    // Help > Lessons > Priority and preemption, moved on by its Next button to the pick, in
    // predict mode: node-a clicked on the canvas while Filter is on show; the outcome (the
    // failure) says no node fits and why node-a was rejected.
    void lessonWithPrediction() {
        QObject* root = m_engine->rootObjects().constFirst();
        auto* lessons = root->findChild<LessonController*>(QStringLiteral("lessons"));
        auto* predict = root->findChild<Prediction*>(QStringLiteral("prediction"));
        QVERIFY(lessons && predict);
        QCOMPARE(lessons->titles().size(), 9);
        QSignalSpy ready(lessons, &LessonController::stepReady);
        QVERIFY(lessons->open(lessons->titles().indexOf(QStringLiteral("Priority and preemption"))));
        QVERIFY(ready.wait(20000));
        QCOMPARE(shown("lessonTitle"), QStringLiteral("Lesson: Priority and preemption"));
        predict->setEnabled(true);
        QObject* nextButton = root->findChild<QObject*>(QStringLiteral("lessonNext"));
        QVERIFY(nextButton);
        QVERIFY(nextLessonStep(nextButton, ready));
        QCOMPARE(m_controller->cycle()->phase(), int(CyclePlayback::Filter));
        QTest::keyClick(m_window, Qt::Key_F);
        // A click on node-a's card: the canvas selects it, the predict bar takes it as the guess.
        auto* canvas = root->findChild<ClusterCanvas*>();
        QVERIFY(canvas);
        const QRectF card = canvas->nodeRect(QStringLiteral("node-a"));  // world coordinates
        QVERIFY(!card.isEmpty());
        const double zoom = canvas->property("zoom").toDouble();
        const QPointF inItem(card.center().x() * zoom + canvas->property("panX").toDouble(),
                             card.top() * zoom + canvas->property("panY").toDouble() + 8);  // the card's title row
        const QPointF onCard = canvas->mapToScene(inItem);
        QTest::mouseClick(m_window, Qt::LeftButton, Qt::NoModifier, onCard.toPoint());
        QTRY_COMPARE(predict->guess(), QStringLiteral("node-a"));
        QTest::mouseMove(m_window, QPoint(4, m_window->height() - 4));  // no tooltip in the pictures
        grab(QStringLiteral("lesson-1-guess"));
        for (int i = 0; i < 2; ++i) QVERIFY(nextLessonStep(nextButton, ready));
        QCOMPARE(m_controller->cycle()->phase(), int(CyclePlayback::PickNode));
        QVERIFY(predict->revealed());
        QVERIFY(!predict->correct());
        QVERIFY2(shown("predictText").startsWith(QStringLiteral("Not this time: no node fits default/payments; node-a was rejected")),
                 qPrintable(shown("predictText")));
        QVERIFY(!shown("lessonQuestion").isEmpty());
        grab(QStringLiteral("lesson-2-pick"));
    }

    // The three newest lessons, each opened as Help > Lessons does and moved on by its Next
    // button to the step the README shows: the step's pod on stage at its phase, the lesson's
    // title and the step's text in the lesson bar.
    void newestLessonsOnScreen_data() {
        QTest::addColumn<QString>("title");
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("pod");
        QTest::addColumn<int>("phase");
        QTest::addColumn<QString>("shot");
        // clang-format off
        // pipeline step 3: web at Score, node-2 ahead by NodeAffinity's weighted 200.
        QTest::newRow("pipeline") << QStringLiteral("The pipeline end to end") << 3 << QStringLiteral("default/web")
                                  << int(CyclePlayback::Score) << QStringLiteral("lesson-pipeline-score");
        // daemonsets step 3: the agent for the full node-4 fails; node-3 (tainted) has none.
        QTest::newRow("daemonsets") << QStringLiteral("DaemonSets") << 3 << QStringLiteral("default/node-agent-dxctc")
                                    << int(CyclePlayback::Failed) << QStringLiteral("lesson-daemonsets-pending");
        // queue step 6: web's second attempt fails, report is its victim, node-1 nominated.
        QTest::newRow("queue") << QStringLiteral("The queue and backoff") << 6 << QStringLiteral("default/web")
                               << int(CyclePlayback::Failed) << QStringLiteral("lesson-queue-backoff");
        // clang-format on
    }
    void newestLessonsOnScreen() {
        QFETCH(QString, title);
        QFETCH(int, step);
        QFETCH(QString, pod);
        QFETCH(int, phase);
        QFETCH(QString, shot);
        QObject* root = m_engine->rootObjects().constFirst();
        auto* lessons = root->findChild<LessonController*>(QStringLiteral("lessons"));
        auto* predict = root->findChild<Prediction*>(QStringLiteral("prediction"));
        QVERIFY(lessons && predict);
        predict->setEnabled(false);
        QSignalSpy ready(lessons, &LessonController::stepReady);
        QVERIFY(lessons->open(lessons->titles().indexOf(title)));
        QVERIFY(ready.wait(20000));
        QCOMPARE(shown("lessonTitle"), QStringLiteral("Lesson: ") + title);
        QObject* nextButton = root->findChild<QObject*>(QStringLiteral("lessonNext"));
        QVERIFY(nextButton);
        while (lessons->step() < step) QVERIFY(nextLessonStep(nextButton, ready));
        QCOMPARE(m_controller->cycle()->pod(), pod);
        QCOMPARE(m_controller->cycle()->phase(), phase);
        QTest::keyClick(m_window, Qt::Key_F);  // fit the canvas to the window
        QTest::mouseMove(m_window, QPoint(4, m_window->height() - 4));  // no tooltip in the pictures
        grab(shot);
    }

    void cleanupTestCase() {
        delete m_engine;  // the window's bindings go before the controller they read
        m_engine = nullptr;
    }
};

QTEST_MAIN(TestTeachingWindow)
#include "tst_teaching_window.moc"
