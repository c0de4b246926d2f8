#pragma once
/// The "how many more fit" answer in berthctl's output formats. The JSON shape is a contract
/// (README, "Capacity planning"): {"template","fits","byNode","byZone","stoppedBy","next"}.

#include <string>

#include "plan/capacity/fit.h"
#include "plan/capacity/report_format.h"

namespace berth::plan::capacity {

std::string fitReport(const FitAnswer& answer, ReportFormat format);

}  // namespace berth::plan::capacity
