#pragma once
/// What `berthctl schedule -o ...` prints: a table, a JSON report, or a List of v1 Binding
/// objects (the placed pods as YAML: placed_pods_writer.h).

#include <string>
#include <string_view>

#include "core/progress.h"
#include "core/simulation.h"

namespace berth::io {

std::string reportTable(core::Simulation& sim);

// The exported reports. `progress`, when given, counts the pods written (Phase::Writing);
// once it is cancelled the writer stops and returns "".

/// `ns`, when not empty, keeps the pods of that namespace only (the nodes stay).
std::string reportJson(core::Simulation& sim, std::string_view ns = {}, core::Progress* progress = nullptr);
/// A `v1` List of `Binding` objects for the pods placed during the run (of namespace `ns`
/// when not empty).
std::string reportBindingsYaml(core::Simulation& sim, std::string_view ns = {}, core::Progress* progress = nullptr);
/// `s` as one CSV field: quoted (quotes doubled) when it holds a comma, quote or line break
/// (RFC 4180).
std::string csvField(std::string_view s);

/// One line per pod (of namespace `ns` when not empty): namespace, name, owner, state,
/// node, nominated node, priority, attempts, message (RFC 4180 quoting).
std::string reportCsv(core::Simulation& sim, std::string_view ns = {}, core::Progress* progress = nullptr);

}  // namespace berth::io
