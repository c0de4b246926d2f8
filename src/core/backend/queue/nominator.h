#pragma once
/// Pods nominated to nodes by preemption (backend/queue/nominator.go): the two-pass filter
/// keeps their room free for them. Plugins read it as a PodNominator; `final`, so the queue's
/// and the scheduler's own calls are direct.

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "core/api/pod.h"
#include "core/framework/pod_nominator.h"

namespace berth::core {

class Nominator final : public PodNominator {
public:
    void add(const Pod& pod, Sym node) {
        remove(pod);
        if (node == kEmptySym) return;
        m_byNode[node].push_back(&pod);
        m_nodeOf[pod.id] = node;
    }
    void remove(const Pod& pod) {
        auto it = m_nodeOf.find(pod.id);
        if (it == m_nodeOf.end()) return;
        auto& v = m_byNode[it->second];
        v.erase(std::remove(v.begin(), v.end(), &pod), v.end());
        m_nodeOf.erase(it);
    }
    /// No pod is nominated anywhere (the common case: the filter then skips the lookup).
    bool empty() const override { return m_nodeOf.empty(); }
    /// kEmptySym when the pod is not nominated.
    Sym nodeOf(const Pod& pod) const {
        auto it = m_nodeOf.find(pod.id);
        return it == m_nodeOf.end() ? kEmptySym : it->second;
    }
    const std::vector<const Pod*>& nominatedPodsForNode(Sym node) const override {
        static const std::vector<const Pod*> kNone;
        auto it = m_byNode.find(node);
        return it == m_byNode.end() ? kNone : it->second;
    }

private:
    std::unordered_map<Sym, std::vector<const Pod*>> m_byNode;
    std::unordered_map<std::uint32_t, Sym> m_nodeOf;
};

}  // namespace berth::core
