#include "io/go_duration.h"

#include <limits>

namespace berth::io::detail {
namespace {

struct Unit {
    std::string_view name;
    std::int64_t ns;
};
// time.ParseDuration's unitMap ("µs" as U+00B5 and U+03BC).
constexpr Unit kUnits[] = {
    {"ns", 1},
    {"us", 1000},
    {"\u00b5s", 1000},
    {"\u03bcs", 1000},
    {"ms", 1000 * 1000},
    {"s", 1000 * 1000 * 1000},
    {"m", std::int64_t{60} * 1000 * 1000 * 1000},
    {"h", std::int64_t{3600} * 1000 * 1000 * 1000},
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

// long: one pass over the text as time.ParseDuration makes it, with its overflow checks
std::variant<std::int64_t, std::string> parseGoDuration(std::string_view text) {
    const std::string quoted = "\"" + std::string(text) + "\"";
    const std::string invalid = "time: invalid duration " + quoted;
    std::string_view s = text;
    bool negative = false;
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    if (s == "0") return std::int64_t{0};
    if (s.empty()) return invalid;
    constexpr std::uint64_t kMax = std::uint64_t{1} << 63;  // |MinInt64|
    std::uint64_t total = 0;
    while (!s.empty()) {
        if (!(s.front() == '.' || isDigit(s.front()))) return invalid;
        // The integer part, then an optional fraction (at least one digit overall).
        std::uint64_t whole = 0;
        std::size_t i = 0;
        bool overflow = false;
        for (; i < s.size() && isDigit(s[i]); ++i) {
            if (whole > (kMax - 1) / 10) overflow = true;
            whole = whole * 10 + static_cast<std::uint64_t>(s[i] - '0');
            if (whole > kMax) overflow = true;
        }
        if (overflow) return invalid;
        const bool hadWhole = i > 0;
        std::uint64_t frac = 0;
        double scale = 1;
        bool hadFrac = false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            const std::size_t start = i;
            for (; i < s.size() && isDigit(s[i]); ++i) {
                if (frac > (kMax - 1) / 10) continue;  // digits past int64's precision are dropped
                frac = frac * 10 + static_cast<std::uint64_t>(s[i] - '0');
                scale *= 10;
            }
            hadFrac = i > start;
        }
        if (!hadWhole && !hadFrac) return invalid;
        std::size_t u = i;
        while (u < s.size() && s[u] != '.' && !isDigit(s[u])) ++u;
        const std::string_view unitName = s.substr(i, u - i);
        if (unitName.empty()) return "time: missing unit in duration " + quoted;
        const Unit* unit = nullptr;
        for (const Unit& candidate : kUnits)
            if (candidate.name == unitName) unit = &candidate;
        if (!unit) return "time: unknown unit \"" + std::string(unitName) + "\" in duration " + quoted;
        const auto per = static_cast<std::uint64_t>(unit->ns);
        if (whole > kMax / per) return invalid;
        std::uint64_t v = whole * per;
        if (frac > 0) {
            v += static_cast<std::uint64_t>(static_cast<double>(frac) * (static_cast<double>(per) / scale));
            if (v > kMax) return invalid;
        }
        total += v;
        if (total > kMax) return invalid;
        s.remove_prefix(u);
    }
    if (negative) return total == kMax ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(total);
    if (total > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return invalid;
    return static_cast<std::int64_t>(total);
}

}  // namespace berth::io::detail
