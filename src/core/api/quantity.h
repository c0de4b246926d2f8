#pragma once
/// Kubernetes resource quantities (k8s.io/apimachinery/pkg/api/resource/quantity.go):
/// `100m`, `1.5`, `2Gi`, `1e3`, `500M`. Parsed exactly into an arbitrary-scale decimal and read
/// back as integers rounded up, as Quantity.Value()/MilliValue() do.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace berth::core {

__extension__ typedef unsigned __int128 UInt128;

class Quantity {
public:
    /// std::nullopt when the text is not a valid quantity.
    static std::optional<Quantity> parse(std::string_view text);

    /// ceil(value): bytes, counts, whole cores.
    std::int64_t value() const { return scaled(0); }
    /// ceil(value * 1000): millicores.
    std::int64_t milliValue() const { return scaled(3); }
    bool negative() const { return m_negative; }
    bool isZero() const { return m_mantissa == 0; }

private:
    std::int64_t scaled(int decimalScale) const;

    UInt128 m_mantissa = 0;  // value = mantissa * 10^m_exp10 * 2^m_exp2
    int m_exp10 = 0;
    int m_exp2 = 0;
    bool m_negative = false;
    bool m_sticky = false;  // digits beyond our precision were dropped: round up
};

/// The three ways a quantity is written (quantity.go Format): `500m` / `2G`, `1Gi`, `1e3`.
enum class QuantityFormat : std::uint8_t { DecimalSI, BinarySI, DecimalExponent };

/// The format of a quantity's text (its suffix): BinarySI for Ki..Ei, DecimalExponent for an
/// e / E exponent, DecimalSI otherwise.
QuantityFormat quantityFormatOf(std::string_view text);

/// Quantity.String() (quantity.go CanonicalizeBytes) of a non-negative amount given in
/// thousandths (MilliValue): BinarySI as the largest power-of-1024 suffix that keeps it an
/// integer (below 1Ki or fractional: DecimalSI); DecimalSI as the mantissa without trailing
/// zeros over an exponent that is a multiple of 3 (`500m`, `2`, `1500k`, `3G`). Precision
/// below milli is not kept (upstream keeps nano).
std::string canonicalQuantity(std::int64_t milliValue, QuantityFormat format);

/// Human form used in tables and reports: `1500m`, `4`, `512Mi`, `3Gi`, `1000`.
std::string formatMilliCpu(std::int64_t milli);
std::string formatBytes(std::int64_t bytes);

}  // namespace berth::core
