#pragma once
/// A JSON text written as block-style YAML, for `-o yaml` of reports whose shape is defined
/// as JSON: the same tree, keys in the same order; strings stay double-quoted (JSON's escapes
/// are YAML's), so a value never changes type when read back.

#include <string>
#include <string_view>

namespace berth::io {

/// Empty when `json` does not parse.
std::string jsonToYaml(std::string_view json);

}  // namespace berth::io
