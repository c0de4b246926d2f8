// The filter half of a scheduling cycle (framework/runtime/framework.go): PreEnqueue,
// PreFilter and its AddPod/RemovePod extensions, Filter (one node, a block of nodes, and the
// two-pass filter with nominated pods) and PostFilter.
#include "core/framework/runtime/framework.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/pod_nominator.h"

namespace berth::core {

Status Framework::runPreEnqueuePlugins(const Pod& pod) const {
    for (auto* p : m_preEnqueue) {
        Status s = p->preEnqueue(pod);
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    return {};
}

Status Framework::runPreFilterPlugins(CycleState& state, const Pod& pod, PreFilterResult& result,
                                      std::vector<std::string>& rejectors) {
    result = PreFilterResult{};
    state.clearActiveFilters();
    std::vector<std::string> contributors;
    Status rejection;
    bool rejected = false;
    for (auto* p : m_preFilter) {
        state.setSkipFilter(p->slot(), false);
        PreFilterResult r;
        Status s = p->preFilter(state, pod, r);
        if (s.isSkip() && m_handle.version.atLeast(27)) {
            state.setSkipFilter(p->slot(), true);
            continue;
        }
        if (s.isSkip()) s = Status{};
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            if (s.isRejected()) {
                rejectors.emplace_back(p->name());
                // v1.26 stops at the first rejection; >= 1.30 (issue #119770) runs the rest
                // when it is only Unschedulable, so preemption sees complete state.
                if (s.code() == Code::UnschedulableAndUnresolvable || m_handle.version.before(30)) return s;
                // The last Unschedulable status is the one reported (returnStatus = s upstream).
                rejection = s;
                rejected = true;
                continue;
            }
            return Status::error("running PreFilter plugin \"" + std::string(p->name()) + "\": " + s.message(pool()));
        }
        if (!r.allNodes()) {
            contributors.emplace_back(p->name());
            if (result.allNodes()) {
                result = std::move(r);
            } else {
                std::vector<Sym> merged;
                for (Sym n : *result.nodeNames)
                    if (std::find(r.nodeNames->begin(), r.nodeNames->end(), n) != r.nodeNames->end())
                        merged.push_back(n);
                result.nodeNames = std::move(merged);
            }
            if (result.nodeNames->empty()) {
                std::string msg;
                if (contributors.size() == 1) {
                    msg = "node(s) didn't satisfy plugin " + contributors.front();
                } else {
                    std::vector<std::string> names = contributors;
                    if (m_handle.version.atLeast(30)) std::sort(names.begin(), names.end());
                    msg = "node(s) didn't satisfy plugin(s) [";
                    for (std::size_t i = 0; i < names.size(); ++i) msg += (i ? " " : "") + names[i];
                    msg += "] simultaneously";
                }
                return Status(m_handle.version.atLeast(30) ? Code::UnschedulableAndUnresolvable : Code::Unschedulable,
                              m_handle.intern(msg));
            }
        }
    }
    if (rejected) return rejection;
    std::vector<std::uint16_t> active;
    active.reserve(m_filter.size());
    for (std::size_t i = 0; i < m_filter.size(); ++i) {
        const FilterPlugin* p = m_filter[i];
        if (!state.skipFilter(p->slot()) && !p->passesEveryNode(state, pod))
            active.push_back(static_cast<std::uint16_t>(i));
    }
    state.setActiveFilters(std::move(active));
    return {};
}

Status Framework::runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const Pod& toAdd,
                                              const NodeInfo& nodeInfo) const {
    for (auto* p : m_preFilter) {
        if (state.skipFilter(p->slot())) continue;
        const PreFilterExtensions* ext = p->preFilterExtensions();
        if (!ext) continue;
        Status s = ext->addPod(state, pod, toAdd, nodeInfo);
        if (!s.isSuccess())
            return Status::error("running AddPod on PreFilter plugin \"" + std::string(p->name()) + "\"");
    }
    return {};
}

Status Framework::runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod, const Pod& toRemove,
                                                 const NodeInfo& nodeInfo) const {
    for (auto* p : m_preFilter) {
        if (state.skipFilter(p->slot())) continue;
        const PreFilterExtensions* ext = p->preFilterExtensions();
        if (!ext) continue;
        Status s = ext->removePod(state, pod, toRemove, nodeInfo);
        if (!s.isSuccess())
            return Status::error("running RemovePod on PreFilter plugin \"" + std::string(p->name()) + "\"");
    }
    return {};
}

