#include "cli/run_command.h"

#include <sys/resource.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/explain_printer.h"
#include "cli/plan_input.h"
#include "core/simulation.h"
#include "io/event_writer.h"
#include "io/json_writer.h"
#include "io/placed_pods_writer.h"
#include "io/report_writer.h"
#include "io/trace_writer.h"
#include "plan/plan.h"
#include "plan/run_metrics.h"

namespace berth::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double peakRssMb() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

void printDiagnostics(const io::Diagnostics& d) {
    for (const auto& item : d.items) std::cerr << item.toString() << "\n";
}

/// Opens `path` for writing when one was given; false (with a message) when it cannot.
bool openOutput(std::ofstream& out, const std::string& path, const char* what) {
    if (path.empty()) return true;
    out.open(path, std::ios::out | std::ios::trunc);
    if (out) return true;
    std::cerr << "berthctl: cannot write " << what << " file " << path << "\n";
    return false;
}

/// When the run was measured: wall and CPU time at the load's end and the run's end.
struct Timings {
    Clock::time_point start, loaded, scheduled;
    double cpuLoaded = 0, cpuScheduled = 0;
};

int printExplain(const Options& opt, core::Simulation& sim, const std::optional<core::CycleTrace>& explained) {
    if (explained) {
        std::cout << formatExplain(*explained);
        return 0;
    }
    const core::Cluster& cluster = sim.cluster();
    const core::Pod* pod = cluster.findPod(opt.explainPod);
    if (!pod) {
        std::cerr << "berthctl: pod " << opt.explainPod << " not found\n";
        return 1;
    }
    std::cout << "Pod " << opt.explainPod << " was not scheduled in this run (state "
              << core::podStateName(sim.outcome(*pod).state) << ", node " << cluster.pool.str(sim.outcome(*pod).node)
              << ")\n";
    return 0;
}

void printReport(const Options& opt, plan::Plan& thePlan) {
    core::Simulation& sim = thePlan.sim();
    switch (opt.output) {
        case OutputFormat::Table: std::cout << io::reportTable(sim); break;
        case OutputFormat::Json: std::cout << io::reportJson(sim); break;
        case OutputFormat::Yaml: io::writePlacedPodsYaml(std::cout, sim, thePlan.load().sourceTexts); break;
        case OutputFormat::Bindings: std::cout << io::reportBindingsYaml(sim); break;
        case OutputFormat::Workloads: io::writePlacedWorkloadsYaml(std::cout, sim, thePlan.load().sourceTexts); break;
        case OutputFormat::Csv: std::cout << io::reportCsv(sim); break;
        case OutputFormat::None: break;
    }
}

void printStats(const core::Cluster& cluster, const core::RunStats& stats, const Timings& t) {
    std::size_t nodes = 0;
    for (std::size_t i = 0; i < cluster.nodes.size(); ++i) nodes += cluster.nodeRemoved[i] ? 0 : 1;
    const double sched = seconds(t.loaded, t.scheduled);
    const double cpu = t.cpuScheduled - t.cpuLoaded;
    io::JsonWriter w;
    w.beginObject();
    w.key("nodes").value(nodes);
    w.key("pods").value(cluster.pods.size());
    w.key("attempts").value(stats.attempts);
    w.key("scheduled").value(stats.scheduled);
    w.key("unschedulable").value(stats.unschedulable);
    w.key("errors").value(stats.errors);
    w.key("load_seconds").value(seconds(t.start, t.loaded));
    w.key("schedule_seconds").value(sched);
    w.key("pods_per_second").value(sched > 0 ? static_cast<double>(stats.attempts) / sched : 0.0);
    // CPU time of the process while scheduling: on a shared machine the steadier figure.
    w.key("schedule_cpu_seconds").value(cpu);
    w.key("pods_per_cpu_second").value(t.cpuScheduled > t.cpuLoaded ? static_cast<double>(stats.attempts) / cpu : 0.0);
    w.key("peak_rss_mb").value(peakRssMb());
    w.endObject();
    std::cerr << w.str() << "\n";
}

/// --fail-on-pending: 3 when pods are still pending at the run's end, with their count.
int pendingStatus(const Options& opt, core::Simulation& sim) {
    if (!opt.failOnPending) return 0;
    std::size_t pending = 0;
    for (const core::Pod& p : sim.cluster().pods) pending += sim.outcome(p).state == core::PodState::Pending ? 1 : 0;
    if (pending == 0) return 0;
    std::cerr << "berthctl: " << pending << (pending == 1 ? " pod" : " pods")
              << " pending at the end of the run (--fail-on-pending)\n";
    return 3;
}

