#include "cli/generate.h"

#include <string>
#include <utility>
#include <vector>

namespace berth::cli {

namespace {

// The same objects as JSON, for the loader's JSON path. A tiny value tree rather than string
// pasting, so brackets and commas cannot go wrong; printed with kubectl's 4-space indent.
struct Json {
    enum class Type { String, Number, Bool, Object, Array } type = Type::Object;
    std::string text;  // String, Number (as written), Bool ("true")
    std::vector<std::pair<std::string, Json>> fields;
    std::vector<Json> items;

    static Json str(std::string s) { return {Type::String, std::move(s), {}, {}}; }
    static Json num(long long v) { return {Type::Number, std::to_string(v), {}, {}}; }
    static Json boolean(bool v) { return {Type::Bool, v ? "true" : "false", {}, {}}; }
    static Json array(std::vector<Json> items) { return {Type::Array, {}, {}, std::move(items)}; }
    Json& set(std::string key, Json value) {
        fields.emplace_back(std::move(key), std::move(value));
        return *this;
    }

    // Generated names and labels need no escaping beyond quotes and backslashes.
    void print(std::ostream& out, int indent) const {
        const std::string pad(static_cast<std::size_t>(indent + 4), ' ');
        const std::string closePad(static_cast<std::size_t>(indent), ' ');
        auto quoted = [&](const std::string& s) {
            out << '"';
            for (char c : s) {
                if (c == '"' || c == '\\') out << '\\';
                out << c;
            }
            out << '"';
        };
        switch (type) {
            case Type::String: quoted(text); return;
            case Type::Number:
            case Type::Bool: out << text; return;
            case Type::Object:
                if (fields.empty()) { out << "{}"; return; }
                out << "{\n";
                for (std::size_t i = 0; i < fields.size(); ++i) {
                    out << pad;
                    quoted(fields[i].first);
                    out << ": ";
                    fields[i].second.print(out, indent + 4);
                    out << (i + 1 < fields.size() ? ",\n" : "\n");
                }
                out << closePad << "}";
                return;
            case Type::Array:
                if (items.empty()) { out << "[]"; return; }
                out << "[\n";
                for (std::size_t i = 0; i < items.size(); ++i) {
                    out << pad;
                    items[i].print(out, indent + 4);
                    out << (i + 1 < items.size() ? ",\n" : "\n");
                }
                out << closePad << "]";
                return;
        }
    }
};

Json labelsOf(std::initializer_list<std::pair<const char*, std::string>> labels) {
    Json j;
    for (const auto& [k, v] : labels) j.set(k, Json::str(v));
    return j;
}

void generateJson(const GenerateOptions& opt, std::ostream& out) {
    static const char* kShapes[][2] = {{"16", "64Gi"}, {"32", "128Gi"}, {"64", "256Gi"}};
    static const char* kRequests[][2] = {{"100m", "128Mi"}, {"250m", "256Mi"}, {"500m", "512Mi"}, {"1", "1Gi"},
                                         {"200m", "384Mi"}};
    // Items are printed one by one: 150,000 pods never exist as one tree.
    out << "{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"List\",\n    \"items\": [";
    bool first = true;
    auto item = [&](const Json& j) {
        out << (first ? "\n        " : ",\n        ");
        first = false;
        j.print(out, 8);
    };
    for (int i = 0; i < opt.nodes; ++i) {
        const auto& shape = kShapes[i % 3];
        const std::string name = "node-" + std::to_string(i);
        Json meta;
        meta.set("name", Json::str(name))
            .set("labels", labelsOf({{"kubernetes.io/hostname", name},
                                     {"topology.kubernetes.io/zone", "zone-" + std::to_string(i % opt.zones)},
                                     {"node.kubernetes.io/instance-type", "shape-" + std::to_string(i % 3)}}));
        Json status;
        status.set("allocatable", labelsOf({{"cpu", shape[0]}, {"memory", shape[1]}, {"pods", "110"}}));
        Json node;
        node.set("apiVersion", Json::str("v1")).set("kind", Json::str("Node")).set("metadata", meta).set("status", status);
        item(node);
    }
    const int perSet = (opt.pods + opt.replicaSets - 1) / opt.replicaSets;
    int made = 0;
    for (int r = 0; r < opt.replicaSets && made < opt.pods; ++r) {
        const std::string rs = "rs-" + std::to_string(r);
        const Json selector = Json().set("matchLabels", labelsOf({{"app", rs}}));
        Json container;
        container.set("name", Json::str("c")).set("image", Json::str("app"));
        Json templ;
        templ.set("metadata", Json().set("labels", labelsOf({{"app", rs}})))
            .set("spec", Json().set("containers", Json::array({container})));
        Json set;
        set.set("apiVersion", Json::str("apps/v1"))
            .set("kind", Json::str("ReplicaSet"))
            .set("metadata", Json().set("name", Json::str(rs)).set("uid", Json::str("uid-" + rs)))
            .set("spec", Json().set("replicas", Json::num(0)).set("selector", selector).set("template", templ));
        item(set);
        const auto& req = kRequests[r % 5];
        for (int k = 0; k < perSet && made < opt.pods; ++k, ++made) {
            Json owner;
            owner.set("apiVersion", Json::str("apps/v1"))
                .set("kind", Json::str("ReplicaSet"))
                .set("name", Json::str(rs))
                .set("uid", Json::str("uid-" + rs))
                .set("controller", Json::boolean(true));
            Json meta;
            meta.set("name", Json::str(rs + "-" + std::to_string(k)))
                .set("labels", labelsOf({{"app", rs}}))
                .set("ownerReferences", Json::array({owner}));
            Json spec;
            if (opt.variant == "anti-affinity") {
                Json term;
                term.set("labelSelector", selector).set("topologyKey", Json::str("kubernetes.io/hostname"));
                spec.set("affinity",
                         Json().set("podAntiAffinity",
                                    Json().set("requiredDuringSchedulingIgnoredDuringExecution", Json::array({term}))));
            }
            if (opt.variant == "spread") {
                Json constraint;
                constraint.set("maxSkew", Json::num(1))
                    .set("topologyKey", Json::str("topology.kubernetes.io/zone"))
                    .set("whenUnsatisfiable", Json::str("DoNotSchedule"))
                    .set("labelSelector", selector);
                spec.set("topologySpreadConstraints", Json::array({constraint}));
            }
            Json c = container;
            c.set("resources", Json().set("requests", labelsOf({{"cpu", req[0]}, {"memory", req[1]}})));
            spec.set("containers", Json::array({c}));
            Json pod;
            pod.set("apiVersion", Json::str("v1")).set("kind", Json::str("Pod")).set("metadata", meta).set("spec", spec);
            item(pod);
        }
    }
    out << "\n    ]\n}\n";
}

}  // namespace

void generateCluster(const GenerateOptions& opt, std::ostream& out) {
    if (opt.json) {
        generateJson(opt, out);
        return;
    }
    static const char* kShapes[][2] = {{"16", "64Gi"}, {"32", "128Gi"}, {"64", "256Gi"}};
    out << "# berthctl generate --nodes " << opt.nodes << " --pods " << opt.pods << " --variant " << opt.variant << "\n";
    for (int i = 0; i < opt.nodes; ++i) {
        const auto& shape = kShapes[i % 3];
        const int zone = i % opt.zones;
        out << "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-" << i << "\n  labels: {kubernetes.io/hostname: node-"
            << i << ", topology.kubernetes.io/zone: zone-" << zone << ", node.kubernetes.io/instance-type: shape-"
            << (i % 3) << "}\nstatus:\n  allocatable: {cpu: \"" << shape[0] << "\", memory: " << shape[1]
            << ", pods: \"110\"}\n";
    }
    static const char* kRequests[][2] = {{"100m", "128Mi"}, {"250m", "256Mi"}, {"500m", "512Mi"}, {"1", "1Gi"},
                                         {"200m", "384Mi"}};
    const int perSet = (opt.pods + opt.replicaSets - 1) / opt.replicaSets;
    int made = 0;
    for (int r = 0; r < opt.replicaSets && made < opt.pods; ++r) {
        const std::string rs = "rs-" + std::to_string(r);
        out << "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: " << rs << ", uid: uid-" << rs
            << "}\nspec:\n  replicas: 0\n  selector: {matchLabels: {app: " << rs << "}}\n  template:\n    metadata: {labels: {app: "
            << rs << "}}\n    spec: {containers: [{name: c, image: app}]}\n";
        const auto& req = kRequests[r % 5];
        for (int k = 0; k < perSet && made < opt.pods; ++k, ++made) {
            out << "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " << rs << "-" << k << "\n  labels: {app: " << rs
                << "}\n  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: " << rs << ", uid: uid-" << rs
                << ", controller: true}]\nspec:\n";
            if (opt.variant == "anti-affinity")
                out << "  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
                       "{matchLabels: {app: "
                    << rs << "}}, topologyKey: kubernetes.io/hostname}]}}\n";
            if (opt.variant == "spread")
                out << "  topologySpreadConstraints: [{maxSkew: 1, topologyKey: topology.kubernetes.io/zone, "
                       "whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: "
                    << rs << "}}}]\n";
            out << "  containers: [{name: c, image: app, resources: {requests: {cpu: " << req[0] << ", memory: " << req[1]
                << "}}}]\n";
        }
    }
}

}  // namespace berth::cli
