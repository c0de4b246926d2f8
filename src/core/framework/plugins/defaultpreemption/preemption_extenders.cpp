#include "core/framework/plugins/defaultpreemption/preemption_extenders.h"

#include <algorithm>
#include <map>

#include "core/framework/extender.h"
#include "core/framework/listers.h"

namespace berth::core {

Status callPreemptionExtenders(const Handle& handle, const std::vector<std::shared_ptr<Extender>>* extenders,
                               const Pod& pod, std::vector<PreemptionCandidate>& candidates,
                               PreemptionTrace* trace) {
    if (!extenders || extenders->empty() || candidates.empty()) return {};
    const auto& nodes = handle.snapshot->nodes();
    const auto nameOf = [&](int idx) { return nodes[static_cast<std::size_t>(idx)]->node()->nameSym; };
    // CandidatesToVictimsMap.
    std::map<Sym, ExtenderVictims> victims;
    for (const PreemptionCandidate& c : candidates)
        victims[nameOf(c.node)] = ExtenderVictims{c.victims, c.numPDBViolations};
    bool asked = false;
    for (const auto& e : *extenders) {
        if (!e->supportsPreemption() || !e->isInterested(pod)) continue;
        PreemptionExtenderTrace* call = nullptr;
        if (trace) {
            call = &trace->extenders.emplace_back();
            call->extender = e->name();
            for (const auto& [node, unused] : victims) call->asked.emplace_back(handle.pool->str(node));
        }
        ExtenderPreemptionOutcome outcome = e->processPreemption(pod, victims);
        if (outcome.error) {
            if (call) {
                call->error = outcome.error->message;
                call->ignored = e->isIgnorable();
            }
            if (e->isIgnorable()) continue;
            return Status::error(outcome.error->message);
        }
        for (auto it = outcome.nodeToVictims.begin(); it != outcome.nodeToVictims.end();) {
            if (!it->second.pods.empty()) {
                ++it;
                continue;
            }
            if (!e->isIgnorable()) {
                const std::string error =
                    "expected at least one victim pod on node \"" + std::string(handle.pool->str(it->first)) + "\"";
                if (call) call->error = error;
                return Status::error(error);
            }
            it = outcome.nodeToVictims.erase(it);
        }
        victims = std::move(outcome.nodeToVictims);
        if (call)
            for (const auto& [node, unused] : victims) call->kept.emplace_back(handle.pool->str(node));
        asked = true;
        if (victims.empty()) break;
    }
    if (!asked) return {};
    // Upstream rebuilds the list from a map (in no particular order); the kept candidates keep
    // theirs here, so that the choice among equals stays the dry run's.
    std::vector<PreemptionCandidate> kept;
    for (const PreemptionCandidate& c : candidates) {
        const auto it = victims.find(nameOf(c.node));
        if (it == victims.end()) continue;
        PreemptionCandidate k;
        k.node = c.node;
        k.victims = it->second.pods;
        k.numPDBViolations = static_cast<int>(it->second.numPDBViolations);
        // The budget violators the extender left among the victims (the trace marks them).
        for (const Pod* v : c.budgetViolators)
            if (std::find(k.victims.begin(), k.victims.end(), v) != k.victims.end()) k.budgetViolators.push_back(v);
        kept.push_back(std::move(k));
        victims.erase(it);
    }
    for (auto& [name, v] : victims) {
        const int idx = handle.snapshot->indexOf(name);
        if (idx < 0) continue;  // the client already refuses names the snapshot lacks
        PreemptionCandidate k;
        k.node = idx;
        k.victims = std::move(v.pods);
        k.numPDBViolations = static_cast<int>(v.numPDBViolations);
        kept.push_back(std::move(k));
    }
    candidates = std::move(kept);
    return {};
}

}  // namespace berth::core
