#pragma once
/// The playback commands for the toolbar, the narration panel and the shortcuts: play,
/// pause, step a pod or an extension point, run to the end, the speed, and the cycle on
/// show. It owns no state of its own: the host (SimulationController) runs the worker and
/// tells it when loaded, running or speed change.

#include <QObject>
#include <QtQml/qqmlregistration.h>

#include "app/playback/cycle_playback.h"
#include "app/playback/timeline_marks.h"

namespace berth::app {

class PlaybackHost;

class PlaybackControls : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.playback)")
    Q_PROPERTY(bool loaded READ loaded NOTIFY stateChanged)
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY stateChanged)
    Q_PROPERTY(double maxSpeed READ maxSpeed CONSTANT)
    /// Core steps taken, and the most this plan reached (time travel).
    Q_PROPERTY(qint64 position READ position NOTIFY stateChanged)
    Q_PROPERTY(qint64 newestPosition READ newestPosition NOTIFY stateChanged)
    /// There is something to step back to: an earlier phase on show, or an earlier step.
    Q_PROPERTY(bool canStepBack READ canStepBack NOTIFY stateChanged)
    /// The cycle on show, phase by phase (step mode, slow play).
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle CONSTANT)
    /// The run's marks and simulated times for the scrubber (the host fills it).
    Q_PROPERTY(berth::app::TimelineMarks* timeline READ timeline CONSTANT)
public:
    PlaybackControls(PlaybackHost& host, CyclePlayback& cycle, QObject* parent = nullptr);

    bool loaded() const;
    bool running() const;
    double speed() const;
    double maxSpeed() const;
    CyclePlayback* cycle() { return &m_cycle; }
    TimelineMarks* timeline() { return &m_timeline; }
    qint64 position() const;
    qint64 newestPosition() const;
    bool canStepBack() const;

    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay();
    Q_INVOKABLE void step();
    Q_INVOKABLE void stepPhase();
    Q_INVOKABLE void runToEnd();
    /// Left: back one extension point (the step before, from a cycle's first phase).
    Q_INVOKABLE void stepBack();
    /// Shift+Left: back one pod (one core step).
    Q_INVOKABLE void stepPodBack();
    /// Home: back to t = 0, the plan as loaded.
    Q_INVOKABLE void restart();
    /// End: forward to the newest step reached.
    Q_INVOKABLE void toNewest();
    /// To core step `step` (0 .. newestPosition): a scrubber's jump.
    Q_INVOKABLE void seek(qint64 step);
    void setSpeed(double speed);

Q_SIGNALS:
    void stateChanged();

private:
    PlaybackHost& m_host;
    CyclePlayback& m_cycle;
    TimelineMarks m_timeline{this};
};

}  // namespace berth::app
