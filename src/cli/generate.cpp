#include "cli/generate.h"

#include <initializer_list>
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
                if (fields.empty()) {
                    out << "{}";
                    return;
                }
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
                if (items.empty()) {
                    out << "[]";
                    return;
                }
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

// YAML's flow style for the same tree: strings bare where YAML reads them back as the same
// string, quoted otherwise (numbers such as "16", and anything with YAML's special characters).
bool bareInYaml(const std::string& s) {
    if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
              c == '/' || c == '_'))
            return false;
    static const char* kWords[] = {"true",  "false", "null", "yes", "no", "on",  "off",  "y",     "n",   "True",
                                   "False", "Null",  "Yes",  "No",  "On", "Off", "TRUE", "FALSE", "NULL"};
    for (const char* w : kWords)
        if (s == w) return false;
    return true;
}

void printFlow(const Json& j, std::ostream& out) {
    switch (j.type) {
        case Json::Type::String:
            if (bareInYaml(j.text)) {
                out << j.text;
            } else {
                out << '"';
                for (char c : j.text) {
                    if (c == '"' || c == '\\') out << '\\';
                    out << c;
                }
                out << '"';
            }
            return;
        case Json::Type::Number:
        case Json::Type::Bool: out << j.text; return;
        case Json::Type::Object:
            out << '{';
            for (std::size_t i = 0; i < j.fields.size(); ++i) {
                out << (i ? ", " : "") << j.fields[i].first << ": ";
                printFlow(j.fields[i].second, out);
            }
            out << '}';
            return;
        case Json::Type::Array:
            out << '[';
            for (std::size_t i = 0; i < j.items.size(); ++i) {
                if (i) out << ", ";
                printFlow(j.items[i], out);
            }
            out << ']';
            return;
    }
}

// One object as a YAML document: its top-level fields one a line, their values in flow style.
void printYamlDocument(const Json& j, std::ostream& out) {
    out << "---\n";
    for (const auto& [key, value] : j.fields) {
        out << key << ": ";
        printFlow(value, out);
        out << '\n';
    }
}

Json labelsOf(std::initializer_list<std::pair<const char*, std::string>> labels) {
    Json j;
    for (const auto& [k, v] : labels) j.set(k, Json::str(v));
    return j;
}

constexpr const char* kNodeShapes[][2] = {{"16", "64Gi"}, {"32", "128Gi"}, {"64", "256Gi"}};
constexpr const char* kRequests[][2] = {
    {"100m", "128Mi"}, {"250m", "256Mi"}, {"500m", "512Mi"}, {"1", "1Gi"}, {"200m", "384Mi"}};
// mixed: every tenth node carries this taint; the toleration workloads tolerate it.
constexpr const char* kTaintKey = "dedicated";
constexpr const char* kTaintValue = "infra";
constexpr int kMixedShapes = 20;

// What a workload's pods ask of the scheduler besides their requests.
enum class Shape {
    Plain,
    AntiAffinity,
    HardSpread,
    SoftSpreadHost,
    SoftSpreadZone,
    NodeAffinity,
    Tolerations,
    PreferAffinityZone,
    PreferAffinityHost,
    PreferAntiAffinity
};

Shape shapeOf(const GenerateOptions& opt, int workload) {
    if (opt.variant == "anti-affinity") return Shape::AntiAffinity;
    if (opt.variant == "spread") return Shape::HardSpread;
    if (opt.variant != "mixed") return Shape::Plain;
    // 6 plain, 3 required anti-affinity, 2 hard spread, 2 soft spread, 2 node affinity,
    // 2 tolerations, 3 preferred inter-pod (anti-)affinity.
    static constexpr Shape kMixed[kMixedShapes] = {Shape::Plain,
                                                   Shape::Plain,
                                                   Shape::Plain,
                                                   Shape::Plain,
                                                   Shape::Plain,
                                                   Shape::Plain,
                                                   Shape::AntiAffinity,
                                                   Shape::AntiAffinity,
                                                   Shape::AntiAffinity,
                                                   Shape::HardSpread,
                                                   Shape::HardSpread,
                                                   Shape::SoftSpreadHost,
                                                   Shape::SoftSpreadZone,
                                                   Shape::NodeAffinity,
                                                   Shape::NodeAffinity,
                                                   Shape::Tolerations,
                                                   Shape::Tolerations,
                                                   Shape::PreferAffinityZone,
                                                   Shape::PreferAffinityHost,
                                                   Shape::PreferAntiAffinity};
    return kMixed[workload % kMixedShapes];
}

