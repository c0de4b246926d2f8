#include "cli/options.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace berth::cli {

// long: one string literal, the --help text
const char* usageText() {
    return R"(berthctl - Kubernetes scheduling, decision for decision, on your desk

Usage:
  berthctl schedule -f FILE [-f FILE ...] [flags]
  berthctl explain  -f FILE [-f FILE ...] [flags] NAMESPACE/POD
  berthctl capacity fit -f FILE [-f FILE ...] --template FILE [--max N] [--allow-preemption]
                    [flags] [-o table|json|yaml|csv|markdown]
  berthctl capacity compare -f FILE [-f FILE ...] --config A.yaml --config B.yaml [--config ...]
                    [--group-by KEY] [--reference-pod FILE] [flags] [-o table|json|yaml|csv|markdown]
  berthctl capacity drain -f FILE [-f FILE ...] (--node NAME [--node NAME ...] | --selector SELECTOR)
                    [--force] [--delete-emptydir-data] [flags] [-o table|json|yaml|csv|markdown]
  berthctl capacity nodes -f FILE [-f FILE ...] --node-template FILE [--node-template FILE ...]
                    [--strategy least-waste|most-pods|least-nodes|price] [--max-nodes N]
                    [flags] [-o table|json|yaml|csv|markdown]
  berthctl generate [--nodes N] [--pods N] [--zones N] [--workloads N] [--interleave]
                    [--bound N] [--variant basic|anti-affinity|spread|mixed] [-o yaml|json]
                                            (a synthetic cluster on stdout; YAML or a JSON List)
  berthctl --help
  berthctl --version

Commands:
  schedule   Load the cluster and schedule every pending pod; print the placements.
  explain    Schedule the cluster as `schedule` does, then show one pod's filter verdicts per
             node and its per-plugin scores (raw, normalized, weighted) for a cycle run now.
  capacity fit
             How many more replicas of the --template (one Pod, Deployment, ReplicaSet,
             StatefulSet or Job) fit once the cluster's pending pods have settled: replicas
             are added one at a time as the controller makes them, each through the whole
             scheduling loop, until one finds no node (its FitError is shown) or --max.
             No pod of the cluster is preempted unless --allow-preemption. An existing
             workload of the same kind and name is scaled up from its replicas.
  capacity compare
             The same plan run to the end under each --config: pods pending and placed,
             nodes used and left empty, requested/allocatable cpu and memory per value of
             --group-by (default topology.kubernetes.io/zone), how many more of a reference
             pod fit (--reference-pod, default the plan's most common requests) and the free
             capacity stranded where none does, and every pod placed differently from the
             first configuration.
  capacity drain
             What `kubectl drain` does to the nodes named by --node or matched by --selector
             (a label selector such as topology.kubernetes.io/zone=zone-b) once the cluster's
             pending pods have settled: every node is cordoned, then drained in turn on
             simulated time. DaemonSet pods are skipped; pods with emptyDir volumes, pods no
             controller owns and pods annotated safe-to-evict=false are refused (a node with
             one is left alone) unless --delete-emptydir-data / --force; evictions a
             PodDisruptionBudget does not allow are retried every 5s while the controllers
             replace the evicted pods and the scheduler places them, and given up when
             nothing can change any more. Shows each evicted pod, its replacement and where
             it runs, the pods left behind and why, and the pods pending afterwards.
  capacity nodes
             How many nodes to add so that every pending pod is placed: each --node-template
             is one Node describing a pool (its copies are named <pool>-1, <pool>-2, ..., and
             the cluster's DaemonSets put their pods on them); the pool to grow is picked by
             --strategy, named after Cluster Autoscaler's expanders (default least-waste).
             The answer is checked by full scheduling runs: with it every pod a pool can take
             is placed, and with one node fewer of any pool a pod stays pending. Pods no pool
             can take are listed with each pool's reason.

Flags:
  -f, --filename FILE                 Kubernetes YAML (multi-document or kind: List); "-" reads
                                      standard input. Repeatable.
      --config FILE                   A KubeSchedulerConfiguration; replaces one found in the files.
      --timeline FILE                 Cluster edits on the simulated clock (kind: Timeline), played
                                      as the run reaches their time.
      --seed N                        Seed for random tie-breaks (default 0).
      --tie-break random|name         Among equal top scores pick at random (upstream) or the
                                      smallest node name (default random).
      --percentage-of-nodes-to-score N
                                      Overrides the configuration (0 = adaptive, 1-100).
      --single-pass                   Attempt each pending pod exactly once, in queue order.
                                      Without it the whole loop runs (backoff, requeue,
                                      preemption) until nothing can change any more.
      --no-preemption                 Do not run PostFilter plugins (DefaultPreemption).
      --no-fast-paths                 Recount every pod each cycle as upstream does, instead of
                                      keeping incremental counts (same decisions; for checking).
      --threads N                     Threads for each cycle's Filter and Score passes over 1,024
                                      nodes or more (default: one per core; 1 runs everything on
                                      one, often faster on a busy machine). Same decisions.
      --kube-version V                Reproduce upstream release V where behaviour differs
                                      (1.26 ... 1.37; default: newest, 1.37).
      --trace FILE                    One JSON line per scheduling attempt (conformance format).
      --events FILE                   Every simulation event as JSON lines (time, type, pod, node).
      --extender-record FILE          Call the configuration's extenders and keep every call and
                                      answer in FILE (JSON), to replay the run offline.
      --extender-replay FILE          Answer extender calls from a recording; no extender runs.
      --metrics FILE                  The scheduler's metrics over simulated time (attempts by
                                      result, queue depths, attempts and latency per pod, binds)
                                      in the Prometheus text format, stamped in simulated ms.
      --until DURATION                Stop at this simulated time (e.g. 90s, 5m, 1h; default: run
                                      until nothing can change any more).
      --bind-latency DURATION         Simulated time a bind takes (default 10ms); assumed pods
                                      are visible as such meanwhile. 0s: each bind completes
                                      before the next pod's scheduling cycle.
      --bind-failure-probability P    Fail each bind with probability P (0-1, drawn from the
                                      seeded random source); the pod goes back through backoff.
      --bind-fail-node NODE           Every bind to NODE fails. Repeatable.
      --stats                         One JSON line of run statistics on standard error.
      --validate=strict|warn|ignore   Fields the object's kind does not have and keys set twice
                                      (strict field validation, as kubectl's --validate): errors
                                      that skip the object (strict, the default), warnings, or
                                      not checked.
      --admission manifests|none      Admission for Pods that have not been through an API server
                                      (no uid, resourceVersion, creationTimestamp or status), in
                                      the API server's order: LimitRanger (default requests),
                                      Priority (spec.priority, preemptionPolicy), DefaultToleration-
                                      Seconds (not-ready/unreachable NoExecute, 300 s), RuntimeClass
                                      (spec.overhead); a Pod the API server would reject (unknown
                                      class) an error (manifests, the default), or none: every Pod
                                      as written, submitted Pods and capacity templates too.
      --strict                        Warnings about the input are errors: exit 1, nothing
                                      written to standard output.
      --fail-on-pending               schedule: exit 3 when pods are still pending at the end
                                      (after the output is written), for CI jobs.
      --check                         schedule: check the simulation's invariants while it runs
                                      (each placement passes every Filter plugin again, no node
                                      over-committed, no pod bound twice, no eviction below a
                                      PodDisruptionBudget, events in time order); exit 5 with
                                      the violations when one breaks.
  -o, --output table|yaml|json|bindings|workloads|csv|none
                                      table (default): pods and node usage; yaml: each pod placed
                                      in this run as its input document (or its workload's pod
                                      template) with spec.nodeName, ready for kubectl apply;
                                      json: machine-readable report; bindings: a v1 List of
                                      Binding objects; workloads: the owning workloads as
                                      loaded (replicas as planned) and the placed standalone
                                      Pods with spec.nodeName; csv: the per-pod placement
                                      report; none: nothing.
      --template FILE                 capacity fit: the Pod or workload to add replicas of.
      --max N                         capacity fit: stop after N replicas.
      --allow-preemption              capacity fit: replicas may preempt lower-priority pods.
      --group-by KEY                  capacity compare: the node label utilization is grouped by.
      --reference-pod FILE            capacity compare: the Pod fragmentation is measured with.
      --node NAME                     capacity drain: a node to drain. Repeatable.
      --selector SELECTOR             capacity drain: drain the nodes with these labels.
      --force                         capacity drain: evict pods no controller owns, and pods
                                      annotated cluster-autoscaler.kubernetes.io/safe-to-evict=false.
      --delete-emptydir-data          capacity drain: evict pods with emptyDir volumes.
      --node-template FILE            capacity nodes: one Node, a pool the answer adds copies of
                                      (annotation berth.dev/price-per-hour: its price). Repeatable.
      --strategy NAME                 capacity nodes: least-waste, most-pods, least-nodes or price.
      --max-nodes N                   capacity nodes: add at most N nodes in all.
  -h, --help                          This text.
      --version                       berthctl's version and the kube-scheduler release it
                                      follows by default.

Exit status: 0 when the run completes (pending pods are a result), 1 on input errors
(warnings too with --strict),
2 on usage errors, 3 when --fail-on-pending and pods stay pending, 4 on an internal error,
5 when --check finds a violated invariant, 6 when the loop stops on a preemption livelock
(a preemptor evicts a replacement again and again at one instant; the output is the cluster then).
)";
}

std::string versionText() {
    // BERTH_VERSION: project(Berth VERSION ...) of the top-level CMakeLists.txt.
    return std::string("berthctl ") + BERTH_VERSION + " (kube-scheduler " + core::KubeVersion::newest().toString() +
           ", default --kube-version)\n";
}

namespace {

bool parseInt(const std::string& s, std::int64_t& out) {
    auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

// Go-style durations with one unit: 1500ms, 30s, 5m, 1h.
bool parseDuration(const std::string& s, std::int64_t& ns) {
    std::size_t i = 0;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) != 0)) ++i;
    std::int64_t n = 0;
    if (i == 0 || !parseInt(s.substr(0, i), n)) return false;
    const std::string unit = s.substr(i);
    std::int64_t scale = 0;
    if (unit == "ms")
        scale = 1'000'000;
    else if (unit == "s")
        scale = 1'000'000'000;
    else if (unit == "m")
        scale = 60'000'000'000;
    else if (unit == "h")
        scale = 3'600'000'000'000;
    else
        return false;
    ns = n * scale;
    return true;
}

