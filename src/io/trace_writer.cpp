#include "io/trace_writer.h"

#include <algorithm>
#include <vector>

#include "io/json_writer.h"

namespace berth::io {

std::string traceToJsonLine(const core::CycleTrace& t) {
    std::vector<const core::NodeTrace*> byName;
    for (const auto& n : t.nodes) byName.push_back(&n);
    std::sort(byName.begin(), byName.end(), [](auto* a, auto* b) { return a->node < b->node; });

    JsonWriter w;
    w.beginObject().key("pod").value(t.pod);
    w.key("feasible").beginArray();
    for (auto* n : byName)
        if (n->feasible) w.value(n->node);
    w.endArray();
    w.key("filtered").beginObject();
    for (auto* n : byName) {
        if (n->feasible) continue;
        if (n->excludedByPreFilterResult) {
            w.key(n->node).value("PreFilterResult: node not in PreFilter node set");
            continue;
        }
        if (!n->evaluated) continue;
        std::string text = n->filterPlugin + ": ";
        for (std::size_t i = 0; i < n->reasons.size(); ++i) text += (i ? "; " : "") + n->reasons[i];
        w.key(n->node).value(text);
    }
    w.endObject();
    w.key("scores").beginObject();
    if (t.scored) {
        for (auto* n : byName) {
            if (!n->feasible) continue;
            std::vector<const core::PluginScoreTrace*> ps;
            for (const auto& s : n->scores) ps.push_back(&s);
            std::sort(ps.begin(), ps.end(), [](auto* a, auto* b) { return a->plugin < b->plugin; });
            w.key(n->node).beginObject();
            for (auto* s : ps) w.key(s->plugin).value(s->weighted);
            w.key("total").value(n->total);
            w.endObject();
        }
    }
    w.endObject();
    // The extenders' calls, only when some took part (a trace without them reads as before).
    if (!t.extenders.empty()) {
        w.key("extenders").beginArray();
        for (const core::ExtenderTrace& e : t.extenders) {
            w.beginObject().key("extender").value(e.extender).key("interested").value(e.interested);
            w.key("filtered").value(e.filtered).key("prioritized").value(e.prioritized);
            if (e.prioritized) w.key("weight").value(e.weight);
            if (!e.error.empty()) w.key("error").value(e.error).key("ignored").value(e.ignored);
            w.endObject();
        }
        w.endArray();
    }
    // The preempt extenders' answers, when preemption called any.
    if (!t.preemption.extenders.empty()) {
        w.key("preemptExtenders").beginArray();
        for (const core::PreemptionExtenderTrace& e : t.preemption.extenders) {
            w.beginObject().key("extender").value(e.extender);
            w.key("asked").beginArray();
            for (const std::string& n : e.asked) w.value(n);
            w.endArray().key("kept").beginArray();
            for (const std::string& n : e.kept) w.value(n);
            w.endArray();
            if (!e.error.empty()) w.key("error").value(e.error).key("ignored").value(e.ignored);
            w.endObject();
        }
        w.endArray();
    }
    w.key("chosen").value(t.chosen);
    w.key("message").value(t.schedulerError ? "SchedulerError: " + t.message : t.message);
    w.endObject();
    return w.str();
}

}  // namespace berth::io