int workloadCount(const GenerateOptions& opt) {
    if (opt.replicaSets > 0) return opt.replicaSets;
    return opt.variant == "mixed" ? kMixedShapes : 10;
}

std::string workloadName(int w) { return "rs-" + std::to_string(w); }

Json selectorFor(const std::string& app) { return Json().set("matchLabels", labelsOf({{"app", app}})); }

Json spreadConstraint(int maxSkew, const char* key, const char* action, const std::string& app) {
    Json c;
    c.set("maxSkew", Json::num(maxSkew))
        .set("topologyKey", Json::str(key))
        .set("whenUnsatisfiable", Json::str(action))
        .set("labelSelector", selectorFor(app));
    return c;
}

Json podTerm(const std::string& app, const char* key) {
    Json term;
    term.set("labelSelector", selectorFor(app)).set("topologyKey", Json::str(key));
    return term;
}

Json weighted(Json term) {
    Json w;
    w.set("weight", Json::num(100)).set("podAffinityTerm", std::move(term));
    return w;
}

// The pod spec of workload `w`'s pods (without nodeName).
Json podSpec(const GenerateOptions& opt, int w) {
    const std::string app = workloadName(w);
    const auto& req = kRequests[w % 5];
    Json spec;
    switch (shapeOf(opt, w)) {
        case Shape::Plain: break;
        case Shape::AntiAffinity:
            spec.set("affinity",
                     Json().set("podAntiAffinity", Json().set("requiredDuringSchedulingIgnoredDuringExecution",
                                                              Json::array({podTerm(app, "kubernetes.io/hostname")}))));
            break;
        case Shape::HardSpread:
            spec.set("topologySpreadConstraints",
                     Json::array({spreadConstraint(1, "topology.kubernetes.io/zone", "DoNotSchedule", app)}));
            break;
        case Shape::SoftSpreadHost:
            spec.set("topologySpreadConstraints",
                     Json::array({spreadConstraint(1, "kubernetes.io/hostname", "ScheduleAnyway", app)}));
            break;
        case Shape::SoftSpreadZone:
            spec.set("topologySpreadConstraints",
                     Json::array({spreadConstraint(2, "topology.kubernetes.io/zone", "ScheduleAnyway", app)}));
            break;
        case Shape::NodeAffinity: {
            Json expr;
            expr.set("key", Json::str("node.kubernetes.io/instance-type"))
                .set("operator", Json::str("In"))
                .set("values", Json::array({Json::str("shape-1"), Json::str("shape-2")}));
            Json required;
            required.set("nodeSelectorTerms", Json::array({Json().set("matchExpressions", Json::array({expr}))}));
            spec.set("affinity", Json().set("nodeAffinity",
                                            Json().set("requiredDuringSchedulingIgnoredDuringExecution", required)));
            break;
        }
        case Shape::Tolerations: {
            Json t;
            t.set("key", Json::str(kTaintKey))
                .set("operator", Json::str("Equal"))
                .set("value", Json::str(kTaintValue))
                .set("effect", Json::str("NoSchedule"));
            spec.set("tolerations", Json::array({t}));
            break;
        }
        case Shape::PreferAffinityZone:
        case Shape::PreferAffinityHost: {
            const char* key =
                shapeOf(opt, w) == Shape::PreferAffinityZone ? "topology.kubernetes.io/zone" : "kubernetes.io/hostname";
            spec.set("affinity", Json().set("podAffinity", Json().set("preferredDuringSchedulingIgnoredDuringExecution",
                                                                      Json::array({weighted(podTerm(app, key))}))));
            break;
        }
        case Shape::PreferAntiAffinity:
            // Away from the first plain workload's pods, on the same node.
            spec.set(
                "affinity",
                Json().set("podAntiAffinity",
                           Json().set("preferredDuringSchedulingIgnoredDuringExecution",
                                      Json::array({weighted(podTerm(workloadName(0), "kubernetes.io/hostname"))}))));
            break;
    }
    Json c;
    c.set("name", Json::str("c"))
        .set("image", Json::str("app"))
        .set("resources", Json().set("requests", labelsOf({{"cpu", req[0]}, {"memory", req[1]}})));
    spec.set("containers", Json::array({c}));
    return spec;
}

