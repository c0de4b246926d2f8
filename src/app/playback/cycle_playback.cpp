#include "app/playback/cycle_playback.h"

#include <algorithm>

#include "app/inspector/why_pending_model.h"

namespace berth::app {

QString CyclePlayback::phaseName() const {
    switch (m_phase) {
        case Idle: return {};
        case Pop: return tr("Queue pop");
        case Filter: return tr("Filter");
        case Extenders: return tr("Extenders");
        case Score: return tr("Score");
        case Select: return tr("Select host");
        case Assume: return tr("Assume");
        case Bind: return tr("Bind");
        case Candidates: return tr("PostFilter: candidates");
        case PickNode: return tr("PostFilter: pick a node");
        case Evict: return tr("PostFilter: evict");
        case Failed: return tr("Unschedulable");
        case Clock: return tr("Clock");
    }
    return {};
}

QString CyclePlayback::stage() const {
    // Function names of pkg/scheduler/schedule_one.go, where each phase happens upstream.
    switch (m_phase) {
        case Idle: return {};
        case Pop: return QStringLiteral("scheduleOne");
        case Filter: return QStringLiteral("findNodesThatFitPod");
        case Extenders: return QStringLiteral("findNodesThatPassExtenders");
        case Score: return QStringLiteral("prioritizeNodes");
        case Select: return QStringLiteral("selectHost");
        case Assume: return QStringLiteral("assume");
        case Bind: return QStringLiteral("bind");
        // pkg/scheduler/framework/preemption/preemption.go, where DefaultPreemption's work happens.
        case Candidates: return QStringLiteral("findCandidates");
        case PickNode: return QStringLiteral("pickOneNodeForPreemption");
        case Evict: return QStringLiteral("prepareCandidate");
        case Failed: return QStringLiteral("handleSchedulingFailure");
        case Clock: return QStringLiteral("SimulatedClock");
    }
    return {};
}

// long: one switch, a sentence or two for each phase
QString CyclePlayback::narration() const {
    const CycleTraceUi& t = m_trace;
    const int fit = t.feasibleCount();
    int evaluated = 0, byExtenders = 0;
    for (const auto& n : t.nodes) {
        evaluated += n.evaluated && !n.excluded ? 1 : 0;
        byExtenders += t.rejectedByExtender(n) ? 1 : 0;
    }
    switch (m_phase) {
        case Idle: return {};
        case Pop: {
            QString s = tr("%1 leaves activeQ (attempt %2): its scheduling cycle starts on a snapshot of the scheduler "
                           "cache, and the PreFilter plugins prepare what Filter will check.")
                            .arg(t.pod)
                            .arg(t.attempt);
            if (!t.nominatedNode.isEmpty())
                s += tr(" An earlier preemption nominated %1 for it, so findNodesThatFitPod tries that node first.")
                         .arg(t.nominatedNode);
            return s;
        }
        case Filter: {
            QString s = tr("The %1 Filter plugins ran on %2 of %3 nodes; %4 fit.")
                            .arg(t.filterPlugins.size() - t.filterExtenders.size())
                            .arg(evaluated)
                            .arg(t.nodes.size())
                            .arg(fit + byExtenders);
            if (!t.nominatedNode.isEmpty() && evaluated == 1 && fit + byExtenders == 1)
                s += tr(" The nominated node %1 fits, so no other node is filtered.").arg(t.nominatedNode);
            const auto why = WhyPendingModel::summarize(t);
            if (!why.isEmpty() && t.filterExtenders.isEmpty())
                s += tr(" Most common rejection: %1 (%2 nodes).").arg(why.first().reason).arg(why.first().count);
            if (!t.filterExtenders.isEmpty()) s += tr(" The scheduler extenders filter them next.");
            return s;
        }
        case Extenders: {
            // findNodesThatPassExtenders: each extender, in turn, over what the last one left.
            QString s = tr("%n scheduler extender(s) (%1) filtered the %2 nodes the plugins passed: %3 rejected, "
                           "%4 fit.",
                           nullptr, static_cast<int>(t.filterExtenders.size()))
                            .arg(t.filterExtenders.join(QStringLiteral(", ")))
                            .arg(fit + byExtenders)
                            .arg(byExtenders)
                            .arg(fit);
            for (const QString& note : t.extenderNotes) s += QStringLiteral(" ") + note + QStringLiteral(".");
            return s;
        }
        case Score: {
            if (!t.scored) return tr("Only one node fits, so upstream skips scoring: it wins outright.");
            const NodeTraceUi* top = nullptr;
            for (const auto& n : t.nodes)
                if (n.feasible && (!top || n.total > top->total)) top = &n;
            const QStringList tied = tiedNodes();
            return tr("%1 Score plugins rated the %2 feasible nodes 0–100; each score is multiplied by its plugin's "
                      "weight and summed. Highest total: %3 (%4).")
                .arg(t.scorePlugins.size())
                .arg(fit)
                .arg(tied.size() > 1 ? tr("a tie between %1").arg(tied.join(QStringLiteral(", ")))
                                     : (top ? top->node : QString()))
                .arg(top ? top->total : 0);
        }
        case Select: {
            if (!t.scored) return tr("selectHost picks %1, the only node that fits.").arg(t.chosen);
            const QStringList tied = tiedNodes();
            if (tied.size() < 2) return tr("selectHost picks %1, the node with the highest total.").arg(t.chosen);
            // selectHost (schedule_one.go) keeps one of the nodes with the highest total by
            // reservoir sampling; Berth draws from the session's seeded generator.
            return tr("%1 nodes tie at the highest total (%2): %3. selectHost picks one of them at random "
                      "(seeded, so a replay picks the same): %4.")
                .arg(tied.size())
                .arg(topTotal())
                .arg(tied.join(QStringLiteral(", ")), t.chosen);
        }
        case Assume:
            return tr("The scheduler cache counts %1 on %2 now (drawn faded), before the API server hears of it, so "
                      "the "
                      "next cycle already sees its requests. Binding continues asynchronously.")
                .arg(t.pod, t.chosen);
        case Bind:
            return m_boundCount > 1
                       ? tr("The binding cycles finished: %1 pods are bound (the last, %2 on %3) and drawn solid.")
                             .arg(m_boundCount)
                             .arg(m_boundPod, m_boundNode)
                       : tr("The binding cycle finished: DefaultBinder bound %1 to %2, now drawn solid.")
                             .arg(m_boundPod, m_boundNode);
        case Candidates: return candidatesNarration();
        case PickNode: return pickNarration();
        case Evict: return evictNarration();
        case Failed: return failedNarration();
        case Clock: return m_clockText;
    }
    return {};
}

qint64 CyclePlayback::topTotal() const {
    qint64 best = 0;
    for (const auto& n : m_trace.nodes)
        if (n.node == m_trace.chosen) best = n.total;
    return best;
}

QStringList CyclePlayback::tiedNodes() const {
    QStringList tied;
    const qint64 best = topTotal();
    for (const auto& n : m_trace.nodes)
        if (n.feasible && n.total == best) tied << n.node;
    return tied;
}

QList<CyclePlayback::Phase> CyclePlayback::path() const {
    // findNodesThatPassExtenders runs after the Filter plugins when extenders filter.
    QList<Phase> p{Pop, Filter};
    if (!m_trace.filterExtenders.isEmpty()) p << Extenders;
    if (!m_trace.chosen.isEmpty()) return p << Score << Select << Assume;
    // The failure path goes from filtering to PostFilter's stages that ran, then the failure handling.
    if (preempting()) p << Candidates;
    if (!m_trace.preemption.nominated.isEmpty()) p << PickNode << Evict;
    return p << Failed;
}

CyclePlayback::Phase CyclePlayback::lastPhase() const {
    if (m_phase == Bind || m_phase == Clock || m_phase == Idle) return m_phase;
    return path().constLast();
}

bool CyclePlayback::hasNext() const {
    if (m_phase == Idle || m_phase == Bind || m_phase == Clock) return false;
    return m_phase != lastPhase();
}

bool CyclePlayback::hasPrevious() const {
    if (m_phase == Idle || m_phase == Bind || m_phase == Clock) return false;
    return path().indexOf(m_phase) > 0;
}

void CyclePlayback::showCycle(const CycleTraceUi& trace, bool fromStart) {
    m_trace = trace;
    if (!trace.isValid()) return clear();
    m_phase = Pop;  // lastPhase() depends on the trace, not on the old phase
    setPhase(fromStart ? Pop : lastPhase());
}

void CyclePlayback::showBind(const QString& pod, const QString& node, int count) {
    m_boundPod = pod;
    m_boundNode = node;
    m_boundCount = count;
    setPhase(Bind);
}

void CyclePlayback::showClock(const QString& what) {
    m_clockText = what;
    setPhase(Clock);
}

bool CyclePlayback::advance() {
    if (!hasNext()) return false;
    const QList<Phase> p = path();
    setPhase(p[p.indexOf(m_phase) + 1]);
    return true;
}

bool CyclePlayback::retreat() {
    if (!hasPrevious()) return false;
    const QList<Phase> p = path();
    setPhase(p[p.indexOf(m_phase) - 1]);
    return true;
}

void CyclePlayback::clear() {
    m_trace = {};
    setPhase(Idle);
}

void CyclePlayback::setPhase(Phase p) {
    m_phase = p;
    rebuildMarks();
    Q_EMIT changed();
}

void CyclePlayback::rebuildMarks() {
    m_marks.clear();
    m_victims.clear();
    if (m_phase >= Candidates && m_phase <= Evict) return preemptionMarks();
    if (m_phase == Bind) {
        NodeMark m;
        m.mark = PassMark;
        m.winner = true;
        m_marks.insert(m_boundNode, m);
        return;
    }
    if (m_phase < Filter || m_phase == Clock) return;
    qint64 lo = 0, hi = 0;
    bool first = true;
    for (const auto& n : m_trace.nodes)
        if (n.feasible) {
            lo = first ? n.total : std::min(lo, n.total);
            hi = first ? n.total : std::max(hi, n.total);
            first = false;
        }
    const bool heat = m_trace.scored && m_phase >= Score && m_phase != Failed;
    const bool winner = m_phase >= Select && m_phase != Failed;
    for (const auto& n : m_trace.nodes) {
        NodeMark m;
        m.mark = n.feasible ? PassMark : (n.evaluated && !n.excluded) ? FailMark : SkipMark;
        // At Filter the extenders have not run yet: the nodes they reject still pass.
        if (m_phase == Filter && m_trace.rejectedByExtender(n)) m.mark = PassMark;
        if (heat && n.feasible)
            m.heat = hi > lo ? static_cast<double>(n.total - lo) / static_cast<double>(hi - lo) : 1.0;
        // After a preemption the nominated node keeps the winner's border (the room kept for the pod).
        m.winner = (winner && n.node == m_trace.chosen) ||
                   (m_phase == Failed && !m_trace.preemption.nominated.isEmpty() && n.node == m_trace.preemption.nominated);
        m.total = n.total;
        m_marks.insert(n.node, m);
    }
}

}  // namespace berth::app
