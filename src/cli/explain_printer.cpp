#include "cli/explain_printer.h"

#include <algorithm>
#include <sstream>

namespace berth::cli {
namespace {

std::string pad(std::string s, std::size_t w) {
    if (s.size() < w) s.append(w - s.size(), ' ');
    return s;
}

}  // namespace

std::string formatExplain(const core::CycleTrace& t) {
    std::ostringstream out;
    out << "Pod " << t.pod << "\n";
    if (!t.chosen.empty())
        out << "Result: scheduled to " << t.chosen << "\n";
    else
        out << "Result: not scheduled: " << (t.schedulerError ? "SchedulerError: " : "") << t.message << "\n";

    std::size_t w = 4;
    for (const auto& n : t.nodes) w = std::max(w, n.node.size());
    out << "\nFilter (first rejecting plugin per node, in profile order)\n";
    out << pad("NODE", w) << "  VERDICT\n";
    for (const auto& n : t.nodes) {
        out << pad(n.node, w) << "  ";
        if (n.feasible)
            out << "feasible";
        else if (n.excludedByPreFilterResult)
            out << "skipped: not in the PreFilter node set";
        else if (!n.evaluated)
            out << "not evaluated (enough feasible nodes found)";
        else {
            out << n.filterPlugin << " (" << n.filterCode << "): ";
            for (std::size_t i = 0; i < n.reasons.size(); ++i) out << (i ? "; " : "") << n.reasons[i];
        }
        out << "\n";
    }
    if (!t.scored) {
        out << "\nScore: not run (" << (t.chosen.empty() ? "no feasible node" : "a single feasible node") << ")\n";
        return out.str();
    }
    out << "\nScore (raw -> normalized x weight = weighted)\n";
    std::vector<std::string> plugins;
    for (const auto& n : t.nodes)
        for (const auto& s : n.scores)
            if (std::find(plugins.begin(), plugins.end(), s.plugin) == plugins.end()) plugins.push_back(s.plugin);
    for (const auto& n : t.nodes) {
        if (!n.feasible) continue;
        out << n.node << (n.node == t.chosen ? "  <- chosen" : "") << "\n";
        for (const auto& s : n.scores)
            out << "    " << pad(s.plugin, 34) << pad(std::to_string(s.raw), 8) << "-> "
                << pad(std::to_string(s.normalized), 4) << "x " << pad(std::to_string(s.weight), 3) << "= "
                << s.weighted << "\n";
        out << "    " << pad("total", 34) << n.total << "\n";
    }
    return out.str();
}

}  // namespace berth::cli
