#include "cli/generate.h"

namespace berth::cli {

void generateCluster(const GenerateOptions& opt, std::ostream& out) {
    static const char* kShapes[][2] = {{"16", "64Gi"}, {"32", "128Gi"}, {"64", "256Gi"}};
    out << "# berthctl generate --nodes " << opt.nodes << " --pods " << opt.pods << " --variant " << opt.variant << "\n";
    for (int i = 0; i < opt.nodes; ++i) {
        const auto& shape = kShapes[i % 3];
        const int zone = i % opt.zones;
        out << "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-" << i << "\n  labels: {kubernetes.io/hostname: node-"
            << i << ", topology.kubernetes.io/zone: zone-" << zone << ", node.kubernetes.io/instance-type: shape-"
            << (i % 3) << "}\nstatus:\n  allocatable: {cpu: \"" << shape[0] << "\", memory: " << shape[1]
            << ", pods: \"110\"}\n";
    }
    static const char* kRequests[][2] = {{"100m", "128Mi"}, {"250m", "256Mi"}, {"500m", "512Mi"}, {"1", "1Gi"},
                                         {"200m", "384Mi"}};
    const int perSet = (opt.pods + opt.replicaSets - 1) / opt.replicaSets;
    int made = 0;
    for (int r = 0; r < opt.replicaSets && made < opt.pods; ++r) {
        const std::string rs = "rs-" + std::to_string(r);
        out << "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: " << rs << ", uid: uid-" << rs
            << "}\nspec:\n  replicas: 0\n  selector: {matchLabels: {app: " << rs << "}}\n  template:\n    metadata: {labels: {app: "
            << rs << "}}\n    spec: {containers: [{name: c, image: app}]}\n";
        const auto& req = kRequests[r % 5];
        for (int k = 0; k < perSet && made < opt.pods; ++k, ++made) {
            out << "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " << rs << "-" << k << "\n  labels: {app: " << rs
                << "}\n  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: " << rs << ", uid: uid-" << rs
                << ", controller: true}]\nspec:\n";
            if (opt.variant == "anti-affinity")
                out << "  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
                       "{matchLabels: {app: "
                    << rs << "}}, topologyKey: kubernetes.io/hostname}]}}\n";
            if (opt.variant == "spread")
                out << "  topologySpreadConstraints: [{maxSkew: 1, topologyKey: topology.kubernetes.io/zone, "
                       "whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: "
                    << rs << "}}}]\n";
            out << "  containers: [{name: c, image: app, resources: {requests: {cpu: " << req[0] << ", memory: " << req[1]
                << "}}}]\n";
        }
    }
}

}  // namespace berth::cli
