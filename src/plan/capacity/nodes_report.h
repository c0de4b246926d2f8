#pragma once
/// The "how many nodes" answer in berthctl's output formats. The JSON shape is a contract
/// (README, "Capacity planning"): {"add":[{"pool","count","costPerHour"}],"totalCostPerHour",
/// "unplaceable":[{"pod","message"}],"verified"}, with "strategy", and "smallerMix" when one
/// exists.

#include <string>

#include "plan/capacity/nodes.h"
#include "plan/capacity/report_format.h"

namespace berth::plan::capacity {

std::string nodesReport(const NodesAnswer& answer, ReportFormat format);

}  // namespace berth::plan::capacity
