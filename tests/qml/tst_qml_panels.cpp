// Qt Quick Tests of the panels (tests/qml/tst_*.qml). Each QML file gets a fresh engine and,
// through the BerthTest.TestEnv singleton, its own `stub` (StubPlanHost: the controller's
// parts with no worker thread, for the panels that take one of them), its own `run`
// (StubPlaybackHost: playback, run status, the node and pod models and the inspector, with no
// worker thread), its own real SimulationController (worker thread included, made only for
// the end-to-end checks that use it) and the path of the small test cluster.

#include <QApplication>
#include <QCoreApplication>
#include <QHash>
#include <QQmlEngine>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

#include <memory>

#include "app/models/event_log_model.h"
#include "app/models/queue_model.h"
#include "app/simulation_controller.h"
#include "stub_plan_host.h"
#include "stub_playback_host.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

/// What a QML test needs: a controller and the test data.
class TestEnv : public QObject {
    Q_OBJECT
    Q_PROPERTY(StubPlanHost* stub READ stub CONSTANT)
    Q_PROPERTY(StubPlaybackHost* run READ run CONSTANT)
    Q_PROPERTY(berth::app::SimulationController* controller READ controller CONSTANT)
    Q_PROPERTY(QUrl smallCluster READ smallCluster CONSTANT)
    /// A folder of this engine's own for files the panels write (reports, PNGs).
    Q_PROPERTY(QUrl tempDir READ tempDir CONSTANT)
    /// Models on their own, for the panels that take one (no controller, no worker thread).
    Q_PROPERTY(berth::app::QueueModel* queue READ queue CONSTANT)
    Q_PROPERTY(berth::app::EventLogModel* events READ events CONSTANT)
public:
    StubPlanHost* stub() { return &m_stub; }
    StubPlaybackHost* run() { return &m_run; }
    berth::app::QueueModel* queue() { return &m_queue; }
    berth::app::EventLogModel* events() { return &m_events; }
    /// Fills `queue` as the worker would: rows of {key, queue, attempts, reason}.
    Q_INVOKABLE void setQueue(const QVariantList& rows) {
        QList<berth::app::QueueRow> out;
        for (const QVariant& v : rows) {
            const QVariantMap m = v.toMap();
            berth::app::QueueRow r;
            r.podId = static_cast<quint32>(out.size());
            r.key = m.value(QStringLiteral("key")).toString();
            r.queue = m.value(QStringLiteral("queue")).toString();
            r.attempts = m.value(QStringLiteral("attempts")).toInt();
            r.reason = m.value(QStringLiteral("reason")).toString();
            out << r;
        }
        m_queue.reset(out);
    }
    /// Appends events as a batch would: {time (s), type, pod, node, message}.
    Q_INVOKABLE void appendEvents(const QVariantList& events) {
        QList<berth::app::EventRow> out;
        for (const QVariant& v : events) {
            const QVariantMap m = v.toMap();
            berth::app::EventRow e;
            e.sequence = m_eventSequence++;
            e.timeNs = static_cast<qint64>(m.value(QStringLiteral("time")).toDouble() * 1e9);
            e.type = m.value(QStringLiteral("type")).toString();
            e.pod = m.value(QStringLiteral("pod")).toString();
            e.node = m.value(QStringLiteral("node")).toString();
            e.message = m.value(QStringLiteral("message")).toString();
            out << e;
        }
        m_events.append(out);
    }
    /// Made on first use: a test that needs only the stub starts no worker thread.
    berth::app::SimulationController* controller() {
        if (!m_controller) m_controller = std::make_unique<berth::app::SimulationController>();
        return m_controller.get();
    }
    QUrl tempDir() const { return QUrl::fromLocalFile(m_temp.path() + QLatin1Char('/')); }
    static QUrl smallCluster() {
        return QUrl::fromLocalFile(QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml"));
    }

    /// A long operation the test plays the worker side of: listed in run.operations, `done`
    /// of `total` pods settled. Returns its id.
    Q_INVOKABLE int startOperation(const QString& title, int done, int total) {
        auto p = std::make_shared<berth::core::Progress>();
        p->start(berth::core::Progress::Phase::Scheduling, static_cast<std::uint64_t>(total));
        p->add(static_cast<std::uint64_t>(done));
        const int id = m_run.operations()->begin(title, p);
        m_operations.insert(id, p);
        return id;
    }
    Q_INVOKABLE bool operationCancelled(int id) const {
        const auto it = m_operations.constFind(id);
        return it != m_operations.constEnd() && it.value()->cancelled();
    }
    /// The worker side stops: the row leaves at the model's next poll.
    Q_INVOKABLE void finishOperation(int id) {
        const auto it = m_operations.constFind(id);
        if (it != m_operations.constEnd()) it.value()->finish();
    }

private:
    QTemporaryDir m_temp;
    StubPlanHost m_stub;
    StubPlaybackHost m_run;
    berth::app::QueueModel m_queue;
    berth::app::EventLogModel m_events;
    quint64 m_eventSequence = 0;
    std::unique_ptr<berth::app::SimulationController> m_controller;
    QHash<int, std::shared_ptr<berth::core::Progress>> m_operations;
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

// QUICK_TEST_MAIN_WITH_SETUP, with a QApplication made first (quick_test_main uses the one
// there is): Qt Charts, in the Capacity panel, draws with the Graphics View framework, which
// needs it.
int main(int argc, char** argv) {
    QTEST_SET_MAIN_SOURCE_PATH
    QApplication app(argc, argv);
    Setup setup;
    return quick_test_main_with_setup(argc, argv, "qml_panels", QUICK_TEST_SOURCE_DIR, &setup);
}
#include "tst_qml_panels.moc"
