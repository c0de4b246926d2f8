#include "io/plan/plan_export.h"

#include "io/placed_pods_writer.h"
#include "io/report_writer.h"

namespace berth::io {

std::optional<ExportFormat> parseExportFormat(std::string_view name) {
    if (name == "pods" || name == "yaml") return ExportFormat::PodsYaml;
    if (name == "bindings") return ExportFormat::BindingsYaml;
    if (name == "json") return ExportFormat::ReportJson;
    if (name == "csv") return ExportFormat::ReportCsv;
    return std::nullopt;
}

std::string exportText(Plan& plan, ExportFormat format, std::string_view ns) {
    core::Simulation& sim = plan.sim();
    switch (format) {
        case ExportFormat::PodsYaml: return placedPodsYaml(sim, plan.load().sourceTexts, ns);
        case ExportFormat::BindingsYaml: return reportBindingsYaml(sim, ns);
        case ExportFormat::ReportJson: return reportJson(sim, ns);
        case ExportFormat::ReportCsv: return reportCsv(sim, ns);
    }
    return {};
}

std::optional<std::string> exportPlan(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits, ExportFormat format,
                                      std::string_view ns, std::string& error) {
    Plan plan(std::move(input));
    if (!plan.ok()) {
        error = "configuration error: " + plan.error();
        return std::nullopt;
    }
    if (std::string err = plan.replay(edits, 0); !err.empty()) {
        error = err;
        return std::nullopt;
    }
    // The rest of the run, as berthctl does it (Simulation::run), from where the last edit left it.
    plan.sim().run();
    return exportText(plan, format, ns);
}

}  // namespace berth::io
