#include "core/api/quantity.h"

#include <cctype>
#include <limits>

namespace berth::core {
namespace {

using u128 = UInt128;
constexpr u128 kMantissaLimit = static_cast<u128>(1) << 120;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

bool parseSuffix(std::string_view s, int& exp10, int& exp2) {
    exp10 = 0;
    exp2 = 0;
    if (s.empty()) return true;
    if (s.size() == 2 && s[1] == 'i') {
        switch (s[0]) {
            case 'K': exp2 = 10; return true;
            case 'M': exp2 = 20; return true;
            case 'G': exp2 = 30; return true;
            case 'T': exp2 = 40; return true;
            case 'P': exp2 = 50; return true;
            case 'E': exp2 = 60; return true;
            default: return false;
        }
    }
    if (s.size() == 1) {
        switch (s[0]) {
            case 'n': exp10 = -9; return true;
            case 'u': exp10 = -6; return true;
            case 'm': exp10 = -3; return true;
            case 'k': exp10 = 3; return true;
            case 'M': exp10 = 6; return true;
            case 'G': exp10 = 9; return true;
            case 'T': exp10 = 12; return true;
            case 'P': exp10 = 15; return true;
            case 'E': exp10 = 18; return true;
            default: return false;
        }
    }
    if (s[0] == 'e' || s[0] == 'E') {
        std::size_t i = 1;
        bool neg = false;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
        if (i == s.size()) return false;
        int v = 0;
        for (; i < s.size(); ++i) {
            if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
            v = v * 10 + (s[i] - '0');
            if (v > 1000) return false;
        }
        exp10 = neg ? -v : v;
        return true;
    }
    return false;
}

}  // namespace

std::optional<Quantity> Quantity::parse(std::string_view text) {
    Quantity q;
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) q.m_negative = text[i++] == '-';
    std::size_t digits = 0;
    int fraction = 0;
    bool seenDot = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '.') {
            if (seenDot) return std::nullopt;
            seenDot = true;
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(c))) break;
        ++digits;
        if (q.m_mantissa < kMantissaLimit) {
            q.m_mantissa = q.m_mantissa * 10 + static_cast<unsigned>(c - '0');
            if (seenDot) ++fraction;
        } else if (!seenDot) {
            ++q.m_exp10;  // integer digit beyond precision: scale instead
            if (c != '0') q.m_sticky = true;
        } else if (c != '0') {
            q.m_sticky = true;
        }
    }
    if (digits == 0) return std::nullopt;
    int e10 = 0;
    if (!parseSuffix(text.substr(i), e10, q.m_exp2)) return std::nullopt;
    q.m_exp10 += e10 - fraction;
    if (q.m_mantissa == 0) q.m_negative = false;
    return q;
}

std::int64_t Quantity::scaled(int decimalScale) const {
    u128 v = m_mantissa;
    bool inexact = m_sticky;
    for (int k = 0; k < m_exp2; ++k) {
        if (v > (std::numeric_limits<u128>::max() >> 1)) return m_negative ? -kMax : kMax;
        v <<= 1;
    }
    int e = m_exp10 + decimalScale;
    for (; e > 0; --e) {
        if (v > std::numeric_limits<u128>::max() / 10) return m_negative ? -kMax : kMax;
        v *= 10;
    }
    for (; e < 0 && v != 0; ++e) {
        if (v % 10 != 0) inexact = true;
        v /= 10;
    }
    // Kubernetes rounds up (toward +infinity in magnitude for positive values).
    if (inexact && !m_negative) v += 1;
    if (v > static_cast<u128>(kMax)) return m_negative ? -kMax : kMax;
    const auto r = static_cast<std::int64_t>(v);
    return m_negative ? -r : r;
}

std::string formatMilliCpu(std::int64_t milli) {
    if (milli % 1000 == 0) return std::to_string(milli / 1000);
    return std::to_string(milli) + "m";
}

std::string formatBytes(std::int64_t bytes) {
    static constexpr const char* kSuffix[] = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};
    if (bytes == 0) return "0";
    for (int k = 0; k < 6; ++k) {
        const int shift = 60 - 10 * k;
        const std::int64_t unit = std::int64_t{1} << shift;
        if (bytes % unit == 0) return std::to_string(bytes / unit) + kSuffix[k];
    }
    return std::to_string(bytes);
}

QuantityFormat quantityFormatOf(std::string_view text) {
    if (text.size() >= 2 && text.back() == 'i') return QuantityFormat::BinarySI;
    // An exponent is an e / E followed by a digit or sign; a trailing E alone is exa.
    const auto e = text.find_first_of("eE");
    if (e != std::string_view::npos && e + 1 < text.size()) return QuantityFormat::DecimalExponent;
    return QuantityFormat::DecimalSI;
}

std::string canonicalQuantity(std::int64_t milliValue, QuantityFormat format) {
    if (milliValue <= 0) return "0";
    if (format == QuantityFormat::BinarySI && milliValue >= 1024 * 1000 && milliValue % 1000 == 0) {
        static constexpr const char* kSuffix[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
        std::int64_t n = milliValue / 1000;
        int k = 0;
        while (k < 6 && n % 1024 == 0) {
            n /= 1024;
            ++k;
        }
        return std::to_string(n) + kSuffix[k];
    }
    // AsCanonicalBytes: strip the factors of ten, then bring the exponent down to a multiple
    // of 3 (never below the milli we started from, so the mantissa cannot overflow).
    std::int64_t mantissa = milliValue;
    int exponent = -3;
    while (mantissa % 10 == 0) {
        mantissa /= 10;
        ++exponent;
    }
    const int over = ((exponent % 3) + 3) % 3;
    for (int k = 0; k < over; ++k) mantissa *= 10;
    exponent -= over;
    if (format == QuantityFormat::DecimalExponent)
        return std::to_string(mantissa) + (exponent == 0 ? "" : "e" + std::to_string(exponent));
    static constexpr const char* kDecimal[] = {"m", "", "k", "M", "G", "T", "P", "E"};
    return std::to_string(mantissa) + kDecimal[exponent / 3 + 1];
}

}  // namespace berth::core
