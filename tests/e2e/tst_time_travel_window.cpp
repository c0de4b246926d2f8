// End to end in the real window (Main.qml over the real controller and worker thread,
// offscreen): keys step the playback forward (→, Shift+→) and back (←, Shift+←, Home), and
// the window grabbed after stepping back must equal, pixel for pixel, the window grabbed when
// the playback was first at that point: the canvas, the queue, the narration, the inspector,
// the event log and the toolbar all show the past as it was. BERTH_TRAVEL_SHOTS=DIR also
// saves the grabs there to look at.

#include <QApplication>
#include <QFont>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QSignalSpy>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include "app/main_window.h"
#include "app/simulation_controller.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

using namespace berth::app;

class TestTimeTravelWindow : public QObject {
    Q_OBJECT

    SimulationController* m_controller = nullptr;
    QQmlApplicationEngine* m_engine = nullptr;
    QQuickWindow* m_window = nullptr;

    /// A key on the window, then the worker's answer on screen (a frame or two later).
    bool press(Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        const int before = m_controller->revision();
        const bool local = (key == Qt::Key_Right && mods == Qt::NoModifier && m_controller->cycle()->hasNext()) ||
                           (key == Qt::Key_Left && mods == Qt::NoModifier && m_controller->cycle()->hasPrevious());
        QTest::keyClick(m_window, key, mods);
        if (!local && !QTest::qWaitFor([&] { return !m_controller->stepPending() && m_controller->revision() > before; },
                                       10000))
            return false;
        return true;
    }

    QImage grab(const QString& name) {
        QTest::qWait(200);  // the scene graph renders the state just shown
        const QImage img = m_window->grabWindow();
        if (const QByteArray dir = qgetenv("BERTH_TRAVEL_SHOTS"); !dir.isEmpty())
            img.save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name + QStringLiteral(".png"));
        return img;
    }

private Q_SLOTS:
    void initTestCase() {
        m_controller = new SimulationController(this);
        m_engine = new QQmlApplicationEngine(this);
        m_window = loadMainWindow(*m_engine, *m_controller);
        QVERIFY(m_window);
        m_window->resize(1600, 1000);
        m_window->show();
        QSignalSpy loaded(m_controller, &SimulationController::loadedChanged);
        m_controller->session()->loadFiles({QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml")});
        QVERIFY(loaded.wait(10000));
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }

    // → seven times (into the second pod's cycle), grab; → three more, ← three: the same
    // window. Shift+→ twice, Shift+← twice: the same window again, and the pod on stage is
    // the inspector's.
    void stepBackShowsTheSameWindow() {
        for (int i = 0; i < 7; ++i) QVERIFY(press(Qt::Key_Right));
        const QImage before = grab(QStringLiteral("travel-before"));
        const QString pod = m_controller->cycle()->pod();
        QVERIFY(!pod.isEmpty());
        QCOMPARE(m_controller->inspector()->selectedPod(), pod);
        for (int i = 0; i < 3; ++i) QVERIFY(press(Qt::Key_Right));
        QVERIFY(grab(QStringLiteral("travel-ahead")) != before);
        for (int i = 0; i < 3; ++i) QVERIFY(press(Qt::Key_Left));
        const QImage back = grab(QStringLiteral("travel-back"));
        QCOMPARE(back.size(), before.size());
        QVERIFY2(back == before, "the window after → ×3, ← ×3 differs from the window before");

        // Shift+→ three times and Shift+← once: at the step before the newest ("step N of
        // N+1" in the toolbar). Shift+→, Shift+←: the same window again.
        for (int i = 0; i < 3; ++i) QVERIFY(press(Qt::Key_Right, Qt::ShiftModifier));
        QVERIFY(press(Qt::Key_Left, Qt::ShiftModifier));
        const QImage oneBack = grab(QStringLiteral("travel-pod-back"));
        QVERIFY(m_controller->playback()->position() < m_controller->playback()->newestPosition());
        QVERIFY(press(Qt::Key_Right, Qt::ShiftModifier));
        QVERIFY(press(Qt::Key_Left, Qt::ShiftModifier));
        QVERIFY2(grab(QStringLiteral("travel-pod-back-again")) == oneBack, "Shift+→, Shift+← changed the window");
    }

    // Home: the window as loaded (step 0, no cycle on show, the log empty).
    void homeRestarts() {
        QVERIFY(press(Qt::Key_Home));
        QCOMPARE(m_controller->playback()->position(), 0);
        QVERIFY(!m_controller->cycle()->active());
        QCOMPARE(m_controller->events()->rowCount(), 0);
        QCOMPARE(m_controller->status()->simTime(), 0.0);
        grab(QStringLiteral("travel-home"));
    }

    // Presenter mode (F5) on the demo cluster at 1920x1080: the side panels leave, the
    // narration is set large, and Ctrl++ / Ctrl+0 scale every panel's text. The grab is the
    // README's "Teaching with Berth" picture (BERTH_TRAVEL_SHOTS/presenter.png).
    void presenterMode() {
        QSignalSpy loaded(m_controller, &SimulationController::loadedChanged);
        m_controller->session()->loadFiles({QStringLiteral(BERTH_SOURCE_DIR "/resources/demo/demo-cluster.yaml")});
        QVERIFY(loaded.wait(10000));
        QObject* root = m_engine->rootObjects().constFirst();
        QObject* inspectorPanel = root->findChild<QObject*>(QStringLiteral("inspectorPanel"));
        QObject* narration = root->findChild<QObject*>(QStringLiteral("narration"));
        QVERIFY(inspectorPanel && narration);
        const qreal usualSize = narration->property("font").value<QFont>().pointSizeF();
        QVERIFY(inspectorPanel->property("visible").toBool());
        QTest::keyClick(m_window, Qt::Key_F5);
        QVERIFY(root->property("presenter").toBool());
        QVERIFY(!inspectorPanel->property("visible").toBool());
        QVERIFY(narration->property("font").value<QFont>().pointSizeF() > 1.5 * usualSize);
        QTest::keyClick(m_window, Qt::Key_Equal, Qt::ControlModifier);  // Ctrl+= is Ctrl++ unshifted
        const double scale = root->property("font").value<QFont>().pointSizeF();
        QVERIFY(scale > 0);
        m_window->showNormal();  // the offscreen screen is small: the layout at projector size
        m_window->resize(1920, 1080);
        for (int i = 0; i < 3; ++i) QVERIFY(press(Qt::Key_Right));  // a pod at Score
        QTest::keyClick(m_window, Qt::Key_F);                         // fit the canvas to 1920x1080
        QVERIFY(!m_controller->cycle()->pod().isEmpty());
        grab(QStringLiteral("presenter"));
        QTest::keyClick(m_window, Qt::Key_0, Qt::ControlModifier);
        QVERIFY(root->property("font").value<QFont>().pointSizeF() < scale);
        QTest::keyClick(m_window, Qt::Key_F5);
        QVERIFY(inspectorPanel->property("visible").toBool());
    }

    void cleanupTestCase() {
        delete m_engine;  // the window's bindings go before the controller they read
        m_engine = nullptr;
    }
};

QTEST_MAIN(TestTimeTravelWindow)
#include "tst_time_travel_window.moc"
