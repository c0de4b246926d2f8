#pragma once
/// `berthctl explain`: one scheduling attempt as readable tables.

#include <string>

#include "core/trace/cycle_trace.h"

namespace berth::cli {

std::string formatExplain(const core::CycleTrace& trace);

}  // namespace berth::cli
