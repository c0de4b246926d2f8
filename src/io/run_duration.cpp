#include "io/run_duration.h"

#include <optional>
#include <string>
#include <variant>

#include "io/go_duration.h"

namespace berth::io::detail {

std::int64_t readRunDuration(Reader& r, const DocNode& object, std::string_view kind) {
    const bool pod = kind == "Pod";
    const DocNode spec = field(object, "spec");
    const DocNode annotations = field(field(pod ? object : field(spec, "template"), "metadata"), "annotations");
    const DocNode value = field(annotations, kRunDurationAnnotation);
    if (!present(value)) return -1;
    const FieldPath specPath("spec");
    const FieldPath templatePath = specPath.child("template");
    const FieldPath podMeta("metadata");
    const FieldPath templateMeta = templatePath.child("metadata");
    const FieldPath annotationsPath = (pod ? podMeta : templateMeta).child("annotations");
    const FieldPath path = annotationsPath.child(kRunDurationAnnotation);
    const std::optional<std::string> text = readString(r, value, path);
    if (!text) return -1;
    const auto parsed = parseGoDuration(*text);
    if (const auto* err = std::get_if<std::string>(&parsed)) {
        r.error(value, path, *err);
        return -1;
    }
    const std::int64_t ns = std::get<std::int64_t>(parsed);
    if (ns < 0) {
        r.error(value, path, "a duration must not be negative");
        return -1;
    }
    if (pod) {
        // The kubelet restarts the containers of a pod whose restartPolicy is Always (the
        // default): it never completes.
        const std::string policy =
            readString(r, field(spec, "restartPolicy"), specPath.child("restartPolicy")).value_or("Always");
        if (policy != "Never" && policy != "OnFailure") {
            r.warning(value, path, "ignored: a pod with restartPolicy " + policy + " is restarted, it never completes");
            return -1;
        }
    } else if (kind != "Job") {
        // A Job's template must say Never or OnFailure; the other controllers' say Always.
        r.warning(value, path, "ignored: only a Job's pods complete; a " + std::string(kind) + "'s are restarted");
        return -1;
    }
    return ns;
}

}  // namespace berth::io::detail
