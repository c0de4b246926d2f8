#pragma once
/// One scheduling attempt as the GUI sees it: core::CycleTrace copied into Qt value types on
/// the worker thread (plus the profile's Filter and Score plugin order, which the trace does
/// not carry), so the inspector tables and the step-mode canvas never touch the core.

#include <QList>
#include <QMetaType>
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

struct CycleTraceUi {
    quint32 podId = 0;
    QString pod;                // namespace/name; empty: no trace
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
