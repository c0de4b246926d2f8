#include "io/apps_validation.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "io/json_writer.h"

namespace berth::io::detail {
namespace {

// field.Invalid renders a map value with json.Marshal: keys sorted, compact.
std::string labelsAsJson(core::StringPool& pool, const core::Labels& labels) {
    std::vector<std::pair<std::string_view, std::string_view>> items;
    for (const auto& l : labels) items.emplace_back(pool.str(l.key), pool.str(l.value));
    std::sort(items.begin(), items.end());
    JsonWriter json;
    json.beginObject();
    for (const auto& [key, value] : items) json.key(key).value(value);
    json.endObject();
    return json.str();
}

// The kind's word in "empty selector is invalid for ..." (ReplicaSets share Deployments').
const char* emptySelectorWord(core::WorkloadKind kind) {
    switch (kind) {
        case core::WorkloadKind::StatefulSet: return "statefulset";
        case core::WorkloadKind::DaemonSet: return "daemonset";
        default: return "deployment";
    }
}

}  // namespace

void validateWorkloadSelector(Reader& r, const DocNode& object, const core::Workload& w) {
    const DocNode spec = field(object, "spec");
    const DocNode selectorNode = field(spec, "selector");
    const FieldPath specPath("spec");
    const FieldPath selectorPath = specPath.child("selector");
    // A Job's selector is generated when absent (manualSelector unset); a
    // ReplicationController's is defaulted from its template's labels.
    const bool generated = w.kind == core::WorkloadKind::Job || w.kind == core::WorkloadKind::ReplicationController;
    if (!w.selector) {
        if (!generated) r.error(spec, selectorPath, "Required value");
        return;
    }
    if (w.selector->invalid) return;  // its reader reported the requirement
    if (w.selector->empty()) {
        if (!generated)
            r.error(selectorNode, selectorPath,
                    std::string("Invalid value: {}: empty selector is invalid for ") + emptySelectorWord(w.kind));
        return;
    }
    // Without a template its reader's "is required" says all.
    if (!present(field(spec, "template")) || w.selector->matches(w.podTemplate.labels)) return;
    const FieldPath templatePath = specPath.child("template");
    const FieldPath metadataPath = templatePath.child("metadata");
    const FieldPath labelsPath = metadataPath.child("labels");
    const DocNode labels = field(field(field(spec, "template"), "metadata"), "labels");
    r.error(present(labels) ? labels : selectorNode, labelsPath,
            "Invalid value: " + labelsAsJson(r.pool(), w.podTemplate.labels) +
                ": `selector` does not match template `labels`");
}

}  // namespace berth::io::detail
