#pragma once
/// The drain answer in berthctl's output formats. The JSON shape is a contract (README,
/// "Capacity planning"): {"drained","evicted":[{"pod","from","replacement","to"}],
/// "blocked":[{"pod","node","reason"}],"pendingAfter"}.

#include <string>

#include "plan/capacity/drain.h"
#include "plan/capacity/report_format.h"

namespace berth::plan::capacity {

std::string drainReport(const DrainAnswer& answer, ReportFormat format);

}  // namespace berth::plan::capacity
