#pragma once
/// Simulated time: an event list ordered by (time, sequence), as ns-3's scheduler. Nothing in
/// the core reads the wall clock; every timed behaviour (backoff, flushes, bind latency, permit
/// timeouts) is an event here.

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace berth::core {

/// Nanoseconds of simulated time since the simulation started.
using SimTime = std::int64_t;
inline constexpr SimTime kSecond = 1'000'000'000;
inline constexpr SimTime kMillisecond = 1'000'000;

class SimulatedClock {
public:
    using Action = std::function<void()>;

    SimTime now() const { return m_now; }
    /// Schedules `action` at absolute time `at` (not before now). Returns its id.
    std::uint64_t scheduleAt(SimTime at, Action action);
    std::uint64_t scheduleAfter(SimTime delay, Action action) { return scheduleAt(m_now + delay, std::move(action)); }
    /// Cancelled events are skipped when their time comes.
    void cancel(std::uint64_t id);
    bool empty() const { return m_events.size() == m_cancelledPending; }
    /// Time of the next live event, or -1. Const: dropping cancelled entries off the head
    /// changes no event's time or order.
    SimTime nextTime() const;
    /// Advances to the next event and runs it. False when there is none.
    bool runNext();

private:
    struct Entry {
        SimTime at;
        std::uint64_t seq;
        bool operator>(const Entry& o) const { return at != o.at ? at > o.at : seq > o.seq; }
    };
    void dropCancelledHead() const;

    SimTime m_now = 0;
    std::uint64_t m_seq = 0;
    // mutable: dropCancelledHead, only bookkeeping of events already cancelled.
    mutable std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> m_events;
    mutable std::vector<Action> m_actions;  // by seq
    std::vector<std::uint8_t> m_cancelled;  // by seq
    mutable std::size_t m_cancelledPending = 0;
};

}  // namespace berth::core
