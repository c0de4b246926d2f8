#pragma once
/// A yaml-cpp tree the writers built from the model, written as JSON: maps as objects (keys
/// in insertion order), sequences as arrays, scalars typed as the writers meant them. A scalar
/// tagged `!` (io's marker for "a string, whatever it reads like") is a string; an untagged one
/// is a number when it reads as a JSON number, a boolean for true/false, null for ~/null, and
/// a string otherwise (quantities such as "500m").

#include <yaml-cpp/yaml.h>

#include "io/json_writer.h"

namespace berth::io::detail {

void writeYamlAsJson(JsonWriter& w, const YAML::Node& node);

}  // namespace berth::io::detail
