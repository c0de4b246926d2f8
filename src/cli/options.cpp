#include "cli/options.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace berth::cli {

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
      --until DURATION                Stop at this simulated time (e.g. 90s, 5m, 1h; default: run
                                      until nothing can change any more).
      --bind-latency DURATION         Simulated time a bind takes (default 10ms); assumed pods
                                      are visible as such meanwhile.
      --bind-failure-probability P    Fail each bind with probability P (0-1, drawn from the
                                      seeded random source); the pod goes back through backoff.
      --bind-fail-node NODE           Every bind to NODE fails. Repeatable.
      --stats                         One JSON line of run statistics on standard error.
      --strict                        Warnings about the input are errors: exit 1, nothing
                                      written to standard output.
      --fail-on-pending               schedule: exit 3 when pods are still pending at the end
                                      (after the output is written), for CI jobs.
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
2 on usage errors, 3 when --fail-on-pending and pods stay pending, 4 on an internal error.
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

}  // namespace

std::string parseOptions(int argc, char** argv, Options& out) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return "no command given";
    std::size_t i = 0;
    if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
        out.command = "help";
        return {};
    }
    if (args[0] == "--version") {
        out.command = "version";
        return {};
    }
    out.command = args[i++];
    if (out.command != "schedule" && out.command != "explain" && out.command != "capacity")
        return "unknown command \"" + out.command + "\"";
    std::vector<std::string> positional;
    auto needValue = [&](const std::string& flag, std::string& value) -> std::string {
        // --flag=value or --flag value
        const auto eq = flag.find('=');
        if (eq != std::string::npos) {
            value = flag.substr(eq + 1);
            return {};
        }
        if (i >= args.size()) return "flag " + flag + " needs a value";
        value = args[i++];
        return {};
    };
    while (i < args.size()) {
        const std::string a = args[i++];
        const std::string name = a.substr(0, a.find('='));
        std::string v;
        std::string err;
        if (name == "-h" || name == "--help") {
            out.command = "help";
            return {};
        } else if (name == "-f" || name == "--filename") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.files.push_back(v);
        } else if (name == "--config") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.configFile = v;
            out.compareConfigs.push_back(v);
        } else if (name == "--seed") {
            if (!(err = needValue(a, v)).empty()) return err;
            std::int64_t n = 0;
            if (!parseInt(v, n) || n < 0) return "--seed needs a non-negative integer, got \"" + v + "\"";
            out.seed = static_cast<std::uint64_t>(n);
        } else if (name == "--tie-break") {
            if (!(err = needValue(a, v)).empty()) return err;
            if (v == "random")
                out.tieBreak = core::TieBreak::Random;
            else if (v == "name")
                out.tieBreak = core::TieBreak::Name;
            else
                return "--tie-break must be random or name, got \"" + v + "\"";
        } else if (name == "--percentage-of-nodes-to-score") {
            if (!(err = needValue(a, v)).empty()) return err;
            std::int64_t n = 0;
            if (!parseInt(v, n) || n < 0 || n > 100)
                return "--percentage-of-nodes-to-score must be 0-100, got \"" + v + "\"";
            out.percentageOfNodesToScore = static_cast<std::int32_t>(n);
        } else if (name == "--single-pass") {
            out.singlePass = true;
        } else if (name == "--no-preemption") {
            out.preemption = false;
        } else if (name == "--no-fast-paths") {
            out.fastPaths = false;
        } else if (name == "--threads") {
            if (!(err = needValue(a, v)).empty()) return err;
            std::int64_t n = 0;
            if (!parseInt(v, n) || n < 1 || n > 256) return "--threads must be 1-256, got \"" + v + "\"";
            out.threads = static_cast<unsigned>(n);
        } else if (name == "--kube-version") {
            if (!(err = needValue(a, v)).empty()) return err;
            auto kv = core::KubeVersion::parse(v);
            if (!kv) return "--kube-version must be 1.26 ... 1.37, got \"" + v + "\"";
            out.version = *kv;
        } else if (name == "--trace") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.traceFile = v;
        } else if (name == "--events") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.eventsFile = v;
        } else if (name == "--until") {
            if (!(err = needValue(a, v)).empty()) return err;
            if (!parseDuration(v, out.untilNs)) return "--until needs a duration like 30s, 5m or 1h, got \"" + v + "\"";
        } else if (name == "--bind-latency") {
            if (!(err = needValue(a, v)).empty()) return err;
            if (!parseDuration(v, out.binding.latency))
                return "--bind-latency needs a duration like 10ms or 2s, got \"" + v + "\"";
        } else if (name == "--bind-failure-probability") {
            if (!(err = needValue(a, v)).empty()) return err;
            char* end = nullptr;
            const double p = std::strtod(v.c_str(), &end);
            if (v.empty() || end != v.c_str() + v.size() || !(p >= 0 && p <= 1))
                return "--bind-failure-probability must be a number from 0 to 1, got \"" + v + "\"";
            out.binding.failureProbability = p;
        } else if (name == "--bind-fail-node") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.binding.failingNodes.insert(v);
        } else if (name == "--stats") {
            out.stats = true;
        } else if (name == "--strict") {
            out.strict = true;
        } else if (name == "--fail-on-pending") {
            out.failOnPending = true;
        } else if (name == "--template") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.templateFile = v;
        } else if (name == "--max") {
            if (!(err = needValue(a, v)).empty()) return err;
            std::int64_t n = 0;
            if (!parseInt(v, n) || n < 0) return "--max needs a non-negative integer, got \"" + v + "\"";
            out.maxReplicas = n;
        } else if (name == "--allow-preemption") {
            out.allowPreemption = true;
        } else if (name == "--group-by") {
            if (!(err = needValue(a, v)).empty()) return err;
            if (v.empty()) return "--group-by needs a label key";
            out.groupBy = v;
        } else if (name == "--reference-pod") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.referencePodFile = v;
        } else if (name == "--node") {
            if (!(err = needValue(a, v)).empty()) return err;
            if (v.empty()) return "--node needs a node name";
            out.drainNodes.push_back(v);
        } else if (name == "--selector") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.drainSelector = v;
        } else if (name == "--node-template") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.nodeTemplates.push_back(v);
        } else if (name == "--strategy") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.strategy = v;
        } else if (name == "--max-nodes") {
            if (!(err = needValue(a, v)).empty()) return err;
            std::int64_t n = 0;
            if (!parseInt(v, n) || n < 0) return "--max-nodes needs a non-negative integer, got \"" + v + "\"";
            out.maxNodes = n;
        } else if (name == "--force") {
            out.force = true;
        } else if (name == "--delete-emptydir-data") {
            out.deleteEmptyDirData = true;
        } else if (name == "-o" || name == "--output") {
            if (!(err = needValue(a, v)).empty()) return err;
            out.outputName = v;
            if (out.command == "capacity") continue;  // checked with the question
            if (v == "table")
                out.output = OutputFormat::Table;
            else if (v == "yaml")
                out.output = OutputFormat::Yaml;
            else if (v == "json")
                out.output = OutputFormat::Json;
            else if (v == "bindings")
                out.output = OutputFormat::Bindings;
            else if (v == "none")
                out.output = OutputFormat::None;
            else if (v == "workloads")
                out.output = OutputFormat::Workloads;
            else if (v == "csv")
                out.output = OutputFormat::Csv;
            else
                return "-o must be table, yaml, json, bindings, workloads, csv or none, got \"" + v + "\"";
        } else if (a.size() > 1 && a[0] == '-' && a != "-") {
            return "unknown flag \"" + a + "\"";
        } else {
            positional.push_back(a);
        }
    }
    if (out.files.empty()) return "at least one -f FILE is required";
    if (out.command == "capacity") {
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
        if (out.outputName != "table" && out.outputName != "json" && out.outputName != "yaml" &&
            out.outputName != "csv" && out.outputName != "markdown")
            return "-o must be table, json, yaml, csv or markdown for capacity, got \"" + out.outputName + "\"";
    } else if (out.command == "explain") {
        if (positional.size() != 1) return "explain needs exactly one NAMESPACE/POD";
        out.explainPod = positional[0];
    } else if (!positional.empty()) {
        return "unexpected argument \"" + positional[0] + "\"";
    }
    return {};
}

}  // namespace berth::cli
