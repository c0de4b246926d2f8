// The process defaults that `berth` and `berth_gui_bench` set before their QGuiApplication
// (main_window.h): each applies only where the user's environment has not chosen already.

#include <QtTest/QtTest>

#include "app/main_window.h"

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsFillWhatIsUnset() {
        qunsetenv("QT_QPA_UPDATE_IDLE_TIME");
        qunsetenv("QT_QUICK_CONTROLS_STYLE");
        berth::app::setApplicationDefaults();
        QCOMPARE(qgetenv("QT_QPA_UPDATE_IDLE_TIME"), QByteArray("0"));  // no 5 ms wait before a frame
        QCOMPARE(qgetenv("QT_QUICK_CONTROLS_STYLE"), QByteArray("Fusion"));
    }

    void defaultsKeepTheUsersChoice() {
        qputenv("QT_QPA_UPDATE_IDLE_TIME", "5");
        qputenv("QT_QUICK_CONTROLS_STYLE", "Basic");
        berth::app::setApplicationDefaults();
        QCOMPARE(qgetenv("QT_QPA_UPDATE_IDLE_TIME"), QByteArray("5"));
        QCOMPARE(qgetenv("QT_QUICK_CONTROLS_STYLE"), QByteArray("Basic"));
    }
};

QTEST_APPLESS_MAIN(TestMainWindow)
#include "tst_main_window.moc"
