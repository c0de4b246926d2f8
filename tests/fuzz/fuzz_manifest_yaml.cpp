// libFuzzer target: the manifest loader on any text (YAML, or JSON when it looks like JSON),
// with strict field validation, then the checks that run once every file is in. Bad input must
// give diagnostics, never a crash, a hang or memory beyond linear in its size.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/api/cluster.h"
#include "io/manifest_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    berth::core::Cluster cluster;
    berth::io::LoadResult result;
    berth::io::loadManifestText(text, "fuzz.yaml", cluster, result);
    berth::io::validateCluster(cluster, result);
    berth::io::addImplicitNamespaces(cluster);
    return 0;
}
