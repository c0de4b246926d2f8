#pragma once
/// How far a long operation has got (loading a cluster, running a plan to the end, writing an
/// export), and a request to stop it. The operation runs on one thread and writes; the GUI
/// reads it from another and may cancel, so every field is atomic and nothing waits. A reader
/// can see `done` and `total` from two moments a few microseconds apart: a progress display
/// tolerates that, and the pair never needs to be consistent for a decision.

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace berth::core {

class Progress {
public:
    enum class Phase : std::uint8_t {
        Waiting,     // queued behind other work, not started
        Loading,     // reading manifests: done/total in bytes
        Replaying,   // stepping to a recorded step: done/total in steps
        Scheduling,  // running to the end: pods settled / pods to settle
        Writing,     // writing the output: done/total in objects written (0/0: not counted)
    };

    void start(Phase phase, std::uint64_t total) noexcept {
        m_done.store(0, std::memory_order_relaxed);
        m_total.store(total, std::memory_order_relaxed);
        m_phase.store(phase, std::memory_order_release);
    }
    void add(std::uint64_t n) noexcept { m_done.fetch_add(n, std::memory_order_relaxed); }
    void set(std::uint64_t done, std::uint64_t total) noexcept {
        m_total.store(total, std::memory_order_relaxed);
        m_done.store(done, std::memory_order_relaxed);
    }
    /// Asks the operation to stop at its next check; it then leaves everything as it was.
    void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const noexcept { return m_cancelled.load(std::memory_order_relaxed); }

    /// The operation is over (done, failed or stopped after a cancel): whoever shows it can
    /// let it go. Set by the side that runs it, last.
    void finish() noexcept { m_finished.store(true, std::memory_order_release); }
    bool finished() const noexcept { return m_finished.load(std::memory_order_acquire); }

    Phase phase() const noexcept { return m_phase.load(std::memory_order_acquire); }
    std::uint64_t done() const noexcept { return m_done.load(std::memory_order_relaxed); }
    std::uint64_t total() const noexcept { return m_total.load(std::memory_order_relaxed); }
    /// done/total in [0, 1], or a negative value while the total is unknown.
    double fraction() const noexcept {
        const std::uint64_t t = total();
        if (t == 0) return -1.0;
        return std::min(1.0, static_cast<double>(done()) / static_cast<double>(t));
    }

private:
    std::atomic<Phase> m_phase{Phase::Waiting};
    std::atomic<std::uint64_t> m_done{0};
    std::atomic<std::uint64_t> m_total{0};
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_finished{false};
};

/// Calls Progress::finish when it goes out of scope: every way out of an operation ends it.
class FinishOnExit {
public:
    explicit FinishOnExit(Progress* progress) noexcept : m_progress(progress) {}
    ~FinishOnExit() {
        if (m_progress) m_progress->finish();
    }
    FinishOnExit(const FinishOnExit&) = delete;
    FinishOnExit& operator=(const FinishOnExit&) = delete;

private:
    Progress* m_progress;
};

/// Progress of a run to the end, in pods: readings of how many pods the queue still has to
/// try become "settled of total". Controllers add pods and flushes bring unschedulable ones
/// back, so the total grows with them, and what is settled never goes backwards.
class SettledPods {
public:
    void begin(Progress& progress, std::uint64_t waiting) noexcept {
        m_total = waiting;
        m_done = 0;
        progress.start(Progress::Phase::Scheduling, waiting);
    }
    void update(Progress& progress, std::uint64_t waiting) noexcept {
        m_total = std::max(m_total, m_done + waiting);
        m_done = std::max(m_done, m_total - waiting);
        progress.set(m_done, m_total);
    }

private:
    std::uint64_t m_total = 0;
    std::uint64_t m_done = 0;
};

}  // namespace berth::core
