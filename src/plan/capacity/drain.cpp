#include "plan/capacity/drain.h"

#include <algorithm>

#include "core/simulation.h"
#include "io/selector_text.h"

namespace berth::plan::capacity {
namespace {

using core::Pod;

// kubectl drain retries a refused eviction after this long (drain.go evictPods).
constexpr core::SimTime kEvictionRetry = 5 * core::kSecond;
// Retries of one node at the most (an hour of simulated time): a loop that never goes idle
// (injected bind failures) must still end.
constexpr int kMaxRetryRounds = 720;

void fail(io::Diagnostics& diags, const char* flag, std::string message) {
    io::Diagnostic d;
    d.file = flag;
    d.message = std::move(message);
    diags.add(std::move(d));
}

/// The target nodes, by name or selector; empty with an error in `diags` when there are none.
std::vector<std::string> targetNodes(core::Cluster& c, const DrainRequest& request, io::Diagnostics& diags) {
    std::vector<std::string> nodes;
    if (request.nodes.empty() == request.selector.empty()) {
        fail(diags, "berthctl capacity drain",
             "give the nodes to drain with --node NAME ... or --selector LABELSELECTOR (one of them)");
        return nodes;
    }
    auto live = [&](const core::Node& n) { return !c.nodeRemoved[n.id]; };
    if (!request.nodes.empty()) {
        for (const std::string& name : request.nodes) {
            const core::Sym sym = c.pool.find(name);
            const core::Node* n = sym == core::kNoSym ? nullptr : c.findNode(sym);
            if (!n || !live(*n)) {
                fail(diags, "--node", "node \"" + name + "\" not found");
                continue;
            }
            if (std::find(nodes.begin(), nodes.end(), name) == nodes.end()) nodes.push_back(name);
        }
        if (diags.hasErrors()) nodes.clear();
        return nodes;
    }
    std::string error;
    const auto selector = io::parseSelectorText(request.selector, c.pool, error);
    if (!selector) {
        fail(diags, "--selector", error);
        return nodes;
    }
    for (const core::Node& n : c.nodes)
        if (live(n) && selector->matches(n.labels)) nodes.emplace_back(c.pool.str(n.nameSym));
    // kubectl lists the nodes as the API server returns them: by name.
    std::sort(nodes.begin(), nodes.end());
    if (nodes.empty()) fail(diags, "--selector", "no node matches \"" + request.selector + "\"");
    return nodes;
}

/// kubectl's filters (filters.go makeFilters, plus the safe-to-evict one as an additional
/// filter): "" to evict, "-" to skip, else why the pod cannot be deleted.
std::string filterPod(const Pod& pod, const DrainRequest& request) {
    const core::OwnerReference* owner = core::controllerOf(pod);
    if (owner && owner->kind == "DaemonSet") return "-";
    if (pod.emptyDirVolume && !request.deleteEmptyDirData) return kLocalStorageRefusal;
    if (!owner && !request.force) return kUnmanagedRefusal;
    if (pod.notSafeToEvict && !request.force) return kNotSafeToEvictRefusal;
    return {};
}

class Drainer {
public:
    Drainer(Plan& plan, const DrainRequest& request, DrainAnswer& answer)
        : m_c(plan.cluster()), m_sim(plan.sim()), m_request(request), m_answer(answer) {}

    void drainNode(const std::string& name) {
        const core::NodeInfo* ni = m_sim.scheduler().cache().nodeInfo(m_c.pool.find(name));
        std::vector<const Pod*> pods;
        if (ni) pods.assign(ni->pods().begin(), ni->pods().end());
        // The API server lists a node's pods by namespace, then name.
        std::sort(pods.begin(), pods.end(),
                  [&](const Pod* a, const Pod* b) { return m_c.podKey(*a) < m_c.podKey(*b); });
        std::vector<const Pod*> evict;
        std::vector<DrainAnswer::Blocked> refused;
        for (const Pod* p : pods) {
            const std::string why = filterPod(*p, m_request);
            if (why.empty())
                evict.push_back(p);
            else if (why != "-")
                refused.push_back({m_c.podKey(*p), name, why});
        }
        if (!refused.empty()) {
            // GetPodsForDeletion returned errors: kubectl deletes nothing from this node.
            for (auto& b : refused) m_answer.blocked.push_back(std::move(b));
            for (const Pod* p : evict) m_answer.blocked.push_back({m_c.podKey(*p), name, kNodeLeftRefusal});
            return;
        }
        for (int round = 0; !evict.empty(); ++round) {
            m_sim.syncDisruptionBudgets();
            const bool wasIdle = m_sim.idle();
            std::vector<const Pod*> retry;
            bool progress = false;
            for (const Pod* p : evict) {
                const std::string refusal = tryEvict(*p, name);
                if (refusal == kBudgetRefusal)
                    retry.push_back(p);
                else if (!refusal.empty())
                    m_answer.blocked.push_back({m_c.podKey(*p), name, refusal});
                else
                    progress = true;
            }
            evict = std::move(retry);
            if (evict.empty()) break;
            if ((!progress && wasIdle) || round == kMaxRetryRounds) {
                // Nothing can change any more (or an hour of retries went by): kubectl would
                // retry for ever.
                for (const Pod* p : evict) m_answer.blocked.push_back({m_c.podKey(*p), name, kBudgetRefusal});
                return;
            }
            m_sim.waitUntil(m_sim.clock().now() + kEvictionRetry);
        }
        if (std::none_of(m_answer.blocked.begin(), m_answer.blocked.end(),
                         [&](const auto& b) { return b.node == name; }))
            m_answer.drained.push_back(name);
    }

