#pragma once
/// Standard base64 (RFC 4648, with padding) as encoding/json reads a []byte field such as
/// ExtenderTLSConfig's certData.

#include <string>
#include <string_view>
#include <variant>

namespace berth::io::detail {

/// The decoded bytes, or base64.CorruptInputError's text (`illegal base64 data at input byte N`).
std::variant<std::string, std::string> decodeBase64(std::string_view text);

}  // namespace berth::io::detail
