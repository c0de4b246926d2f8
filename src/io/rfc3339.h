#pragma once
/// RFC 3339 timestamps as metav1.Time reads them (Go's time.RFC3339 layout, fractional
/// seconds accepted): `2024-01-01T00:01:00Z`, `2024-01-01T01:01:00.25+01:00`.

#include <cstdint>
#include <optional>
#include <string_view>

namespace berth::io::detail {

/// Whole seconds since the Unix epoch (fractions dropped); std::nullopt when malformed.
std::optional<std::int64_t> parseRfc3339(std::string_view text);

}  // namespace berth::io::detail
