#include "io/node_json_writer.h"

namespace berth::io {
namespace {

constexpr std::string_view kHostnameLabel = "kubernetes.io/hostname";

void writeLabels(JsonWriter& w, const core::Node& node, const core::StringPool& pool, std::string_view copyName) {
    w.key("labels").beginObject();
    const core::Sym hostname = pool.find(kHostnameLabel);
    bool hostnameWritten = false;
    for (const core::Label& l : node.labels) {
        w.key(pool.str(l.key));
        if (l.key == hostname && !copyName.empty()) {
            w.value(copyName);
            hostnameWritten = true;
        } else {
            w.value(pool.str(l.value));
        }
    }
    if (!hostnameWritten && !copyName.empty()) w.key(kHostnameLabel).value(copyName);
    w.endObject();
}

void writeStatus(JsonWriter& w, const core::Node& node, const core::StringPool& pool) {
    w.key("status").beginObject();
    const core::ResourceList& a = node.allocatable;
    w.key("allocatable").beginObject();
    w.key("cpu").value(std::to_string(a.milliCpu) + "m");
    w.key("memory").value(std::to_string(a.memory));
    w.key("pods").value(std::to_string(a.pods));
    if (a.ephemeralStorage != 0) w.key("ephemeral-storage").value(std::to_string(a.ephemeralStorage));
    for (const auto& s : a.scalars) w.key(pool.str(s.name)).value(std::to_string(s.value));
    w.endObject();
    w.key("images").beginArray();
    for (const auto& image : node.images) {
        w.beginObject();
        w.key("names").beginArray();
        for (const auto& n : image.names) w.value(n);
        w.endArray();
        w.key("sizeBytes").value(image.sizeBytes);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

}  // namespace

void writeNodeJson(JsonWriter& w, const core::Node& node, const core::StringPool& pool, std::string_view copyName) {
    w.beginObject();
    w.key("apiVersion").value("v1");
    w.key("kind").value("Node");
    w.key("metadata").beginObject();
    w.key("name").value(copyName.empty() ? std::string_view(node.name) : copyName);
    writeLabels(w, node, pool, copyName);
    // The capacity price, as written (node_reader reads it back): a model node's copies price
    // their pool as a Node file does.
    if (!node.pricePerHour.empty()) {
        w.key("annotations").beginObject();
        w.key("berth.dev/price-per-hour").value(node.pricePerHour);
        w.endObject();
    }
    w.endObject();
    w.key("spec").beginObject();
    if (node.unschedulable && copyName.empty()) w.key("unschedulable").value(true);
    w.key("taints").beginArray();
    for (const core::Taint& t : node.taints) {
        w.beginObject();
        w.key("key").value(pool.str(t.key));
        if (t.value != core::kEmptySym) w.key("value").value(pool.str(t.value));
        w.key("effect").value(core::taintEffectName(t.effect));
        w.endObject();
    }
    w.endArray();
    w.endObject();
    writeStatus(w, node, pool);
    w.endObject();
}

}  // namespace berth::io
