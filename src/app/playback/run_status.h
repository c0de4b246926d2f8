#pragma once
/// What the window shows of the run, for the status bar and the canvas: whether a cluster is
/// on show and which files it came from, the status line, and the run's counts (SimStats).
/// SimulationController fills it from the worker's snapshots and batches; a test fills it by
/// hand, with no worker.

#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"

namespace berth::app {

class RunStatus : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.status)")
    Q_PROPERTY(bool loaded READ loaded NOTIFY loadedChanged)
    Q_PROPERTY(QString source READ source NOTIFY loadedChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusTextChanged)
    Q_PROPERTY(double simTime READ simTime NOTIFY statsChanged)
    Q_PROPERTY(QString simTimeText READ simTimeText NOTIFY statsChanged)
    Q_PROPERTY(int boundCount READ boundCount NOTIFY statsChanged)
    Q_PROPERTY(int pendingCount READ pendingCount NOTIFY statsChanged)
    Q_PROPERTY(int assumedCount READ assumedCount NOTIFY statsChanged)
    Q_PROPERTY(int attempts READ attempts NOTIFY statsChanged)
public:
    using QObject::QObject;

    bool loaded() const { return m_loaded; }
    /// The files on show, for the title and the toolbar.
    QString source() const { return m_source; }
    QString statusText() const { return m_statusText; }
    const SimStats& stats() const { return m_stats; }
    double simTime() const { return static_cast<double>(m_stats.timeNs) / 1e9; }
    /// "12.345 s" under a minute, "m:ss.mmm" from then on.
    QString simTimeText() const;
    int boundCount() const { return m_stats.bound; }
    int pendingCount() const { return m_stats.pending; }
    int assumedCount() const { return m_stats.assumed; }
    int attempts() const { return m_stats.attempts; }

    /// A new cluster on show (`loaded` false: the load left nothing to show), with its counts.
    void setLoaded(bool loaded, const QString& source, const SimStats& stats);
    void setStatusText(const QString& text);
    void setStats(const SimStats& stats);

Q_SIGNALS:
    void loadedChanged();
    void statusTextChanged();
    void statsChanged();

private:
    bool m_loaded = false;
    QString m_source;
    QString m_statusText;
    SimStats m_stats;
};

}  // namespace berth::app
