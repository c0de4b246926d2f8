#include "testlib/random_manifests.h"

namespace berth::testlib {

std::string nodeManifest(const NodeText& n) {
    std::string y = "apiVersion: v1\nkind: Node\nmetadata:\n  name: " + n.name +
                    "\n  labels: {kubernetes.io/hostname: " + n.name + ", topology.kubernetes.io/zone: z" +
                    std::to_string(n.zone) + n.moreLabels + "}\n";
    if (!n.spec.empty()) y += "spec: {" + n.spec + "}\n";
    y += "status: {allocatable: {cpu: \"" + std::to_string(n.cpu) + "\", memory: " + n.memory + ", pods: \"" +
         std::to_string(n.pods) + "\"}}\n---\n";
    return y;
}

std::string deploymentManifest(const std::string& name, int replicas, const std::string& podSpec) {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name + ", namespace: default}\nspec:\n" +
           "  replicas: " + std::to_string(replicas) + "\n  selector: {matchLabels: {app: " + name +
           "}}\n  template:\n    metadata: {labels: {app: " + name + "}}\n    spec:\n" + podSpec;
}

std::string containers(int milliCpu, int memoryMi) {
    std::string requests = "cpu: " + std::to_string(milliCpu) + "m";
    if (memoryMi > 0) requests += ", memory: " + std::to_string(memoryMi) + "Mi";
    return "[{name: c, resources: {requests: {" + requests + "}}}]";
}

std::string hostnameAntiAffinityLine(const std::string& app) {
    return "      affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
           "{matchLabels: {app: " +
           app + "}}, topologyKey: kubernetes.io/hostname}]}}\n";
}

std::shared_ptr<const plan::PlanInput> planInput(std::string cluster, std::uint64_t seed) {
    auto in = std::make_shared<plan::PlanInput>();
    in->manifests.push_back({"cluster.yaml", std::move(cluster)});
    in->seed = seed;
    return in;
}

}  // namespace berth::testlib
