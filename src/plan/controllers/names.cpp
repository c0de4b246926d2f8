#include "plan/controllers/names.h"

#include <algorithm>
#include <charconv>

#include "plan/controllers/workloads.h"

namespace berth::plan {
namespace detail {
namespace {

constexpr int kAlphanumsIdxBits = 5;
constexpr std::uint64_t kAlphanumsIdxMask = (1u << kAlphanumsIdxBits) - 1;
constexpr int kMaxAlphanumsPerInt = 63 / kAlphanumsIdxBits;

/// FNV-1a, fed piece by piece: the same hash as over the pieces joined.
struct Fnv64 {
    std::uint64_t h = 14695981039346656037ull;
    Fnv64& add(std::string_view s) {
        for (unsigned char c : s) {
            h ^= c;
            h *= 1099511628211ull;
        }
        return *this;
    }
};

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// `v` as 16 lowercase hex digits, most significant first (printf's %016llx): a capacity fit
/// makes hundreds of thousands of pods, and snprintf was about half of each uid's cost.
void writeHex16(std::uint64_t v, char* out) {
    constexpr char kDigits[] = "0123456789abcdef";
    for (int i = 15; i >= 0; --i, v >>= 4) out[i] = kDigits[v & 0xf];
}

}  // namespace

namespace {

/// The uid of the object whose key hashed to `key`: its hex digits grouped 8-4-4-4-12.
std::string uidFromKey(std::uint64_t seed, const Fnv64& key) {
    const std::uint64_t a = splitmix64(seed ^ key.h);
    const std::uint64_t b = splitmix64(a ^ 0x6a09e667f3bcc909ull);
    char hex[32];
    writeHex16(a, hex);
    writeHex16(b, hex + 16);
    hex[12] = '4';                    // version 4
    hex[16] = "89ab"[(b >> 62) & 3];  // RFC 4122 variant
    std::string out(36, '-');
    std::copy_n(hex, 8, out.begin());
    std::copy_n(hex + 8, 4, out.begin() + 9);
    std::copy_n(hex + 12, 4, out.begin() + 14);
    std::copy_n(hex + 16, 4, out.begin() + 19);
    std::copy_n(hex + 20, 12, out.begin() + 24);
    return out;
}

Fnv64 objectKey(std::string_view kind, std::string_view ns, std::string_view name) {
    Fnv64 key;
    key.add(kind).add("/").add(ns).add("/").add(name);
    return key;
}

}  // namespace

std::string deterministicUid(std::uint64_t seed, std::string_view kind, std::string_view ns, std::string_view name) {
    return uidFromKey(seed, objectKey(kind, ns, name));
}

std::string deterministicUid(std::uint64_t seed, std::string_view kind, std::string_view ns, std::string_view name,
                             std::uint64_t serial) {
    char digits[20];
    const auto end = std::to_chars(digits, digits + sizeof digits, serial).ptr;
    return uidFromKey(seed, objectKey(kind, ns, name).add("#").add(std::string_view(digits, end)));
}

std::string SuffixGenerator::next(int n) {
    std::string out;
    out.reserve(static_cast<std::size_t>(n));
    std::uint64_t bits = m_rng() >> 1;
    int remaining = kMaxAlphanumsPerInt;
    while (static_cast<int>(out.size()) < n) {
        if (remaining == 0) {
            bits = m_rng() >> 1;
            remaining = kMaxAlphanumsPerInt;
        }
        const auto idx = static_cast<std::size_t>(bits & kAlphanumsIdxMask);
        if (idx < kAlphanums.size()) out.push_back(kAlphanums[idx]);
        bits >>= kAlphanumsIdxBits;
        --remaining;
    }
    return out;
}

}  // namespace detail

std::string safeEncodeString(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (unsigned char c : s) out.push_back(detail::kAlphanums[c % detail::kAlphanums.size()]);
    return out;
}

}  // namespace berth::plan
