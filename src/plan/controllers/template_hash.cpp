// pkg/controller/controller_utils.go ComputeHash: the pod-template-hash and
// controller-revision-hash of a template, over Berth's own canonical form of its fields.
#include "plan/controllers/template_hash.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "plan/controllers/workloads.h"

namespace berth::plan {
namespace detail {
namespace {

using core::Pod;
using core::Sym;

/// 32-bit FNV-1a over a canonical byte stream. Every field is length- or tag-delimited so
/// that different templates cannot produce the same stream.
class Fnv32a {
public:
    void bytes(std::string_view s) {
        for (unsigned char c : s) {
            m_hash ^= c;
            m_hash *= 16777619u;
        }
    }
    void str(std::string_view s) {
        num(static_cast<std::int64_t>(s.size()));
        bytes(s);
    }
    void num(std::int64_t v) {
        char buf[24];
        const int n = std::snprintf(buf, sizeof buf, "%lld;", static_cast<long long>(v));
        bytes(std::string_view(buf, static_cast<std::size_t>(n)));
    }
    void tag(std::string_view t) {
        bytes(t);
        bytes("{");
    }
    void end() { bytes("}"); }
    std::uint32_t value() const { return m_hash; }

private:
    std::uint32_t m_hash = 2166136261u;
};

void hashLabels(Fnv32a& h, const core::Labels& labels, const core::StringPool& pool) {
    std::vector<std::pair<std::string_view, std::string_view>> items;
    items.reserve(labels.size());
    for (const auto& l : labels) items.emplace_back(pool.str(l.key), pool.str(l.value));
    std::sort(items.begin(), items.end());
    h.tag("labels");
    for (const auto& [k, v] : items) {
        h.str(k);
        h.str(v);
    }
    h.end();
}

void hashSyms(Fnv32a& h, const std::vector<Sym>& syms, const core::StringPool& pool) {
    h.num(static_cast<std::int64_t>(syms.size()));
    for (Sym s : syms) h.str(pool.str(s));
}

void hashResources(Fnv32a& h, const core::ResourceList& r, const core::StringPool& pool) {
    h.tag("res");
    h.num(r.milliCpu);
    h.num(r.memory);
    h.num(r.ephemeralStorage);
    h.num(r.pods);
    for (const auto& s : r.scalars) {
        h.str(pool.str(s.name));
        h.num(s.value);
    }
    h.end();
}

void hashLabelSelector(Fnv32a& h, const std::optional<core::LabelSelector>& sel, const core::StringPool& pool) {
    if (!sel) {
        h.tag("nil");
        h.end();
        return;
    }
    h.tag("sel");
    h.num(sel->invalid ? 1 : 0);
    for (const auto& r : sel->requirements) {
        h.str(pool.str(r.key));
        h.num(static_cast<int>(r.op));
        hashSyms(h, r.values, pool);
    }
    h.end();
}

void hashNodeSelectorTerm(Fnv32a& h, const core::NodeSelectorTerm& t, const core::StringPool& pool) {
    h.tag("term");
    h.num(t.unparsable ? 1 : 0);
    for (const auto& r : t.expressions) {
        h.str(pool.str(r.key));
        h.num(static_cast<int>(r.op));
        hashSyms(h, r.values, pool);
        h.num(r.number);
    }
    h.bytes("|");
    for (const auto& f : t.fields) {
        h.str(pool.str(f.key));
        h.num(static_cast<int>(f.op));
        hashSyms(h, f.values, pool);
    }
    h.end();
}

void hashPodAffinityTerm(Fnv32a& h, const core::PodAffinityTerm& t, const core::StringPool& pool) {
    h.tag("podterm");
    hashLabelSelector(h, t.selector, pool);
    hashSyms(h, t.namespaces, pool);
    hashLabelSelector(h, t.namespaceSelector, pool);
    h.str(pool.str(t.topologyKey));
    hashSyms(h, t.matchLabelKeys, pool);
    hashSyms(h, t.mismatchLabelKeys, pool);
    h.end();
}

void hashPodAffinityRules(Fnv32a& h, const core::PodAffinityRules& r, const core::StringPool& pool) {
    h.tag("podaff");
    for (const auto& t : r.required) hashPodAffinityTerm(h, t, pool);
    h.bytes("|");
    for (const auto& w : r.preferred) {
        h.num(w.weight);
        hashPodAffinityTerm(h, w.term, pool);
    }
    h.end();
}

void hashContainers(Fnv32a& h, std::string_view what, const std::vector<core::Container>& cs,
                    const core::StringPool& pool) {
    h.tag(what);
    for (const auto& c : cs) {
        h.tag("c");
        h.str(c.name);
        h.str(c.image);
        hashResources(h, c.requests, pool);
        h.num((c.hasCpuRequest ? 1 : 0) | (c.hasMemoryRequest ? 2 : 0) | (c.restartPolicyAlways ? 4 : 0));
        for (const auto& p : c.ports) {
            h.num(p.containerPort);
            h.num(p.hostPort);
            h.str(pool.str(p.protocol));
            h.str(pool.str(p.hostIP));
        }
        h.end();
    }
    h.end();
}

std::uint32_t templateHash32(const Pod& t, const core::StringPool& pool) {
    Fnv32a h;
    hashLabels(h, t.labels, pool);
    h.tag("spec");
    h.str(pool.str(t.nodeName));
    h.str(pool.str(t.schedulerName));
    h.num(t.priority);
    h.str(t.priorityClassName);
    h.num(static_cast<int>(t.preemptionPolicy));
    hashLabels(h, t.nodeSelector, pool);
    h.tag("nodeaff");
    if (t.affinity.node.required)
        for (const auto& term : t.affinity.node.required->terms) hashNodeSelectorTerm(h, term, pool);
    else
        h.bytes("nil");
    for (const auto& p : t.affinity.node.preferred) {
        h.num(p.weight);
        hashNodeSelectorTerm(h, p.term, pool);
    }
    h.end();
    hashPodAffinityRules(h, t.affinity.podAffinity, pool);
    hashPodAffinityRules(h, t.affinity.podAntiAffinity, pool);
    h.tag("tol");
    for (const auto& tol : t.tolerations) {
        h.str(pool.str(tol.key));
        h.num(static_cast<int>(tol.op));
        h.str(pool.str(tol.value));
        h.num(static_cast<int>(tol.effect));
        h.num(tol.seconds ? *tol.seconds : -1);
    }
    h.end();
    h.tag("tsc");
    for (const auto& c : t.topologySpreadConstraints) {
        h.num(c.maxSkew);
        h.str(pool.str(c.topologyKey));
        h.num(static_cast<int>(c.whenUnsatisfiable));
        hashLabelSelector(h, c.selector, pool);
        h.num(c.minDomains ? *c.minDomains : -1);
        h.num(c.nodeAffinityPolicy ? static_cast<int>(*c.nodeAffinityPolicy) : -1);
        h.num(c.nodeTaintsPolicy ? static_cast<int>(*c.nodeTaintsPolicy) : -1);
        hashSyms(h, c.matchLabelKeys, pool);
    }
    h.end();
    hashContainers(h, "containers", t.containers, pool);
    hashContainers(h, "init", t.initContainers, pool);
    hashResources(h, t.overhead, pool);
    if (!t.podResources.empty()) {  // only when set: templates without keep their hashes
        const core::PodLevelResources& pl = t.podResources;
        h.tag("podres");
        h.num(pl.hasCpuRequest + 2 * pl.hasMemoryRequest + 4 * pl.hasCpuLimit + 8 * pl.hasMemoryLimit);
        hashResources(h, pl.requests, pool);
        hashResources(h, pl.limits, pool);
        h.end();
    }
    h.tag("gates");
    for (const auto& g : t.schedulingGates) h.str(g);
    h.end();
    h.end();
    return h.value();
}

}  // namespace

/// pkg/controller/controller_utils.go ComputeHash: the collision count, when set, is mixed in.
std::string templateHash(const Pod& t, const core::StringPool& pool, std::int32_t collisionCount) {
    std::uint32_t value = templateHash32(t, pool);
    if (collisionCount > 0) {
        Fnv32a h;
        h.num(value);
        h.num(collisionCount);
        value = h.value();
    }
    return safeEncodeString(std::to_string(value));
}

}  // namespace detail

std::string podTemplateHash(const core::Pod& podTemplate, const core::StringPool& pool) {
    return detail::templateHash(podTemplate, pool, 0);
}

}  // namespace berth::plan
