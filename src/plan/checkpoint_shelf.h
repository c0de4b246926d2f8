#pragma once
/// Checkpoints for time travel (issue 17): plans parked at steps of one run, so that a jump to
/// step k steps on from the nearest parked plan at or below k instead of replaying from step 0.
///
/// A checkpoint is a whole plan stopped at its step, not a copy of the simulation's state. What
/// a restored run must find to decide as the straight run did is: the cluster (pods appended,
/// flags, nodes replaced, workloads scaled, budgets' status), the scheduler's cache, snapshot
/// and nominator, the queue (activeQ order, backoff and unschedulable pods, attempts), the
/// clock's pending events (binding cycles, backoff expiries, flushes, Permit timeouts), the
/// tie-break generator, the plugins' per-node state kept between cycles, and the plan's
/// controllers (workload index, generated names, the disruption controller). The clock's events
/// are closures over the simulation and its cycle states, so a copy would have to rebuild
/// them; a plan parked at step c *is* that state, identical by construction. The price is
/// memory (a plan per checkpoint) and building them: each one is a replay from step 0 of the
/// run's input with its edits up to c, made on the shelf's own thread while the plan on show
/// goes on, so a jump costs at most the steps from the nearest checkpoint.
/// tests/plan/tst_checkpoint_shelf.cpp runs taken checkpoints on and compares them with a
/// straight run, binding for binding.

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "plan/plan.h"

namespace berth::core {
class Progress;
}

namespace berth::plan {

class CheckpointShelf {
public:
    struct Checkpoint {
        std::unique_ptr<Plan> plan;
        std::size_t editsApplied = 0;  // the run's edits [0, editsApplied) are in the plan
    };
    struct Limits {
        /// Built checkpoints are at least this many steps apart (a step is a scheduling cycle
        /// or a bind: about 0.1 ms untraced on 500 nodes, docs/performance.md).
        std::uint64_t minSpacing = 1000;
        /// Built checkpoints over a run: the spacing grows with the run to keep to this.
        std::size_t built = 10;
        /// Plans kept at most, built and parked together (each costs a plan's memory).
        std::size_t kept = 14;
    };

    explicit CheckpointShelf(Limits limits);
    CheckpointShelf() : CheckpointShelf(Limits{}) {}
    ~CheckpointShelf();
    CheckpointShelf(const CheckpointShelf&) = delete;
    CheckpointShelf& operator=(const CheckpointShelf&) = delete;

    /// A new run (a load, a replay, undo): every checkpoint is dropped and the build stops;
    /// later ones are built from `input` and `edits` (each applied at its atStep).
    void reset(std::shared_ptr<const PlanInput> input, std::vector<PlanEdit> edits);
    /// The run's future changed at `step` (an edit made there, `edits` the new list): the
    /// checkpoints past it are dropped, those at or before it kept.
    void truncate(std::uint64_t step, std::vector<PlanEdit> edits);
    /// Builds, in the background, the checkpoints missing at the spacing's multiples up to
    /// `newest` (the most steps the run has reached), step 0 included.
    void fill(std::uint64_t newest);
    /// Keeps a plan of this run (the one that was on show) at its step; when the shelf is
    /// full, the plan nearest to the one before it is dropped.
    void park(Checkpoint checkpoint);
    /// Removes and returns the checkpoint with the most steps in [minSteps, target], if any.
    std::optional<Checkpoint> take(std::uint64_t target, std::uint64_t minSteps = 0);

    /// The steps of the plans on the shelf, ascending.
    std::vector<std::uint64_t> steps() const;
    /// Blocks until the background build has nothing left to do (tests, benchmarks).
    void waitUntilBuilt();

private:
    void buildLoop();
    /// Under the lock: drops plans past `kept`, keeping step 0 and the widest gaps.
    std::vector<std::unique_ptr<Plan>> evictOverflow();
    void cancelBuild();

    const Limits m_limits;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;  // work or stop for the builder
    std::condition_variable m_idle;  // the builder has nothing left
    std::shared_ptr<const PlanInput> m_input;
    std::vector<PlanEdit> m_edits;
    std::map<std::uint64_t, Checkpoint> m_plans;  // by step
    std::vector<std::uint64_t> m_todo;            // steps to build, ascending
    std::uint64_t m_generation = 0;               // bumped by reset and truncate
    std::shared_ptr<core::Progress> m_building;   // the build under way: cancelled by reset
    bool m_busy = false;
    bool m_stop = false;
    std::thread m_thread;
};

}  // namespace berth::plan
