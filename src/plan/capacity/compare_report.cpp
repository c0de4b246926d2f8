#include "plan/capacity/compare_report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "core/api/quantity.h"
#include "io/json_writer.h"
#include "io/report_writer.h"

namespace berth::plan::capacity {
namespace {

double rounded(double r) { return std::round(r * 10000.0) / 10000.0; }

std::string percent(double r) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << r * 100.0 << "%";
    return out.str();
}

std::int64_t totalMore(const ConfigOutcome& c) {
    std::int64_t n = 0;
    for (const auto& [node, more] : c.moreReferencePods) n += more;
    return n;
}

std::string groupName(const std::string& g) { return g.empty() ? "(none)" : g; }

/// Padded columns leave spaces at the ends of lines: take them off.
std::string trimLineEnds(const std::string& text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::size_t last = end;
        while (last > start && text[last - 1] == ' ') --last;
        out.append(text, start, last - start);
        if (end < text.size()) out += '\n';
        start = end + 1;
    }
    return out;
}

std::string json(const CompareAnswer& a) {
    io::JsonWriter w;
    w.beginObject();
    w.key("groupBy").value(a.groupBy);
    w.key("referencePod").beginObject();
    w.key("cpu").value(core::formatMilliCpu(a.referenceMilliCpu));
    w.key("memory").value(core::formatBytes(a.referenceMemory));
    w.endObject();
    w.key("configs").beginArray();
    for (const ConfigOutcome& c : a.configs) {
        w.beginObject();
        w.key("name").value(c.name);
        w.key("pending").value(c.pending);
        w.key("placed").value(c.placed);
        w.key("nodesUsed").value(c.nodesUsed);
        w.key("nodesEmpty").value(c.nodesEmpty);
        w.key("utilization").beginObject();
        for (const auto& [resource, groups] : c.utilization) {
            w.key(resource).beginObject();
            for (const auto& [group, usage] : groups) w.key(group).value(rounded(usage.ratio()));
            w.endObject();
        }
        w.endObject();
        w.key("referencePodsMore").value(totalMore(c));
        w.key("stranded").beginObject();
        w.key("cpu").value(core::formatMilliCpu(c.strandedMilliCpu));
        w.key("memory").value(core::formatBytes(c.strandedMemory));
        w.endObject();
        w.endObject();
    }
    w.endArray();
    w.key("moved").beginArray();
    for (const PodMove& m : a.moved) {
        w.beginObject();
        w.key("pod").value(m.pod);
        w.key("from");
        m.from.empty() ? w.null() : w.value(m.from);
        w.key("to");
        m.to.empty() ? w.null() : w.value(m.to);
        w.key("config").value(m.config);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

/// Rows: one per configuration; columns as markdown or as padded text.
std::string summary(const CompareAnswer& a, bool markdown) {
    std::vector<std::vector<std::string>> rows{{"CONFIG", "PENDING", "PLACED", "NODES USED", "NODES EMPTY",
                                                "MORE REF PODS", "STRANDED CPU", "STRANDED MEMORY"}};
    for (const ConfigOutcome& c : a.configs)
        rows.push_back({c.name, std::to_string(c.pending), std::to_string(c.placed), std::to_string(c.nodesUsed),
                        std::to_string(c.nodesEmpty), std::to_string(totalMore(c)),
                        core::formatMilliCpu(c.strandedMilliCpu), core::formatBytes(c.strandedMemory)});
    std::ostringstream out;
    if (markdown) {
        for (std::size_t r = 0; r < rows.size(); ++r) {
            out << "|";
            for (const auto& cell : rows[r]) out << " " << cell << " |";
            out << "\n";
            if (r == 0) {
                out << "|---|";
                for (std::size_t i = 1; i < rows[r].size(); ++i) out << "---:|";
                out << "\n";
            }
        }
        return out.str();
    }
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i)
            out << std::left << std::setw(static_cast<int>(width[i] + 2)) << row[i];
        out << "\n";
    }
    return out.str();
}

