#include "plan/timeline_file.h"

#include "io/timeline_reader.h"

namespace berth::plan {

namespace {

EditKind kindOf(const std::string& action) {
    if (action == "uncordon") return EditKind::Uncordon;
    if (action == "drain") return EditKind::Drain;
    if (action == "deleteNode") return EditKind::DeleteNode;
    if (action == "scale") return EditKind::ScaleWorkload;
    if (action == "deleteWorkload") return EditKind::DeleteWorkload;
    if (action == "addNodePool") return EditKind::AddNodePool;
    if (action == "deletePod") return EditKind::DeletePod;
    return EditKind::Cordon;  // the reader takes no other action
}

}  // namespace

std::vector<TimedEdit> readTimelineFile(std::string_view text, const std::string& fileName,
                                        io::Diagnostics& diagnostics) {
    std::vector<TimedEdit> out;
    for (const io::TimelineEvent& ev : io::readTimeline(text, fileName, diagnostics)) {
        TimedEdit t;
        t.at = ev.at;
        t.source = fileName + ":" + std::to_string(ev.line);
        PlanEdit& e = t.edit;
        e.kind = kindOf(ev.action);
        e.node = ev.node;
        e.namePrefix = ev.namePrefix;
        e.count = ev.count;
        e.zone = ev.zone;
        e.ns = ev.ns;
        e.name = ev.name;
        e.replicas = ev.replicas;
        if (!ev.kind.empty()) {
            const auto kind = parseWorkloadKind(ev.kind);
            if (!kind) {
                diagnostics.add({io::Severity::Error, fileName, ev.line, 0, "Timeline", "",
                                 "unknown workload kind \"" + ev.kind + "\""});
                return {};
            }
            e.workloadKind = *kind;
        }
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace berth::plan