// The arguments after the command, taken one at a time; a flag's value is the text after
// `=` or the next argument.
class ArgCursor {
public:
    ArgCursor(std::vector<std::string> args, std::size_t first) : m_args(std::move(args)), m_next(first) {}
    bool done() const { return m_next >= m_args.size(); }
    const std::string& take() { return m_args[m_next++]; }
    std::string value(const std::string& flag, std::string& out) {
        const auto eq = flag.find('=');
        if (eq != std::string::npos) {
            out = flag.substr(eq + 1);
            return {};
        }
        if (done()) return "flag " + flag + " needs a value";
        out = take();
        return {};
    }

private:
    std::vector<std::string> m_args;
    std::size_t m_next;
};

// One argument being parsed: `arg` as given, `name` without its `=value`.
struct Flag {
    const std::string& arg;
    const std::string name;
};

// Each parse...Flag step: std::nullopt when the flag is not one of its own, an empty text
// when it took it, a usage error otherwise.
using StepResult = std::optional<std::string>;

StepResult parseNonNegative(ArgCursor& args, const Flag& f, std::int64_t& n) {
    std::string v;
    if (auto err = args.value(f.arg, v); !err.empty()) return err;
    if (!parseInt(v, n) || n < 0) return f.name + " needs a non-negative integer, got \"" + v + "\"";
    return std::string();
}

