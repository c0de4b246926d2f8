#pragma once
/// The fast path for JSON manifests (`kubectl get -o json`): one JSON value parsed with
/// RapidJSON into the same DocumentTree the YAML path builds, with yaml-cpp's positions
/// (0-based line and column of a collection's bracket and of a scalar's first character,
/// its opening quote for strings), so readers and their messages cannot tell the two apart.

#include <optional>
#include <string_view>

#include "io/yaml_documents.h"

namespace berth::io::detail {

/// True when `text` (after blanks and a byte order mark) starts like a JSON object or array.
bool looksLikeJson(std::string_view text);

/// The text as one document; std::nullopt when it is not valid JSON. JSON is YAML, so the
/// caller then reads it as YAML, which reports the problem with yaml-cpp's position.
std::optional<YamlChunk> parseJsonDocument(std::string_view text);

}  // namespace berth::io::detail
