#pragma once
/// What `berthctl schedule -o ...` prints: a table, a JSON report, the placed pods as YAML
/// (spec.nodeName set), or a List of v1 Binding objects.

#include <string>

#include "core/simulation.h"

namespace berth::io {

std::string reportTable(core::Simulation& sim);
std::string reportJson(core::Simulation& sim);
/// Every pod placed during the run, with spec.nodeName, as multi-document YAML.
std::string reportPodsYaml(core::Simulation& sim);
/// A `v1` List of `Binding` objects for the pods placed during the run.
std::string reportBindingsYaml(core::Simulation& sim);

}  // namespace berth::io
