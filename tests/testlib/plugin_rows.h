#pragma once
/// Qt Test table helpers shared by the plugin and framework tests: a row's Kubernetes version,
/// and a plugin's verdicts and scores over every node of a TestCluster written as one line
/// ("n1=ok n2=U", "n1=100 n2=0"), sorted by node name, to compare with a column.

#include <QString>
#include <QStringList>

#include "core/framework/interface.h"
#include "testlib/builders.h"

namespace berth::testlib {

/// The version a table row names; empty means the newest. A bad one fails the test run.
KubeVersion versionOf(const QString& v);

/// "ok", "U" (Unschedulable), "UU" (UnschedulableAndUnresolvable) or the code's name.
QString verdictCode(const Status& s);

/// Filter on every snapshot node: "n1=ok n2=U ...".
QString filterAll(TestCluster& tc, const FilterPlugin& pl, const CycleState& state, const Pod& pod);

struct PluginScores {
    Status preScore;
    QString raw;         // Score: "n1=9 n2=8 ..."
    QString normalized;  // after NormalizeScore
};

/// PreScore over `feasible` (every snapshot node when empty), then Score and NormalizeScore.
PluginScores scoreAll(TestCluster& tc, PreScorePlugin& pre, ScorePlugin& pl, CycleState& state, const Pod& pod,
                      const QStringList& feasible = {});

template <class Plugin>
PluginScores scoreAll(TestCluster& tc, Plugin& pl, CycleState& state, const Pod& pod,
                      const QStringList& feasible = {}) {
    return scoreAll(tc, static_cast<PreScorePlugin&>(pl), static_cast<ScorePlugin&>(pl), state, pod, feasible);
}

}  // namespace berth::testlib
