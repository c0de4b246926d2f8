#include "core/framework/plugins/defaultpreemption/default_preemption.h"

#include <algorithm>
#include <limits>
#include <map>

#include "core/framework/listers.h"
#include "core/framework/plugins/defaultpreemption/preemption_extenders.h"
#include "core/framework/plugins_runner.h"
#include "core/framework/pod_nominator.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

DefaultPreemption::DefaultPreemption(const PluginArgs& args, Handle& h)
    : m_handle(h),
      m_args(args.defaultPreemption),
      m_noVictims(h.intern("No preemption victims found for incoming pod")),
      m_notHelpful(h.intern("Preemption is not helpful for scheduling")) {}

std::int32_t DefaultPreemption::calculateNumCandidates(std::int32_t numNodes) const {
    std::int32_t n = numNodes * m_args.minCandidateNodesPercentage / 100;
    if (n < m_args.minCandidateNodesAbsolute) n = m_args.minCandidateNodesAbsolute;
    if (n > numNodes) n = numNodes;
    return n;
}

std::int64_t DefaultPreemption::startTimeOf(const Pod& p) const {
    // GetPodStartTime: a pod without status.startTime counts as starting now, i.e. after
    // every recorded start.
    return p.startTime.value_or(std::numeric_limits<std::int64_t>::max());
}

bool DefaultPreemption::moreImportant(const Pod& a, const Pod& b) const {
    if (a.priority != b.priority) return a.priority > b.priority;
    return startTimeOf(a) < startTimeOf(b);
}

bool DefaultPreemption::eligible(const Pod& pod, const NodeStatusMap& statuses, std::string& message) const {
    if (pod.preemptionPolicy == PreemptionPolicy::Never) {
        message = "not eligible due to preemptionPolicy=Never.";
        return false;
    }
    if (pod.nominatedNodeName != kEmptySym) {
        const int idx = m_handle.snapshot->indexOf(pod.nominatedNodeName);
        if (idx >= 0 && statuses.contains(static_cast<std::size_t>(idx)) &&
            statuses.statuses[static_cast<std::size_t>(idx)].code() == Code::UnschedulableAndUnresolvable)
            return true;
        if (const NodeInfo* ni = m_handle.snapshot->get(pod.nominatedNodeName))
            for (const Pod* p : ni->pods())
                if (p->terminating && p->priority < pod.priority) {
                    message = "not eligible due to a terminating pod on the nominated node.";
                    return false;
                }
    }
    return true;
}

Status DefaultPreemption::selectVictimsOnNode(CycleState& state, const Pod& pod, NodeInfo& nodeInfo,
                                              std::vector<const Pod*>& victims, int& numPDBViolations,
                                              std::vector<const Pod*>* violators) const {
    const PluginsRunner& fw = *m_handle.runner;
    std::vector<const Pod*> potential;
    for (const Pod* p : std::vector<const Pod*>(nodeInfo.pods().begin(), nodeInfo.pods().end())) {
        if (p->priority >= pod.priority) continue;
        potential.push_back(p);
        nodeInfo.removePod(p);
        Status s = fw.runPreFilterExtensionRemovePod(state, pod, *p, nodeInfo);
        if (!s.isSuccess()) return s;
    }
    if (potential.empty()) return Status(Code::UnschedulableAndUnresolvable, m_noVictims);
    if (Status s = fw.runFilterPluginsWithNominatedPods(state, pod, nodeInfo); !s.isSuccess()) return s;

    std::stable_sort(potential.begin(), potential.end(),
                     [&](const Pod* a, const Pod* b) { return moreImportant(*a, *b); });
    // filterPodsWithPDBViolation: walk in importance order, spending each matching budget.
    const auto& pdbs = m_handle.cluster->pdbs;
    std::vector<std::int32_t> allowed;
    for (const auto& pdb : pdbs) allowed.push_back(pdb.disruptionsAllowed);
    std::vector<const Pod*> violating, nonViolating;
    for (const Pod* p : potential) {
        bool violated = false;
        if (!p->labels.empty()) {
            for (std::size_t i = 0; i < pdbs.size(); ++i) {
                const auto& pdb = pdbs[i];
                if (!pdb.covers(*p)) continue;
                if (std::find(pdb.disruptedPods.begin(), pdb.disruptedPods.end(), p->name) != pdb.disruptedPods.end())
                    continue;
                if (--allowed[i] < 0) violated = true;
            }
        }
        (violated ? violating : nonViolating).push_back(p);
    }
    victims.clear();
    numPDBViolations = 0;
    auto reprieve = [&](const Pod* p) -> std::optional<bool> {
        nodeInfo.addPod(p);
        if (!fw.runPreFilterExtensionAddPod(state, pod, *p, nodeInfo).isSuccess()) return std::nullopt;
        const bool fits = fw.runFilterPluginsWithNominatedPods(state, pod, nodeInfo).isSuccess();
        if (!fits) {
            nodeInfo.removePod(p);
            if (!fw.runPreFilterExtensionRemovePod(state, pod, *p, nodeInfo).isSuccess()) return std::nullopt;
            victims.push_back(p);
        }
        return fits;
    };
    for (const Pod* p : violating) {
        auto fits = reprieve(p);
        if (!fits) return Status::error("preemption: updating PreFilter state failed");
        if (*fits) continue;
        ++numPDBViolations;
        if (violators) violators->push_back(p);
    }
    for (const Pod* p : nonViolating)
        if (!reprieve(p)) return Status::error("preemption: updating PreFilter state failed");
    // >= 1.30 re-sorts the victims by importance; before, violating victims come first.
    if (m_handle.version.atLeast(30))
        std::stable_sort(victims.begin(), victims.end(),
                         [&](const Pod* a, const Pod* b) { return moreImportant(*a, *b); });
    return {};
}