Json nodeObject(const GenerateOptions& opt, int i) {
    const auto& shape = kNodeShapes[i % 3];
    const std::string name = "node-" + std::to_string(i);
    Json meta;
    meta.set("name", Json::str(name))
        .set("labels", labelsOf({{"kubernetes.io/hostname", name},
                                 {"topology.kubernetes.io/zone", "zone-" + std::to_string(i % opt.zones)},
                                 {"node.kubernetes.io/instance-type", "shape-" + std::to_string(i % 3)}}));
    Json node;
    node.set("apiVersion", Json::str("v1")).set("kind", Json::str("Node")).set("metadata", meta);
    if (opt.variant == "mixed" && i % 10 == 0) {
        Json taint;
        taint.set("key", Json::str(kTaintKey))
            .set("value", Json::str(kTaintValue))
            .set("effect", Json::str("NoSchedule"));
        node.set("spec", Json().set("taints", Json::array({taint})));
    }
    node.set("status", Json().set("allocatable", labelsOf({{"cpu", shape[0]}, {"memory", shape[1]}, {"pods", "110"}})));
    return node;
}

// `replicas`: the pods the file gives the set (bound and pending), so that its controller,
// finding as many as it wants, neither scales them away nor adds more.
Json workloadObject(int w, int replicas) {
    const std::string rs = workloadName(w);
    Json container;
    container.set("name", Json::str("c")).set("image", Json::str("app"));
    Json templ;
    templ.set("metadata", Json().set("labels", labelsOf({{"app", rs}})))
        .set("spec", Json().set("containers", Json::array({container})));
    Json set;
    set.set("apiVersion", Json::str("apps/v1"))
        .set("kind", Json::str("ReplicaSet"))
        .set("metadata", Json().set("name", Json::str(rs)).set("uid", Json::str("uid-" + rs)))
        .set("spec",
             Json().set("replicas", Json::num(replicas)).set("selector", selectorFor(rs)).set("template", templ));
    return set;
}

// A pod of workload `w` named `name`; bound to `node` (Running) unless it is empty.
Json podObject(const Json& spec, int w, const std::string& name, const std::string& node) {
    const std::string rs = workloadName(w);
    Json owner;
    owner.set("apiVersion", Json::str("apps/v1"))
        .set("kind", Json::str("ReplicaSet"))
        .set("name", Json::str(rs))
        .set("uid", Json::str("uid-" + rs))
        .set("controller", Json::boolean(true));
    Json meta;
    meta.set("name", Json::str(name))
        .set("labels", labelsOf({{"app", rs}}))
        .set("ownerReferences", Json::array({owner}));
    Json pod;
    pod.set("apiVersion", Json::str("v1")).set("kind", Json::str("Pod")).set("metadata", meta);
    if (node.empty()) {
        pod.set("spec", spec);
    } else {
        Json bound = spec;
        bound.fields.insert(bound.fields.begin(), {"nodeName", Json::str(node)});
        pod.set("spec", std::move(bound)).set("status", Json().set("phase", Json::str("Running")));
    }
    return pod;
}

