#include "plan/capacity/nodes_report.h"

#include <cstdio>
#include <sstream>

#include "io/json_writer.h"
#include "io/report_writer.h"

namespace berth::plan::capacity {
namespace {

/// A price as the JSON writer prints numbers (six significant digits).
std::string money(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string moneyOrDash(const std::optional<double>& v) { return v ? money(*v) : "-"; }

void costValue(io::JsonWriter& w, const std::optional<double>& v) {
    if (v)
        w.value(*v);
    else
        w.null();
}

std::string plural(std::int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// "2 x small, 1 x big"
std::string mixText(const NodesAnswer& a, const std::vector<std::int64_t>& counts) {
    std::string out;
    for (std::size_t p = 0; p < counts.size() && p < a.pools.size(); ++p) {
        if (counts[p] == 0) continue;
        if (!out.empty()) out += ", ";
        out += std::to_string(counts[p]) + " x " + a.pools[p].name;
    }
    return out.empty() ? "none" : out;
}

std::vector<std::int64_t> countsOf(const NodesAnswer& a) {
    std::vector<std::int64_t> counts;
    for (const auto& p : a.pools) counts.push_back(p.count);
    return counts;
}

std::string json(const NodesAnswer& a) {
    io::JsonWriter w;
    w.beginObject();
    w.key("strategy").value(strategyName(a.strategy));
    w.key("add").beginArray();
    for (const auto& p : a.pools) {
        if (p.count == 0) continue;
        w.beginObject();
        w.key("pool").value(p.name);
        w.key("count").value(p.count);
        w.key("costPerHour");
        costValue(w, p.costPerHour());
        w.endObject();
    }
    w.endArray();
    w.key("totalCostPerHour");
    costValue(w, a.totalCostPerHour());
    w.key("unplaceable").beginArray();
    for (const auto& u : a.unplaceable) {
        w.beginObject();
        w.key("pod").value(u.pod);
        w.key("message").value(u.message);
        w.endObject();
    }
    w.endArray();
    w.key("verified").value(a.verified);
    if (a.smallerMix) {
        w.key("smallerMix").beginObject();
        w.key("strategy").value(strategyName(a.smallerMix->strategy));
        w.key("nodes").value(a.smallerMix->nodes);
        w.key("add").beginArray();
        for (std::size_t p = 0; p < a.smallerMix->counts.size(); ++p) {
            if (a.smallerMix->counts[p] == 0) continue;
            w.beginObject();
            w.key("pool").value(a.pools[p].name);
            w.key("count").value(a.smallerMix->counts[p]);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endObject();
    return w.str() + "\n";
}

std::vector<std::string> summary(const NodesAnswer& a) {
    std::vector<std::string> lines;
    std::string head = "Add " + plural(a.nodesAdded(), "node", "nodes");
    if (a.nodesAdded() > 0) head += " (" + mixText(a, countsOf(a)) + ")";
    if (const auto cost = a.totalCostPerHour(); cost && a.nodesAdded() > 0) head += ", " + money(*cost) + " per hour";
    head += "; strategy " + std::string(strategyName(a.strategy)) + ".";
    lines.push_back(head);
    std::string run = plural(a.pendingBefore, "pod was", "pods were") + " pending; ";
    if (a.pendingBefore == 0)
        run = "No pod is pending: there is nothing to add.";
    else if (a.verified)
        run +=
            "a full run with these nodes placed every pod a pool can take, and one node fewer of any pool leaves a pod "
            "pending.";
    else if (!a.stoppedBy.empty())
        run += "NOT VERIFIED: the search stopped at " + a.stoppedBy + ", and pods are left pending.";
    else
        run += "NOT VERIFIED: a pool with one node fewer still placed every pod.";
    lines.push_back(run);
    if (a.smallerMix)
        lines.push_back("A smaller mix places every pod too: " + plural(a.smallerMix->nodes, "node", "nodes") + " (" +
                        mixText(a, a.smallerMix->counts) + "), which " + strategyName(a.smallerMix->strategy) +
                        " picks; " + strategyName(a.strategy) + " did not.");
    lines.push_back(plural(a.runs, "full scheduling run", "full scheduling runs") + " made.");
    return lines;
}

std::string column(const std::string& s, std::size_t width) {
    return s + std::string(s.size() < width ? width - s.size() : 1, ' ');
}

/// The one-fewer check, made only once the pods were all placed.
std::string oneFewer(const NodesAnswer& a, const NodesAnswer::Pool& p) {
    if (p.count == 0 || !a.stoppedBy.empty()) return "-";
    return plural(p.pendingWithOneFewer, "pod", "pods") +
           (p.pendingExample.empty() ? "" : " (" + p.pendingExample + ")");
}

std::string nodeRange(const NodesAnswer::Pool& p) {
    if (p.nodes.empty()) return p.unusable.empty() ? "-" : "unusable: " + p.unusable;
    if (p.nodes.size() == 1) return p.nodes.front();
    return p.nodes.front() + " ... " + p.nodes.back();
}

std::string table(const NodesAnswer& a) {
    std::ostringstream out;
    for (const auto& line : summary(a)) out << line << "\n";
    out << "\n"
        << column("POOL", 20) << column("ADD", 7) << column("PRICE/H", 10) << column("COST/H", 10)
        << column("ONE FEWER LEAVES PENDING", 40) << "NODES\n";
    for (const auto& p : a.pools)
        out << column(p.name, 20) << column(std::to_string(p.count), 7) << column(moneyOrDash(p.pricePerHour), 10)
            << column(p.count > 0 ? moneyOrDash(p.costPerHour()) : "-", 10) << column(oneFewer(a, p), 40)
            << nodeRange(p) << "\n";
    if (!a.unplaceable.empty()) {
        out << "\n" << column("NOT PLACED", 40) << "REASON\n";
        for (const auto& u : a.unplaceable) out << column(u.pod, 40) << u.message << "\n";
    }
    return out.str();
}

std::string markdown(const NodesAnswer& a) {
    std::ostringstream out;
    out << "## How many nodes\n\n";
    for (const auto& line : summary(a)) out << line << "\n\n";
    out << "| Pool | Add | Price/h | Cost/h | One fewer leaves pending | Nodes |\n|---|---:|---:|---:|---|---|\n";
    for (const auto& p : a.pools)
        out << "| " << p.name << " | " << p.count << " | " << moneyOrDash(p.pricePerHour) << " | "
            << (p.count > 0 ? moneyOrDash(p.costPerHour()) : "-") << " | " << oneFewer(a, p) << " | " << nodeRange(p)
            << " |\n";
    if (!a.unplaceable.empty()) {
        out << "\n| Not placed | Reason |\n|---|---|\n";
        for (const auto& u : a.unplaceable) out << "| `" << u.pod << "` | " << u.message << " |\n";
    }
    return out.str();
}

std::string csv(const NodesAnswer& a) {
    std::ostringstream out;
    out << "kind,pool,name,detail\n";
    for (const auto& p : a.pools)
        for (const auto& n : p.nodes)
            out << "node," << io::csvField(p.name) << ',' << io::csvField(n) << ',' << moneyOrDash(p.pricePerHour)
                << "\n";
    for (const auto& u : a.unplaceable)
        out << "unplaceable,," << io::csvField(u.pod) << ',' << io::csvField(u.message) << "\n";
    return out.str();
}

}  // namespace

std::string nodesReport(const NodesAnswer& answer, ReportFormat format) {
    return writeReport(format, {[&] { return table(answer); }, [&] { return json(answer); },
                                [&] { return csv(answer); }, [&] { return markdown(answer); }});
}

}  // namespace berth::plan::capacity
