#pragma once
/// `berthctl capacity QUESTION`: capacity answers over the plan the files make.

#include "cli/options.h"

namespace berth::cli {

/// Exit status: 0 answered, 1 input errors (file, line, object on standard error; nothing
/// on standard output).
int runCapacity(const Options& opt);

}  // namespace berth::cli
