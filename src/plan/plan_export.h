#pragma once
/// What a plan exports, after its edits, once the simulation has run to the end: the same
/// writers `berthctl schedule -o yaml|bindings|json` uses, so the GUI's export of a session
/// equals berthctl's output for the same input and seed.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plan/plan.h"

namespace berth::plan {

enum class ExportFormat {
    PodsYaml,       // Pods with spec.nodeName (placed_pods_writer.h)
    BindingsYaml,   // a v1 List of Binding
    ReportJson,     // per-pod placement report, JSON (report_writer.h)
    ReportCsv,      // per-pod placement report, CSV
    WorkloadsYaml,  // the owning workloads as loaded, and placed standalone Pods (placed_pods_writer.h)
};

std::optional<ExportFormat> parseExportFormat(std::string_view name);  // pods | bindings | json | csv | workloads
/// The name parseExportFormat reads back ("pods", "bindings", "json", "csv", "workloads").
std::string_view exportFormatName(ExportFormat format);

/// The format a file name asks for, where its extension decides (File > Export: the name
/// typed in the save dialog wins over the format picked before): ".csv" the CSV report,
/// ".json" the JSON report, ".yaml"/".yml" `chosen` when it writes YAML (three formats do:
/// the extension cannot tell which), else Pods; any other name keeps `chosen`.
ExportFormat exportFormatForFile(std::string_view fileName, ExportFormat chosen);

/// Where the GUI's "workloads" export puts the placement report (CSV) beside the YAML at
/// `path`: the same folder, `<name without its last extension>.placements.csv`.
std::string placementsCsvPathFor(const std::string& path);

/// Builds a fresh plan from `input`, replays `edits`, runs it to the end and writes `format`
/// for namespace `ns` (empty: all). On failure returns nullopt and sets `error`.
std::optional<std::string> exportPlan(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                      ExportFormat format, std::string_view ns, std::string& error);

/// The same, one run, several formats (the "workloads" export: the YAML and its CSV report).
/// `progress` follows the load, the run and the writing; once cancelled, the export stops with
/// error Plan::kCancelled.
std::optional<std::vector<std::string>> exportPlanTexts(std::shared_ptr<const PlanInput> input,
                                                        const std::vector<PlanEdit>& edits,
                                                        const std::vector<ExportFormat>& formats, std::string_view ns,
                                                        std::string& error, core::Progress* progress = nullptr);

/// The same for a plan already run to the end. `progress`: Phase::Writing, counting the
/// objects written; cancelled, the text is "" (check the progress).
std::string exportText(Plan& plan, ExportFormat format, std::string_view ns, core::Progress* progress = nullptr);

}  // namespace berth::plan
