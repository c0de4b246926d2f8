// The preemption stages of a cycle on show: PostFilter's DefaultPreemption as upstream runs it
// (pkg/scheduler/framework/preemption/preemption.go: findCandidates with its dry run,
// SelectCandidate's pickOneNodeForPreemption, prepareCandidate), then the failure handling
// that nominates the chosen node. Everything comes from the trace's PreemptionUi: the core
// decided; this only tells it.

#include "app/playback/cycle_playback.h"

namespace berth::app {

namespace {

/// At most this many nodes are named in a sentence; the rest are counted.
constexpr int kNamed = 5;

QString victimList(const PreemptionCandidateUi& c) {
    QStringList v;
    for (const auto& victim : c.victims)
        v << CyclePlayback::tr("%1 (priority %2%3)")
                 .arg(victim.pod)
                 .arg(victim.priority)
                 .arg(victim.violatesBudget ? CyclePlayback::tr(", breaks its budget") : QString());
    return v.join(QStringLiteral(", "));
}

QString andMore(QStringList items) {
    if (items.size() > kNamed) {
        const auto more = items.size() - kNamed;
        items = items.mid(0, kNamed);
        items << CyclePlayback::tr("%n more", nullptr, static_cast<int>(more));
    }
    return items.join(QStringLiteral("; "));
}

}  // namespace

QString CyclePlayback::candidatesNarration() const {
    const PreemptionUi& p = m_trace.preemption;
    if (!p.notEligible.isEmpty())
        return tr("PostFilter: no node fits, so DefaultPreemption runs, but %1 may not preempt (%2) It waits for "
                  "room instead.")
            .arg(m_trace.pod, p.notEligible);
    const int unresolvable = static_cast<int>(m_trace.nodes.size()) - p.potentialNodes;
    QString s = tr("PostFilter: no node fits, so DefaultPreemption dry-runs SelectVictimsOnNode on %n node(s): "
                   "take away every lower-priority pod, run Filter, put the most important back while the pod "
                   "still fits; the rest are victims.",
                   nullptr, p.potentialNodes);
    if (unresolvable > 0)
        s += tr(" %n node(s) rejected for what eviction cannot fix (UnschedulableAndUnresolvable) are skipped.",
                nullptr, unresolvable);
    QStringList found;
    for (const auto& c : p.candidates) found << tr("%1: %2").arg(c.node, victimList(c));
    QStringList out;
    for (const auto& [node, why] : p.rejected) out << tr("%1 (%2)").arg(node, why);
    // callExtenders: the preempt extenders trim the candidates before the pick.
    for (const auto& e : p.extenders) {
        if (!e.error.isEmpty())
            s += e.ignored ? tr(" The extender %1 failed to answer (%2); it is ignorable, so it is skipped.")
                                 .arg(e.extender, e.error)
                           : tr(" The extender %1 failed to answer (%2), which fails preemption.")
                                 .arg(e.extender, e.error);
        else
            s += tr(" The extender %1 was asked about %2 and kept %3.")
                     .arg(e.extender, e.asked.join(QStringLiteral(", ")),
                          e.kept.isEmpty() ? tr("none") : e.kept.join(QStringLiteral(", ")));
    }
    if (!found.isEmpty()) s += tr(" Candidates — %1.").arg(andMore(found));
    if (!out.isEmpty()) s += tr(" Ruled out — %1.").arg(andMore(out));
    if (found.isEmpty()) s += tr(" No node has a candidate: nothing is evicted and nothing is nominated.");
    return s;
}

QString CyclePlayback::pickNarration() const {
    const PreemptionUi& p = m_trace.preemption;
    if (p.candidates.size() == 1)
        return tr("pickOneNodeForPreemption: %1 is the only candidate, so there is nothing to compare.")
            .arg(p.nominated);
    QStringList steps;
    for (int i = 0; i < p.pick.size(); ++i)
        steps << tr("%1. %2: %3")
                     .arg(i + 1)
                     .arg(p.pick[i].criterion, p.pick[i].kept.join(QStringLiteral(", ")));
    return tr("pickOneNodeForPreemption compares the %1 candidates by upstream's criteria in order and stops when "
              "one is left: %2. It picks %3.")
        .arg(p.candidates.size())
        .arg(steps.join(QStringLiteral("; ")), p.nominated);
}

QString CyclePlayback::evictNarration() const {
    const PreemptionUi& p = m_trace.preemption;
    const PreemptionCandidateUi* c = p.chosen();
    QStringList pods;
    if (c)
        for (const auto& v : c->victims) pods << v.pod;
    return tr("prepareCandidate: the victims on %1 are deleted (%2), and pods of lower priority nominated to %1 "
              "lose that nomination. (Upstream they terminate gracefully first; Berth frees the room at once.)")
        .arg(p.nominated, pods.join(QStringLiteral(", ")));
}

QString CyclePlayback::failedNarration() const {
    const CycleTraceUi& t = m_trace;
    const QString message = t.message.isEmpty() ? tr("(no message).") : t.message;
    if (!t.preemption.nominated.isEmpty())
        return tr("handleSchedulingFailure: the attempt fails (%1), but %2 now carries nominatedNodeName %3: that "
                  "room is kept for it, and pods of lower priority may not take it. The victims' deletion sends it "
                  "back to the queue; its next attempt tries %3 first.")
            .arg(message, t.pod, t.preemption.nominated);
    if (preempting())
        return tr("No node fits: %1 Preemption found no node to free, so the pod goes to backoffQ or the "
                  "unschedulable pool until a cluster event may help.")
            .arg(message);
    return tr("No node fits: %1 The pod goes to backoffQ or the unschedulable pool until a cluster event may help.")
        .arg(message);
}

void CyclePlayback::preemptionMarks() {
    const PreemptionUi& p = m_trace.preemption;
    for (const auto& c : p.candidates) {
        const bool chosen = c.node == p.nominated;
        if (m_phase == Evict && !chosen) continue;
        NodeMark m;
        m.mark = CandidateMark;
        m.winner = chosen && m_phase != Candidates;
        m.total = c.victims.size();
        m_marks.insert(c.node, m);
        if (m_phase == Candidates || (m_phase == PickNode && chosen))
            for (const auto& v : c.victims) m_victims.insert(v.pod);
    }
    if (m_phase != Candidates) return;
    for (const auto& r : p.rejected) {
        NodeMark m;
        m.mark = FailMark;
        m_marks.insert(r.first, m);
    }
}

QHash<QString, QString> CyclePlayback::heldVictims() const {
    QHash<QString, QString> held;
    if (m_phase < Pop || m_phase == Bind || m_phase >= Evict) return held;
    if (const PreemptionCandidateUi* c = m_trace.preemption.chosen())
        for (const auto& v : c->victims) held.insert(v.pod, c->node);
    return held;
}

}  // namespace berth::app
