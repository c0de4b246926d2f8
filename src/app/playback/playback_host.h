#pragma once
/// What PlaybackControls asks of the simulation it drives. SimulationController answers with
/// its worker thread; a test answers with a recording stub, so the toolbar and the narration
/// panel run without a worker. The host emits PlaybackControls::stateChanged() whenever
/// loaded(), running() or speed() changes.

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
};

}  // namespace berth::app