// long: upstream's five criteria in order, each a few lines, recorded as they narrow
std::size_t DefaultPreemption::pickOneNodeForPreemption(const std::vector<PreemptionCandidate>& candidates,
                                                        std::vector<PreemptionPickRecord>* steps) const {
    std::vector<std::size_t> keep(candidates.size());
    for (std::size_t i = 0; i < keep.size(); ++i) keep[i] = i;
    auto narrow = [&](const char* criterion, auto key) {  // keep the candidates with the smallest key
        if (keep.size() <= 1) return;
        auto best = key(candidates[keep.front()]);
        for (std::size_t i : keep) best = std::min(best, key(candidates[i]));
        std::vector<std::size_t> next;
        for (std::size_t i : keep)
            if (key(candidates[i]) == best) next.push_back(i);
        keep = std::move(next);
        if (steps) steps->push_back({criterion, keep});
    };
    narrow("fewest PodDisruptionBudget violations",
           [](const PreemptionCandidate& c) { return std::int64_t{c.numPDBViolations}; });
    narrow("lowest priority of the most important victim",
           [](const PreemptionCandidate& c) { return std::int64_t{c.victims.front()->priority}; });
    narrow("smallest sum of victim priorities", [](const PreemptionCandidate& c) {
        std::int64_t sum = 0;
        for (const Pod* v : c.victims)
            sum += std::int64_t{v->priority} + std::int64_t{std::numeric_limits<std::int32_t>::max()} + 1;
        return sum;
    });
    narrow("fewest victims", [](const PreemptionCandidate& c) { return static_cast<std::int64_t>(c.victims.size()); });
    if (keep.size() == 1) return keep.front();
    // Latest "earliest start time among the highest-priority victims" wins; the first such
    // candidate stays on ties.
    auto earliestOfHighest = [&](const PreemptionCandidate& c) {
        std::int32_t top = std::numeric_limits<std::int32_t>::min();
        for (const Pod* v : c.victims) top = std::max(top, v->priority);
        std::int64_t earliest = std::numeric_limits<std::int64_t>::max();
        for (const Pod* v : c.victims)
            if (v->priority == top) earliest = std::min(earliest, startTimeOf(*v));
        return earliest;
    };
    std::size_t chosen = keep.front();
    std::int64_t latest = earliestOfHighest(candidates[chosen]);
    for (std::size_t k = 1; k < keep.size(); ++k) {
        const std::int64_t t = earliestOfHighest(candidates[keep[k]]);
        if (t > latest) {
            latest = t;
            chosen = keep[k];
        }
    }
    if (steps) {
        PreemptionPickRecord latestStart{"latest start of the most important victims", {}};
        for (std::size_t i : keep)
            if (earliestOfHighest(candidates[i]) == latest) latestStart.kept.push_back(i);
        const bool tied = latestStart.kept.size() > 1;
        steps->push_back(std::move(latestStart));
        if (tied) steps->push_back({"the first of them", {chosen}});
    }
    return chosen;
}

