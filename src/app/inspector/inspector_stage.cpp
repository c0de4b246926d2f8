// The inspector in step with the playback: it follows the pod on stage and shows of its
// cycle only the extension points the stage has reached. The worker's trace is the whole
// attempt (the core has finished it); this cuts it to what has happened so far.

#include "app/inspector/inspector.h"
#include "app/playback/cycle_playback.h"

namespace berth::app {

namespace {

/// Phases whose trace is cut: the cycle's own, before its outcome is shown.
bool cuts(int phase) { return phase >= CyclePlayback::Pop && phase < CyclePlayback::Select; }

}  // namespace

void Inspector::setStage(const CycleTraceUi& trace, int phase, const QString& podOnStage) {
    // A bind step puts the bound pod on stage with no cycle of its own: follow it, uncut.
    if (phase == CyclePlayback::Bind && !podOnStage.isEmpty() && podOnStage != m_selectedPod) {
        m_stagePodId = -1;
        m_stagePhase = CyclePlayback::Idle;
        return select(m_selectedNode, podOnStage);
    }
    // A bind or a clock step shows no cycle of its own (the trace is the previous cycle's).
    const bool staged = trace.isValid() && phase >= CyclePlayback::Pop && phase <= CyclePlayback::Failed &&
                        phase != CyclePlayback::Bind;
    const qint64 podId = staged ? static_cast<qint64>(trace.podId) : -1;
    m_stagePhase = staged ? phase : CyclePlayback::Idle;
    // A new pod on stage: follow it (select() asks the worker too; it answers with this trace).
    if (podId >= 0 && podId != m_stagePodId && podId != m_selectedPodId) select(m_selectedNode, trace.pod);
    m_stagePodId = podId;
    // The stage's attempt is the selected pod's newest; otherwise the same trace, cut anew.
    applyTrace(podId >= 0 && podId == m_selectedPodId ? trace : m_fullTrace);
}

bool Inspector::onStage() const {
    return m_stagePodId >= 0 && m_stagePodId == m_selectedPodId && m_stagePhase != CyclePlayback::Idle &&
           m_fullTrace.isValid() && m_fullTrace.podId == static_cast<quint32>(m_stagePodId);
}

bool Inspector::scoreRevealed() const { return !onStage() || m_stagePhase >= CyclePlayback::Score; }

CycleTraceUi Inspector::revealedTrace() const {
    if (!onStage() || !cuts(m_stagePhase)) return m_fullTrace;
    CycleTraceUi t = m_fullTrace;
    t.chosen.clear();  // selectHost has not run
    t.message.clear();
    if (m_stagePhase >= CyclePlayback::Score) return t;
    t.scored = false;
    for (NodeTraceUi& n : t.nodes) {
        n.scores.clear();
        n.total = 0;
    }
    if (m_stagePhase >= CyclePlayback::Extenders) return t;
    // Filter: the extenders have not run yet, so the nodes they reject still fit.
    for (NodeTraceUi& n : t.nodes)
        if (t.rejectedByExtender(n)) {
            n.feasible = true;
            n.filterPlugin.clear();
            n.filterCode.clear();
            n.reasons.clear();
        }
    if (m_stagePhase >= CyclePlayback::Filter) return t;
    // Popped: PreFilter runs; no node has been filtered yet.
    for (NodeTraceUi& n : t.nodes) {
        NodeTraceUi unfiltered;
        unfiltered.node = n.node;
        n = unfiltered;
    }
    return t;
}

QString Inspector::stageSummary() const {
    if (!onStage() || !cuts(m_stagePhase)) return {};
    const int fit = m_trace.feasibleCount();
    switch (m_stagePhase) {
        case CyclePlayback::Pop:
            return tr("Attempt %1: popped from activeQ; PreFilter and Filter come next").arg(m_trace.attempt);
        case CyclePlayback::Filter:
            return tr("Attempt %1: %2 of %3 nodes fit so far (Filter); %4 comes next")
                .arg(m_trace.attempt)
                .arg(fit)
                .arg(m_trace.nodes.size())
                .arg(m_fullTrace.filterExtenders.isEmpty() ? tr("Score") : tr("the extenders' filter"));
        case CyclePlayback::Extenders:
            return tr("Attempt %1: %2 of %3 nodes fit after the extenders; Score comes next")
                .arg(m_trace.attempt)
                .arg(fit)
                .arg(m_trace.nodes.size());
        default:
            return tr("Attempt %1: %2 of %3 nodes fit and are scored; selectHost comes next")
                .arg(m_trace.attempt)
                .arg(fit)
                .arg(m_trace.nodes.size());
    }
}

}  // namespace berth::app
