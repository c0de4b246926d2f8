#pragma once
/// The formats every capacity answer is written in: a readable table (the default), JSON (the
/// documented contract), YAML (the same tree), CSV (one row per node or pod) and Markdown (a
/// report to paste into a review).

#include <cstdint>
#include <optional>
#include <string_view>

namespace berth::plan::capacity {

enum class ReportFormat : std::uint8_t { Table, Json, Yaml, Csv, Markdown };

/// "table", "json", "yaml", "csv", "markdown".
std::optional<ReportFormat> parseReportFormat(std::string_view name);

}  // namespace berth::plan::capacity
