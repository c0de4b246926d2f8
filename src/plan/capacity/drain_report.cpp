#include "plan/capacity/drain_report.h"

#include <algorithm>
#include <sstream>

#include "io/json_writer.h"
#include "io/report_writer.h"

namespace berth::plan::capacity {
namespace {

/// A string, or null when empty (a pod with no replacement, or one left pending).
void valueOrNull(io::JsonWriter& w, const std::string& s) {
    if (s.empty())
        w.null();
    else
        w.value(s);
}

std::string json(const DrainAnswer& a) {
    io::JsonWriter w;
    w.beginObject();
    w.key("drained").beginArray();
    for (const auto& n : a.drained) w.value(n);
    w.endArray();
    w.key("evicted").beginArray();
    for (const auto& e : a.evicted) {
        w.beginObject();
        w.key("pod").value(e.pod);
        w.key("from").value(e.from);
        w.key("replacement");
        valueOrNull(w, e.replacement);
        w.key("to");
        valueOrNull(w, e.to);
        w.endObject();
    }
    w.endArray();
    w.key("blocked").beginArray();
    for (const auto& b : a.blocked) {
        w.beginObject();
        w.key("pod").value(b.pod);
        w.key("node").value(b.node);
        w.key("reason").value(b.reason);
        w.endObject();
    }
    w.endArray();
    w.key("pendingAfter").value(a.pendingAfter);
    w.endObject();
    return w.str() + "\n";
}

std::string headline(const DrainAnswer& a, std::size_t targets) {
    std::ostringstream out;
    out << "Drained " << a.drained.size() << " of " << targets << " node" << (targets == 1 ? "" : "s") << "; "
        << a.evicted.size() << " pod" << (a.evicted.size() == 1 ? "" : "s") << " evicted, " << a.blocked.size()
        << " blocked; " << a.pendingAfter << " pod" << (a.pendingAfter == 1 ? "" : "s") << " pending afterwards.";
    return out.str();
}

/// Target nodes: drained ones and those a blocked pod stayed on.
std::size_t targetCount(const DrainAnswer& a) {
    std::vector<std::string> nodes = a.drained;
    for (const auto& b : a.blocked)
        if (std::find(nodes.begin(), nodes.end(), b.node) == nodes.end()) nodes.push_back(b.node);
    return nodes.size();
}

std::string column(const std::string& s, std::size_t width) {
    return s + std::string(s.size() < width ? width - s.size() : 1, ' ');
}

std::string table(const DrainAnswer& a) {
    std::ostringstream out;
    out << headline(a, targetCount(a)) << "\n";
    if (!a.evicted.empty()) {
        out << "\n" << column("EVICTED", 44) << column("FROM", 16) << column("REPLACEMENT", 44) << "NOW ON\n";
        for (const auto& e : a.evicted)
            out << column(e.pod, 44) << column(e.from, 16) << column(e.replacement.empty() ? "-" : e.replacement, 44)
                << (e.replacement.empty() ? "-"
                    : e.to.empty()        ? "(pending)"
                                          : e.to)
                << "\n";
    }
    if (!a.blocked.empty()) {
        out << "\n" << column("BLOCKED", 44) << column("NODE", 16) << "REASON\n";
        for (const auto& b : a.blocked) out << column(b.pod, 44) << column(b.node, 16) << b.reason << "\n";
    }
    return out.str();
}

std::string markdown(const DrainAnswer& a) {
    std::ostringstream out;
    out << "## Drain\n\n" << headline(a, targetCount(a)) << "\n";
    if (!a.drained.empty()) {
        out << "\nDrained:";
        for (const auto& n : a.drained) out << " `" << n << "`";
        out << "\n";
    }
    if (!a.evicted.empty()) {
        out << "\n| Evicted | From | Replacement | Now on |\n|---|---|---|---|\n";
        for (const auto& e : a.evicted)
            out << "| `" << e.pod << "` | " << e.from << " | "
                << (e.replacement.empty() ? "-" : "`" + e.replacement + "`") << " | "
                << (e.replacement.empty() ? "-"
                    : e.to.empty()        ? "(pending)"
                                          : e.to)
                << " |\n";
    }
    if (!a.blocked.empty()) {
        out << "\n| Blocked | Node | Reason |\n|---|---|---|\n";
        for (const auto& b : a.blocked) out << "| `" << b.pod << "` | " << b.node << " | " << b.reason << " |\n";
    }
    return out.str();
}

std::string csv(const DrainAnswer& a) {
    std::ostringstream out;
    out << "pod,node,outcome,replacement,to,reason\n";
    for (const auto& e : a.evicted)
        out << io::csvField(e.pod) << ',' << io::csvField(e.from) << ",evicted," << io::csvField(e.replacement) << ','
            << io::csvField(e.to) << ",\n";
    for (const auto& b : a.blocked)
        out << io::csvField(b.pod) << ',' << io::csvField(b.node) << ",blocked,,," << io::csvField(b.reason) << "\n";
    return out.str();
}

}  // namespace

std::string drainReport(const DrainAnswer& answer, ReportFormat format) {
    return writeReport(format, {[&] { return table(answer); }, [&] { return json(answer); },
                                [&] { return csv(answer); }, [&] { return markdown(answer); }});
}

}  // namespace berth::plan::capacity
