#include "plan/capacity/node_pool.h"

#include <charconv>
#include <cmath>

#include "io/json_writer.h"
#include "io/node_json_writer.h"
#include "plan/capacity/capacity_template.h"

namespace berth::plan::capacity {
namespace {

constexpr const char* kHostnameLabel = "kubernetes.io/hostname";

std::optional<double> parsePrice(const std::string& text) {
    double v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc{} || r.ptr != text.data() + text.size() || !std::isfinite(v) || v < 0) return std::nullopt;
    return v;
}

}  // namespace

std::optional<NodePool> readNodePool(core::Cluster& cluster, const std::string& text, const std::string& file,
                                     const core::KubeVersion& version, io::Diagnostics& diags) {
    auto tmpl = readCapacityTemplate(cluster, text, file, TemplateUse::Node, version, diags);
    if (!tmpl) return std::nullopt;
    NodePool pool;
    pool.name = tmpl->node.name;
    pool.file = file;
    pool.text = text;
    pool.node = std::move(tmpl->node);
    if (!pool.node.pricePerHour.empty()) {
        pool.pricePerHour = parsePrice(pool.node.pricePerHour);
        if (!pool.pricePerHour) {
            diags.add(templateProblem(file, pool.node,
                                      std::string("metadata.annotations[") + kPriceAnnotation +
                                          "]: a price per hour is a non-negative number, got \"" +
                                          pool.node.pricePerHour + "\""));
            return std::nullopt;
        }
    }
    return pool;
}

io::Diagnostic templateProblem(const std::string& file, const core::Node& node, std::string message) {
    io::Diagnostic d;
    d.file = file;
    d.line = node.source.line;
    d.column = node.source.column;
    d.kind = "Node";
    d.name = node.name;
    d.message = std::move(message);
    return d;
}

const std::string& PoolNodeNames::at(std::size_t k) {
    while (m_names.size() <= k) {
        std::string name = m_pool + "-" + std::to_string(m_next++);
        if (!m_taken || !m_taken->count(name)) m_names.push_back(std::move(name));
    }
    return m_names[k];
}

core::Node poolNodeCopy(const core::Node& node, const std::string& name, core::StringPool& pool) {
    core::Node n = node;
    n.name = name;
    n.nameSym = pool.intern(name);
    n.labels.set(pool.intern(kHostnameLabel), n.nameSym);
    n.unschedulable = false;
    n.source = {};
    return n;
}

std::string poolNodesManifest(const core::Node& node, const core::StringPool& pool,
                              const std::vector<std::string>& names) {
    io::JsonWriter w;
    w.beginObject();
    w.key("apiVersion").value("v1");
    w.key("kind").value("List");
    w.key("items").beginArray();
    for (const std::string& name : names) io::writeNodeJson(w, node, pool, name);
    w.endArray();
    w.endObject();
    return w.str();
}

}  // namespace berth::plan::capacity
