#pragma once
/// The formats every capacity answer is written in: a readable table (the default), JSON (the
/// documented contract), YAML (the same tree), CSV (one row per node or pod) and Markdown (a
/// report to paste into a review).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace berth::plan::capacity {

enum class ReportFormat : std::uint8_t { Table, Json, Yaml, Csv, Markdown };

/// "table", "json", "yaml", "csv", "markdown".
std::optional<ReportFormat> parseReportFormat(std::string_view name);

/// The writers of one answer. YAML needs none of its own: it is the JSON tree as YAML.
struct ReportWriters {
    std::function<std::string()> table;
    std::function<std::string()> json;
    std::function<std::string()> csv;
    std::function<std::string()> markdown;
};

/// The answer in `format`, by the writer for it.
std::string writeReport(ReportFormat format, const ReportWriters& writers);

}  // namespace berth::plan::capacity
