#include "extender/extender_json.h"

#include <algorithm>
#include <vector>

#include "io/json_writer.h"
#include "io/node_json_writer.h"
#include "io/placed_pods_writer.h"

namespace berth::extender {
namespace {

/// The map's entries sorted by node name, as Go writes a map[string]….
std::vector<std::pair<std::string_view, const core::ExtenderVictims*>> byName(
    const core::StringPool& pool, const std::map<core::Sym, core::ExtenderVictims>& nodeToVictims) {
    std::vector<std::pair<std::string_view, const core::ExtenderVictims*>> out;
    for (const auto& [node, victims] : nodeToVictims) out.emplace_back(pool.str(node), &victims);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

/// Victims {Pods: []*v1.Pod, NumPDBViolations}, or MetaVictims {Pods: [{UID}], …}.
void writeVictims(io::JsonWriter& w, const core::StringPool& pool, const core::ExtenderVictims& v, bool meta) {
    w.beginObject();
    w.key("Pods").beginArray();
    for (const core::Pod* p : v.pods) {
        if (meta) {
            w.beginObject();
            w.key("UID").value(p->uid);
            w.endObject();
        } else {
            io::writePodModelJson(w, pool, *p);
        }
    }
    w.endArray();
    w.key("NumPDBViolations").value(v.numPDBViolations);
    w.endObject();
}

void writeVictimsMap(io::JsonWriter& w, const core::StringPool& pool,
                     const std::map<core::Sym, core::ExtenderVictims>& nodeToVictims, bool meta) {
    w.beginObject();
    for (const auto& [name, victims] : byName(pool, nodeToVictims)) {
        w.key(name);
        writeVictims(w, pool, *victims, meta);
    }
    w.endObject();
}

}  // namespace

std::string extenderArgsJson(const core::StringPool& pool, const core::Pod& pod,
                             std::span<const core::NodeInfo* const> nodes, bool nodeCacheCapable) {
    io::JsonWriter w;
    w.beginObject();
    w.key("Pod");
    io::writePodModelJson(w, pool, pod);
    w.key("Nodes");
    if (nodeCacheCapable) {
        w.null();
    } else {
        // v1.NodeList{}: ListMeta has omitempty, which encoding/json ignores for structs.
        w.beginObject();
        w.key("metadata").beginObject().endObject();
        w.key("items").beginArray();
        for (const core::NodeInfo* n : nodes) io::writeNodeJson(w, *n->node(), pool);
        w.endArray();
        w.endObject();
    }
    w.key("NodeNames");
    if (nodeCacheCapable) {
        w.beginArray();
        for (const core::NodeInfo* n : nodes) w.value(n->node()->name);
        w.endArray();
    } else {
        w.null();
    }
    w.endObject();
    return w.str();
}

std::string preemptionArgsJson(const core::StringPool& pool, const core::Pod& pod,
                               const std::map<core::Sym, core::ExtenderVictims>& nodeToVictims,
                               bool nodeCacheCapable) {
    io::JsonWriter w;
    w.beginObject();
    w.key("Pod");
    io::writePodModelJson(w, pool, pod);
    w.key("NodeNameToVictims");
    if (nodeCacheCapable)
        w.null();
    else
        writeVictimsMap(w, pool, nodeToVictims, false);
    w.key("NodeNameToMetaVictims");
    if (nodeCacheCapable)
        writeVictimsMap(w, pool, nodeToVictims, true);
    else
        w.null();
    w.endObject();
    return w.str();
}

std::string bindingArgsJson(const core::StringPool& pool, const core::Pod& pod, core::Sym node) {
    io::JsonWriter w;
    w.beginObject();
    w.key("PodName").value(pod.name);
    w.key("PodNamespace").value(pool.str(pod.ns));
    w.key("PodUID").value(pod.uid);
    w.key("Node").value(pool.str(node));
    w.endObject();
    return w.str();
}

}  // namespace berth::extender
