// libFuzzer target: the resource quantity parser (quantity.go's ParseQuantity) and the integer
// readings every request and allocatable goes through, and its canonical form.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/api/quantity.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto q = berth::core::Quantity::parse(text)) {
        // Summed unsigned: both readings saturate near INT64_MAX (1Ei), and the sum only keeps
        // them alive; the parser is what is under test, not this addition.
        volatile std::uint64_t sink =
            static_cast<std::uint64_t>(q->value()) + static_cast<std::uint64_t>(q->milliValue());
        (void)sink;
        (void)berth::core::formatMilliCpu(q->milliValue());
        (void)berth::core::formatBytes(q->value());
        // The canonical form LimitRanger's messages print (admission's limit_ranger.cpp).
        (void)berth::core::canonicalQuantity(q->milliValue(), berth::core::quantityFormatOf(text));
    }
    return 0;
}
