#pragma once
/// The app's front door for QML: owns the worker thread and the models, forwards commands
/// (load, play, pause, step, run to end, speed) to the worker and applies its batches to the
/// models. Created in main.cpp and handed to QML as a required property.

#include <QObject>
#include <QThread>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"
#include "app/inspector/inspector.h"
#include "app/playback/cycle_playback.h"
#include "app/models/event_log_model.h"
#include "app/models/node_list_model.h"
#include "app/models/pod_list_model.h"
#include "app/models/queue_model.h"

namespace berth::app {

class SimulationWorker;

class SimulationController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Created by main.cpp and passed in as a required property")
    Q_PROPERTY(berth::app::NodeListModel* nodes READ nodes CONSTANT)
    Q_PROPERTY(berth::app::PodListModel* pods READ pods CONSTANT)
    Q_PROPERTY(berth::app::QueueModel* queue READ queue CONSTANT)
    Q_PROPERTY(berth::app::EventLogModel* events READ events CONSTANT)
    Q_PROPERTY(berth::app::Inspector* inspector READ inspector CONSTANT)
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle CONSTANT)
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY loadedChanged)
    Q_PROPERTY(bool finished READ finished NOTIFY statsChanged)
    Q_PROPERTY(QString source READ source NOTIFY loadedChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusTextChanged)
    Q_PROPERTY(double simTime READ simTime NOTIFY statsChanged)
    Q_PROPERTY(QString simTimeText READ simTimeText NOTIFY statsChanged)
    Q_PROPERTY(int boundCount READ boundCount NOTIFY statsChanged)
    Q_PROPERTY(int pendingCount READ pendingCount NOTIFY statsChanged)
    Q_PROPERTY(int assumedCount READ assumedCount NOTIFY statsChanged)
    Q_PROPERTY(int attempts READ attempts NOTIFY statsChanged)
    Q_PROPERTY(int revision READ revision NOTIFY statsChanged)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
    Q_PROPERTY(double maxSpeed READ maxSpeed CONSTANT)
public:
    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    NodeListModel* nodes() { return &m_nodes; }
    PodListModel* pods() { return &m_pods; }
    QueueModel* queue() { return &m_queue; }
    EventLogModel* events() { return &m_events; }
    Inspector* inspector() { return &m_inspector; }
    CyclePlayback* cycle() { return &m_cycle; }
    bool running() const { return m_running; }
    bool loaded() const { return m_loaded; }
    bool finished() const { return m_loaded && m_stats.idle && !m_running; }
    QString source() const { return m_source; }
    QString statusText() const { return m_statusText; }
    double simTime() const { return static_cast<double>(m_stats.timeNs) / 1e9; }
    QString simTimeText() const;
    int boundCount() const { return m_stats.bound; }
    int pendingCount() const { return m_stats.pending; }
    int assumedCount() const { return m_stats.assumed; }
    int attempts() const { return m_stats.attempts; }
    int revision() const { return m_revision; }
    double speed() const { return m_speed; }
    double maxSpeed() const;

    /// Loads manifest files (file:// URLs or local paths) into a fresh simulation.
    Q_INVOKABLE void load(const QList<QUrl>& urls);
    void loadFiles(const QStringList& paths);
    /// Loads an in-memory manifest (the embedded demo), named `name` in messages.
    void loadText(const QByteArray& text, const QString& name);
    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay() { m_running ? pause() : play(); }
    /// Step one pod: one scheduling cycle (or, with activeQ empty, one timed event such as a
    /// bind), shown at once at its last phase.
    Q_INVOKABLE void step();
    /// Step one extension point: the next phase of the cycle on show (pop -> filter -> score
    /// -> select -> assume); past its last phase, the next core step, from its first phase.
    Q_INVOKABLE void stepPhase();
    Q_INVOKABLE void runToEnd();
    Q_INVOKABLE void setSpeed(double speed);

    /// What the inspector shows for a pod (by namespace/name): phase, node, queue, message...
    Q_INVOKABLE QVariantMap podDetails(const QString& key) const;
    /// What the inspector shows for a node: usage, taints and its pods.
    Q_INVOKABLE QVariantMap nodeDetails(const QString& name) const;

Q_SIGNALS:
    void runningChanged();
    void loadedChanged();
    void statusTextChanged();
    void statsChanged();
    void speedChanged();
    /// The simulation became idle (nothing left that can change).
    void runFinished();

private:
    void onLoaded(const berth::app::ClusterSnapshot& snapshot);
    void onUpdated(const berth::app::UpdateBatch& batch);
    void setStatusText(const QString& text);
    void setRunning(bool running);
    void requestStep(bool byPhase);
    void showStepResult(const UpdateBatch& batch);
    /// Flat out (run to end, or the top speed): no per-cycle playback, the net effect only.
    bool flatOut() const { return m_running && (m_toEnd || m_speed >= maxSpeed()); }

    QThread m_thread;
    SimulationWorker* m_worker = nullptr;  // lives on m_thread, deleted when it finishes
    NodeListModel m_nodes;
    PodListModel m_pods;
    QueueModel m_queue;
    EventLogModel m_events;
    Inspector m_inspector;
    CyclePlayback m_cycle;
    SimStats m_stats;
    QString m_source;
    QString m_statusText;
    double m_speed = 1.0;
    int m_revision = 0;
    bool m_running = false;
    bool m_loaded = false;
    bool m_toEnd = false;
    quint64 m_stepSerial = 0;     // the last step asked of the worker
    bool m_stepPending = false;   // waiting for the batch that answers it
    bool m_stepByPhase = false;   // ... which then plays from its first phase
};

}  // namespace berth::app
