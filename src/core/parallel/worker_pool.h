#pragma once
/// A small, persistent set of threads that share one job at a time (issue 6: the filter and
/// score passes of a cycle over both cores). A job is `count` indexed tasks, taken in any
/// order by the calling thread and the workers; `run` returns when every task has finished.
/// Callers keep decisions independent of the thread count by having task i write only its
/// own slots and merging the results in order afterwards.
///
/// The workers wait by spinning for a short while before they block, so that a scheduler
/// running cycles back to back finds them awake: waking a blocked thread costs about as much
/// as a filter pass over a few hundred nodes.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace berth::core {

class WorkerPool {
public:
    /// `threads` counts the caller: 1 (or 0) starts no thread and runs every job inline.
    /// `minSharedNodes`: see worthSharing().
    WorkerPool(unsigned threads, std::size_t minSharedNodes);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    unsigned threads() const { return static_cast<unsigned>(m_workers.size()) + 1; }
    /// Whether a pass over `nodes` nodes is worth handing out (at least minSharedNodes).
    bool worthSharing(std::size_t nodes) const { return !m_workers.empty() && nodes >= m_minSharedNodes; }
    /// True while a job runs on more than one thread: code reached from its tasks must not
    /// change shared state (e.g. intern a string; Handle::internFromTask).
    bool running() const { return m_running; }

    /// Runs task(i) for every i in [0, count) and returns when all are done.
    template <class Task>
    void run(std::size_t count, Task&& task) {
        if (m_workers.empty() || count <= 1) {
            for (std::size_t i = 0; i < count; ++i) task(i);
            return;
        }
        using Fn = std::remove_reference_t<Task>;
        runJob(
            count, [](void* ctx, std::size_t i) { (*static_cast<Fn*>(ctx))(i); },
            const_cast<void*>(static_cast<const void*>(&task)));
    }

private:
    using TaskFn = void (*)(void*, std::size_t);
    void runJob(std::size_t count, TaskFn fn, void* ctx);
    void takeTasks();
    void workerLoop();

    std::vector<std::thread> m_workers;
    std::mutex m_mutex;  // guards m_sleeping, m_stop and the publication of a job
    std::condition_variable m_wake;
    int m_sleeping = 0;
    bool m_stop = false;
    bool m_running = false;  // written by the caller only, outside jobs
    std::size_t m_minSharedNodes;
    // Odd while a job is open, even between jobs; a worker joins each odd value once.
    std::atomic<std::uint64_t> m_generation{0};
    std::atomic<int> m_busy{0};  // workers inside the open job
    std::atomic<std::size_t> m_next{0};
    std::atomic<std::size_t> m_done{0};
    TaskFn m_fn = nullptr;  // the open job: written before its generation is published
    void* m_ctx = nullptr;
    std::size_t m_count = 0;
};

}  // namespace berth::core
