#pragma once
/// The engine side of the app: owns the cluster and the core::Simulation and lives on its own
/// QThread. The GUI talks to it only through queued calls; it answers with immutable
/// snapshots and update batches, at most one batch per frame (changes are coalesced by a
/// ~16 ms timer). It holds no scheduling logic: it drives core::Simulation and copies rows out.

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <memory>

#include "app/engine/sim_types.h"

namespace berth::core {
struct Cluster;
class Simulation;
struct SimEvent;
}  // namespace berth::core

namespace berth::app {

class SimulationWorker : public QObject {
    Q_OBJECT
public:
    explicit SimulationWorker(QObject* parent = nullptr);
    ~SimulationWorker() override;

    /// Steps per simulated second of "1x" playback.
    static constexpr double kStepsPerSecondAt1x = 8.0;
    /// Speeds at or above this run as fast as the machine allows.
    static constexpr double kMaxSpeed = 64.0;

public Q_SLOTS:
    /// Loads manifest files (and/or an in-memory manifest named `textName`), expands the
    /// workloads, builds a fresh simulation and answers with `loaded`.
    void load(const QStringList& paths, const QByteArray& text, const QString& textName);
    void play();
    void pause();
    void step();
    void runToEnd();
    void setSpeed(double speed);

Q_SIGNALS:
    void loaded(const berth::app::ClusterSnapshot& snapshot);
    void updated(const berth::app::UpdateBatch& batch);

private:
    void onEvent(const core::SimEvent& e);
    void tick();
    void flush();
    void scheduleFlush();
    void setRunning(bool running);
    NodeRow nodeRow(quint32 id) const;
    PodRow podRow(quint32 id) const;
    QList<QueueRow> queueRows() const;
    SimStats stats() const;
    EventRow eventRow(const core::SimEvent& e) const;

    std::unique_ptr<core::Cluster> m_cluster;
    std::unique_ptr<core::Simulation> m_sim;
    QTimer m_tick;        // playback pacing
    QTimer m_flushTimer;  // coalesces changes into one batch per frame
    QElapsedTimer m_sinceTick;
    double m_speed = 1.0;
    double m_stepBudget = 0;
    bool m_running = false;
    bool m_toEnd = false;
    bool m_finishedPending = false;
    QSet<quint32> m_dirtyPods;
    QSet<quint32> m_dirtyNodes;
    QList<EventRow> m_events;
    quint64 m_knownPods = 0;
    int m_attempts = 0;
};

}  // namespace berth::app
