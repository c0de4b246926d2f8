#pragma once
/// `--events`: one JSON line per simulation event.

#include <string>

#include "core/api/cluster.h"
#include "core/events.h"

namespace berth::io {

std::string eventToJsonLine(const core::SimEvent& e, const core::Cluster& cluster);

}  // namespace berth::io
