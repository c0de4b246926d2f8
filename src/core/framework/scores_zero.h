#pragma once
/// A Score plugin that can tell, before scoring, that it gives every node 0 for a pod: its
/// row then adds nothing to the weighted totals, and the runtime leaves it out of the sums
/// when no trace asks for the per-plugin scores (framework_score.cpp; the fast paths only).
/// Upstream scores such a plugin on every node; the totals, and so the decisions, are the same.

#include "core/api/pod.h"
#include "core/framework/cycle_state.h"

namespace berth::core {

class ScoresZeroEverywhere {
public:
    virtual ~ScoresZeroEverywhere() = default;
    /// True only when Score and NormalizeScore give every node 0 for `pod` in this cycle.
    virtual bool scoresZeroEverywhere(const CycleState& state, const Pod& pod) const = 0;
};

/// A Score plugin that can tell, before scoring, that it gives every node the same score for a
/// pod after NormalizeScore (TaintToleration when no node has a PreferNoSchedule taint: 100 on
/// each). Such a row adds the same number to every node's total. Nothing reads the totals
/// but selectHost, which compares them (the largest, the equal ones), and the extenders, which
/// add their own scores to them; so the runtime leaves the row out as it does a row of zeros
/// (no trace, fast paths only). Each total is then lower than upstream's by that one number,
/// and the decisions are the same.
class ScoresSameEverywhere {
public:
    virtual ~ScoresSameEverywhere() = default;
    /// True only when Score and NormalizeScore give every node the same score for `pod` in
    /// this cycle.
    virtual bool scoresSameEverywhere(const CycleState& state, const Pod& pod) const = 0;
};

}  // namespace berth::core
