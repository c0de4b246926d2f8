#include "plan/capacity/report_format.h"

namespace berth::plan::capacity {

std::optional<ReportFormat> parseReportFormat(std::string_view name) {
    if (name == "table") return ReportFormat::Table;
    if (name == "json") return ReportFormat::Json;
    if (name == "yaml") return ReportFormat::Yaml;
    if (name == "csv") return ReportFormat::Csv;
    if (name == "markdown") return ReportFormat::Markdown;
    return std::nullopt;
}

}  // namespace berth::plan::capacity
