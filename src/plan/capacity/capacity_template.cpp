#include "plan/capacity/capacity_template.h"

#include <vector>

#include "io/manifest_loader.h"
#include "plan/controllers/admission.h"

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

// How many objects of each kind the cluster held before the template was read: what the
// template added lies past these, and the cluster is cut back to them afterwards.
struct Counts {
    std::size_t nodes, pods, namespaces, services, workloads, classes, pdbs, limitRanges, runtimeClasses;
};

Counts countsOf(const core::Cluster& c) {
    return {c.nodes.size(),     c.pods.size(),        c.namespaces.size(),
            c.services.size(),  c.workloads.size(),   c.priorityClasses.size(),
            c.pdbs.size(),      c.limitRanges.size(), c.runtimeClasses.size()};
}

// Everything the text held, in kind order (each kind in file order).
std::vector<Loaded> loadedSince(const core::Cluster& cluster, const Counts& before, const io::LoadResult& result,
                                const std::string& file) {
    std::vector<Loaded> loaded;
    auto nsName = [&](core::Sym ns, const std::string& name) { return std::string(cluster.pool.str(ns)) + "/" + name; };
    for (std::size_t i = before.nodes; i < cluster.nodes.size(); ++i)
        loaded.push_back({"Node", cluster.nodes[i].name, cluster.nodes[i].source});
    for (std::size_t i = before.pods; i < cluster.pods.size(); ++i)
        loaded.push_back({"Pod", nsName(cluster.pods[i].ns, cluster.pods[i].name), cluster.pods[i].source});
    for (std::size_t i = before.workloads; i < cluster.workloads.size(); ++i) {
        const core::Workload& w = cluster.workloads[i];
        loaded.push_back({core::workloadKindName(w.kind), nsName(w.ns, w.name), w.source});
    }
    for (std::size_t i = before.namespaces; i < cluster.namespaces.size(); ++i)
        loaded.push_back(
            {"Namespace", std::string(cluster.pool.str(cluster.namespaces[i].name)), cluster.namespaces[i].source});
    for (std::size_t i = before.services; i < cluster.services.size(); ++i)
        loaded.push_back(
            {"Service", nsName(cluster.services[i].ns, cluster.services[i].name), cluster.services[i].source});
    for (std::size_t i = before.classes; i < cluster.priorityClasses.size(); ++i)
        loaded.push_back({"PriorityClass", cluster.priorityClasses[i].name, cluster.priorityClasses[i].source});
    for (std::size_t i = before.pdbs; i < cluster.pdbs.size(); ++i)
        loaded.push_back(
            {"PodDisruptionBudget", nsName(cluster.pdbs[i].ns, cluster.pdbs[i].name), cluster.pdbs[i].source});
    for (std::size_t i = before.limitRanges; i < cluster.limitRanges.size(); ++i)
        loaded.push_back({"LimitRange", nsName(cluster.limitRanges[i].ns, cluster.limitRanges[i].name),
                          cluster.limitRanges[i].source});
    for (std::size_t i = before.runtimeClasses; i < cluster.runtimeClasses.size(); ++i)
        loaded.push_back({"RuntimeClass", cluster.runtimeClasses[i].name, cluster.runtimeClasses[i].source});
    if (result.config) loaded.push_back({"KubeSchedulerConfiguration", "", {file, 0, 0}});
    return loaded;
}