// Which files are read and how: -f, --config, --kube-version, --validate, --admission,
// --strict.
StepResult parseInputFlag(const Flag& f, ArgCursor& args, Options& out) {
    std::string v;
    std::string err;
    if (f.name == "-f" || f.name == "--filename") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.files.push_back(v);
    } else if (f.name == "--config") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.configFile = v;
        out.compareConfigs.push_back(v);
    } else if (f.name == "--timeline") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.timelineFile = v;
    } else if (f.name == "--kube-version") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        auto kv = core::KubeVersion::parse(v);
        if (!kv) return "--kube-version must be 1.26 ... 1.37, got \"" + v + "\"";
        out.version = *kv;
    } else if (f.name == "--validate") {
        // As kubectl's flag: only --validate=VALUE takes a value, a bare --validate is strict;
        // true and false are its older spellings of strict and ignore.
        v = f.arg.find('=') == std::string::npos ? "strict" : f.arg.substr(f.arg.find('=') + 1);
        if (v == "strict" || v == "true")
            out.fieldValidation = io::FieldValidation::Strict;
        else if (v == "warn")
            out.fieldValidation = io::FieldValidation::Warn;
        else if (v == "ignore" || v == "false")
            out.fieldValidation = io::FieldValidation::Ignore;
        else
            return "--validate must be strict, warn or ignore, got \"" + v + "\"";
    } else if (f.name == "--admission") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (v != "manifests" && v != "none") return "--admission must be manifests or none, got \"" + v + "\"";
        out.admitManifests = v == "manifests";
    } else if (f.name == "--strict") {
        out.strict = true;
    } else {
        return std::nullopt;
    }
    return std::string();
}

