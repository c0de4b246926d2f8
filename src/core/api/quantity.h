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

/// Human form used in tables and reports: `1500m`, `4`, `512Mi`, `3Gi`, `1000`.
std::string formatMilliCpu(std::int64_t milli);
std::string formatBytes(std::int64_t bytes);

}  // namespace berth::core
