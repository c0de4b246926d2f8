#include "core/clock/simulated_clock.h"

namespace berth::core {

std::uint64_t SimulatedClock::scheduleAt(SimTime at, Action action) {
    if (at < m_now) at = m_now;
    const std::uint64_t id = m_seq++;
    m_events.push(Entry{at, id});
    m_actions.push_back(std::move(action));
    m_cancelled.push_back(0);
    return id;
}

void SimulatedClock::cancel(std::uint64_t id) {
    if (id >= m_cancelled.size() || m_cancelled[id] || !m_actions[id]) return;
    m_cancelled[id] = 1;
    ++m_cancelledPending;
}

void SimulatedClock::dropCancelledHead() const {
    while (!m_events.empty() && m_cancelled[m_events.top().seq]) {
        m_actions[m_events.top().seq] = nullptr;
        m_events.pop();
        --m_cancelledPending;
    }
}

SimTime SimulatedClock::nextTime() const {
    dropCancelledHead();
    return m_events.empty() ? -1 : m_events.top().at;
}

bool SimulatedClock::runNext() {
    dropCancelledHead();
    if (m_events.empty()) return false;
    const Entry e = m_events.top();
    m_events.pop();
    m_now = e.at;
    Action a = std::move(m_actions[e.seq]);
    m_actions[e.seq] = nullptr;
    a();
    return true;
}

}  // namespace berth::core
