// berthctl: the headless command line over berth_core and berth_io.

#include <sys/resource.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli/explain_printer.h"
#include "cli/capacity_command.h"
#include "cli/generate.h"
#include "cli/plan_input.h"
#include "cli/options.h"
#include "core/simulation.h"
#include "io/json_writer.h"
#include "io/event_writer.h"
#include "io/manifest_loader.h"
#include "io/placed_pods_writer.h"
#include "io/report_writer.h"
#include "io/trace_writer.h"
#include "plan/plan.h"

namespace {

using namespace berth;
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

int run(const cli::Options& opt) {
    const auto t0 = Clock::now();
    io::Diagnostics problems;
    // Controllers create the pods of Deployments, ReplicaSets, StatefulSets, Jobs, DaemonSets.
    plan::Plan thePlan(cli::planInputFor(opt, problems));
    printDiagnostics(problems);
    printDiagnostics(thePlan.load().diagnostics);
    if (problems.hasErrors() || thePlan.load().diagnostics.hasErrors()) {
        std::cerr << "berthctl: input errors, nothing scheduled\n";
        return 1;
    }
    if (!thePlan.ok()) {
        std::cerr << "berthctl: configuration error: " << thePlan.error() << "\n";
        return 1;
    }
    const auto t1 = Clock::now();
    const double cpu1 = cpuSeconds();
    core::Cluster& cluster = thePlan.cluster();
    core::Simulation& sim = thePlan.sim();
    sim.scheduler().setTrace(!opt.traceFile.empty() || opt.command == "explain");

    std::ofstream traceOut;
    if (!opt.traceFile.empty()) {
        traceOut.open(opt.traceFile, std::ios::out | std::ios::trunc);
        if (!traceOut) {
            std::cerr << "berthctl: cannot write trace file " << opt.traceFile << "\n";
            return 1;
        }
    }
    std::optional<core::CycleTrace> explained;
    sim.setTraceListener([&](const core::CycleTrace& t) {
        if (traceOut.is_open()) traceOut << io::traceToJsonLine(t) << "\n";
        if (opt.command == "explain" && t.pod == opt.explainPod) explained = t;
    });
    std::ofstream eventsOut;
    if (!opt.eventsFile.empty()) {
        eventsOut.open(opt.eventsFile, std::ios::out | std::ios::trunc);
        if (!eventsOut) {
            std::cerr << "berthctl: cannot write events file " << opt.eventsFile << "\n";
            return 1;
        }
        sim.setEventListener([&](const core::SimEvent& e) { eventsOut << io::eventToJsonLine(e, cluster) << "\n"; });
    }
    const core::RunStats stats = opt.singlePass ? sim.runSinglePass() : sim.run(opt.untilNs);
    const auto t2 = Clock::now();
    const double cpu2 = cpuSeconds();

    if (opt.command == "explain") {
        if (!explained) {
            const core::Pod* pod = cluster.findPod(opt.explainPod);
            if (!pod) {
                std::cerr << "berthctl: pod " << opt.explainPod << " not found\n";
                return 1;
            }
            std::cout << "Pod " << opt.explainPod << " was not scheduled in this run (state "
                      << core::podStateName(sim.outcome(*pod).state) << ", node "
                      << cluster.pool.str(sim.outcome(*pod).node) << ")\n";
            return 0;
        }
        std::cout << cli::formatExplain(*explained);
        return 0;
    }

    switch (opt.output) {
        case cli::OutputFormat::Table: std::cout << io::reportTable(sim); break;
        case cli::OutputFormat::Json: std::cout << io::reportJson(sim); break;
        case cli::OutputFormat::Yaml: std::cout << io::placedPodsYaml(sim, thePlan.load().sourceTexts); break;
        case cli::OutputFormat::Bindings: std::cout << io::reportBindingsYaml(sim); break;
        case cli::OutputFormat::Workloads: std::cout << io::placedWorkloadsYaml(sim, thePlan.load().sourceTexts); break;
        case cli::OutputFormat::Csv: std::cout << io::reportCsv(sim); break;
        case cli::OutputFormat::None: break;
    }
    if (opt.stats) {
        std::size_t nodes = 0;
        for (std::size_t i = 0; i < cluster.nodes.size(); ++i) nodes += cluster.nodeRemoved[i] ? 0 : 1;
        const double sched = seconds(t1, t2);
        io::JsonWriter w;
        w.beginObject();
        w.key("nodes").value(nodes);
        w.key("pods").value(cluster.pods.size());
        w.key("attempts").value(stats.attempts);
        w.key("scheduled").value(stats.scheduled);
        w.key("unschedulable").value(stats.unschedulable);
        w.key("errors").value(stats.errors);
        w.key("load_seconds").value(seconds(t0, t1));
        w.key("schedule_seconds").value(sched);
        w.key("pods_per_second").value(sched > 0 ? static_cast<double>(stats.attempts) / sched : 0.0);
        // CPU time of the process while scheduling: on a shared machine the steadier figure.
        w.key("schedule_cpu_seconds").value(cpu2 - cpu1);
        w.key("pods_per_cpu_second").value(cpu2 > cpu1 ? static_cast<double>(stats.attempts) / (cpu2 - cpu1) : 0.0);
        w.key("peak_rss_mb").value(peakRssMb());
        w.endObject();
        std::cerr << w.str() << "\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::string(argv[1]) == "generate") {
        cli::GenerateOptions g;
        for (int i = 2; i < argc; ++i) {
            const std::string a = argv[i];
            auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : std::string(); };
            try {
                if (a == "--nodes") g.nodes = std::stoi(next());
                else if (a == "--pods") g.pods = std::stoi(next());
                else if (a == "--zones") g.zones = std::max(1, std::stoi(next()));
                else if (a == "--replicasets" || a == "--workloads") g.replicaSets = std::max(1, std::stoi(next()));
                else if (a == "--interleave") g.interleave = true;
                else if (a == "--bound") g.bound = std::max(0, std::stoi(next()));
                else if (a == "--variant") g.variant = next();
                else if (a == "-o") {
                    const std::string format = next();
                    if (format != "yaml" && format != "json") throw std::invalid_argument(format);
                    g.json = format == "json";
                }
                else throw std::invalid_argument(a);
            } catch (const std::exception&) {
                std::cerr << "berthctl generate: bad argument \"" << a << "\"\n"
                          << "usage: berthctl generate [--nodes N] [--pods N] [--zones N] [--workloads N] "
                             "[--interleave] [--bound N] [--variant basic|anti-affinity|spread|mixed] [-o yaml|json]\n";
                return 2;
            }
        }
        if (!cli::knownVariant(g.variant)) {
            std::cerr << "berthctl generate: --variant must be basic, anti-affinity, spread or mixed\n";
            return 2;
        }
        cli::generateCluster(g, std::cout);
        return 0;
    }
    cli::Options opt;
    const std::string err = cli::parseOptions(argc, argv, opt);
    if (!err.empty()) {
        std::cerr << "berthctl: " << err << "\n\n" << cli::usageText();
        return 2;
    }
    if (opt.command == "help") {
        std::cout << cli::usageText();
        return 0;
    }
    try {
        if (opt.command == "capacity") return cli::runCapacity(opt);
        return run(opt);
    } catch (const std::exception& e) {
        std::cerr << "berthctl: internal error: " << e.what() << "\n";
        return 3;
    }
}
