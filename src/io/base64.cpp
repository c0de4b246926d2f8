#include "io/base64.h"

#include <vector>

namespace berth::io::detail {
namespace {

int sextet(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

std::string corrupt(std::size_t at) { return "illegal base64 data at input byte " + std::to_string(at); }

}  // namespace

std::variant<std::string, std::string> decodeBase64(std::string_view text) {
    // encoding/base64 skips '\r' and '\n' anywhere in the input.
    std::string clean;
    std::vector<std::size_t> position;  // each kept character's offset in `text`, for the error
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] != '\r' && text[i] != '\n') {
            clean.push_back(text[i]);
            position.push_back(i);
        }
    std::string out;
    const std::size_t n = clean.size();
    for (std::size_t i = 0; i < n; i += 4) {
        int v[4] = {0, 0, 0, 0};
        int have = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            if (i + k >= n) {
                // A quantum cut short: Go reports the byte just past the end.
                return std::variant<std::string, std::string>(std::in_place_index<1>, corrupt(text.size()));
            }
            const char c = clean[i + k];
            if (c == '=') {
                // Padding: at least two data characters first, and nothing after the padding.
                const bool ok = k >= 2 && i + 4 == n && (k == 3 || clean[i + 3] == '=');
                if (!ok) return std::variant<std::string, std::string>(std::in_place_index<1>, corrupt(position[i + k]));
                break;
            }
            v[k] = sextet(c);
            if (v[k] < 0) return std::variant<std::string, std::string>(std::in_place_index<1>, corrupt(position[i + k]));
            ++have;
        }
        out.push_back(static_cast<char>((v[0] << 2) | (v[1] >> 4)));
        if (have > 2) out.push_back(static_cast<char>(((v[1] & 0xF) << 4) | (v[2] >> 2)));
        if (have > 3) out.push_back(static_cast<char>(((v[2] & 0x3) << 6) | v[3]));
    }
    return std::variant<std::string, std::string>(std::in_place_index<0>, std::move(out));
}

}  // namespace berth::io::detail
