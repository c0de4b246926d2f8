#include "io/event_writer.h"

#include "io/json_writer.h"

namespace berth::io {

std::string eventToJsonLine(const core::SimEvent& e, const core::Cluster& cluster) {
    JsonWriter w;
    w.beginObject();
    w.key("time").value(static_cast<double>(e.time) / static_cast<double>(core::kSecond));
    w.key("seq").value(static_cast<std::int64_t>(e.sequence));
    w.key("type").value(core::eventTypeName(e.type));
    if (e.pod < cluster.pods.size()) w.key("pod").value(cluster.podKey(cluster.pods[e.pod]));
    if (e.node != core::kEmptySym) w.key("node").value(cluster.pool.str(e.node));
    if (e.type == core::EventType::PodFiltered) {
        w.key("feasible").value(e.count);
        w.key("nodes").value(e.total);
    }
    if (!e.message.empty()) w.key("message").value(e.message);
    w.endObject();
    return w.str();
}

}  // namespace berth::io
