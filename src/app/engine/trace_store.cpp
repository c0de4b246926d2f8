#include "app/engine/trace_store.h"

namespace berth::app {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QStringList names(const std::vector<std::string>& plugins) {
    QStringList out;
    for (const std::string& n : plugins) out << qs(n);
    return out;
}

PreemptionUi preemptionOf(const core::PreemptionTrace& p) {
    PreemptionUi ui;
    ui.ran = p.ran;
    ui.notEligible = qs(p.notEligible);
    ui.potentialNodes = p.potentialNodes;
    ui.numCandidatesWanted = p.numCandidatesWanted;
    for (const core::PreemptionCandidateTrace& c : p.candidates) {
        PreemptionCandidateUi cu{qs(c.node), {}, c.numPDBViolations};
        for (const core::PreemptionVictimTrace& v : c.victims) cu.victims << PreemptionVictimUi{qs(v.pod), v.priority, v.violatesBudget};
        ui.candidates << std::move(cu);
    }
    for (const core::PreemptionRejectTrace& r : p.rejected) ui.rejected << qMakePair(qs(r.node), qs(r.reason));
    for (const core::PreemptionPickStep& s : p.pick) ui.pick << PreemptionPickUi{qs(s.criterion), names(s.kept)};
    for (const core::PreemptionExtenderTrace& e : p.extenders)
        ui.extenders << PreemptionExtenderUi{qs(e.extender), names(e.asked), names(e.kept), qs(e.error), e.ignored};
    ui.nominated = qs(p.nominated);
    return ui;
}

}  // namespace

void TraceStore::clear() {
    m_entries.clear();
    m_order.clear();
    m_nodeEntries = 0;
}

void TraceStore::record(quint32 podId, const core::CycleTrace& trace, int attempt, qint64 timeNs) {
    Entry& e = m_entries[podId];
    m_nodeEntries -= e.trace.nodes.size();
    e.trace = trace;
    e.attempt = attempt;
    e.timeNs = timeNs;
    e.seq = ++m_seq;
    m_nodeEntries += e.trace.nodes.size();
    m_order.emplace_back(podId, e.seq);
    // Forget the oldest attempts past the budget; stale order entries (a pod attempted again
    // since) are skipped. The newest attempt always stays.
    while (m_nodeEntries > kNodeEntryBudget && m_order.size() > 1) {
        const auto [pod, seq] = m_order.front();
        m_order.pop_front();
        auto it = m_entries.find(pod);
        if (it == m_entries.end() || it->second.seq != seq) continue;
        m_nodeEntries -= it->second.trace.nodes.size();
        m_entries.erase(it);
    }
    // Stale entries would otherwise pile up while the same pods retry.
    if (m_order.size() > 4 * m_entries.size() + 64) {
        std::deque<std::pair<quint32, std::uint64_t>> live;
        for (const auto& o : m_order) {
            auto it = m_entries.find(o.first);
            if (it != m_entries.end() && it->second.seq == o.second) live.push_back(o);
        }
        m_order.swap(live);
    }
}

CycleTraceUi TraceStore::toUi(quint32 podId) const {
    CycleTraceUi ui;
    ui.podId = podId;
    auto it = m_entries.find(podId);
    if (it == m_entries.end()) return ui;
    const Entry& e = it->second;
    ui.pod = qs(e.trace.pod);
    ui.nominatedNode = qs(e.trace.nominatedNode);
    ui.attempt = e.attempt;
    ui.timeNs = e.timeNs;
    ui.filterPlugins = names(e.trace.filterPlugins);
    ui.scorePlugins = names(e.trace.scorePlugins);
    // Extenders are columns after the plugins, in the order they were called.
    for (const core::ExtenderTrace& x : e.trace.extenders) {
        if (x.filtered) {
            ui.filterPlugins << qs(x.extender);
            ui.filterExtenders << qs(x.extender);
        }
        if (x.prioritized && x.error.empty()) ui.scorePlugins << qs(x.extender);
        if (!x.error.empty())
            ui.extenderNotes << qs(x.extender) + QStringLiteral(": ") + qs(x.error) +
                                    (x.ignored ? QStringLiteral(" (ignorable: skipped)") : QString());
    }
    ui.scored = e.trace.scored;
    ui.chosen = qs(e.trace.chosen);
    ui.message = qs(e.trace.message);
    ui.schedulerError = e.trace.schedulerError;
    ui.preemption = preemptionOf(e.trace.preemption);
    ui.nodes.reserve(static_cast<qsizetype>(e.trace.nodes.size()));
    for (const core::NodeTrace& n : e.trace.nodes) {
        NodeTraceUi u;
        u.node = qs(n.node);
        u.evaluated = n.evaluated;
        u.feasible = n.feasible;
        u.excluded = n.excludedByPreFilterResult;
        u.filterPlugin = qs(n.filterPlugin);
        u.filterCode = qs(n.filterCode);
        for (const std::string& r : n.reasons) u.reasons << qs(r);
        for (const core::PluginScoreTrace& s : n.scores)
            u.scores << PluginScoreUi{qs(s.plugin), s.raw, s.normalized, s.weight, s.weighted, s.extender};
        u.total = n.total;
        ui.nodes << std::move(u);
    }
    return ui;
}

}  // namespace berth::app
