#include "io/placed_pods_writer.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "core/api/quantity.h"
#include "io/document_tree.h"
#include "io/json_writer.h"
#include "io/source_objects.h"
#include "io/write_progress.h"
#include "io/yaml_block_writer.h"
#include "io/yaml_node_json.h"

namespace berth::io {
namespace {

using core::Pod;
using core::StringPool;
using core::Sym;

/// A string scalar: tagged `!` like a quoted scalar from the input, so the emitter keeps it a
/// string even when it reads like a number or a boolean (a label value "8080").
YAML::Node text(std::string_view s) {
    YAML::Node n(std::string{s});
    n.SetTag("!");
    return n;
}

YAML::Node str(const StringPool& pool, Sym s) { return text(pool.str(s)); }

// --- model pieces as YAML ------------------------------------------------------------------

YAML::Node labelMap(const StringPool& pool, const core::Labels& labels) {
    YAML::Node m(YAML::NodeType::Map);
    for (const auto& l : labels) m[std::string(pool.str(l.key))] = str(pool, l.value);
    return m;
}

YAML::Node symList(const StringPool& pool, const std::vector<Sym>& syms) {
    YAML::Node seq(YAML::NodeType::Sequence);
    for (Sym s : syms) seq.push_back(str(pool, s));
    return seq;
}

YAML::Node ownerReferences(const std::vector<core::OwnerReference>& refs) {
    YAML::Node seq(YAML::NodeType::Sequence);
    for (const auto& r : refs) {
        YAML::Node o;
        o["apiVersion"] = text(r.apiVersion);
        o["kind"] = text(r.kind);
        o["name"] = text(r.name);
        if (!r.uid.empty()) o["uid"] = text(r.uid);
        if (r.controller) {
            o["controller"] = true;
            o["blockOwnerDeletion"] = true;
        }
        seq.push_back(o);
    }
    return seq;
}

YAML::Node tolerations(const StringPool& pool, const std::vector<core::Toleration>& tols) {
    YAML::Node seq(YAML::NodeType::Sequence);
    for (const auto& t : tols) {
        YAML::Node o;
        if (t.key != core::kEmptySym) o["key"] = str(pool, t.key);
        o["operator"] = t.op == core::TolerationOp::Exists ? "Exists" : "Equal";
        if (t.value != core::kEmptySym) o["value"] = str(pool, t.value);
        if (t.effect != core::TaintEffect::None) o["effect"] = core::taintEffectName(t.effect);
        if (t.seconds) o["tolerationSeconds"] = *t.seconds;
        seq.push_back(o);
    }
    return seq;
}

YAML::Node nodeSelectorTerm(const StringPool& pool, const core::NodeSelectorTerm& term) {
    YAML::Node o(YAML::NodeType::Map);
    auto requirement = [&](Sym key, core::SelectorOp op, const std::vector<Sym>& values) {
        YAML::Node r;
        r["key"] = str(pool, key);
        r["operator"] = core::selectorOpName(op);
        if (!values.empty()) r["values"] = symList(pool, values);
        return r;
    };
    for (const auto& e : term.expressions) {
        YAML::Node r = requirement(e.key, e.op, e.values);
        if ((e.op == core::SelectorOp::Gt || e.op == core::SelectorOp::Lt) && e.values.empty())
            r["values"].push_back(text(std::to_string(e.number)));
        o["matchExpressions"].push_back(r);
    }
    for (const auto& f : term.fields) o["matchFields"].push_back(requirement(f.key, f.op, f.values));
    return o;
}

YAML::Node nodeSelector(const StringPool& pool, const core::NodeSelector& sel) {
    YAML::Node o;
    o["nodeSelectorTerms"] = YAML::Node(YAML::NodeType::Sequence);
    for (const auto& t : sel.terms) o["nodeSelectorTerms"].push_back(nodeSelectorTerm(pool, t));
    return o;
}

YAML::Node labelSelector(const StringPool& pool, const core::LabelSelector& sel) {
    YAML::Node o(YAML::NodeType::Map);
    for (const auto& r : sel.requirements) {
        YAML::Node e;
        e["key"] = str(pool, r.key);
        e["operator"] = core::selectorOpName(r.op);
        if (!r.values.empty()) e["values"] = symList(pool, r.values);
        o["matchExpressions"].push_back(e);
    }
    return o;
}

YAML::Node podAffinityTerm(const StringPool& pool, const core::PodAffinityTerm& t) {
    YAML::Node o;
    if (t.selector) o["labelSelector"] = labelSelector(pool, *t.selector);
    if (!t.namespaces.empty()) o["namespaces"] = symList(pool, t.namespaces);
    if (t.namespaceSelector) o["namespaceSelector"] = labelSelector(pool, *t.namespaceSelector);
    o["topologyKey"] = str(pool, t.topologyKey);
    if (!t.matchLabelKeys.empty()) o["matchLabelKeys"] = symList(pool, t.matchLabelKeys);
    if (!t.mismatchLabelKeys.empty()) o["mismatchLabelKeys"] = symList(pool, t.mismatchLabelKeys);
    return o;
}

YAML::Node podAffinityRules(const StringPool& pool, const core::PodAffinityRules& rules) {
    YAML::Node o;
    for (const auto& t : rules.required)
        o["requiredDuringSchedulingIgnoredDuringExecution"].push_back(podAffinityTerm(pool, t));
    for (const auto& w : rules.preferred) {
        YAML::Node p;
        p["weight"] = w.weight;
        p["podAffinityTerm"] = podAffinityTerm(pool, w.term);
        o["preferredDuringSchedulingIgnoredDuringExecution"].push_back(p);
    }
    return o;
}

YAML::Node affinity(const StringPool& pool, const core::Affinity& a) {
    YAML::Node o(YAML::NodeType::Map);
    if (a.node.required)
        o["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] = nodeSelector(pool, *a.node.required);
    for (const auto& p : a.node.preferred) {
        YAML::Node w;
        w["weight"] = p.weight;
        w["preference"] = nodeSelectorTerm(pool, p.term);
        o["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"].push_back(w);
    }
    if (!a.podAffinity.empty()) o["podAffinity"] = podAffinityRules(pool, a.podAffinity);
    if (!a.podAntiAffinity.empty()) o["podAntiAffinity"] = podAffinityRules(pool, a.podAntiAffinity);
    return o;
}

YAML::Node spreadConstraint(const StringPool& pool, const core::TopologySpreadConstraint& c) {
    YAML::Node o;
    o["maxSkew"] = c.maxSkew;
    o["topologyKey"] = str(pool, c.topologyKey);
    o["whenUnsatisfiable"] =
        c.whenUnsatisfiable == core::UnsatisfiableAction::DoNotSchedule ? "DoNotSchedule" : "ScheduleAnyway";
    if (c.selector) o["labelSelector"] = labelSelector(pool, *c.selector);
    if (c.minDomains) o["minDomains"] = *c.minDomains;
    auto policy = [](core::InclusionPolicy p) { return p == core::InclusionPolicy::Honor ? "Honor" : "Ignore"; };
    if (c.nodeAffinityPolicy) o["nodeAffinityPolicy"] = policy(*c.nodeAffinityPolicy);
    if (c.nodeTaintsPolicy) o["nodeTaintsPolicy"] = policy(*c.nodeTaintsPolicy);
    if (!c.matchLabelKeys.empty()) o["matchLabelKeys"] = symList(pool, c.matchLabelKeys);
    return o;
}

YAML::Node containers(const StringPool& pool, const std::vector<core::Container>& cs) {
    YAML::Node seq(YAML::NodeType::Sequence);
    for (const auto& c : cs) {
        YAML::Node o;
        o["name"] = text(c.name);
        if (!c.image.empty()) o["image"] = text(c.image);
        YAML::Node requests(YAML::NodeType::Map);
        if (c.hasCpuRequest) requests["cpu"] = core::formatMilliCpu(c.requests.milliCpu);
        if (c.hasMemoryRequest) requests["memory"] = core::formatBytes(c.requests.memory);
        if (c.requests.ephemeralStorage) requests["ephemeral-storage"] = core::formatBytes(c.requests.ephemeralStorage);
        for (const auto& s : c.requests.scalars) requests[std::string(pool.str(s.name))] = std::to_string(s.value);
        if (requests.size() > 0) o["resources"]["requests"] = requests;
        for (const auto& p : c.ports) {
            YAML::Node port;
            port["containerPort"] = p.containerPort;
            if (p.hostPort) port["hostPort"] = p.hostPort;
            if (p.protocol != core::kEmptySym) port["protocol"] = str(pool, p.protocol);
            if (p.hostIP != core::kEmptySym && pool.str(p.hostIP) != "0.0.0.0") port["hostIP"] = str(pool, p.hostIP);
            o["ports"].push_back(port);
        }
        if (c.restartPolicyAlways) o["restartPolicy"] = "Always";
        seq.push_back(o);
    }
    return seq;
}

/// spec.resources (pod-level resources) as read: the entries the file gave.
YAML::Node podLevelResources(const StringPool& pool, const core::PodLevelResources& pl) {
    YAML::Node o;
    const auto list = [&](const core::ResourceList& r, bool cpu, bool memory, const char* key) {
        YAML::Node m(YAML::NodeType::Map);
        if (cpu) m["cpu"] = core::formatMilliCpu(r.milliCpu);
        if (memory) m["memory"] = core::formatBytes(r.memory);
        for (const auto& s : r.scalars) m[std::string(pool.str(s.name))] = std::to_string(s.value);
        if (m.size() > 0) o[key] = m;
    };
    list(pl.requests, pl.hasCpuRequest, pl.hasMemoryRequest, "requests");
    list(pl.limits, pl.hasCpuLimit, pl.hasMemoryLimit, "limits");
    return o;
}

/// The pod as the model holds it: everything the scheduler reads, nothing it does not.
YAML::Node podFromModel(const StringPool& pool, const Pod& p) {
    YAML::Node spec;
    spec["schedulerName"] = str(pool, p.schedulerName);
    if (!p.priorityClassName.empty()) spec["priorityClassName"] = text(p.priorityClassName);
    spec["priority"] = p.priority;
    if (p.preemptionPolicy == core::PreemptionPolicy::Never) spec["preemptionPolicy"] = "Never";
    if (!p.nodeSelector.empty()) spec["nodeSelector"] = labelMap(pool, p.nodeSelector);
    const YAML::Node aff = affinity(pool, p.affinity);
    if (aff.size() > 0) spec["affinity"] = aff;
    if (!p.tolerations.empty()) spec["tolerations"] = tolerations(pool, p.tolerations);
    for (const auto& c : p.topologySpreadConstraints)
        spec["topologySpreadConstraints"].push_back(spreadConstraint(pool, c));
    if (!p.initContainers.empty()) spec["initContainers"] = containers(pool, p.initContainers);
    spec["containers"] = containers(pool, p.containers);
    if (!p.podResources.empty()) spec["resources"] = podLevelResources(pool, p.podResources);
    YAML::Node pod;
    pod["spec"] = spec;
    return pod;
}

/// The pod's metadata as the model holds it (a template's annotations kept when given).
YAML::Node podMetadata(const StringPool& pool, const Pod& p, const YAML::Node& templateMeta) {
    YAML::Node meta;
    meta["name"] = text(p.name);
    if (!p.generateName.empty()) meta["generateName"] = text(p.generateName);
    meta["namespace"] = str(pool, p.ns);
    if (!p.labels.empty()) meta["labels"] = labelMap(pool, p.labels);
    if (templateMeta && templateMeta.IsMap() && templateMeta["annotations"])
        meta["annotations"] = YAML::Clone(templateMeta["annotations"]);
    if (!p.ownerReferences.empty()) meta["ownerReferences"] = ownerReferences(p.ownerReferences);
    return meta;
}

// --- building the manifest -----------------------------------------------------------------

/// The pod template of a workload document (every supported kind keeps it at spec.template).
YAML::Node podTemplate(const YAML::Node& workload) {
    const YAML::Node spec = workload["spec"];
    if (!spec || !spec.IsMap()) return {};
    const YAML::Node t = spec["template"];
    return t && t.IsMap() ? t : YAML::Node();
}

/// Fields the API server sets and `kubectl apply` must not be given back on create.
constexpr std::string_view kServerTopLevel[] = {"status"};
constexpr std::string_view kServerMetadata[] = {"uid",           "resourceVersion", "creationTimestamp",
                                                "generation",    "managedFields",   "selfLink",
                                                "deletionTimestamp", "deletionGracePeriodSeconds"};

void stripServerFields(YAML::Node& pod) {
    for (std::string_view key : kServerTopLevel) pod.remove(std::string(key));
    YAML::Node meta = pod["metadata"];
    if (!meta.IsMap()) return;
    for (std::string_view key : kServerMetadata) meta.remove(std::string(key));
}

class Writer {
public:
    Writer(const StringPool& pool, const SourceTexts& texts) : m_pool(pool), m_sources(texts) {}

    /// Writes the pod's manifest: its own input document straight from the parsed tree where
    /// the writer lays that shape out, else through a yaml-cpp node.
    void write(detail::BlockYamlWriter& out, const Pod& p, Sym node) {
        const detail::SourceObjects::Entry* source = m_sources.find(p.source);
        if (source && !source->podTemplate && isPodDocument(source->doc)) {
            const detail::PodDocumentEdits edits{kServerTopLevel, kServerMetadata, m_pool.str(p.ns), m_pool.str(node)};
            if (out.podDocument(source->doc, edits)) return;
        }
        out.document(manifest(p, node));
    }

    YAML::Node manifest(const Pod& p, Sym node) {
        YAML::Node pod;
        const detail::SourceObjects::Entry* source = m_sources.find(p.source);
        YAML::Node tmpl;
        bool ownDocument = false;
        if (source && source->podTemplate) {
            tmpl = source->shared();
        } else if (source) {
            ownDocument = isPodDocument(source->doc);
            if (!ownDocument) tmpl = podTemplate(source->shared());
        }
        // A template is shared by its pods and only read (fromTemplate clones what it keeps);
        // a pod's own document is converted afresh, as finish() changes it.
        if (ownDocument) {
            pod = source->node();
        } else if (tmpl && tmpl.IsMap()) {
            pod = fromTemplate(p, tmpl);
        } else {
            pod = podFromModel(m_pool, p);
            pod["metadata"] = metadata(p, YAML::Node());
        }
        return finish(p, std::move(pod), node);
    }

private:
    /// A Pod (a typed PodList's items may omit kind), not a workload whose position a pod
    /// inherited.
    static bool isPodDocument(const detail::DocNode& doc) {
        const detail::DocNode kind = doc.get("kind");
        return !kind.isDefined() || (kind.isScalar() && kind.scalar() == "Pod");
    }

    YAML::Node metadata(const Pod& p, const YAML::Node& templateMeta) { return podMetadata(m_pool, p, templateMeta); }

    /// A controller's pod: the template's spec, with the controller's metadata and what
    /// admission (priority, DefaultTolerationSeconds) and the DaemonSet controller (node
    /// affinity, tolerations) changed — all already in the model.
    YAML::Node fromTemplate(const Pod& p, const YAML::Node& tmpl) {
        YAML::Node pod;
        pod["apiVersion"] = "v1";
        pod["kind"] = "Pod";
        pod["metadata"] = metadata(p, tmpl["metadata"]);
        YAML::Node spec = tmpl["spec"] && tmpl["spec"].IsMap() ? YAML::Clone(tmpl["spec"]) : YAML::Node();
        if (!p.priorityClassName.empty()) spec["priorityClassName"] = text(p.priorityClassName);
        spec["priority"] = p.priority;
        if (p.tolerations.empty())
            spec.remove("tolerations");
        else
            spec["tolerations"] = tolerations(m_pool, p.tolerations);
        const auto* owner = core::controllerOf(p);
        if (owner && owner->kind == "DaemonSet" && p.affinity.node.required)
            spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] =
                nodeSelector(m_pool, *p.affinity.node.required);
        pod["spec"] = spec;
        return pod;
    }

    YAML::Node finish(const Pod& p, YAML::Node pod, Sym node) {
        if (!pod["apiVersion"]) pod["apiVersion"] = "v1";
        if (!pod["kind"]) pod["kind"] = "Pod";
        stripServerFields(pod);
        // The namespace is defaulted by the API server; write it so the manifest is explicit.
        pod["metadata"]["namespace"] = str(m_pool, p.ns);
        pod["spec"]["nodeName"] = str(m_pool, node);
        return pod;
    }

    const StringPool& m_pool;
    detail::SourceObjects m_sources;
};

/// By Cluster::podKey ("namespace/name"), each key made once rather than twice per comparison.
void sortByPodKey(const core::Cluster& cluster, std::vector<const Pod*>& pods) {
    std::vector<std::pair<std::string, const Pod*>> keyed;
    keyed.reserve(pods.size());
    for (const Pod* p : pods) keyed.emplace_back(cluster.podKey(*p), p);
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < pods.size(); ++i) pods[i] = keyed[i].second;
}

}  // namespace

