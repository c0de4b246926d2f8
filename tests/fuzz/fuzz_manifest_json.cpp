// libFuzzer target: the manifest loader's JSON path (RapidJSON, as for `kubectl get -o json`).
// The input is made to start like a JSON object, so that the loader takes that path; text that
// then is not valid JSON falls back to the YAML reader, as a user's file would.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/api/cluster.h"
#include "io/manifest_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    if (text.empty() || (text.front() != '{' && text.front() != '[')) text.insert(0, "{");
    berth::core::Cluster cluster;
    berth::io::LoadResult result;
    berth::io::loadManifestText(text, "fuzz.json", cluster, result);
    berth::io::validateCluster(cluster, result);
    return 0;
}