// Bound pod j goes on node j mod N and belongs to workload (j + j / N) mod W, so that one
// node's pods rotate through the workloads instead of all being of one.
int boundPodWorkload(const GenerateOptions& opt, int j, int workloads) { return (j + j / opt.nodes) % workloads; }

// Pending pod i: its workload, and its index among that workload's pending pods.
struct PendingSlot {
    int workload = 0;
    int index = 0;
};
PendingSlot pendingPodSlot(const GenerateOptions& opt, int i, int workloads) {
    const bool interleave = opt.interleave || opt.variant == "mixed";
    // Grouped: the first perSet pods are workload 0's, and so on.
    const int perSet = (opt.pods + workloads - 1) / workloads;
    return interleave ? PendingSlot{i % workloads, i / workloads} : PendingSlot{i / perSet, i % perSet};
}

int boundPodCount(const GenerateOptions& opt) { return opt.nodes > 0 ? opt.bound : 0; }

// Every object in order (nodes, workloads, bound pods, pending pods), each handed to `emit`
// as it is made: 150,000 pods never exist as one tree.
template <class Emit>
void forEachObject(const GenerateOptions& opt, Emit&& emit) {
    for (int i = 0; i < opt.nodes; ++i) emit(nodeObject(opt, i));
    const int workloads = workloadCount(opt);
    std::vector<int> replicas(static_cast<std::size_t>(workloads), 0);
    for (int j = 0; j < boundPodCount(opt); ++j)
        ++replicas[static_cast<std::size_t>(boundPodWorkload(opt, j, workloads))];
    for (int i = 0; i < opt.pods; ++i) ++replicas[static_cast<std::size_t>(pendingPodSlot(opt, i, workloads).workload)];
    std::vector<Json> specs;
    for (int w = 0; w < workloads; ++w) {
        emit(workloadObject(w, replicas[static_cast<std::size_t>(w)]));
        specs.push_back(podSpec(opt, w));
    }
    // A bound pod is named by its index among its set's bound pods (j / W when W divides N,
    // where each run of W pods holds one of every set; otherwise j / W would repeat a name).
    std::vector<int> boundSoFar(static_cast<std::size_t>(workloads), 0);
    for (int j = 0; j < boundPodCount(opt); ++j) {
        const int w = boundPodWorkload(opt, j, workloads);
        const int k = boundSoFar[static_cast<std::size_t>(w)]++;
        emit(podObject(specs[static_cast<std::size_t>(w)], w, workloadName(w) + "-b" + std::to_string(k),
                       "node-" + std::to_string(j % opt.nodes)));
    }
    for (int i = 0; i < opt.pods; ++i) {
        const PendingSlot slot = pendingPodSlot(opt, i, workloads);
        emit(podObject(specs[static_cast<std::size_t>(slot.workload)], slot.workload,
                       workloadName(slot.workload) + "-" + std::to_string(slot.index), ""));
    }
}

}  // namespace

bool knownVariant(const std::string& variant) {
    return variant == "basic" || variant == "anti-affinity" || variant == "spread" || variant == "mixed";
}

void generateCluster(const GenerateOptions& opt, std::ostream& out) {
    if (opt.json) {
        out << "{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"List\",\n    \"items\": [";
        bool first = true;
        forEachObject(opt, [&](const Json& j) {
            out << (first ? "\n        " : ",\n        ");
            first = false;
            j.print(out, 8);
        });
        out << "\n    ]\n}\n";
        return;
    }
    out << "# berthctl generate --nodes " << opt.nodes << " --pods " << opt.pods << " --workloads "
        << workloadCount(opt) << " --variant " << opt.variant << (opt.interleave ? " --interleave" : "") << " --bound "
        << opt.bound << "\n";
    forEachObject(opt, [&](const Json& j) { printYamlDocument(j, out); });
}

}  // namespace berth::cli
