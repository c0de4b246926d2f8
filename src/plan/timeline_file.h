#pragma once
/// A timeline file (io/timeline_reader.h) as the plan's timed edits (timed_edits.h): each
/// event the PlanEdit it names, at its time, known by "file:line" in messages.

#include <string>
#include <string_view>
#include <vector>

#include "io/diagnostics.h"
#include "plan/timed_edits.h"

namespace berth::plan {

/// None, and the errors in `diagnostics`, when the file is wrong (an unknown workload kind
/// too).
std::vector<TimedEdit> readTimelineFile(std::string_view text, const std::string& fileName,
                                        io::Diagnostics& diagnostics);

}  // namespace berth::plan
