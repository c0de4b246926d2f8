#pragma once
/// What one scheduling attempt decided, node by node and plugin by plugin: the record behind
/// `berthctl --trace`, `explain` and the GUI's inspector. Built from the cycle's own data
/// (statuses, score matrix) only when someone asked for it.

#include <cstdint>
#include <string>
#include <vector>

namespace berth::core {

struct PluginScoreTrace {
    std::string plugin;
    std::int64_t raw = 0;
    std::int64_t normalized = 0;
    std::int64_t weight = 1;
    std::int64_t weighted = 0;
    /// A scheduler extender's prioritize row: `plugin` is its name, `raw` its 0..10 score,
    /// `normalized` raw × MaxNodeScore / MaxExtenderPriority.
    bool extender = false;
};

/// One configured extender's part in the cycle (extenders_in_cycle.h), in the order called.
struct ExtenderTrace {
    std::string extender;      // its Name(): the urlPrefix
    bool interested = true;    // false: managedResources, none requested by the pod; not called
    bool filtered = false;     // its filter verb was called
    bool prioritized = false;  // its prioritize verb was called
    std::int64_t weight = 0;
    std::string error;     // the call's error ("" when none)
    bool ignored = false;  // an ignorable extender's error: skipped
};

struct NodeTrace {
    std::string node;
    bool evaluated = false;  // Filter ran (or PreFilter rejected it)
    bool feasible = false;
    std::string filterPlugin;  // first rejecting plugin ("" when feasible / not evaluated)
    std::string filterCode;    // Unschedulable | UnschedulableAndUnresolvable
    std::vector<std::string> reasons;
    bool excludedByPreFilterResult = false;
    std::vector<PluginScoreTrace> scores;  // empty unless scored
    std::int64_t total = 0;
};

/// A pod DefaultPreemption would evict from a candidate node.
struct PreemptionVictimTrace {
    std::string pod;  // namespace/name
    std::int32_t priority = 0;
    bool violatesBudget = false;  // evicting it takes a PodDisruptionBudget below zero
};

/// A node where the dry run found that evicting lower-priority pods makes room.
struct PreemptionCandidateTrace {
    std::string node;
    std::vector<PreemptionVictimTrace> victims;  // in upstream's order (selectVictimsOnNode)
    int numPDBViolations = 0;
};

/// A node the dry run ruled out, and why (no lower-priority pods, still no fit without them,
/// or rejected for a reason eviction cannot fix).
struct PreemptionRejectTrace {
    std::string node;
    std::string reason;
};

/// One criterion of pickOneNodeForPreemption (preemption.go), in the order upstream applies
/// them, and the candidates still tied after it. Only the criteria that ran are listed: the
/// pick stops at the first that leaves one candidate.
struct PreemptionPickStep {
    std::string criterion;
    std::vector<std::string> kept;
};

/// One preempt-verb extender's answer (preemption.go callExtenders), in the order called: the
/// candidate nodes it was sent and the ones it kept (with the victims it agreed to).
struct PreemptionExtenderTrace {
    std::string extender;             // its Name(): the urlPrefix
    std::vector<std::string> asked;   // the candidates' nodes sent, in candidate order
    std::vector<std::string> kept;    // the nodes of its answer, in the order kept
    std::string error;                // the call's error ("" when none)
    bool ignored = false;             // an ignorable extender's error: skipped
};

/// What PostFilter (DefaultPreemption) did in a cycle where no node fit.
struct PreemptionTrace {
    bool ran = false;
    std::string notEligible;   // PodEligibleToPreemptOthers said no: why ("" when eligible)
    int potentialNodes = 0;    // nodes not rejected as UnschedulableAndUnresolvable
    int numCandidatesWanted = 0;  // the dry run stops once it has this many (calculateNumCandidates)
    /// In the order pickOneNodeForPreemption sees them: the dry run's, or what the preempt
    /// extenders kept of them when any were called.
    std::vector<PreemptionCandidateTrace> candidates;
    std::vector<PreemptionExtenderTrace> extenders;  // the preempt extenders called
    std::vector<PreemptionRejectTrace> rejected;       // snapshot order; nodes the dry run never reached are in neither list
    std::vector<PreemptionPickStep> pick;
    std::string nominated;  // the node chosen and nominated ("" when none)
};

struct CycleTrace {
    std::string pod;  // namespace/name
    /// The pod's nominated node when the cycle started (an earlier preemption's), tried first.
    std::string nominatedNode;
    /// The profile's Filter and Score plugins in the order they run: a table's columns.
    std::vector<std::string> filterPlugins;
    std::vector<std::string> scorePlugins;
    /// The extenders that took part, when any: a node's filterPlugin may name one of them
    /// (it rejected the node), and its prioritize scores are rows of the node's scores.
    std::vector<ExtenderTrace> extenders;
    std::vector<NodeTrace> nodes;  // snapshot order
    bool scored = false;           // >= 2 feasible nodes
    std::string chosen;
    std::string message;  // FitError text, "" when placed
    bool schedulerError = false;
    PreemptionTrace preemption;  // ran == false unless PostFilter ran
};

}  // namespace berth::core