    /// Fills in where each replacement runs once everything settled.
    void finish() {
        for (std::size_t i = 0; i < m_answer.evicted.size(); ++i) {
            const std::uint32_t id = m_replacementIds[i];
            if (id == kNone || m_c.podRemoved[id]) continue;
            const Pod& r = m_c.pods[id];
            if (r.nodeName != core::kEmptySym) m_answer.evicted[i].to = std::string(m_c.pool.str(r.nodeName));
        }
        for (std::size_t i = 0; i < m_c.pods.size(); ++i)
            if (!m_c.podRemoved[i] && m_sim.outcomes()[i].state == core::PodState::Pending) ++m_answer.pendingAfter;
    }

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};

    /// One call of the eviction API (eviction.go): "" when the pod was evicted, else the
    /// refusal.
    std::string tryEvict(const Pod& pod, const std::string& node) {
        core::PodDisruptionBudget* budget = nullptr;
        int budgets = 0;
        for (auto& pdb : m_c.pdbs)
            if (pdb.covers(pod)) {
                budget = &pdb;
                ++budgets;
            }
        if (budgets > 1) return kManyBudgetsRefusal;
        if (budget) {
            if (budget->disruptionsAllowed <= 0) return kBudgetRefusal;
            // The API server spends the budget before deleting the pod. It also notes the pod
            // in status.disruptedPods, which covers the time until the disruption controller
            // sees the deletion; here the deletion is immediate and the controller runs right
            // after it, so the entry is left out: it would only outlive the pod, and count a
            // StatefulSet pod recreated under the same name as disrupted.
            --budget->disruptionsAllowed;
        }
        const core::OwnerReference* owner = core::controllerOf(pod);
        const std::string ownerUid = owner ? owner->uid : std::string();
        const std::size_t before = m_c.pods.size();
        DrainAnswer::Eviction e{m_c.podKey(pod), node, {}, {}};
        m_sim.evictPod(pod, "evicted by a drain of node " + node, core::PodRemoval::Eviction);
        std::uint32_t replacement = kNone;
        for (std::size_t i = before; i < m_c.pods.size() && replacement == kNone; ++i) {
            const core::OwnerReference* o = core::controllerOf(m_c.pods[i]);
            if (o && !ownerUid.empty() && o->uid == ownerUid) replacement = static_cast<std::uint32_t>(i);
        }
        if (replacement != kNone) e.replacement = m_c.podKey(m_c.pods[replacement]);
        m_answer.evicted.push_back(std::move(e));
        m_replacementIds.push_back(replacement);
        return {};
    }

    core::Cluster& m_c;
    core::Simulation& m_sim;
    const DrainRequest& m_request;
    DrainAnswer& m_answer;
    std::vector<std::uint32_t> m_replacementIds;  // parallel to m_answer.evicted
};

}  // namespace

std::optional<DrainAnswer> simulateDrain(Plan& plan, const DrainRequest& request, io::Diagnostics& diags) {
    const std::vector<std::string> nodes = targetNodes(plan.cluster(), request, diags);
    if (nodes.empty()) return std::nullopt;
    plan.runToEnd();  // the plan's own pods settle first
    // RunDrain cordons every node before it drains the first.
    for (const std::string& n : nodes) plan.sim().cordon(n);
    DrainAnswer answer;
    Drainer drainer(plan, request, answer);
    for (const std::string& n : nodes) drainer.drainNode(n);
    plan.runToEnd();
    drainer.finish();
    return answer;
}

}  // namespace berth::plan::capacity
