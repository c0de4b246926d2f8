// The extension points after a node is chosen (framework/runtime/framework.go): Reserve and
// Unreserve, Permit, PreBind, Bind, PostBind, and what a pod waiting to bind keeps.
#include "core/framework/runtime/framework.h"

#include <algorithm>

namespace berth::core {

Status Framework::runReservePluginsReserve(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_reserve) {
        Status s = p->reserve(state, pod, node);
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    return {};
}

void Framework::runReservePluginsUnreserve(CycleState& state, const Pod& pod, Sym node) {
    for (auto it = m_reserve.rbegin(); it != m_reserve.rend(); ++it) (*it)->unreserve(state, pod, node);
}

Status Framework::runPermitPlugins(CycleState& state, const Pod& pod, Sym node, double& waitSeconds) {
    constexpr double kMaxPermitWait = 15 * 60;
    waitSeconds = 0;
    int waitingPlugin = -1;
    for (auto* p : m_permit) {
        double timeout = 0;
        Status s = p->permit(state, pod, node, timeout);
        if (s.code() == Code::Wait) {
            // waiting_pods_map.go arms one timer per waiting plugin and the first to expire
            // rejects the pod: the effective timeout is the smallest, named after its plugin.
            timeout = std::min(timeout, kMaxPermitWait);
            if (waitingPlugin < 0 || timeout < waitSeconds) {
                waitSeconds = timeout;
                waitingPlugin = p->slot();
            }
            continue;
        }
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    if (waitingPlugin < 0) return {};
    Status wait(Code::Wait);
    wait.setPlugin(waitingPlugin);
    return wait;
}

Status Framework::runPreBindPlugins(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_preBind) {
        Status s = p->preBind(state, pod, node);
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    return {};
}

Status Framework::runBindPlugins(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_bind) {
        Status s = p->bind(state, pod, node);
        if (s.isSkip()) continue;
        s.setPlugin(p->slot());
        return s;
    }
    return Status(Code::Skip);
}

void Framework::runPostBindPlugins(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_postBind) p->postBind(state, pod, node);
}

void Framework::releaseSchedulingCycleData(CycleState& state) const {
    for (std::size_t slot = 0; slot < m_inBindingCycle.size(); ++slot)
        if (!m_inBindingCycle[slot]) state.release(static_cast<int>(slot));
}

}  // namespace berth::core
