#include "testlib/fake_extender.h"

#include <algorithm>

namespace berth::testlib {

bool FakeExtender::isInterested(const Pod& pod) const {
    if (managedResources.empty()) return true;
    const auto requestsOne = [&](const std::vector<Container>& containers) {
        for (const Container& c : containers)
            for (const std::string& r : managedResources)
                if (const Sym s = m_pool.find(r); s != kNoSym && c.requests.hasScalar(s)) return true;
        return false;
    };
    return requestsOne(pod.containers) || requestsOne(pod.initContainers);
}

ExtenderFilterOutcome FakeExtender::filter(const Pod&, std::span<const NodeInfo* const> nodes) {
    ExtenderFilterOutcome out;
    std::vector<std::string> asked;
    for (const NodeInfo* n : nodes) asked.push_back(n->node()->name);
    filterCalls.push_back(asked);
    if (calls) calls->push_back(m_name + ".filter");
    if (filterError) {
        out.error = ExtenderError{*filterError};
        return out;
    }
    for (const NodeInfo* n : nodes) {
        const std::string& name = n->node()->name;
        if (fail.contains(name) || failUnresolvable.contains(name)) continue;
        out.feasible.push_back(n->node()->nameSym);
    }
    for (const std::string& extra : claimFeasible) out.feasible.push_back(m_pool.intern(extra));
    for (const auto& [node, reason] : fail) out.failed[m_pool.intern(node)] = reason;
    for (const auto& [node, reason] : failUnresolvable) out.failedAndUnresolvable[m_pool.intern(node)] = reason;
    return out;
}

ExtenderPrioritizeOutcome FakeExtender::prioritize(const Pod&, std::span<const NodeInfo* const> nodes) {
    ExtenderPrioritizeOutcome out;
    std::vector<std::string> asked;
    for (const NodeInfo* n : nodes) asked.push_back(n->node()->name);
    prioritizeCalls.push_back(asked);
    if (calls) calls->push_back(m_name + ".prioritize");
    out.weight = weight;
    if (prioritizeError) {
        out.error = ExtenderError{*prioritizeError};
        return out;
    }
    for (const NodeInfo* n : nodes) {
        const auto it = scores.find(n->node()->name);
        out.scores.emplace_back(n->node()->nameSym, it == scores.end() ? 0 : it->second);
    }
    return out;
}

std::optional<ExtenderError> FakeExtender::bind(const Pod& pod, Sym node) {
    binds.emplace_back(pod.name, std::string(m_pool.str(node)));
    if (calls) calls->push_back(m_name + ".bind");
    if (bindError) return ExtenderError{*bindError};
    return std::nullopt;
}

ExtenderPreemptionOutcome FakeExtender::processPreemption(const Pod&,
                                                          const std::map<Sym, ExtenderVictims>& nodeToVictims) {
    ++preemptCalls;
    if (calls) calls->push_back(m_name + ".preempt");
    ExtenderPreemptionOutcome out;
    if (preemptError) {
        out.error = ExtenderError{*preemptError};
        return out;
    }
    if (preempt) return preempt(nodeToVictims);
    out.nodeToVictims = nodeToVictims;
    return out;
}

}  // namespace berth::testlib