namespace {

/// False when `progress` was cancelled.
bool writePlacedPods(detail::BlockYamlWriter& out, core::Simulation& sim, const SourceTexts& texts,
                     std::string_view ns, core::Progress* progress) {
    const auto& cluster = sim.cluster();
    std::vector<const Pod*> placed;
    for (std::size_t i = 0; i < cluster.pods.size(); ++i) {
        const Pod& p = cluster.pods[i];
        if (!cluster.podRemoved[i] && sim.outcome(p).state == core::PodState::Bound &&
            (ns.empty() || cluster.pool.str(p.ns) == ns))
            placed.push_back(&p);
    }
    sortByPodKey(cluster, placed);
    WriteProgress written(progress, placed.size());
    Writer writer(cluster.pool, texts);
    for (const Pod* p : placed) {
        writer.write(out, *p, sim.outcome(*p).node);
        if (!written.next()) return false;
    }
    return true;
}

bool writePlacedWorkloads(detail::BlockYamlWriter& out, core::Simulation& sim, const SourceTexts& texts,
                          std::string_view ns, core::Progress* progress) {
    const auto& cluster = sim.cluster();
    detail::SourceObjects sources(texts);
    auto controlled = [](const std::vector<core::OwnerReference>& refs) { return core::controllerOf(refs) != nullptr; };
    std::vector<const core::Workload*> workloads;
    for (const core::Workload& w : cluster.workloads) {
        if (!ns.empty() && cluster.pool.str(w.ns) != ns) continue;
        if (controlled(w.ownerReferences)) continue;  // its owner is written
        const detail::SourceObjects::Entry* e = sources.find(w.source);
        if (e && !e->podTemplate) workloads.push_back(&w);
    }
    std::sort(workloads.begin(), workloads.end(), [&](const core::Workload* a, const core::Workload* b) {
        return std::make_tuple(cluster.pool.str(a->ns), std::string_view(core::workloadKindName(a->kind)),
                               std::string_view(a->name)) <
               std::make_tuple(cluster.pool.str(b->ns), std::string_view(core::workloadKindName(b->kind)),
                               std::string_view(b->name));
    });
    std::vector<const Pod*> standalone;
    for (std::size_t i = 0; i < cluster.pods.size(); ++i) {
        const Pod& p = cluster.pods[i];
        if (!cluster.podRemoved[i] && sim.outcome(p).state == core::PodState::Bound && !core::controllerOf(p) &&
            (ns.empty() || cluster.pool.str(p.ns) == ns))
            standalone.push_back(&p);
    }
    sortByPodKey(cluster, standalone);
    WriteProgress written(progress, workloads.size() + standalone.size());
    for (const core::Workload* w : workloads) {
        YAML::Node doc = sources.find(w->source)->node();
        stripServerFields(doc);
        doc["metadata"]["namespace"] = str(cluster.pool, w->ns);
        // A scale edit of the plan shows in the workload written.
        const bool scalable = w->kind == core::WorkloadKind::Deployment || w->kind == core::WorkloadKind::ReplicaSet ||
                              w->kind == core::WorkloadKind::StatefulSet ||
                              w->kind == core::WorkloadKind::ReplicationController;
        if (scalable && doc["spec"].IsMap()) {
            const YAML::Node given = doc["spec"]["replicas"];
            if (!given.IsDefined() || !given.IsScalar() || given.Scalar() != std::to_string(w->replicas))
                doc["spec"]["replicas"] = w->replicas;
        }
        out.document(doc);
        if (!written.next()) return false;
    }
    Writer writer(cluster.pool, texts);
    for (const Pod* p : standalone) {
        writer.write(out, *p, sim.outcome(*p).node);
        if (!written.next()) return false;
    }
    return true;
}

}  // namespace

