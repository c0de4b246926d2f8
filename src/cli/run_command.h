#pragma once
/// berthctl schedule and explain: runs the plan the flags describe and prints its outcome
/// (-o table|json|yaml|bindings|workloads|csv, --trace, --events, --stats, explain POD).

#include "cli/options.h"

namespace berth::cli {

/// The exit status: 0, or 1 for input, configuration and output-file errors.
int runSchedule(const Options& opt);

}  // namespace berth::cli