Status DefaultPreemption::postFilter(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                                     PostFilterResult& result) {
    auto fail = [&](const std::string& msg) {
        return Status(Code::Unschedulable, m_handle.intern("preemption: " + msg));
    };
    // PostFilter (default_preemption.go) prefixes any message of Preempt's, an error's too.
    auto failWith = [](const Status& error) { return Status::error("preemption: " + error.errorText()); };

    PreemptionTrace* trace = m_trace;
    if (trace) trace->ran = true;
    std::string why;
    if (!eligible(pod, statuses, why)) {
        if (trace) trace->notEligible = why;
        return fail(why);
    }

    const auto& nodes = m_handle.snapshot->nodes();
    if (nodes.empty()) return failWith(Status::error("no nodes available"));
    std::vector<PreemptionCandidate> candidates;
    NodeStatusMap preemptionStatuses;
    if (Status s = findCandidates(state, pod, statuses, candidates, preemptionStatuses); !s.isSuccess())
        return s.code() == Code::Error ? failWith(s) : s;
    if (m_handle.deterministic)
        std::stable_sort(candidates.begin(), candidates.end(), [&](const auto& a, const auto& b) {
            return nodes[static_cast<std::size_t>(a.node)]->node()->name <
                   nodes[static_cast<std::size_t>(b.node)]->node()->name;
        });
    traceCandidates(candidates, preemptionStatuses);
    if (candidates.empty()) {
        const std::string msg = noCandidateMessage(preemptionStatuses);
        // "Specify nominatedNodeName to clear the pod's nominatedNodeName status".
        result.nominating = NominatingInfo{NominatingMode::Override, kEmptySym};
        return fail(msg);
    }
    // callExtenders: the extenders that support preemption trim the candidates and victims.
    if (Status s = callPreemptionExtenders(m_handle, m_extenders, pod, candidates, trace); !s.isSuccess())
        return failWith(s);
    if (trace && !trace->extenders.empty()) {
        // The pick's candidates are the extenders' (the pick steps below index them).
        trace->candidates.clear();
        traceCandidateList(candidates);
    }
    if (candidates.empty()) return fail("no candidate node for preemption");

    std::vector<PreemptionPickRecord> steps;
    const PreemptionCandidate& best = candidates[pickOneNodeForPreemption(candidates, trace ? &steps : nullptr)];
    const Sym nodeName = nodes[static_cast<std::size_t>(best.node)]->node()->nameSym;
    if (trace) {
        for (const PreemptionPickRecord& step : steps) {
            PreemptionPickStep& out = trace->pick.emplace_back();
            out.criterion = step.criterion;
            for (std::size_t i : step.kept) out.kept.push_back(trace->candidates[i].node);
        }
        trace->nominated = std::string(m_handle.pool->str(nodeName));
    }
    prepareCandidate(best, pod, nodeName);
    result.nominating = NominatingInfo{NominatingMode::Override, nodeName};
    // From 1.37 success carries a message too, which the FitError (and so the pod's
    // FailedScheduling event) shows while the victims go (preemption.go Preempt, PR #140180).
    if (!m_handle.version.atLeast(37)) return {};
    return Status(Code::Success, m_handle.intern("preemption: found a potential placement for pod on node " +
                                                 std::string(m_handle.pool->str(nodeName)) + ", preempting " +
                                                 std::to_string(best.victims.size()) + " victims"));
}

Status DefaultPreemption::findCandidates(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                                         std::vector<PreemptionCandidate>& candidates,
                                         NodeStatusMap& preemptionStatuses) const {
    const auto& nodes = m_handle.snapshot->nodes();
    // nodesWherePreemptionMightHelp: every node not rejected as UnschedulableAndUnresolvable.
    preemptionStatuses.reset(nodes.size());
    std::vector<int> potential;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (statuses.contains(i) && statuses.statuses[i].code() == Code::UnschedulableAndUnresolvable) {
            preemptionStatuses.set(static_cast<int>(i), Status(Code::UnschedulableAndUnresolvable, m_notHelpful));
            continue;
        }
        potential.push_back(static_cast<int>(i));
    }
    candidates.clear();
    if (PreemptionTrace* trace = m_trace) {
        trace->potentialNodes = static_cast<int>(potential.size());
        trace->numCandidatesWanted = calculateNumCandidates(static_cast<std::int32_t>(potential.size()));
    }
    if (potential.empty()) return {};
    return dryRunPreemption(state, pod, potential, candidates, preemptionStatuses);
}

