#pragma once
/// berthctl schedule and explain: runs the plan the flags describe and prints its outcome
/// (-o table|json|yaml|bindings|workloads|csv, --trace, --events, --stats, explain POD).

#include "cli/options.h"

namespace berth::cli {

/// The exit status: 0, 1 for input, configuration and output-file errors, or 3 when
/// --fail-on-pending and pods stay pending (the output is written first).
int runSchedule(const Options& opt);

}  // namespace berth::cli
