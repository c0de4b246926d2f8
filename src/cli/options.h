#pragma once
/// berthctl's command line: parsed into a plain struct, usage errors as text.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api/version.h"
#include "core/scheduler.h"
#include "core/simulation.h"
#include "io/field_validation.h"

namespace berth::cli {

enum class OutputFormat { Table, Yaml, Json, Bindings, None, Workloads, Csv };

struct Options {
    std::string command;  // schedule | explain | capacity | help | version
    std::vector<std::string> files;
    std::string configFile;
    std::string timelineFile;  // --timeline: edits on the simulated clock (io/timeline_reader.h)
    std::uint64_t seed = 0;
    core::TieBreak tieBreak = core::TieBreak::Random;
    std::optional<std::int32_t> percentageOfNodesToScore;
    bool singlePass = false;
    bool preemption = true;
    bool fastPaths = true;
    unsigned threads = 0;  // --threads; 0: one per core
    core::KubeVersion version = core::KubeVersion::newest();
    std::string traceFile;
    std::string eventsFile;
    std::string extenderRecordFile;  // --extender-record
    std::string extenderReplayFile;  // --extender-replay
    std::string metricsFile;  // --metrics: Prometheus text, plan/run_metrics.h
    std::int64_t untilNs = -1;      // --until, simulated nanoseconds
    core::BindingSettings binding;  // --bind-latency, --bind-failure-probability, --bind-fail-node
    bool stats = false;
    bool failOnPending = false;  // --fail-on-pending: exit 3 when pods stay pending
    bool checkInvariants = false;  // --check: exit 5 when an invariant breaks
    bool strict = false;         // --strict: warnings are errors
    io::FieldValidation fieldValidation = io::FieldValidation::Strict;  // --validate
    bool admitManifests = true;                                         // --admission=manifests|none
    OutputFormat output = OutputFormat::Table;
    std::string explainPod;  // namespace/name

    // capacity QUESTION: the question (fit), its flags and its output format.
    std::string capacityQuestion;
    std::string templateFile;                             // fit --template
    std::optional<std::int64_t> maxReplicas;              // fit --max
    bool allowPreemption = false;                         // fit --allow-preemption
    std::vector<std::string> compareConfigs;              // compare --config (each one)
    std::string groupBy = "topology.kubernetes.io/zone";  // compare --group-by
    std::string referencePodFile;                         // compare --reference-pod
    std::vector<std::string> drainNodes;                  // drain --node (each one)
    std::string drainSelector;                            // drain --selector
    bool force = false;                                   // drain --force
    bool deleteEmptyDirData = false;                      // drain --delete-emptydir-data
    std::vector<std::string> nodeTemplates;               // nodes --node-template (each one)
    std::string strategy = "least-waste";                 // nodes --strategy (checked by the question)
    std::optional<std::int64_t> maxNodes;                 // nodes --max-nodes
    std::string outputName = "table";                     // -o as given (capacity has formats of its own)
};

/// Returns an error text on a usage error (empty on success).
std::string parseOptions(int argc, char** argv, Options& out);
const char* usageText();
/// `berthctl --version`: `berthctl VERSION (kube-scheduler 1.37, default --kube-version)`.
std::string versionText();

}  // namespace berth::cli
