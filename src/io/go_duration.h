#pragma once
/// Go's duration text as metav1.Duration reads it (time.ParseDuration): an optional sign, then
/// one or more decimal numbers each with a unit (ns, us, µs, ms, s, m, h), e.g. "5s", "1m30s",
/// "1.5s", "250ms"; "0" alone needs no unit.

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace berth::io::detail {

/// Nanoseconds, or time.ParseDuration's error text (`time: invalid duration "x"`,
/// `time: missing unit in duration "30"`, `time: unknown unit "d" in duration "1d"`).
std::variant<std::int64_t, std::string> parseGoDuration(std::string_view text);

}  // namespace berth::io::detail
