#pragma once
/// `berthctl generate`: synthetic clusters of the shapes the performance issue measures.

#include <cstdint>
#include <ostream>
#include <string>

namespace berth::cli {

struct GenerateOptions {
    int nodes = 5000;
    int pods = 10000;
    int zones = 3;
    int replicaSets = 10;
    std::string variant = "basic";  // basic | anti-affinity | spread
    bool json = false;              // one `kind: List` as `kubectl get -o json` prints it
};

/// Writes Nodes (three shapes: 16/64Gi, 32/128Gi, 64/256Gi, 110 pods) spread over zones, and
/// `pods` pending pods owned by `replicaSets` ReplicaSets with cpu/memory requests. YAML
/// documents, or with `json` the same objects as one JSON List.
void generateCluster(const GenerateOptions& opt, std::ostream& out);

}  // namespace berth::cli
