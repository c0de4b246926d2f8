#include "io/report_writer.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "core/api/quantity.h"
#include "io/json_writer.h"
#include "io/write_progress.h"

namespace berth::io {
namespace {

using core::Pod;
using core::PodState;

std::vector<const Pod*> reportedPods(core::Simulation& sim, std::string_view ns = {}) {
    std::vector<const Pod*> pods;
    const auto& cluster = sim.cluster();
    for (const Pod& p : cluster.pods)
        if (sim.outcome(p).state != PodState::Ignored && (ns.empty() || cluster.pool.str(p.ns) == ns))
            pods.push_back(&p);
    std::sort(pods.begin(), pods.end(),
              [&](const Pod* a, const Pod* b) { return cluster.podKey(*a) < cluster.podKey(*b); });
    return pods;
}

struct NodeUsage {
    const core::Node* node;
    const core::NodeInfo* info;
};

std::vector<NodeUsage> nodeUsage(core::Simulation& sim) {
    std::vector<NodeUsage> out;
    const auto& cluster = sim.cluster();
    for (std::size_t i = 0; i < cluster.nodes.size(); ++i) {
        if (cluster.nodeRemoved[i]) continue;
        const auto& n = cluster.nodes[i];
        out.push_back({&n, sim.scheduler().cache().nodeInfo(n.nameSym)});
    }
    std::sort(out.begin(), out.end(),
              [](const NodeUsage& a, const NodeUsage& b) { return a.node->name < b.node->name; });
    return out;
}

/// The `summary` of the JSON report: the pods by state, and the pods on nodes by the nodes'
/// topology.kubernetes.io/zone ("" for nodes without one); pending and evicted pods run on
/// no node and count in no zone.
void writeSummary(JsonWriter& w, core::Simulation& sim, const std::vector<const Pod*>& pods) {
    const auto& cluster = sim.cluster();
    constexpr PodState kStates[] = {PodState::Bound, PodState::Pending, PodState::Preexisting, PodState::Evicted};
    std::map<PodState, std::size_t> byState;
    std::map<std::string, std::map<PodState, std::size_t>> byZone;
    for (const Pod* p : pods) {
        const auto& o = sim.outcome(*p);
        ++byState[o.state];
        if (o.state != PodState::Bound && o.state != PodState::Preexisting) continue;
        const core::Node* node = cluster.findNode(o.node);
        std::string zone;
        if (node)
            for (const auto& label : node->labels)
                if (cluster.pool.str(label.key) == "topology.kubernetes.io/zone") zone = cluster.pool.str(label.value);
        ++byZone[zone][o.state];
    }
    w.key("summary").beginObject();
    w.key("pods").beginObject();
    for (PodState s : kStates) w.key(core::podStateName(s)).value(byState[s]);
    // Only runs with pod lifetimes (berth.dev/duration) have completed pods.
    if (const std::size_t done = byState[PodState::Succeeded]; done > 0)
        w.key(core::podStateName(PodState::Succeeded)).value(done);
    w.endObject();
    w.key("byZone").beginObject();
    for (const auto& [zone, counts] : byZone) {
        w.key(zone).beginObject();
        for (PodState s : kStates)
            if (auto it = counts.find(s); it != counts.end()) w.key(core::podStateName(s)).value(it->second);
        w.endObject();
    }
    w.endObject();
    w.endObject();
}

std::string pad(std::string s, std::size_t w) {
    if (s.size() < w) s.append(w - s.size(), ' ');
    return s;
}

}  // namespace

std::string reportTable(core::Simulation& sim) {
    const auto& cluster = sim.cluster();
    const auto pods = reportedPods(sim);
    std::size_t w = 3;
    for (const Pod* p : pods) w = std::max(w, cluster.podKey(*p).size());
    std::ostringstream out;
    out << pad("POD", w) << "  " << pad("STATE", 11) << "  NODE / REASON\n";
    for (const Pod* p : pods) {
        const auto& o = sim.outcome(*p);
        out << pad(cluster.podKey(*p), w) << "  " << pad(core::podStateName(o.state), 11) << "  ";
        if (o.state == PodState::Pending)
            out << o.message;
        else
            out << cluster.pool.str(o.node);
        out << "\n";
    }
    const auto nodes = nodeUsage(sim);
    std::size_t nw = 4;
    for (const auto& n : nodes) nw = std::max(nw, n.node->name.size());
    out << "\n"
        << pad("NODE", nw) << "  " << pad("CPU (req/alloc)", 18) << "  " << pad("MEMORY (req/alloc)", 22) << "  PODS\n";
    for (const auto& n : nodes) {
        const auto& alloc = n.node->allocatable;
        const core::ResourceList empty;
        const auto& req = n.info ? n.info->requested() : empty;
        const std::size_t count = n.info ? n.info->podCount() : 0;
        out << pad(n.node->name, nw) << "  "
            << pad(core::formatMilliCpu(req.milliCpu) + "/" + core::formatMilliCpu(alloc.milliCpu), 18) << "  "
            << pad(core::formatBytes(req.memory) + "/" + core::formatBytes(alloc.memory), 22) << "  " << count << "/"
            << alloc.pods << (n.node->unschedulable ? "  (cordoned)" : "") << "\n";
    }
    return out.str();
}

std::string reportJson(core::Simulation& sim, std::string_view ns, core::Progress* progress) {
    const auto& cluster = sim.cluster();
    const std::vector<const Pod*> pods = reportedPods(sim, ns);
    WriteProgress written(progress, pods.size());
    JsonWriter w;
    w.beginObject().key("pods").beginArray();
    std::vector<std::string> evicted;
    for (const Pod* p : pods) {
        const auto& o = sim.outcome(*p);
        w.newline().beginObject();
        w.key("pod").value(cluster.podKey(*p));
        w.key("node").value(cluster.pool.str(o.node));
        w.key("state").value(core::podStateName(o.state));
        w.key("nominated").value(cluster.pool.str(o.nominated));
        if (o.state == PodState::Pending) w.key("message").value(o.message);
        w.key("priority").value(static_cast<std::int64_t>(p->priority));
        w.key("attempts").value(o.attempts);
        w.endObject();
        if (o.state == PodState::Evicted) evicted.push_back(cluster.podKey(*p));
        if (!written.next()) return {};
    }
    w.endArray().newline();
    w.key("nodes").beginArray();
    for (const auto& n : nodeUsage(sim)) {
        const auto& alloc = n.node->allocatable;
        const core::ResourceList empty;
        const auto& req = n.info ? n.info->requested() : empty;
        w.newline().beginObject().key("name").value(n.node->name);
        w.key("unschedulable").value(n.node->unschedulable);
        w.key("requested").beginObject();
        w.key("cpu").value(core::formatMilliCpu(req.milliCpu));
        w.key("memory").value(core::formatBytes(req.memory));
        w.key("pods").value(n.info ? n.info->podCount() : std::size_t{0});
        // The same quantities as numbers, for scripts that compare them: millicores, bytes.
        w.key("cpuMilli").value(req.milliCpu);
        w.key("memoryBytes").value(req.memory);
        w.endObject();
        w.key("allocatable").beginObject();
        w.key("cpu").value(core::formatMilliCpu(alloc.milliCpu));
        w.key("memory").value(core::formatBytes(alloc.memory));
        w.key("pods").value(alloc.pods);
        w.key("cpuMilli").value(alloc.milliCpu);
        w.key("memoryBytes").value(alloc.memory);
        w.endObject();
        w.endObject();
    }
    w.endArray().newline();
    w.key("evicted").beginArray();
    for (const auto& e : evicted) w.value(e);
    w.endArray().newline();
    writeSummary(w, sim, pods);
    w.endObject();
    return w.str() + "\n";
}

std::string reportBindingsYaml(core::Simulation& sim, std::string_view ns, core::Progress* progress) {
    const auto& cluster = sim.cluster();
    std::vector<const Pod*> bound;
    for (const Pod* p : reportedPods(sim, ns))
        if (sim.outcome(*p).state == PodState::Bound) bound.push_back(p);
    WriteProgress written(progress, bound.size());
    YAML::Emitter out;
    out << YAML::BeginMap << YAML::Key << "apiVersion" << YAML::Value << "v1";
    out << YAML::Key << "kind" << YAML::Value << "List";
    out << YAML::Key << "items" << YAML::Value << YAML::BeginSeq;
    for (const Pod* p : bound) {
        const auto& o = sim.outcome(*p);
        out << YAML::BeginMap << YAML::Key << "apiVersion" << YAML::Value << "v1";
        out << YAML::Key << "kind" << YAML::Value << "Binding";
        out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap << YAML::Key << "name" << YAML::Value << p->name
            << YAML::Key << "namespace" << YAML::Value << std::string(cluster.pool.str(p->ns)) << YAML::EndMap;
        out << YAML::Key << "target" << YAML::Value << YAML::BeginMap << YAML::Key << "apiVersion" << YAML::Value
            << "v1" << YAML::Key << "kind" << YAML::Value << "Node" << YAML::Key << "name" << YAML::Value
            << std::string(cluster.pool.str(o.node)) << YAML::EndMap;
        out << YAML::EndMap;
        if (!written.next()) return {};
    }
    out << YAML::EndSeq << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::string csvField(std::string_view s) {
    if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + "\"";
}

std::string reportCsv(core::Simulation& sim, std::string_view ns, core::Progress* progress) {
    const auto& cluster = sim.cluster();
    const std::vector<const Pod*> pods = reportedPods(sim, ns);
    WriteProgress written(progress, pods.size());
    std::ostringstream out;
    out << "namespace,name,owner,state,node,nominated,priority,attempts,message\r\n";
    for (const Pod* p : pods) {
        const auto& o = sim.outcome(*p);
        const core::OwnerReference* ref = core::controllerOf(*p);
        const std::string owner = ref ? ref->kind + "/" + ref->name : std::string();
        out << csvField(cluster.pool.str(p->ns)) << ',' << csvField(p->name) << ',' << csvField(owner) << ','
            << core::podStateName(o.state) << ',' << csvField(cluster.pool.str(o.node)) << ','
            << csvField(cluster.pool.str(o.nominated)) << ',' << p->priority << ',' << o.attempts << ','
            << csvField(o.state == PodState::Pending ? o.message : std::string()) << "\r\n";
        if (!written.next()) return {};
    }
    return out.str();
}

}  // namespace berth::io
