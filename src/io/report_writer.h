#pragma once
/// What `berthctl schedule -o ...` prints: a table, a JSON report, or a List of v1 Binding
/// objects (the placed pods as YAML: placed_pods_writer.h).

#include <string>

#include "core/simulation.h"

namespace berth::io {

std::string reportTable(core::Simulation& sim);
std::string reportJson(core::Simulation& sim);
/// A `v1` List of `Binding` objects for the pods placed during the run.
std::string reportBindingsYaml(core::Simulation& sim);

}  // namespace berth::io
