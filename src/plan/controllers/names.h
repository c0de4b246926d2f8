#pragma once
/// The names and uids the simulated API server and controllers generate: the random suffix
/// of names.SimpleNameGenerator (k8s.io/apiserver/pkg/storage/names/generate.go) drawn as
/// utilrand.String does (k8s.io/apimachinery/pkg/util/rand/rand.go), and uids. Every draw comes
/// from the plan's seed, so a plan names its pods the same way each time.

#include <cstdint>
#include <random>
#include <string>
#include <string_view>

namespace berth::plan::detail {

/// utilrand's alphabet: no vowels, no look-alikes.
inline constexpr std::string_view kAlphanums = "bcdfghjklmnpqrstvwxz2456789";
/// The random characters a generated name ends with.
inline constexpr int kRandomLength = 5;
/// names.go: a generated name's prefix is cut to 63 - randomLength characters.
inline constexpr std::size_t kMaxGeneratedNameLength = 63 - kRandomLength;

/// A version-4-shaped UUID derived from the seed and the object's identity.
std::string deterministicUid(std::uint64_t seed, std::string_view kind, std::string_view ns, std::string_view name);
/// The uid of `name` + "#" + `serial` (a pod's: its future id is part of it), without the
/// joined name: a capacity fit makes hundreds of thousands of pods.
std::string deterministicUid(std::uint64_t seed, std::string_view kind, std::string_view ns, std::string_view name,
                             std::uint64_t serial);

/// utilrand.String: 5 bits of a 63-bit random number per character, rejecting indices past
/// the alphabet, 12 characters per number.
class SuffixGenerator {
public:
    explicit SuffixGenerator(std::uint64_t seed) : m_rng(seed) {}
    std::string next(int n = kRandomLength);

private:
    std::mt19937_64 m_rng;
};

}  // namespace berth::plan::detail
