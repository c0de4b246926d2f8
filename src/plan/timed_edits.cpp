#include "plan/timed_edits.h"

#include <algorithm>

#include "core/simulation.h"

namespace berth::plan {

bool timedEditKind(EditKind kind) { return kind != EditKind::SetSchedulerConfig && kind != EditKind::PinPod; }

TimedEditPlayer::TimedEditPlayer(std::vector<TimedEdit> edits) : m_edits(std::move(edits)) {
    std::stable_sort(m_edits.begin(), m_edits.end(), [](const TimedEdit& a, const TimedEdit& b) { return a.at < b.at; });
}

std::vector<const TimedEdit*> TimedEditPlayer::takeDue(core::Simulation& sim) {
    std::vector<const TimedEdit*> due;
    if (m_next >= m_edits.size()) return due;
    const core::SimTime at = m_edits[m_next].at;
    if (at > sim.clock().now()) {
        // The loop's own next step comes first when a pod can be popped now, or when one of
        // its timed events (a bind, a backoff's end, a flush) is due at or before `at`: an
        // edit at the same time as a loop event follows it, as an informer event queued
        // behind it would.
        if (sim.queue().hasPoppable()) return due;
        // nextTime() only drops cancelled events from the list's head (nothing a reader
        // sees); the simulation is not const, only its accessor is.
        const core::SimTime next = sim.clock().nextTime();
        if (next >= 0 && next <= at && !sim.idle()) return due;
        sim.waitUntil(at);  // nothing of the loop happens before `at`: only the clock moves
    }
    for (; m_next < m_edits.size() && m_edits[m_next].at <= sim.clock().now(); ++m_next) due.push_back(&m_edits[m_next]);
    return due;
}

}  // namespace berth::plan