// The one object a template must hold, or a problem saying what the file holds instead.
std::optional<CapacityTemplate> pickTemplate(const core::Cluster& cluster, const Counts& before,
                                             const std::vector<Loaded>& loaded, const std::string& file,
                                             TemplateUse use, io::Diagnostics& diags) {
    const char* wanted = use == TemplateUse::Node ? "one Node" : "one Pod, Deployment, ReplicaSet, StatefulSet or Job";
    if (loaded.empty()) {
        diags.add(problem(file, nullptr, std::string("a template holds ") + wanted + "; this file holds no object"));
        return std::nullopt;
    }
    if (loaded.size() > 1) {
        diags.add(
            problem(file, &loaded[1], std::string("a template holds ") + wanted + ", and this is a second object"));
        return std::nullopt;
    }
    if (!takes(use, loaded[0])) {
        diags.add(problem(file, &loaded[0], std::string("a template holds ") + wanted + ", not a " + loaded[0].kind));
        return std::nullopt;
    }
    CapacityTemplate out;
    out.kindName = loaded[0].kind;
    out.ref = loaded[0].ref;
    if (use == TemplateUse::Node) {
        out.kind = CapacityTemplate::Kind::Node;
        out.node = cluster.nodes.back();
    } else if (cluster.pods.size() > before.pods) {
        out.kind = CapacityTemplate::Kind::Pod;
        out.pod = cluster.pods.back();
    } else {
        out.kind = CapacityTemplate::Kind::Workload;
        out.workload = cluster.workloads.back();
    }
    return out;
}

void cutBackTo(core::Cluster& cluster, const Counts& before) {
    cluster.nodes.resize(before.nodes);
    cluster.nodeRemoved.resize(before.nodes);
    cluster.pods.resize(before.pods);
    cluster.podRemoved.resize(before.pods);
    cluster.namespaces.resize(before.namespaces);
    cluster.services.resize(before.services);
    cluster.workloads.resize(before.workloads);
    cluster.priorityClasses.resize(before.classes);
    cluster.pdbs.resize(before.pdbs);
    cluster.limitRanges.resize(before.limitRanges);
    cluster.runtimeClasses.resize(before.runtimeClasses);
}

// Admission for a template Pod written as a manifest (not a dump's), against the plan's
// classes and limit ranges: a question about copies of the Pod asks about what the API
// server would store. False, with the API server's answer, when it rejects the Pod.
bool admitTemplatePod(core::Cluster& cluster, CapacityTemplate& t, const io::LoadResult& result,
                      const core::KubeVersion& version, io::Diagnostics& diags) {
    if (t.kind != CapacityTemplate::Kind::Pod || result.podsToAdmit.empty()) return true;
    std::string refused = admitPod(cluster, t.pod, version);
    if (refused.empty()) return true;
    io::Diagnostic d;
    d.file = t.pod.source.file;
    d.line = t.pod.source.line;
    d.column = t.pod.source.column;
    d.kind = "Pod";
    d.name = t.ref;
    d.message = std::move(refused);
    diags.add(std::move(d));
    return false;
}

}  // namespace

std::optional<CapacityTemplate> readCapacityTemplate(core::Cluster& cluster, std::string_view text,
                                                     const std::string& file, TemplateUse use,
                                                     const core::KubeVersion& version, io::Diagnostics& diags,
                                                     bool admit) {
    const Counts before = countsOf(cluster);
    io::LoadResult result;
    // The template is checked on its own, not against the plan's objects: a template may name
    // a workload the plan has (more of it), or a Pod whose copies get names of their own.
    result.index.nodes = before.nodes;
    result.index.pods = before.pods;
    result.index.namespaces = before.namespaces;
    result.index.services = before.services;
    result.index.workloads = before.workloads;
    result.index.priorityClasses = before.classes;
    result.index.pdbs = before.pdbs;
    result.index.limitRanges = before.limitRanges;
    result.index.runtimeClasses = before.runtimeClasses;
    io::LoadOptions options;
    options.version = version;
    io::loadManifestText(text, file, cluster, result, options);

    std::optional<CapacityTemplate> out;
    if (!result.diagnostics.hasErrors())
        out = pickTemplate(cluster, before, loadedSince(cluster, before, result, file), file, use, diags);
    for (auto& d : result.diagnostics.items) diags.add(std::move(d));
    cutBackTo(cluster, before);
    if (out && admit && !admitTemplatePod(cluster, *out, result, version, diags)) out.reset();
    return out;
}

}  // namespace berth::plan::capacity