// How the scheduler decides: --seed, --tie-break, --percentage-of-nodes-to-score,
// --single-pass, --no-preemption, --no-fast-paths, --threads.
StepResult parseSchedulingFlag(const Flag& f, ArgCursor& args, Options& out) {
    std::string v;
    std::string err;
    std::int64_t n = 0;
    if (f.name == "--seed") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (!parseInt(v, n) || n < 0) return "--seed needs a non-negative integer, got \"" + v + "\"";
        out.seed = static_cast<std::uint64_t>(n);
    } else if (f.name == "--tie-break") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (v == "random")
            out.tieBreak = core::TieBreak::Random;
        else if (v == "name")
            out.tieBreak = core::TieBreak::Name;
        else
            return "--tie-break must be random or name, got \"" + v + "\"";
    } else if (f.name == "--percentage-of-nodes-to-score") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (!parseInt(v, n) || n < 0 || n > 100)
            return "--percentage-of-nodes-to-score must be 0-100, got \"" + v + "\"";
        out.percentageOfNodesToScore = static_cast<std::int32_t>(n);
    } else if (f.name == "--single-pass") {
        out.singlePass = true;
    } else if (f.name == "--no-preemption") {
        out.preemption = false;
    } else if (f.name == "--no-fast-paths") {
        out.fastPaths = false;
    } else if (f.name == "--threads") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (!parseInt(v, n) || n < 1 || n > 256) return "--threads must be 1-256, got \"" + v + "\"";
        out.threads = static_cast<unsigned>(n);
    } else {
        return std::nullopt;
    }
    return std::string();
}

// How the run goes and what it records: --trace, --events, --metrics, --until, the binding flags,
// --stats, --fail-on-pending, --check.
StepResult parseRunFlag(const Flag& f, ArgCursor& args, Options& out) {
    std::string v;
    std::string err;
    if (f.name == "--trace") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.traceFile = v;
    } else if (f.name == "--events") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.eventsFile = v;
    } else if (f.name == "--extender-record" || f.name == "--extender-replay") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        (f.name == "--extender-record" ? out.extenderRecordFile : out.extenderReplayFile) = v;
    } else if (f.name == "--metrics") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.metricsFile = v;
    } else if (f.name == "--until") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (!parseDuration(v, out.untilNs)) return "--until needs a duration like 30s, 5m or 1h, got \"" + v + "\"";
    } else if (f.name == "--bind-latency") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (!parseDuration(v, out.binding.latency))
            return "--bind-latency needs a duration like 10ms or 2s, got \"" + v + "\"";
    } else if (f.name == "--bind-failure-probability") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        char* end = nullptr;
        const double p = std::strtod(v.c_str(), &end);
        if (v.empty() || end != v.c_str() + v.size() || !(p >= 0 && p <= 1))
            return "--bind-failure-probability must be a number from 0 to 1, got \"" + v + "\"";
        out.binding.failureProbability = p;
    } else if (f.name == "--bind-fail-node") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.binding.failingNodes.insert(v);
    } else if (f.name == "--stats") {
        out.stats = true;
    } else if (f.name == "--fail-on-pending") {
        out.failOnPending = true;
    } else if (f.name == "--check") {
        out.checkInvariants = true;
    } else {
        return std::nullopt;
    }
    return std::string();
}

// The capacity questions' flags.
StepResult parseCapacityFlag(const Flag& f, ArgCursor& args, Options& out) {
    std::string v;
    std::string err;
    std::int64_t n = 0;
    if (f.name == "--template") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.templateFile = v;
    } else if (f.name == "--max") {
        if (auto e = parseNonNegative(args, f, n); !e->empty()) return e;
        out.maxReplicas = n;
    } else if (f.name == "--allow-preemption") {
        out.allowPreemption = true;
    } else if (f.name == "--group-by") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (v.empty()) return "--group-by needs a label key";
        out.groupBy = v;
    } else if (f.name == "--reference-pod") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.referencePodFile = v;
    } else if (f.name == "--node") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        if (v.empty()) return "--node needs a node name";
        out.drainNodes.push_back(v);
    } else if (f.name == "--selector") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.drainSelector = v;
    } else if (f.name == "--node-template") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.nodeTemplates.push_back(v);
    } else if (f.name == "--strategy") {
        if (!(err = args.value(f.arg, v)).empty()) return err;
        out.strategy = v;
    } else if (f.name == "--max-nodes") {
        if (auto e = parseNonNegative(args, f, n); !e->empty()) return e;
        out.maxNodes = n;
    } else if (f.name == "--force") {
        out.force = true;
    } else if (f.name == "--delete-emptydir-data") {
        out.deleteEmptyDirData = true;
    } else {
        return std::nullopt;
    }
    return std::string();
}

