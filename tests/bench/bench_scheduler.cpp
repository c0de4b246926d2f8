// Benchmarks of the scheduler's hot paths on the shapes of `berthctl generate` (issue 6):
// filter and score over every node, snapshot update after an assume, queue add/pop, one whole
// scheduling cycle, and loading the generated YAML. Run by hand:
//   build/<tree>/tests/bench/berth_bench --benchmark_min_time=0.2
// Figures go to docs/performance.md; nothing here asserts a time.

#include <benchmark/benchmark.h>

#include <memory>
#include <sstream>
#include <string>

#include "cli/generate.h"
#include "core/simulation.h"
#include "io/manifest_loader.h"
#include "plan/controllers/workloads.h"

namespace {

using namespace berth;

std::string generatedText(int nodes, int pods, const std::string& variant) {
    cli::GenerateOptions g;
    g.nodes = nodes;
    g.pods = pods;
    g.variant = variant;
    std::ostringstream out;
    cli::generateCluster(g, out);
    return out.str();
}

/// A loaded cluster with its simulation initialised (pods queued, nothing scheduled yet).
struct Fixture {
    core::Cluster cluster;
    std::unique_ptr<core::Simulation> sim;

    Fixture(int nodes, int pods, const std::string& variant, std::optional<std::int32_t> percentage = {}) {
        io::LoadResult load;
        io::loadManifestText(generatedText(nodes, pods, variant), "bench.yaml", cluster, load);
        io::addImplicitNamespaces(cluster);
        plan::expandWorkloads(cluster, 0, core::KubeVersion::newest(), load.diagnostics);
        core::SchedulerOptions so;
        so.percentageOfNodesToScore = percentage;
        sim = std::make_unique<core::Simulation>(cluster, core::SchedulerConfiguration{}, so);
        std::string error;
        if (!sim->init(error)) throw std::runtime_error(error);
    }

    /// Schedules (and binds) the first `n` pending pods, so nodes carry pods like mid-run.
    void fill(std::size_t n) {
        for (std::size_t i = 0; i < n && sim->step(); ++i) {}
    }

    const core::Pod& pendingPod() const {
        for (const auto& p : cluster.pods)
            if (p.nodeName == core::kEmptySym) return p;
        throw std::runtime_error("no pending pod");
    }
};

// Every Filter plugin over every node, after PreFilter (the part of findNodesThatPassFilters
// that scales with the cluster). Reported per node.
void BM_FilterAllNodes(benchmark::State& st) {
    Fixture f(static_cast<int>(st.range(0)), 2000, st.range(1) ? "anti-affinity" : "basic");
    f.fill(1000);
    core::Scheduler& s = f.sim->scheduler();
    core::Framework& fw = *s.framework(0);
    const core::Pod& pod = f.pendingPod();
    core::CycleState state = fw.newCycleState();
    core::PreFilterResult pre;
    std::vector<std::string> rejectors;
    (void)fw.runPreFilterPlugins(state, pod, pre, rejectors);
    const auto& nodes = s.snapshot().nodes();
    for (auto _ : st) {
        int feasible = 0;
        for (const core::NodeInfo* ni : nodes) feasible += fw.runFilterPlugins(state, pod, *ni).isSuccess();
        benchmark::DoNotOptimize(feasible);
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * nodes.size()));
}
BENCHMARK(BM_FilterAllNodes)->ArgsProduct({{1000, 5000}, {0, 1}})->ArgNames({"nodes", "antiAffinity"});

// PreFilter alone: the per-pod state (topology counts, affinity counts) built once per cycle.
void BM_PreFilter(benchmark::State& st) {
    static const char* kVariants[] = {"basic", "anti-affinity", "spread"};
    Fixture f(5000, 10000, kVariants[st.range(0)]);
    f.fill(static_cast<std::size_t>(st.range(1)));
    core::Framework& fw = *f.sim->scheduler().framework(0);
    const core::Pod& pod = f.pendingPod();
    for (auto _ : st) {
        core::CycleState state = fw.newCycleState();
        core::PreFilterResult pre;
        std::vector<std::string> rejectors;
        benchmark::DoNotOptimize(fw.runPreFilterPlugins(state, pod, pre, rejectors));
    }
}
BENCHMARK(BM_PreFilter)->ArgsProduct({{0, 1, 2}, {5000}})->ArgNames({"variant", "placed"});

