#include "app/playback/playback_controls.h"

#include "app/playback/playback_host.h"

namespace berth::app {

PlaybackControls::PlaybackControls(PlaybackHost& host, CyclePlayback& cycle, QObject* parent)
    : QObject(parent), m_host(host), m_cycle(cycle) {
    connect(&m_cycle, &CyclePlayback::changed, this, &PlaybackControls::stateChanged);
}

bool PlaybackControls::loaded() const { return m_host.loaded(); }
bool PlaybackControls::running() const { return m_host.running(); }
double PlaybackControls::speed() const { return m_host.speed(); }
double PlaybackControls::maxSpeed() const { return m_host.maxSpeed(); }

void PlaybackControls::play() { m_host.play(); }
void PlaybackControls::pause() { m_host.pause(); }
void PlaybackControls::togglePlay() { m_host.running() ? m_host.pause() : m_host.play(); }
void PlaybackControls::step() { m_host.step(); }
void PlaybackControls::stepPhase() { m_host.stepPhase(); }
void PlaybackControls::runToEnd() { m_host.runToEnd(); }
void PlaybackControls::stepBack() { m_host.stepBack(); }
void PlaybackControls::stepPodBack() { m_host.stepPodBack(); }
void PlaybackControls::restart() { m_host.restart(); }
void PlaybackControls::toNewest() { m_host.toNewest(); }
void PlaybackControls::seek(qint64 step) {
    if (step >= 0) m_host.seek(static_cast<quint64>(step));
}
qint64 PlaybackControls::position() const { return static_cast<qint64>(m_host.position()); }
qint64 PlaybackControls::newestPosition() const { return static_cast<qint64>(m_host.newestPosition()); }
bool PlaybackControls::canStepBack() const { return m_host.loaded() && (m_host.position() > 0 || m_cycle.hasPrevious()); }

void PlaybackControls::setSpeed(double speed) { m_host.setSpeed(speed); }

}  // namespace berth::app
