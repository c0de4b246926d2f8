// Qt Quick Tests of the panels (tests/qml/tst_*.qml). Each QML file gets a fresh engine and,
// through the BerthTest.TestEnv singleton, its own real SimulationController (worker thread
// included) and the path of the small test cluster.

#include <QCoreApplication>
#include <QQmlEngine>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

#include "app/simulation_controller.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

/// What a QML test needs: a controller and the test data.
class TestEnv : public QObject {
    Q_OBJECT
    Q_PROPERTY(berth::app::SimulationController* controller READ controller CONSTANT)
    Q_PROPERTY(QUrl smallCluster READ smallCluster CONSTANT)
public:
    berth::app::SimulationController* controller() { return &m_controller; }
    static QUrl smallCluster() { return QUrl::fromLocalFile(QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml")); }

private:
    berth::app::SimulationController m_controller;
};

class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void applicationAvailable() {
        // AppearanceSettings and RecentFiles use QSettings: a temporary folder, never the
        // user's settings.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BerthTest"));
        QCoreApplication::setApplicationName(QStringLiteral("qml_panels"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
    }
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/qt/qml"));  // not a default import path on 6.4
        static const bool registered = [] {
            // One TestEnv per engine (the engine owns it): test files do not share state.
            qmlRegisterSingletonType<TestEnv>("BerthTest", 1, 0, "TestEnv",
                                              [](QQmlEngine*, QJSEngine*) -> QObject* { return new TestEnv; });
            return true;
        }();
        Q_UNUSED(registered);
    }

private:
    QTemporaryDir m_settings;
};

QUICK_TEST_MAIN_WITH_SETUP(qml_panels, Setup)
#include "tst_qml_panels.moc"
