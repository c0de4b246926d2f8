#pragma once
/// Berth's pod lifetimes (README "Pod lifetimes"): the annotation berth.dev/duration, a Go
/// duration, on a Job's pod template or on a Pod that does not restart. Once bound, such a pod
/// runs that long on the simulated clock and then succeeds (core::Simulation::setLifetime).

#include <cstdint>
#include <string_view>

#include "io/yaml_util.h"

namespace berth::io::detail {

inline constexpr const char* kRunDurationAnnotation = "berth.dev/duration";

/// The lifetime in ns an object of `kind` gives its pods (a Pod: its own; a workload: its
/// template's), or -1 when none. A bad or negative duration is an error through `r` (the object
/// is skipped); one its pods cannot honour, since they restart (a Pod whose restartPolicy is
/// Always, the default; any template but a Job's), a warning, and -1.
std::int64_t readRunDuration(Reader& r, const DocNode& object, std::string_view kind);

}  // namespace berth::io::detail
