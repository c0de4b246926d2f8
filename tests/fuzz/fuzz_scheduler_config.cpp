// libFuzzer target: the KubeSchedulerConfiguration reader (`berthctl --config`, the GUI's
// configuration panel), as a standalone text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/manifest_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    berth::io::Diagnostics diagnostics;
    (void)berth::io::loadSchedulerConfigText(text, "fuzz-config.yaml", diagnostics);
    return 0;
}