// PreScore + Score + NormalizeScore of every score plugin over every node (what
// --percentage-of-nodes-to-score 100 costs per cycle). Reported per node.
void BM_ScoreAllNodes(benchmark::State& st) {
    Fixture f(static_cast<int>(st.range(0)), 10000, "basic");
    f.fill(static_cast<std::size_t>(st.range(0)));
    core::Scheduler& s = f.sim->scheduler();
    core::Framework& fw = *s.framework(0);
    const core::Pod& pod = f.pendingPod();
    const auto& nodes = s.snapshot().nodes();
    core::ScoreMatrix m;
    for (std::size_t i = 0; i < nodes.size(); ++i) m.nodes.push_back(static_cast<int>(i));
    for (auto _ : st) {
        core::CycleState state = fw.newCycleState();
        (void)fw.runPreScorePlugins(state, pod, nodes);
        benchmark::DoNotOptimize(fw.runScorePlugins(state, pod, nodes, m));
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * nodes.size()));
}
BENCHMARK(BM_ScoreAllNodes)->Arg(1000)->Arg(5000)->ArgName("nodes");

// One whole scheduling cycle (snapshot update, PreFilter, Filter, PreScore, Score, select),
// without assume: the same pod every iteration on a half-filled cluster.
void BM_SchedulingCycle(benchmark::State& st) {
    Fixture f(5000, 10000, "basic", st.range(0) ? std::optional<std::int32_t>(100) : std::nullopt);
    f.fill(5000);
    core::Scheduler& s = f.sim->scheduler();
    core::Framework& fw = *s.framework(0);
    const core::Pod& pod = f.pendingPod();
    for (auto _ : st) {
        core::CycleState state = fw.newCycleState();
        benchmark::DoNotOptimize(s.schedulePod(fw, state, pod));
    }
}
BENCHMARK(BM_SchedulingCycle)->Arg(0)->Arg(1)->ArgName("allNodes")->Unit(benchmark::kMicrosecond);

// Snapshot update after one assume and one forget: the two touched NodeInfos are copied.
void BM_SnapshotUpdate(benchmark::State& st) {
    Fixture f(5000, 2000, "basic");
    f.fill(1000);
    core::Scheduler& s = f.sim->scheduler();
    core::Cache& cache = s.cache();
    const core::Pod& pod = f.pendingPod();
    const core::Sym node = f.cluster.nodes[17].nameSym;
    core::Snapshot snap;
    cache.updateSnapshot(snap);
    for (auto _ : st) {
        (void)cache.assumePod(pod, node);
        benchmark::DoNotOptimize(cache.updateSnapshot(snap));
        (void)cache.forgetPod(pod);
        benchmark::DoNotOptimize(cache.updateSnapshot(snap));
    }
}
BENCHMARK(BM_SnapshotUpdate);

// Snapshot built from scratch (the first cycle, or after a node is added).
void BM_SnapshotFull(benchmark::State& st) {
    Fixture f(5000, 2000, "basic");
    f.fill(1000);
    core::Cache& cache = f.sim->scheduler().cache();
    for (auto _ : st) {
        core::Snapshot snap;
        benchmark::DoNotOptimize(cache.updateSnapshot(snap));
    }
}
BENCHMARK(BM_SnapshotFull)->Unit(benchmark::kMillisecond);

// activeQ: add N pending pods, pop them all (PrioritySort order).
void BM_QueueAddPop(benchmark::State& st) {
    Fixture f(3, static_cast<int>(st.range(0)), "basic");
    core::Framework& fw = *f.sim->scheduler().framework(0);
    core::SimulatedClock clock;
    for (auto _ : st) {
        core::SchedulingQueue q(*fw.queueSort(), clock, core::QueueSettings{},
                                [](const core::Pod&) { return core::SchedulingQueue::PreEnqueueVerdict{}; });
        for (const auto& p : f.cluster.pods) q.add(p);
        while (auto info = q.pop()) benchmark::DoNotOptimize(info->pod);
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * f.cluster.pods.size()));
}
BENCHMARK(BM_QueueAddPop)->Arg(10000)->ArgName("pods")->Unit(benchmark::kMillisecond);

// io::loadManifestText on the generated YAML (the load path; optimised separately).
void BM_LoadYaml(benchmark::State& st) {
    const std::string text = generatedText(static_cast<int>(st.range(0)), static_cast<int>(st.range(1)), "basic");
    for (auto _ : st) {
        core::Cluster cluster;
        io::LoadResult load;
        io::loadManifestText(text, "bench.yaml", cluster, load);
        benchmark::DoNotOptimize(cluster.pods.size());
    }
    st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * text.size()));
}
BENCHMARK(BM_LoadYaml)
    ->Args({500, 1000})
    ->Args({5000, 10000})
    ->ArgNames({"nodes", "pods"})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
