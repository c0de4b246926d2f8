#pragma once
/// `berthctl generate`: synthetic clusters of the shapes the performance issues measure.

#include <cstdint>
#include <ostream>
#include <string>

namespace berth::cli {

struct GenerateOptions {
    int nodes = 5000;
    int pods = 10000;
    int zones = 3;
    int replicaSets = 0;            // workloads (--workloads, --replicasets); 0: 10, or 20 for mixed
    std::string variant = "basic";  // basic | anti-affinity | spread | mixed
    bool interleave = false;        // pod i belongs to workload i mod W (a real queue's order); mixed always is
    int bound = 0;                  // pods of the same workloads already bound, spread over the nodes
    bool json = false;              // one `kind: List` as `kubectl get -o json` prints it
};

/// The variants generateCluster knows.
bool knownVariant(const std::string& variant);

/// Writes Nodes (three shapes: 16/64Gi, 32/128Gi, 64/256Gi, 110 pods) spread over zones, the
/// workloads (ReplicaSets), `bound` running pods and `pods` pending pods owned by them with
/// cpu/memory requests. YAML documents, or with `json` the same objects as one JSON List.
/// `mixed`: 20 workload shapes (plain, required anti-affinity, hard and soft spread, node
/// affinity, tolerations of a taint every tenth node carries, preferred pod affinity).
void generateCluster(const GenerateOptions& opt, std::ostream& out);

}  // namespace berth::cli