Status Framework::filterFailure(const FilterPlugin* p, Status s) const {
    if (!s.isRejected()) {
        // Filter errors abort the cycle (runFilterPlugins wraps them).
        std::string text = "running \"" + std::string(p->name()) + "\" filter plugin: " + s.message(pool());
        s = Status::error(std::move(text));
    }
    s.setPlugin(p->slot());
    return s;
}

void Framework::runFilterPluginsOnNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                                        std::span<std::uint8_t> pass, std::span<Status> out) const {
    std::fill(pass.begin(), pass.end(), std::uint8_t{1});
    // Plugin by plugin in runFilterPlugins' order, each over the nodes that passed the ones
    // before: every node ends with the first failing plugin's status, as one at a time.
    const auto run = [&](const FilterPlugin* p) {
        if (p->filterNodes(state, pod, nodes, pass, out) == 0) return;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            if (pass[k] != 0) continue;
            out[k] = filterFailure(p, std::move(out[k]));
            pass[k] = 2;  // failed at an earlier plugin
        }
    };
    if (state.hasActiveFilters()) {
        for (const std::uint16_t i : state.activeFilters()) run(m_filter[i]);
        return;
    }
    for (auto* p : m_filter)
        if (!state.skipFilter(p->slot())) run(p);
}

Status Framework::runFilterPlugins(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const {
    const auto failed = [&](const FilterPlugin* p, Status s) { return filterFailure(p, std::move(s)); };
    if (state.hasActiveFilters()) {
        for (const std::uint16_t i : state.activeFilters()) {
            const FilterPlugin* p = m_filter[i];
            Status s = p->filter(state, pod, nodeInfo);
            if (!s.isSuccess()) return failed(p, std::move(s));
        }
        return {};
    }
    for (auto* p : m_filter) {
        if (state.skipFilter(p->slot())) continue;
        Status s = p->filter(state, pod, nodeInfo);
        if (!s.isSuccess()) return failed(p, std::move(s));
    }
    return {};
}

bool Framework::anyNominatedPods() const { return m_handle.nominator && !m_handle.nominator->empty(); }

Status Framework::runFilterPluginsWithNominatedPods(const CycleState& state, const Pod& pod,
                                                    const NodeInfo& nodeInfo) const {
    // UPSTREAM 2.5: pods nominated to this node with priority >= ours must keep their room
    // (first pass, with them), and affinity to them must not be assumed (second pass, without).
    if (!m_handle.nominator || m_handle.nominator->empty()) return runFilterPlugins(state, pod, nodeInfo);
    std::vector<const Pod*> nominated;
    if (nodeInfo.node())
        for (const Pod* np : m_handle.nominator->nominatedPodsForNode(nodeInfo.node()->nameSym))
            if (np != &pod && np->priority >= pod.priority) nominated.push_back(np);
    if (nominated.empty()) return runFilterPlugins(state, pod, nodeInfo);

    CycleState withNominated = state.clone();
    NodeInfo infoWithNominated = nodeInfo;
    for (const Pod* np : nominated) {
        infoWithNominated.addPod(np);
        Status s = runPreFilterExtensionAddPod(withNominated, pod, *np, infoWithNominated);
        if (!s.isSuccess()) return s;
    }
    Status first = runFilterPlugins(withNominated, pod, infoWithNominated);
    if (!first.isSuccess()) return first;
    return runFilterPlugins(state, pod, nodeInfo);
}

Status Framework::runPostFilterPlugins(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                                       PostFilterResult& result, std::string& message) {
    // Every version keeps the last non-noop result (`result` records the last meaningful
    // PostFilterResult, there since NominatingInfo came in 1.22): preemption that finds no
    // candidate clears the pod's nomination, v1.26 included. Newer releases also stop at UU.
    const bool stopAtUU = m_handle.version.atLeast(27);
    std::vector<std::string> messages;
    for (auto* p : m_postFilter) {
        PostFilterResult r;
        Status s = p->postFilter(state, pod, statuses, r);
        if (s.isSuccess()) {
            // schedule_one.go takes the message of whatever status PostFilter returned.
            result = r;
            message = s.message(pool());
            return s;
        }
        if (s.code() == Code::Error) {
            s.setPlugin(p->slot());
            return s;
        }
        messages.push_back(s.message(pool()));
        if (r.nominating && r.nominating->mode != NominatingMode::Noop) result = r;
        if (stopAtUU && s.code() == Code::UnschedulableAndUnresolvable) break;
    }
    message.clear();
    for (const auto& m : messages) {
        if (m.empty()) continue;
        if (!message.empty()) message += ", ";
        message += m;
    }
    return Status(Code::Unschedulable);
}

}  // namespace berth::core
