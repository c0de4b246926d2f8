#include "plan/capacity/fit_report.h"

#include <sstream>

#include "io/json_writer.h"
#include "io/report_writer.h"

namespace berth::plan::capacity {
namespace {

const char* stopName(FitAnswer::Stop s) { return s == FitAnswer::Stop::Max ? "max" : "unschedulable"; }

std::string json(const FitAnswer& a) {
    io::JsonWriter w;
    w.beginObject();
    w.key("template").value(a.templateRef);
    w.key("fits").value(a.fits);
    w.key("byNode").beginObject();
    for (const auto& [node, n] : a.byNode) w.key(node).value(n);
    w.endObject();
    w.key("byZone").beginObject();
    for (const auto& [zone, n] : a.byZone) w.key(zone).value(n);
    w.endObject();
    w.key("stoppedBy").value(stopName(a.stoppedBy));
    if (a.stoppedBy == FitAnswer::Stop::Unschedulable) {
        w.key("next").beginObject();
        if (!a.nextPod.empty()) w.key("pod").value(a.nextPod);
        w.key("message").value(a.nextMessage);
        w.endObject();
    }
    w.endObject();
    return w.str() + "\n";
}

std::string headline(const FitAnswer& a) {
    std::ostringstream out;
    out << a.fits << " more replica" << (a.fits == 1 ? "" : "s") << " of " << a.templateKind << " " << a.templateRef
        << " fit";
    if (a.existingReplicas > 0) out << " (beyond the " << a.existingReplicas << " it has)";
    out << (a.stoppedBy == FitAnswer::Stop::Max ? "; stopped at --max." : ".");
    return out.str();
}

std::string table(const FitAnswer& a) {
    std::ostringstream out;
    out << headline(a) << "\n";
    if (a.stoppedBy == FitAnswer::Stop::Unschedulable)
        out << "The next one" << (a.nextPod.empty() ? "" : " (" + a.nextPod + ")") << " does not fit: " << a.nextMessage
            << "\n";
    if (!a.byZone.empty()) {
        out << "\nZONE                          REPLICAS\n";
        for (const auto& [zone, n] : a.byZone) {
            const std::string z = zone.empty() ? "(no zone)" : zone;
            out << z << std::string(z.size() < 30 ? 30 - z.size() : 1, ' ') << n << "\n";
        }
        out << "\nNODE                          REPLICAS\n";
        for (const auto& [node, n] : a.byNode)
            out << node << std::string(node.size() < 30 ? 30 - node.size() : 1, ' ') << n << "\n";
    }
    return out.str();
}

std::string markdown(const FitAnswer& a) {
    std::ostringstream out;
    out << "## How many more fit: " << a.templateKind << " `" << a.templateRef << "`\n\n" << headline(a) << "\n";
    if (a.stoppedBy == FitAnswer::Stop::Unschedulable)
        out << "\nThe next one" << (a.nextPod.empty() ? "" : " (`" + a.nextPod + "`)") << " does not fit:\n\n> "
            << a.nextMessage << "\n";
    if (!a.byZone.empty()) {
        out << "\n| Zone | Replicas |\n|---|---:|\n";
        for (const auto& [zone, n] : a.byZone)
            out << "| " << (zone.empty() ? "(no zone)" : zone) << " | " << n << " |\n";
        out << "\n| Node | Replicas |\n|---|---:|\n";
        for (const auto& [node, n] : a.byNode) out << "| " << node << " | " << n << " |\n";
    }
    return out.str();
}

std::string csv(const FitAnswer& a) {
    std::ostringstream out;
    out << "pod,node\n";
    for (const auto& p : a.placements) out << io::csvField(p.pod) << ',' << io::csvField(p.node) << "\n";
    return out.str();
}

}  // namespace

std::string fitReport(const FitAnswer& answer, ReportFormat format) {
    return writeReport(format, {[&] { return table(answer); }, [&] { return json(answer); },
                                [&] { return csv(answer); }, [&] { return markdown(answer); }});
}

}  // namespace berth::plan::capacity
