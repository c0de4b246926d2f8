#pragma once
/// `--trace`: one JSON line per scheduling attempt, in the format of
/// shared/conformance/README.md.

#include <string>

#include "core/trace/cycle_trace.h"

namespace berth::io {

/// The conformance line (no trailing newline).
std::string traceToJsonLine(const core::CycleTrace& trace);

}  // namespace berth::io
