#pragma once
/// The upstream release whose behaviour Berth reproduces. Default: the newest described in
/// UPSTREAM.md; `1.26` reproduces v1.26.15 wherever UPSTREAM.md marks a [ver] difference.

#include <optional>
#include <string>
#include <string_view>

namespace berth::core {

struct KubeVersion {
    int major = 1;
    int minor = 37;

    static KubeVersion newest() { return {1, 37}; }
    static std::optional<KubeVersion> parse(std::string_view text);
    bool atLeast(int minorVersion) const { return minor >= minorVersion; }
    bool before(int minorVersion) const { return minor < minorVersion; }
    std::string toString() const { return std::to_string(major) + "." + std::to_string(minor); }
};

}  // namespace berth::core