// -o / --output; capacity's formats are checked with its question.
StepResult parseOutputFlag(const Flag& f, ArgCursor& args, Options& out) {
    if (f.name != "-o" && f.name != "--output") return std::nullopt;
    std::string v;
    if (auto err = args.value(f.arg, v); !err.empty()) return err;
    out.outputName = v;
    if (out.command == "capacity") return std::string();
    static const std::pair<const char*, OutputFormat> kFormats[] = {
        {"table", OutputFormat::Table},       {"yaml", OutputFormat::Yaml}, {"json", OutputFormat::Json},
        {"bindings", OutputFormat::Bindings}, {"none", OutputFormat::None}, {"workloads", OutputFormat::Workloads},
        {"csv", OutputFormat::Csv},
    };
    for (const auto& [text, format] : kFormats) {
        if (v == text) {
            out.output = format;
            return std::string();
        }
    }
    return "-o must be table, yaml, json, bindings, workloads, csv or none, got \"" + v + "\"";
}

// `capacity QUESTION`: the question and the flags it needs.
std::string checkCapacityQuestion(const std::vector<std::string>& positional, Options& out) {
    if (positional.empty()) return "capacity needs a question: fit, nodes, compare or drain";
    out.capacityQuestion = positional[0];
    if (positional.size() > 1) return "unexpected argument \"" + positional[1] + "\"";
    if (out.capacityQuestion == "fit") {
        if (out.templateFile.empty()) return "capacity fit needs --template FILE";
        out.compareConfigs.clear();
    } else if (out.capacityQuestion == "compare") {
        if (out.compareConfigs.size() < 2) return "capacity compare needs two --config FILE or more";
        out.configFile.clear();  // each compared configuration replaces the plan's
    } else if (out.capacityQuestion == "nodes") {
        if (out.nodeTemplates.empty()) return "capacity nodes needs --node-template FILE (one or more)";
        // An unknown --strategy is an input error of the question (exit 1), as the issue
        // asks of bad input.
        out.compareConfigs.clear();
    } else if (out.capacityQuestion == "drain") {
        // Neither or both of --node and --selector is an input error of the question
        // (exit 1, plan::capacity::simulateDrain says so), like an unknown node.
        out.compareConfigs.clear();
    } else {
        return "unknown capacity question \"" + out.capacityQuestion + "\" (fit, nodes, compare or drain)";
    }
    if (out.outputName != "table" && out.outputName != "json" && out.outputName != "yaml" && out.outputName != "csv" &&
        out.outputName != "markdown")
        return "-o must be table, json, yaml, csv or markdown for capacity, got \"" + out.outputName + "\"";
    return {};
}

// What the command needs once every flag is read.
std::string checkCommandArguments(const std::vector<std::string>& positional, Options& out) {
    if (out.files.empty()) return "at least one -f FILE is required";
    if (!out.extenderRecordFile.empty() && !out.extenderReplayFile.empty())
        return "--extender-record and --extender-replay exclude each other";
    if (out.command == "capacity") return checkCapacityQuestion(positional, out);
    if (out.command == "explain") {
        if (positional.size() != 1) return "explain needs exactly one NAMESPACE/POD";
        out.explainPod = positional[0];
    } else if (!positional.empty()) {
        return "unexpected argument \"" + positional[0] + "\"";
    }
    return {};
}

}  // namespace

std::string parseOptions(int argc, char** argv, Options& out) {
    std::vector<std::string> all(argv + 1, argv + argc);
    if (all.empty()) return "no command given";
    if (all[0] == "-h" || all[0] == "--help" || all[0] == "help") {
        out.command = "help";
        return {};
    }
    if (all[0] == "--version") {
        out.command = "version";
        return {};
    }
    out.command = all[0];
    if (out.command != "schedule" && out.command != "explain" && out.command != "capacity")
        return "unknown command \"" + out.command + "\"";
    ArgCursor args(std::move(all), 1);
    std::vector<std::string> positional;
    while (!args.done()) {
        const std::string arg = args.take();
        const Flag flag{arg, arg.substr(0, arg.find('='))};
        if (flag.name == "-h" || flag.name == "--help") {
            out.command = "help";
            return {};
        }
        StepResult taken;
        for (auto* step : {parseInputFlag, parseSchedulingFlag, parseRunFlag, parseCapacityFlag, parseOutputFlag})
            if ((taken = step(flag, args, out))) break;
        if (taken) {
            if (!taken->empty()) return *taken;
        } else if (arg.size() > 1 && arg[0] == '-') {
            return "unknown flag \"" + arg + "\"";
        } else {
            positional.push_back(arg);
        }
    }
    return checkCommandArguments(positional, out);
}

}  // namespace berth::cli