std::string placedPodsYaml(core::Simulation& sim, const SourceTexts& texts, std::string_view ns,
                           core::Progress* progress) {
    detail::BlockYamlWriter out;
    return writePlacedPods(out, sim, texts, ns, progress) ? out.take() : std::string();
}

void writePlacedPodsYaml(std::ostream& stream, core::Simulation& sim, const SourceTexts& texts) {
    detail::BlockYamlWriter out(&stream);
    writePlacedPods(out, sim, texts, {}, nullptr);
    out.take();
}

std::string placedWorkloadsYaml(core::Simulation& sim, const SourceTexts& texts, std::string_view ns,
                                core::Progress* progress) {
    detail::BlockYamlWriter out;
    return writePlacedWorkloads(out, sim, texts, ns, progress) ? out.take() : std::string();
}

void writePlacedWorkloadsYaml(std::ostream& stream, core::Simulation& sim, const SourceTexts& texts) {
    detail::BlockYamlWriter out(&stream);
    writePlacedWorkloads(out, sim, texts, {}, nullptr);
    out.take();
}

void writePodModelJson(JsonWriter& w, const StringPool& pool, const Pod& p) {
    YAML::Node pod;
    pod["apiVersion"] = "v1";
    pod["kind"] = "Pod";
    YAML::Node meta = podMetadata(pool, p, YAML::Node());
    if (!p.uid.empty()) meta["uid"] = text(p.uid);
    pod["metadata"] = meta;
    YAML::Node spec = podFromModel(pool, p)["spec"];
    if (p.nodeName != core::kEmptySym) spec["nodeName"] = str(pool, p.nodeName);
    pod["spec"] = spec;
    detail::writeYamlAsJson(w, pod);
}

}  // namespace berth::io
