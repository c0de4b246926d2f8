#include "plan/plan_export.h"

#include <cctype>

#include "io/placed_pods_writer.h"
#include "io/report_writer.h"

namespace berth::plan {

std::optional<ExportFormat> parseExportFormat(std::string_view name) {
    if (name == "pods" || name == "yaml") return ExportFormat::PodsYaml;
    if (name == "bindings") return ExportFormat::BindingsYaml;
    if (name == "json") return ExportFormat::ReportJson;
    if (name == "csv") return ExportFormat::ReportCsv;
    if (name == "workloads") return ExportFormat::WorkloadsYaml;
    return std::nullopt;
}

std::string_view exportFormatName(ExportFormat format) {
    switch (format) {
    case ExportFormat::PodsYaml: return "pods";
    case ExportFormat::BindingsYaml: return "bindings";
    case ExportFormat::ReportJson: return "json";
    case ExportFormat::ReportCsv: return "csv";
    case ExportFormat::WorkloadsYaml: return "workloads";
    }
    return "pods";
}

ExportFormat exportFormatForFile(std::string_view fileName, ExportFormat chosen) {
    const std::size_t slash = fileName.find_last_of('/');
    const std::string_view base = slash == std::string_view::npos ? fileName : fileName.substr(slash + 1);
    const std::size_t dot = base.find_last_of('.');
    if (dot == std::string_view::npos || dot == 0) return chosen;  // no extension (".hidden" has none)
    std::string ext(base.substr(dot + 1));
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == "csv") return ExportFormat::ReportCsv;
    if (ext == "json") return ExportFormat::ReportJson;
    if (ext == "yaml" || ext == "yml") {
        const bool writesYaml = chosen == ExportFormat::PodsYaml || chosen == ExportFormat::BindingsYaml ||
                                chosen == ExportFormat::WorkloadsYaml;
        return writesYaml ? chosen : ExportFormat::PodsYaml;
    }
    return chosen;
}

std::string placementsCsvPathFor(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    const std::size_t dot = path.find_last_of('.');
    const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
    return (hasExtension ? path.substr(0, dot) : path) + ".placements.csv";
}

std::string exportText(Plan& plan, ExportFormat format, std::string_view ns, core::Progress* progress) {
    core::Simulation& sim = plan.sim();
    // Every writer counts the objects it writes (a 150,000-pod export takes seconds).
    switch (format) {
        case ExportFormat::PodsYaml: return io::placedPodsYaml(sim, plan.load().sourceTexts, ns, progress);
        case ExportFormat::BindingsYaml: return io::reportBindingsYaml(sim, ns, progress);
        case ExportFormat::ReportJson: return io::reportJson(sim, ns, progress);
        case ExportFormat::ReportCsv: return io::reportCsv(sim, ns, progress);
        case ExportFormat::WorkloadsYaml: return io::placedWorkloadsYaml(sim, plan.load().sourceTexts, ns, progress);
    }
    return {};
}

std::optional<std::string> exportPlan(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                      ExportFormat format, std::string_view ns, std::string& error) {
    auto texts = exportPlanTexts(std::move(input), edits, {format}, ns, error);
    if (!texts) return std::nullopt;
    return std::move(texts->front());
}

std::optional<std::vector<std::string>> exportPlanTexts(std::shared_ptr<const PlanInput> input,
                                                        const std::vector<PlanEdit>& edits,
                                                        const std::vector<ExportFormat>& formats, std::string_view ns,
                                                        std::string& error, core::Progress* progress) {
    const auto plan = runPlanToEnd(std::move(input), edits, error, progress);
    if (!plan) return std::nullopt;
    std::vector<std::string> out;
    for (ExportFormat f : formats) {
        out.push_back(exportText(*plan, f, ns, progress));
        if (progress && progress->cancelled()) {
            error = Plan::kCancelled;
            return std::nullopt;
        }
    }
    return out;
}

}  // namespace berth::plan
