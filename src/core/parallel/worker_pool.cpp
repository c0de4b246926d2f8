#include "core/parallel/worker_pool.h"

#include <chrono>

namespace berth::core {
namespace {

// An idle worker busy-waits for the next job this long, then gives its core away between
// looks (sched_yield returns at once when nothing else wants the core) until kSpinFor, then
// blocks: longer than the gap between two cycles, short enough not to hold a core when
// scheduling stops. Yielding early is what keeps an oversubscribed machine (a build beside
// it) from losing time slices to a spinning worker: 100 us of pure spinning measured worse.
constexpr auto kPauseFor = std::chrono::microseconds(20);
constexpr auto kSpinFor = std::chrono::microseconds(1000);

bool isOpen(std::uint64_t generation) { return (generation & 1U) != 0; }

// One step of a busy wait.
void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Waits until `done()`: busy at first, then yielding, since on a machine with more runnable
// threads than cores the thread waited for may need this core (a pure busy wait then takes
// whole time slices from it).
template <class Done>
void waitUntil(Done&& done) {
    for (unsigned i = 0; !done(); ++i) {
        if (i < 256)
            relax();  // a few microseconds
        else
            std::this_thread::yield();
    }
}

}  // namespace

WorkerPool::WorkerPool(unsigned threads, std::size_t minSharedNodes) : m_minSharedNodes(minSharedNodes) {
    for (unsigned i = 1; i < threads; ++i) m_workers.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (auto& t : m_workers) t.join();
}

void WorkerPool::takeTasks() {
    for (std::size_t i = m_next.fetch_add(1); i < m_count; i = m_next.fetch_add(1)) {
        m_fn(m_ctx, i);
        m_done.fetch_add(1, std::memory_order_release);
    }
}

void WorkerPool::runJob(std::size_t count, TaskFn fn, void* ctx) {
    m_fn = fn;
    m_ctx = ctx;
    m_count = count;
    m_next.store(0, std::memory_order_relaxed);
    m_done.store(0, std::memory_order_relaxed);
    m_running = true;
    {
        // Published under the mutex so that a worker about to block cannot miss it.
        std::lock_guard lock(m_mutex);
        m_generation.fetch_add(1);
        if (m_sleeping > 0) m_wake.notify_all();
    }
    takeTasks();
    waitUntil([&] { return m_done.load(std::memory_order_acquire) >= count; });
    // Close the job, then wait for the workers that entered it to leave before its data
    // (m_fn, m_count, m_next) can be reused. A worker that enters after the close sees the
    // new generation and leaves without touching them (both sides are sequentially consistent).
    m_generation.fetch_add(1);
    waitUntil([&] { return m_busy.load() == 0; });
    m_running = false;
}

void WorkerPool::workerLoop() {
    std::uint64_t seen = 0;
    const auto fresh = [&](std::uint64_t g) { return isOpen(g) && g != seen; };
    for (;;) {
        std::uint64_t g = m_generation.load(std::memory_order_acquire);
        const auto start = std::chrono::steady_clock::now();
        for (unsigned i = 1; !fresh(g); ++i) {
            if (i % 64 == 0) {
                const auto waited = std::chrono::steady_clock::now() - start;
                if (waited >= kSpinFor) break;
                if (waited >= kPauseFor) std::this_thread::yield();
            }
            relax();
            g = m_generation.load(std::memory_order_acquire);
        }
        if (!fresh(g)) {
            std::unique_lock lock(m_mutex);
            ++m_sleeping;
            m_wake.wait(lock, [&] {
                g = m_generation.load();
                return m_stop || fresh(g);
            });
            --m_sleeping;
            if (m_stop) return;
        }
        seen = g;
        m_busy.fetch_add(1);
        if (m_generation.load() == g) takeTasks();
        m_busy.fetch_sub(1);
    }
}

}  // namespace berth::core
