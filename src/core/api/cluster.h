#pragma once
/// Every API object of a simulation, as an API server would store them. Storage is
/// append-only (deques) so pointers stay valid; removed objects are flagged, not erased.

#include <deque>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/api/node.h"
#include "core/api/objects.h"
#include "core/api/pod.h"
#include "core/api/string_pool.h"

namespace berth::core {

/// An object key as kubectl reads it: "namespace/name", or a bare name in "default".
struct NamespacedName {
    std::string_view ns;
    std::string_view name;
};
NamespacedName splitNamespacedName(std::string_view key);

struct Cluster {
    Cluster() = default;
    Cluster(const Cluster&) = delete;
    Cluster& operator=(const Cluster&) = delete;

    StringPool pool;
    std::deque<Node> nodes;
    std::deque<Pod> pods;
    std::vector<Namespace> namespaces;
    std::vector<Service> services;
    std::vector<Workload> workloads;
    std::vector<PriorityClass> priorityClasses;
    std::vector<PodDisruptionBudget> pdbs;
    std::vector<LimitRange> limitRanges;
    std::vector<RuntimeClass> runtimeClasses;

    std::vector<bool> nodeRemoved;  // parallel to nodes
    std::vector<bool> podRemoved;   // parallel to pods

    Node& addNode(Node n) {
        n.id = static_cast<std::uint32_t>(nodes.size());
        nodes.push_back(std::move(n));
        nodeRemoved.push_back(false);
        return nodes.back();
    }
    Pod& addPod(Pod p) {
        p.id = static_cast<std::uint32_t>(pods.size());
        pods.push_back(std::move(p));
        podRemoved.push_back(false);
        return pods.back();
    }

    const Namespace* findNamespace(Sym name) const {
        for (const auto& ns : namespaces)
            if (ns.name == name) return &ns;
        return nullptr;
    }
    const Node* findNode(Sym name) const;
    const Pod* findPod(Sym ns, std::string_view name) const;
    /// The live pod a "namespace/name" key names (see splitNamespacedName), or null.
    const Pod* findPod(std::string_view key) const;
    const PriorityClass* findPriorityClass(std::string_view name) const {
        for (const auto& pc : priorityClasses)
            if (pc.name == name) return &pc;
        return nullptr;
    }
    const RuntimeClass* findRuntimeClass(std::string_view name) const {
        for (const auto& rc : runtimeClasses)
            if (rc.name == name) return &rc;
        return nullptr;
    }
    /// `namespace/name` as kubectl prints it.
    std::string podKey(const Pod& p) const { return std::string(pool.str(p.ns)) + "/" + p.name; }
};

}  // namespace berth::core
