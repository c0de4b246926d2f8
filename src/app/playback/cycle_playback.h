#pragma once
/// Playback of one scheduling cycle, phase by phase, for step mode and slow play: which
/// extension point is showing (queue pop -> filter -> extenders, when some filtered -> score ->
/// select -> assume, and bind when the binding cycle completes; or, when no node fits,
/// filtering -> PostFilter's preemption stages -> the failure with its nomination), what each
/// node looks like at that point (pass / fail, score heat, the winner, preemption candidates
/// and their victims) and a sentence or two of narration naming the upstream stage. It only
/// re-reads a recorded CycleTraceUi: the core has already made every decision.

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include "app/engine/trace_types.h"

namespace berth::app {

class CyclePlayback : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
    Q_PROPERTY(int phase READ phase NOTIFY changed)
    Q_PROPERTY(QString phaseName READ phaseName NOTIFY changed)
    Q_PROPERTY(QString stage READ stage NOTIFY changed)
    Q_PROPERTY(QString narration READ narration NOTIFY changed)
    Q_PROPERTY(QString pod READ pod NOTIFY changed)
    Q_PROPERTY(QString node READ node NOTIFY changed)
    Q_PROPERTY(bool hasNext READ hasNext NOTIFY changed)
    Q_PROPERTY(bool active READ active NOTIFY changed)
public:
    /// In the order a cycle goes through them. Extenders follows Filter when extenders filtered.
    /// After filtering, a cycle where no node fits goes to PostFilter's stages when
    /// DefaultPreemption ran (Candidates: the dry run; PickNode: pickOneNodeForPreemption;
    /// Evict: prepareCandidate), then to Failed.
    enum Phase { Idle, Pop, Filter, Extenders, Score, Select, Assume, Bind, Candidates, PickNode, Evict, Failed, Clock };
    Q_ENUM(Phase)
    /// CandidateMark: a node where preemption would make room.
    enum Mark : quint8 { NoMark, PassMark, FailMark, SkipMark, CandidateMark };
    /// How the canvas draws one node at the current phase.
    struct NodeMark {
        Mark mark = NoMark;
        double heat = -1;  // 0..1 among scored nodes; < 0: no heat
        bool winner = false;
        qint64 total = 0;  // the score total, when heat >= 0
    };

    using QObject::QObject;

    int phase() const { return m_phase; }
    QString phaseName() const;
    /// The upstream function this phase corresponds to (scheduleOne, findNodesThatFitPod, ...).
    QString stage() const;
    QString narration() const;
    QString pod() const { return m_phase == Bind ? m_boundPod : m_trace.pod; }
    QString node() const { return m_phase == Bind ? m_boundNode : m_trace.chosen; }
    bool hasNext() const;
    /// An earlier extension point of the same cycle can be shown (retreat()).
    bool hasPrevious() const;
    bool active() const { return m_phase != Idle; }
    const CycleTraceUi& trace() const { return m_trace; }

    /// A new cycle: from its first phase (step by extension point) or already at its last.
    void showCycle(const CycleTraceUi& trace, bool fromStart);
    /// The binding cycle finished: `count` pods bound, the newest `pod` on `node`.
    void showBind(const QString& pod, const QString& node, int count);
    /// A step that ran no cycle: the clock advanced (`what` happened).
    void showClock(const QString& what);
    /// Moves to the next phase of the current cycle; false when there is none.
    bool advance();
    /// Moves back to the previous phase of the current cycle; false when there is none (the
    /// cycle is at its first phase, or what is shown is a bind or the clock).
    bool retreat();
    void clear();

    /// Per node name, at the current phase (empty when nothing is highlighted).
    const QHash<QString, NodeMark>& marks() const { return m_marks; }
    /// Before assume the popped pod is still in the queue: the canvas keeps it in the tray.
    bool holdsBack(const QString& podKey) const { return m_phase >= Pop && m_phase < Assume && podKey == m_trace.pod; }
    /// Before Evict the nominated node's victims are still running: the canvas draws them on
    /// their node (pod key -> node name), though the models already count them evicted.
    QHash<QString, QString> heldVictims() const;
    /// The victims the canvas outlines at this phase: every candidate's during Candidates,
    /// the chosen node's during PickNode.
    const QSet<QString>& victims() const { return m_victims; }

Q_SIGNALS:
    void changed();

private:
    /// The phases this cycle goes through, in order (Pop ... Assume or Failed).
    QList<Phase> path() const;
    Phase lastPhase() const;
    bool preempting() const { return m_trace.preemption.ran; }
    // The preemption stages' narration and marks (cycle_playback_preemption.cpp).
    QString candidatesNarration() const;
    QString pickNarration() const;
    QString evictNarration() const;
    QString failedNarration() const;
    void preemptionMarks();
    /// The chosen node's total, and every feasible node with that total (a tie when two or more).
    qint64 topTotal() const;
    QStringList tiedNodes() const;
    void setPhase(Phase p);
    void rebuildMarks();

    CycleTraceUi m_trace;
    Phase m_phase = Idle;
    QString m_boundPod, m_boundNode, m_clockText;
    int m_boundCount = 0;
    QHash<QString, NodeMark> m_marks;
    QSet<QString> m_victims;
};

}  // namespace berth::app
