#include "io/object_index.h"

namespace berth::io::detail {

std::string objectKey(std::string_view kind, std::string_view ns, std::string_view name) {
    std::string key;
    key.reserve(kind.size() + ns.size() + name.size() + 2);
    key.append(kind).append("/").append(ns).append("/").append(name);
    return key;
}

void indexCluster(ObjectIndex& index, const core::Cluster& cluster) {
    // emplace keeps an existing entry: the first definition is the one messages point to.
    auto add = [&](std::string_view kind, std::string_view ns, std::string_view name, const core::SourceRef& src) {
        index.objects.emplace(objectKey(kind, ns, name), src);
    };
    for (; index.nodes < cluster.nodes.size(); ++index.nodes) {
        if (index.nodes < cluster.nodeRemoved.size() && cluster.nodeRemoved[index.nodes]) continue;
        const auto& n = cluster.nodes[index.nodes];
        add("Node", "", n.name, n.source);
    }
    for (; index.pods < cluster.pods.size(); ++index.pods) {
        if (index.pods < cluster.podRemoved.size() && cluster.podRemoved[index.pods]) continue;
        const auto& p = cluster.pods[index.pods];
        add("Pod", cluster.pool.str(p.ns), p.name, p.source);
    }
    for (; index.namespaces < cluster.namespaces.size(); ++index.namespaces) {
        const auto& ns = cluster.namespaces[index.namespaces];
        add("Namespace", "", cluster.pool.str(ns.name), ns.source);
    }
    for (; index.services < cluster.services.size(); ++index.services) {
        const auto& s = cluster.services[index.services];
        add("Service", cluster.pool.str(s.ns), s.name, s.source);
    }
    for (; index.workloads < cluster.workloads.size(); ++index.workloads) {
        const auto& w = cluster.workloads[index.workloads];
        add(core::workloadKindName(w.kind), cluster.pool.str(w.ns), w.name, w.source);
    }
    for (; index.priorityClasses < cluster.priorityClasses.size(); ++index.priorityClasses) {
        const auto& pc = cluster.priorityClasses[index.priorityClasses];
        add("PriorityClass", "", pc.name, pc.source);
    }
    for (; index.pdbs < cluster.pdbs.size(); ++index.pdbs) {
        const auto& pdb = cluster.pdbs[index.pdbs];
        add("PodDisruptionBudget", cluster.pool.str(pdb.ns), pdb.name, pdb.source);
    }
    for (; index.limitRanges < cluster.limitRanges.size(); ++index.limitRanges) {
        const auto& lr = cluster.limitRanges[index.limitRanges];
        add("LimitRange", cluster.pool.str(lr.ns), lr.name, lr.source);
    }
    for (; index.runtimeClasses < cluster.runtimeClasses.size(); ++index.runtimeClasses) {
        const auto& rc = cluster.runtimeClasses[index.runtimeClasses];
        add("RuntimeClass", "", rc.name, rc.source);
    }
}

const core::SourceRef* findObject(const ObjectIndex& index, const std::string& key) {
    auto it = index.objects.find(key);
    return it == index.objects.end() ? nullptr : &it->second;
}

}  // namespace berth::io::detail
