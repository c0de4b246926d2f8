// libFuzzer target: the label-selector text parser (`-l`, `--selector`: labels.Parse) and the
// selector it builds, matched against a few label sets.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/api/string_pool.h"
#include "io/selector_text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    berth::core::StringPool pool;
    std::string error;
    if (const auto selector = berth::io::parseSelectorText(text, pool, error)) {
        berth::core::Labels none;
        berth::core::Labels web;
        web.set(pool.intern("app"), pool.intern("web"));
        web.set(pool.intern("env"), pool.intern("prod"));
        volatile bool sink = selector->matches(none) || selector->matches(web);
        (void)sink;
    }
    return 0;
}
