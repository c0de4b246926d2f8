#pragma once
/// DefaultPreemption (plugins/defaultpreemption/default_preemption.go and
/// framework/preemption/preemption.go): when no node fits, find nodes where evicting
/// lower-priority pods would make room, pick the best one, evict its victims and nominate it.

#include <memory>
#include <string>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class Extender;
struct PreemptionTrace;

/// One node where preemption would work, and what it would cost.
struct PreemptionCandidate {
    int node = 0;                     // snapshot index
    std::vector<const Pod*> victims;  // in upstream's order (see selectVictimsOnNode)
    int numPDBViolations = 0;
    std::vector<const Pod*> budgetViolators;  // the victims counted in numPDBViolations
};

/// One criterion of pickOneNodeForPreemption that ran: its name and the candidates (indices)
/// still tied after it.
struct PreemptionPickRecord {
    const char* criterion = "";
    std::vector<std::size_t> kept;
};

class DefaultPreemption final : public PostFilterPlugin {
public:
    static constexpr std::string_view kName = "DefaultPreemption";
    DefaultPreemption(const PluginArgs& args, Handle& h);
    std::string_view name() const override { return kName; }
    Status postFilter(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                      PostFilterResult& result) override;

    /// SelectVictimsOnNode on a copy of the node; Success with victims, or the failing status.
    /// `violators`, when given, receives the victims that violate a budget.
    Status selectVictimsOnNode(CycleState& state, const Pod& pod, NodeInfo& nodeInfo, std::vector<const Pod*>& victims,
                               int& numPDBViolations, std::vector<const Pod*>* violators = nullptr) const;
    /// pickOneNodeForPreemption: the index into `candidates`. `steps`, when given, receives
    /// each criterion that ran and the candidates it kept (the trace's account of the pick).
    std::size_t pickOneNodeForPreemption(const std::vector<PreemptionCandidate>& candidates,
                                         std::vector<PreemptionPickRecord>* steps = nullptr) const;
    std::int32_t calculateNumCandidates(std::int32_t numNodes) const;
    /// The scheduler's extenders, for callExtenders (upstream reads Handle.Extenders()); the
    /// scheduler sets them after building the profile.
    void setExtenders(const std::vector<std::shared_ptr<Extender>>* extenders) { m_extenders = extenders; }
    /// Where the next postFilter records its candidates, victims and pick (a traced cycle's
    /// account); null: nothing is recorded. The scheduler sets it around one call.
    void setTrace(PreemptionTrace* trace) { m_trace = trace; }

private:
    /// findCandidates (preemption.go): the nodes where preemption might help, then the dry
    /// run. Nodes it rules out get their reason in `preemptionStatuses`.
    Status findCandidates(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                          std::vector<PreemptionCandidate>& candidates, NodeStatusMap& preemptionStatuses) const;
    /// DryRunPreemption: selectVictimsOnNode on a copy of each potential node, from a random
    /// offset, until enough candidates are found; non-violating candidates first.
    Status dryRunPreemption(CycleState& state, const Pod& pod, const std::vector<int>& potential,
                            std::vector<PreemptionCandidate>& candidates, NodeStatusMap& preemptionStatuses) const;
    /// The FitError text when no node has a candidate ("0/N nodes are available: ...").
    std::string noCandidateMessage(const NodeStatusMap& preemptionStatuses) const;
    /// Copies the dry run's outcome into the handle's preemption trace (when one is set).
    void traceCandidates(const std::vector<PreemptionCandidate>& candidates,
                         const NodeStatusMap& preemptionStatuses) const;
    /// The candidates as the trace lists them (node, victims, budget violations), appended.
    void traceCandidateList(const std::vector<PreemptionCandidate>& candidates) const;
    /// prepareCandidate: evicts the victims and clears lower-priority nominations on the node.
    void prepareCandidate(const PreemptionCandidate& best, const Pod& pod, Sym nodeName) const;
    /// (eligible, message) as PodEligibleToPreemptOthers.
    bool eligible(const Pod& pod, const NodeStatusMap& statuses, std::string& message) const;
    std::int64_t startTimeOf(const Pod& p) const;
    bool moreImportant(const Pod& a, const Pod& b) const;

    Handle& m_handle;
    DefaultPreemptionArgs m_args;
    Sym m_noVictims;
    Sym m_notHelpful;
    const std::vector<std::shared_ptr<Extender>>* m_extenders = nullptr;
    PreemptionTrace* m_trace = nullptr;
};

}  // namespace berth::core
