#pragma once
/// The plan a berthctl command runs, from its command line.

#include <memory>

#include "cli/options.h"
#include "extender/extenders.h"
#include "io/diagnostics.h"
#include "plan/plan.h"

namespace berth::cli {

/// The files as read, the --config text, the flags. Nothing is loaded yet; a file that
/// cannot be read, or a --config that is not a configuration alone, leaves its diagnostic in
/// `problems`.
/// `extenders`, when given, builds the configuration's extenders (live, recorded, replayed).
std::shared_ptr<const plan::PlanInput> planInputFor(const Options& opt, io::Diagnostics& problems,
                                                    std::shared_ptr<extender::ExtenderSession> extenders = nullptr);

/// How the run reaches its extenders: --extender-record, --extender-replay, or live. A
/// recording that does not read leaves its diagnostic in `problems` (and a live session).
std::shared_ptr<extender::ExtenderSession> extenderSessionFor(const Options& opt, io::Diagnostics& problems);

/// --strict: every warning of `diagnostics` becomes an error (printed and counted as one).
void applyStrict(const Options& opt, io::Diagnostics& diagnostics);

}  // namespace berth::cli
