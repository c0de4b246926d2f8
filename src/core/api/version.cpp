#include "core/api/version.h"

#include <charconv>

namespace berth::core {

std::optional<KubeVersion> KubeVersion::parse(std::string_view text) {
    if (!text.empty() && text.front() == 'v') text.remove_prefix(1);
    const auto dot = text.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    KubeVersion v;
    auto r1 = std::from_chars(text.data(), text.data() + dot, v.major);
    if (r1.ec != std::errc{} || r1.ptr != text.data() + dot || v.major != 1) return std::nullopt;
    std::string_view rest = text.substr(dot + 1);
    const auto dot2 = rest.find('.');  // a patch number is accepted and ignored
    std::string_view minorText = rest.substr(0, dot2);
    auto r2 = std::from_chars(minorText.data(), minorText.data() + minorText.size(), v.minor);
    if (r2.ec != std::errc{} || r2.ptr != minorText.data() + minorText.size()) return std::nullopt;
    if (v.minor < 26 || v.minor > 37) return std::nullopt;
    return v;
}

}  // namespace berth::core
