#pragma once
/// The configuration comparison in berthctl's output formats. The JSON shape is a contract
/// (README, "Capacity planning"): {"configs":[{"name","pending","nodesUsed","utilization",
/// "stranded",...}],"moved":[{"pod","from","to","config"}]}. An answer with one configuration
/// (measurePlanCapacity) reads as the plan's capacity report, with no "moved" section.

#include <string>

#include "plan/capacity/compare.h"
#include "plan/capacity/report_format.h"

namespace berth::plan::capacity {

std::string compareReport(const CompareAnswer& answer, ReportFormat format);

}  // namespace berth::plan::capacity