Status DefaultPreemption::dryRunPreemption(CycleState& state, const Pod& pod, const std::vector<int>& potential,
                                           std::vector<PreemptionCandidate>& candidates,
                                           NodeStatusMap& preemptionStatuses) const {
    const auto& nodes = m_handle.snapshot->nodes();
    std::vector<PreemptionCandidate> nonViolating, violating;
    const auto n = static_cast<std::int32_t>(potential.size());
    const std::int32_t numCandidates = calculateNumCandidates(n);
    // Upstream starts the dry run at a random offset; `name` mode starts at 0.
    std::size_t offset = 0;
    if (!m_handle.deterministic && m_handle.rng)
        offset = std::uniform_int_distribution<std::size_t>(0, potential.size() - 1)(*m_handle.rng);
    for (std::size_t i = 0; i < potential.size(); ++i) {
        const int idx = potential[(offset + i) % potential.size()];
        NodeInfo copy = *nodes[static_cast<std::size_t>(idx)];
        CycleState stateCopy = state.clone();
        PreemptionCandidate c;
        c.node = idx;
        Status s = selectVictimsOnNode(stateCopy, pod, copy, c.victims, c.numPDBViolations,
                                       m_trace ? &c.budgetViolators : nullptr);
        if (s.isSuccess() && !c.victims.empty()) {
            (c.numPDBViolations == 0 ? nonViolating : violating).push_back(std::move(c));
            if (!nonViolating.empty() &&
                static_cast<std::int32_t>(nonViolating.size() + violating.size()) >= numCandidates)
                break;
            continue;
        }
        if (s.isSuccess()) s = Status::error("expected at least one victim pod on node");
        if (s.code() == Code::Error) return s;
        preemptionStatuses.set(idx, std::move(s));
    }
    candidates = std::move(nonViolating);
    for (auto& c : violating) candidates.push_back(std::move(c));
    return {};
}

std::string DefaultPreemption::noCandidateMessage(const NodeStatusMap& preemptionStatuses) const {
    // The inner FitError counts the nodes that have a preemption status.
    const StringPool& pool = *m_handle.pool;
    std::map<Sym, int> counts;
    std::size_t numNodes = 0;
    for (std::size_t i = 0; i < preemptionStatuses.nodes; ++i) {
        if (!preemptionStatuses.contains(i)) continue;
        ++numNodes;
        for (Sym r : preemptionStatuses.statuses[i].reasons()) ++counts[r];
    }
    std::vector<std::string> items;
    for (const auto& [r, c] : counts) items.push_back(std::to_string(c) + " " + std::string(pool.str(r)));
    std::sort(items.begin(), items.end());
    std::string msg = "0/" + std::to_string(numNodes) + " nodes are available:";
    if (!items.empty()) {
        msg += " ";
        for (std::size_t i = 0; i < items.size(); ++i) msg += (i ? ", " : "") + items[i];
        msg += ".";
    }
    return msg;
}

void DefaultPreemption::traceCandidates(const std::vector<PreemptionCandidate>& candidates,
                                        const NodeStatusMap& preemptionStatuses) const {
    PreemptionTrace* trace = m_trace;
    if (!trace) return;
    traceCandidateList(candidates);
    const auto& nodes = m_handle.snapshot->nodes();
    for (std::size_t i = 0; i < preemptionStatuses.nodes; ++i) {
        if (!preemptionStatuses.contains(i)) continue;
        std::string reason;
        for (Sym r : preemptionStatuses.statuses[i].reasons())
            reason += (reason.empty() ? "" : "; ") + std::string(m_handle.pool->str(r));
        trace->rejected.push_back({nodes[i]->node()->name, std::move(reason)});
    }
}

void DefaultPreemption::traceCandidateList(const std::vector<PreemptionCandidate>& candidates) const {
    PreemptionTrace* trace = m_trace;
    if (!trace) return;
    const auto& nodes = m_handle.snapshot->nodes();
    const Cluster& cluster = *m_handle.cluster;
    for (const PreemptionCandidate& c : candidates) {
        PreemptionCandidateTrace& out = trace->candidates.emplace_back();
        out.node = nodes[static_cast<std::size_t>(c.node)]->node()->name;
        out.numPDBViolations = c.numPDBViolations;
        for (const Pod* v : c.victims) {
            const bool violates =
                std::find(c.budgetViolators.begin(), c.budgetViolators.end(), v) != c.budgetViolators.end();
            out.victims.push_back({cluster.podKey(*v), v->priority, violates});
        }
    }
}

void DefaultPreemption::prepareCandidate(const PreemptionCandidate& best, const Pod& pod, Sym nodeName) const {
    // prepareCandidate: evict the victims, then clear lower-priority nominations on the node.
    const std::vector<const Pod*> victims = best.victims;
    for (const Pod* v : victims)
        if (m_handle.evictVictim) m_handle.evictVictim(*v, pod, nodeName);
    if (m_handle.nominator && m_handle.clearNomination) {
        const std::vector<const Pod*> nominated = m_handle.nominator->nominatedPodsForNode(nodeName);
        for (const Pod* p : nominated)
            if (p != &pod && p->priority < pod.priority) m_handle.clearNomination(*p);
    }
}

}  // namespace berth::core
