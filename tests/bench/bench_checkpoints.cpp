// What a time-travel jump costs in the plan (issue 17: <= 1 s anywhere in a 10,000-pod run):
// from the nearest checkpoint (plan::CheckpointShelf, as SimulationWorker::travel takes it)
// against a fresh plan replayed from step 0 (what travel did before checkpoints). The app adds
// the copy of the rows to show (tests/app/playback/tst_time_travel.cpp measureJumps). Run by hand:
//   build/<tree>/tests/bench/berth_bench_checkpoints
// Figures go to docs/performance.md; nothing here asserts a time.

#include <benchmark/benchmark.h>

#include <chrono>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/generate.h"
#include "plan/checkpoint_shelf.h"

namespace {

using namespace berth;
using Clock = std::chrono::steady_clock;

/// A `berthctl generate` cluster (basic shape, pending pods) and the steps of its whole run.
struct Run {
    std::shared_ptr<const plan::PlanInput> input;
    std::uint64_t steps = 0;
};

const Run& run(int nodes, int pods) {
    static std::map<std::pair<int, int>, Run> runs;
    Run& r = runs[{nodes, pods}];
    if (r.input) return r;
    cli::GenerateOptions g;
    g.nodes = nodes;
    g.pods = pods;
    std::ostringstream text;
    cli::generateCluster(g, text);
    plan::PlanInput in;
    in.manifests.push_back({"bench.yaml", text.str()});
    r.input = std::make_shared<const plan::PlanInput>(std::move(in));
    plan::Plan straight(r.input);
    straight.stepTo(plan::Plan::kToEnd);
    r.steps = straight.steps();
    return r;
}

/// The resident set in MiB (/proc/self/statm), to tell what the checkpoints hold.
double residentMiB() {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * 4096.0 / (1024.0 * 1024.0);
}

/// The worst jumps: the step before each next checkpoint (the most steps to go), and step 0.
std::vector<std::uint64_t> worstTargets(const std::vector<std::uint64_t>& checkpoints, std::uint64_t steps) {
    std::vector<std::uint64_t> targets{0};
    for (std::size_t i = 0; i < checkpoints.size(); ++i)
        targets.push_back((i + 1 < checkpoints.size() ? checkpoints[i + 1] : steps + 1) - 1);
    return targets;
}

// A jump from the nearest checkpoint at or below the target: take it, step on. Between jumps
// (untimed) the shelf builds the taken checkpoint again, as the worker's does in the background.
void BM_JumpFromCheckpoint(benchmark::State& st) {
    const Run& r = run(static_cast<int>(st.range(0)), static_cast<int>(st.range(1)));
    const double before = residentMiB();
    plan::CheckpointShelf shelf;
    shelf.reset(r.input, {});
    shelf.fill(r.steps);
    shelf.waitUntilBuilt();
    const std::vector<std::uint64_t> checkpoints = shelf.steps();
    st.counters["checkpoints"] = static_cast<double>(checkpoints.size());
    st.counters["MiB_per_checkpoint"] = (residentMiB() - before) / static_cast<double>(checkpoints.size());
    st.counters["steps"] = static_cast<double>(r.steps);
    const std::vector<std::uint64_t> targets = worstTargets(checkpoints, r.steps);
    std::size_t i = 0;
    for (auto _ : st) {
        const std::uint64_t target = targets[i++ % targets.size()];
        const auto start = Clock::now();
        auto cp = shelf.take(target);
        cp->plan->stepTo(target);
        st.SetIterationTime(std::chrono::duration<double>(Clock::now() - start).count());
        shelf.fill(r.steps);
        shelf.waitUntilBuilt();
    }
}
BENCHMARK(BM_JumpFromCheckpoint)
    ->Args({500, 10000})
    ->Args({1000, 5000})
    ->ArgNames({"nodes", "pods"})
    ->UseManualTime()
    ->Iterations(12)
    ->Unit(benchmark::kMillisecond);

// The same targets without checkpoints: a fresh plan loaded and stepped from step 0.
void BM_JumpByReplay(benchmark::State& st) {
    const Run& r = run(static_cast<int>(st.range(0)), static_cast<int>(st.range(1)));
    const std::vector<std::uint64_t> targets{0, r.steps / 4, r.steps / 2, 3 * r.steps / 4, r.steps - 1};
    std::size_t i = 0;
    for (auto _ : st) {
        const std::uint64_t target = targets[i++ % targets.size()];
        const auto start = Clock::now();
        plan::Plan p(r.input);
        p.stepTo(target);
        st.SetIterationTime(std::chrono::duration<double>(Clock::now() - start).count());
    }
}
BENCHMARK(BM_JumpByReplay)
    ->Args({500, 10000})
    ->Args({1000, 5000})
    ->ArgNames({"nodes", "pods"})
    ->UseManualTime()
    ->Iterations(5)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
