#pragma once
/// One scheduling attempt as the GUI sees it: core::CycleTrace copied into Qt value types on
/// the worker thread (plus the profile's Filter and Score plugin order, which the trace does
/// not carry), so the inspector tables and the step-mode canvas never touch the core.

#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>

namespace berth::app {

struct PluginScoreUi {
    QString plugin;
    qint64 raw = 0;
    qint64 normalized = 0;  // after NormalizeScore, 0..100
    qint64 weight = 1;
    qint64 weighted = 0;  // normalized * weight
    bool extender = false;  // a scheduler extender's prioritize score (raw 0..10, normalized ×10)
    bool operator==(const PluginScoreUi&) const = default;
};

struct NodeTraceUi {
    QString node;
    bool evaluated = false;  // Filter ran on it (or PreFilter rejected it)
    bool feasible = false;
    bool excluded = false;  // left out by a PreFilterResult (e.g. a nodeName / matchFields pod)
    QString filterPlugin;   // the first Filter plugin that said no ("" when feasible)
    QString filterCode;     // Unschedulable | UnschedulableAndUnresolvable
    QStringList reasons;
    QList<PluginScoreUi> scores;  // empty unless scored
    qint64 total = 0;
    bool operator==(const NodeTraceUi&) const = default;
};

/// A pod preemption would evict (core::PreemptionVictimTrace).
struct PreemptionVictimUi {
    QString pod;  // namespace/name
    qint32 priority = 0;
    bool violatesBudget = false;
    bool operator==(const PreemptionVictimUi&) const = default;
};

/// A node where evicting lower-priority pods makes room (core::PreemptionCandidateTrace).
struct PreemptionCandidateUi {
    QString node;
    QList<PreemptionVictimUi> victims;  // upstream's order
    int numPDBViolations = 0;
    bool operator==(const PreemptionCandidateUi&) const = default;
};

/// One criterion of pickOneNodeForPreemption that ran, and the candidates still tied after it.
struct PreemptionPickUi {
    QString criterion;
    QStringList kept;
    bool operator==(const PreemptionPickUi&) const = default;
};

/// One preempt-verb extender's answer: the candidate nodes sent and those it kept.
struct PreemptionExtenderUi {
    QString extender;
    QStringList asked;
    QStringList kept;
    QString error;  // empty when none
    bool ignored = false;
    bool operator==(const PreemptionExtenderUi&) const = default;
};

/// What PostFilter (DefaultPreemption) did when no node fit (core::PreemptionTrace).
struct PreemptionUi {
    bool ran = false;
    QString notEligible;
    int potentialNodes = 0;
    int numCandidatesWanted = 0;
    QList<PreemptionCandidateUi> candidates;
    QList<QPair<QString, QString>> rejected;  // node, why the dry run ruled it out
    QList<PreemptionPickUi> pick;
    QList<PreemptionExtenderUi> extenders;  // in the order called, before the pick
    QString nominated;

    /// The nominated node's candidate (null when none was nominated).
    const PreemptionCandidateUi* chosen() const {
        for (const auto& c : candidates)
            if (c.node == nominated) return &c;
        return nullptr;
    }
    bool operator==(const PreemptionUi&) const = default;
};

struct CycleTraceUi {
    quint32 podId = 0;
    QString pod;                // namespace/name; empty: no trace
    QString nominatedNode;      // an earlier preemption's nomination, tried first
    int attempt = 0;            // 1-based attempt number of this pod
    qint64 timeNs = 0;          // simulated time of the cycle
    QStringList filterPlugins;  // the pod's profile, in run order, then the filter extenders
    QStringList scorePlugins;   // likewise, then the prioritize extenders
    QStringList filterExtenders;  // the extenders among filterPlugins (they run after the plugins)
    QStringList extenderNotes;    // "<extender>: <error>" for an extender call that failed
    QList<NodeTraceUi> nodes;  // snapshot order
    bool scored = false;       // >= 2 feasible nodes (upstream skips Score for one)
    QString chosen;            // "" when not placed
    QString message;           // FitError text
    bool schedulerError = false;
    PreemptionUi preemption;  // ran == false unless PostFilter ran

    bool isValid() const { return !pod.isEmpty(); }
    int feasibleCount() const {
        int n = 0;
        for (const auto& t : nodes) n += t.feasible ? 1 : 0;
        return n;
    }
    /// A node the Filter plugins passed and an extender then rejected.
    bool rejectedByExtender(const NodeTraceUi& n) const {
        return !n.feasible && !n.filterPlugin.isEmpty() && filterExtenders.contains(n.filterPlugin);
    }
};

}  // namespace berth::app

Q_DECLARE_METATYPE(berth::app::CycleTraceUi)
