#pragma once
/// What PlaybackControls asks of the simulation it drives. SimulationController answers with
/// its worker thread; a test answers with a recording stub, so the toolbar and the narration
/// panel run without a worker. The host emits PlaybackControls::stateChanged() whenever
/// loaded(), running() or speed() changes.

#include <QtGlobal>

namespace berth::app {

class PlaybackHost {
public:
    virtual ~PlaybackHost() = default;

    /// A cluster is on show: there is something to play.
    virtual bool loaded() const = 0;
    virtual bool running() const = 0;
    /// Simulated seconds per wall-clock second.
    virtual double speed() const = 0;
    /// The top speed: from there on the run goes flat out.
    virtual double maxSpeed() const = 0;

    virtual void play() = 0;
    virtual void pause() = 0;
    /// One pod: a whole scheduling cycle (or one timed event).
    virtual void step() = 0;
    /// One extension point of the cycle on show.
    virtual void stepPhase() = 0;
    virtual void runToEnd() = 0;
    virtual void setSpeed(double speed) = 0;

    // Time travel: the plan as it was at an earlier core step (a deterministic replay).
    /// Core steps taken so far, and the most this plan has reached.
    virtual quint64 position() const = 0;
    virtual quint64 newestPosition() const = 0;
    /// Back one extension point of the cycle on show; from its first, the step before it.
    virtual void stepBack() = 0;
    /// Back one pod: the core step before the one on show, at its last phase.
    virtual void stepPodBack() = 0;
    /// Back to step 0: the plan as loaded, at t = 0.
    virtual void restart() = 0;
    /// Forward to the newest step reached.
    virtual void toNewest() = 0;
    /// To core step `step` (at most the newest reached), its cycle at its last phase.
    virtual void seek(quint64 step) = 0;
};

}  // namespace berth::app
