#include "plan/capacity/capacity_template.h"

#include <vector>

#include "io/manifest_loader.h"

namespace berth::plan::capacity {
namespace {

/// One object the text held, for messages: what it is and where.
struct Loaded {
    std::string kind;
    std::string ref;
    core::SourceRef source;
};

io::Diagnostic problem(const std::string& file, const Loaded* at, std::string message) {
    io::Diagnostic d;
    d.file = file;
    if (at) {
        d.line = at->source.line;
        d.column = at->source.column;
        d.kind = at->kind;
        d.name = at->ref;
    }
    d.message = std::move(message);
    return d;
}

bool takes(TemplateUse use, const Loaded& o) {
    if (use == TemplateUse::Node) return o.kind == "Node";
    return o.kind == "Pod" || o.kind == "Deployment" || o.kind == "ReplicaSet" || o.kind == "StatefulSet" ||
           o.kind == "Job";
}

}  // namespace

std::optional<CapacityTemplate> readCapacityTemplate(core::Cluster& cluster, std::string_view text,
                                                     const std::string& file, TemplateUse use,
                                                     const core::KubeVersion& version, io::Diagnostics& diags) {
    const std::size_t nodes = cluster.nodes.size(), pods = cluster.pods.size(), namespaces = cluster.namespaces.size(),
                      services = cluster.services.size(), workloads = cluster.workloads.size(),
                      classes = cluster.priorityClasses.size(), pdbs = cluster.pdbs.size();
    io::LoadResult result;
    // The template is checked on its own, not against the plan's objects: a template may name
    // a workload the plan has (more of it), or a Pod whose copies get names of their own.
    result.index.nodes = nodes;
    result.index.pods = pods;
    result.index.namespaces = namespaces;
    result.index.services = services;
    result.index.workloads = workloads;
    result.index.priorityClasses = classes;
    result.index.pdbs = pdbs;
    io::LoadOptions options;
    options.version = version;
    io::loadManifestText(text, file, cluster, result, options);

    // Everything the text held, in kind order (each kind in file order); then taken out again.
    std::vector<Loaded> loaded;
    auto nsName = [&](core::Sym ns, const std::string& name) { return std::string(cluster.pool.str(ns)) + "/" + name; };
    for (std::size_t i = nodes; i < cluster.nodes.size(); ++i)
        loaded.push_back({"Node", cluster.nodes[i].name, cluster.nodes[i].source});
    for (std::size_t i = pods; i < cluster.pods.size(); ++i)
        loaded.push_back({"Pod", nsName(cluster.pods[i].ns, cluster.pods[i].name), cluster.pods[i].source});
    for (std::size_t i = workloads; i < cluster.workloads.size(); ++i) {
        const core::Workload& w = cluster.workloads[i];
        loaded.push_back({core::workloadKindName(w.kind), nsName(w.ns, w.name), w.source});
    }
    for (std::size_t i = namespaces; i < cluster.namespaces.size(); ++i)
        loaded.push_back(
            {"Namespace", std::string(cluster.pool.str(cluster.namespaces[i].name)), cluster.namespaces[i].source});
    for (std::size_t i = services; i < cluster.services.size(); ++i)
        loaded.push_back(
            {"Service", nsName(cluster.services[i].ns, cluster.services[i].name), cluster.services[i].source});
    for (std::size_t i = classes; i < cluster.priorityClasses.size(); ++i)
        loaded.push_back({"PriorityClass", cluster.priorityClasses[i].name, cluster.priorityClasses[i].source});
    for (std::size_t i = pdbs; i < cluster.pdbs.size(); ++i)
        loaded.push_back(
            {"PodDisruptionBudget", nsName(cluster.pdbs[i].ns, cluster.pdbs[i].name), cluster.pdbs[i].source});
    if (result.config) loaded.push_back({"KubeSchedulerConfiguration", "", {file, 0, 0}});

    std::optional<CapacityTemplate> out;
    if (!result.diagnostics.hasErrors()) {
        const char* wanted =
            use == TemplateUse::Node ? "one Node" : "one Pod, Deployment, ReplicaSet, StatefulSet or Job";
        if (loaded.empty()) {
            diags.add(
                problem(file, nullptr, std::string("a template holds ") + wanted + "; this file holds no object"));
        } else if (loaded.size() > 1) {
            diags.add(
                problem(file, &loaded[1], std::string("a template holds ") + wanted + ", and this is a second object"));
        } else if (!takes(use, loaded[0])) {
            diags.add(
                problem(file, &loaded[0], std::string("a template holds ") + wanted + ", not a " + loaded[0].kind));
        } else {
            out.emplace();
            out->kindName = loaded[0].kind;
            out->ref = loaded[0].ref;
            if (use == TemplateUse::Node) {
                out->kind = CapacityTemplate::Kind::Node;
                out->node = cluster.nodes.back();
            } else if (cluster.pods.size() > pods) {
                out->kind = CapacityTemplate::Kind::Pod;
                out->pod = cluster.pods.back();
            } else {
                out->kind = CapacityTemplate::Kind::Workload;
                out->workload = cluster.workloads.back();
            }
        }
    }
    for (auto& d : result.diagnostics.items) diags.add(std::move(d));

    cluster.nodes.resize(nodes);
    cluster.nodeRemoved.resize(nodes);
    cluster.pods.resize(pods);
    cluster.podRemoved.resize(pods);
    cluster.namespaces.resize(namespaces);
    cluster.services.resize(services);
    cluster.workloads.resize(workloads);
    cluster.priorityClasses.resize(classes);
    cluster.pdbs.resize(pdbs);
    return out;
}

}  // namespace berth::plan::capacity