/// Requested / allocatable per group, one row per group, a column per configuration.
std::string utilizationTable(const CompareAnswer& a, const std::string& resource, bool markdown) {
    std::ostringstream out;
    std::set<std::string> groups;
    for (const ConfigOutcome& c : a.configs)
        if (auto it = c.utilization.find(resource); it != c.utilization.end())
            for (const auto& [g, u] : it->second) groups.insert(g);
    if (markdown) {
        out << "| " << a.groupBy << " |";
        for (const ConfigOutcome& c : a.configs) out << " " << c.name << " |";
        out << "\n|---|";
        for (std::size_t i = 0; i < a.configs.size(); ++i) out << "---:|";
        out << "\n";
    }
    const std::string title = resource + " by " + a.groupBy;
    int first = static_cast<int>(title.size()) + 2;
    for (const std::string& g : groups) first = std::max(first, static_cast<int>(groupName(g).size()) + 2);
    int column = 10;
    for (const ConfigOutcome& c : a.configs) column = std::max(column, static_cast<int>(c.name.size()) + 2);
    if (!markdown) {
        out << std::left << std::setw(first) << title;
        for (const ConfigOutcome& c : a.configs) out << std::setw(column) << c.name;
        out << "\n";
    }
    for (const std::string& g : groups) {
        out << (markdown ? "| " + groupName(g) + " |" : "");
        if (!markdown) out << std::left << std::setw(first) << groupName(g);
        for (const ConfigOutcome& c : a.configs) {
            const auto& byGroup = c.utilization.at(resource);
            const auto it = byGroup.find(g);
            const std::string cell = it == byGroup.end() ? "-" : percent(it->second.ratio());
            out << (markdown ? " " + cell + " |" : "");
            if (!markdown) out << std::setw(column) << cell;
        }
        out << "\n";
    }
    return out.str();
}

/// "29 pods are placed differently from least". With three configurations or more a move is
/// counted per pod and configuration, so the count can pass the plan's pods: each
/// configuration gets its own count ("... from default: 49986 pods under most, 49981 under rtc").
std::string movesHeadline(const CompareAnswer& a) {
    auto pods = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " pod" : " pods"); };
    std::ostringstream out;
    if (a.configs.size() <= 2) {
        out << pods(a.moved.size()) << (a.moved.size() == 1 ? " is" : " are") << " placed differently from "
            << a.configs.front().name;
        return out.str();
    }
    out << "Placed differently from " << a.configs.front().name << ":";
    for (std::size_t i = 1; i < a.configs.size(); ++i) {
        const std::string& name = a.configs[i].name;
        const auto n = static_cast<std::size_t>(
            std::count_if(a.moved.begin(), a.moved.end(), [&](const PodMove& m) { return m.config == name; }));
        out << (i == 1 ? " " : ", ") << (i == 1 ? pods(n) : std::to_string(n)) << " under " << name;
    }
    return out.str();
}

std::string moves(const CompareAnswer& a, bool markdown) {
    std::ostringstream out;
    auto where = [](const std::string& n) { return n.empty() ? std::string("pending") : n; };
    if (a.moved.empty()) return "No pod is placed differently.\n";
    out << movesHeadline(a) << ":\n";
    if (markdown) out << "\n| Pod | Config | From | To |\n|---|---|---|---|\n";
    for (const PodMove& m : a.moved) {
        if (markdown)
            out << "| " << m.pod << " | " << m.config << " | " << where(m.from) << " | " << where(m.to) << " |\n";
        else
            out << "  " << m.pod << " (" << m.config << "): " << where(m.from) << " -> " << where(m.to) << "\n";
    }
    return out.str();
}

std::string text(const CompareAnswer& a, bool markdown) {
    // One configuration is the plan's own capacity (measurePlanCapacity: the GUI's Capacity
    // panel): nothing is compared, so nothing can have moved.
    const bool comparing = a.configs.size() > 1;
    std::ostringstream out;
    if (markdown) out << (comparing ? "## Which configuration packs better\n\n" : "## Capacity\n\n");
    out << "Reference pod for fragmentation: " << core::formatMilliCpu(a.referenceMilliCpu) << " cpu, "
        << core::formatBytes(a.referenceMemory) << " memory.\n\n";
    out << summary(a, markdown) << "\n";
    out << utilizationTable(a, "cpu", markdown) << "\n" << utilizationTable(a, "memory", markdown) << "\n";
    if (comparing) out << moves(a, markdown);
    return out.str();
}

std::string csv(const CompareAnswer& a) {
    std::ostringstream out;
    out << "pod,config,from,to\n";
    for (const PodMove& m : a.moved)
        out << io::csvField(m.pod) << ',' << io::csvField(m.config) << ',' << io::csvField(m.from) << ','
            << io::csvField(m.to) << "\n";
    return out.str();
}

}  // namespace

std::string compareReport(const CompareAnswer& answer, ReportFormat format) {
    return writeReport(format, {[&] { return trimLineEnds(text(answer, false)); }, [&] { return json(answer); },
                                [&] { return csv(answer); }, [&] { return text(answer, true); }});
}

}  // namespace berth::plan::capacity