/// --check: 5 when an invariant broke, each violation on its own line.
int invariantStatus(const Options& opt, const core::Simulation& sim) {
    if (!opt.checkInvariants) return 0;
    const std::vector<std::string> violations = sim.checkInvariants();
    if (violations.empty()) return 0;
    for (const std::string& v : violations) std::cerr << "berthctl: invariant violated: " << v << "\n";
    std::cerr << "berthctl: " << violations.size() << (violations.size() == 1 ? " invariant violation" : " invariant violations")
              << " (--check)\n";
    return 5;
}

}  // namespace

int runSchedule(const Options& opt) {
    Timings t;
    t.start = Clock::now();
    io::Diagnostics problems;
    // Controllers create the pods of Deployments, ReplicaSets, StatefulSets, Jobs, DaemonSets.
    const auto extenders = extenderSessionFor(opt, problems);
    plan::Plan thePlan(planInputFor(opt, problems, extenders));
    io::Diagnostics loaded = thePlan.load().diagnostics;
    applyStrict(opt, problems);
    applyStrict(opt, loaded);
    printDiagnostics(problems);
    printDiagnostics(loaded);
    if (problems.hasErrors() || loaded.hasErrors()) {
        std::cerr << "berthctl: input errors, nothing scheduled\n";
        return 1;
    }
    if (!thePlan.ok()) {
        std::cerr << "berthctl: configuration error: " << thePlan.error() << "\n";
        return 1;
    }
    t.loaded = Clock::now();
    t.cpuLoaded = cpuSeconds();
    core::Cluster& cluster = thePlan.cluster();
    core::Simulation& sim = thePlan.sim();
    sim.scheduler().setTrace(!opt.traceFile.empty() || opt.command == "explain");

    std::ofstream traceOut;
    if (!openOutput(traceOut, opt.traceFile, "trace")) return 1;
    std::optional<core::CycleTrace> explained;
    sim.setTraceListener([&](const core::CycleTrace& trace) {
        if (traceOut.is_open()) traceOut << io::traceToJsonLine(trace) << "\n";
        if (opt.command == "explain" && trace.pod == opt.explainPod) explained = trace;
    });
    std::ofstream eventsOut;
    if (!openOutput(eventsOut, opt.eventsFile, "events")) return 1;
    std::ofstream metricsOut;
    if (!openOutput(metricsOut, opt.metricsFile, "metrics")) return 1;
    std::optional<plan::RunMetrics> metrics;
    if (metricsOut.is_open()) metrics.emplace(sim);
    if (eventsOut.is_open() || metrics)
        sim.setEventListener([&](const core::SimEvent& e) {
            if (eventsOut.is_open()) eventsOut << io::eventToJsonLine(e, cluster) << "\n";
            if (metrics) metrics->onEvent(e);
        });
    // A timeline's edits are steps of the plan (timed_edits.h); the loop then has nothing left.
    if (!thePlan.input().timeline.empty() && !opt.singlePass) {
        if (opt.untilNs < 0)
            thePlan.runToEnd();
        else
            thePlan.runUntil(opt.untilNs);
    }
    for (const std::string& e : thePlan.timedEditErrors()) std::cerr << "berthctl: timeline: " << e << "\n";
    const core::RunStats stats = opt.singlePass ? sim.runSinglePass() : sim.run(opt.untilNs);
    if (!sim.stoppedBy().empty()) std::cerr << "berthctl: the run stopped: " << sim.stoppedBy() << "\n";
    if (metrics) {
        metrics->finish();
        metricsOut << metrics->prometheusText();
    }
    t.scheduled = Clock::now();
    t.cpuScheduled = cpuSeconds();
    if (const std::string error = extenders->save(); !error.empty()) {
        std::cerr << "berthctl: --extender-record: " << error << "\n";
        return 1;
    }

    if (opt.command == "explain") return printExplain(opt, sim, explained);
    printReport(opt, thePlan);
    if (opt.stats) printStats(cluster, stats, t);
    if (const int broken = invariantStatus(opt, sim)) return broken;
    if (!sim.stoppedBy().empty()) return 6;  // the report is the cluster at the stop
    return pendingStatus(opt, sim);
}

}  // namespace berth::cli
