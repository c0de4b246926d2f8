#include "plan/capacity/report_format.h"

#include "io/json_to_yaml.h"

namespace berth::plan::capacity {

std::optional<ReportFormat> parseReportFormat(std::string_view name) {
    if (name == "table") return ReportFormat::Table;
    if (name == "json") return ReportFormat::Json;
    if (name == "yaml") return ReportFormat::Yaml;
    if (name == "csv") return ReportFormat::Csv;
    if (name == "markdown") return ReportFormat::Markdown;
    return std::nullopt;
}

std::string writeReport(ReportFormat format, const ReportWriters& writers) {
    switch (format) {
        case ReportFormat::Table: return writers.table();
        case ReportFormat::Json: return writers.json();
        case ReportFormat::Yaml: return io::jsonToYaml(writers.json());
        case ReportFormat::Csv: return writers.csv();
        case ReportFormat::Markdown: return writers.markdown();
    }
    return {};
}

}  // namespace berth::plan::capacity
