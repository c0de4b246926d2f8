#pragma once
/// The runtime calls a plugin may make back into its profile (framework/interface.go:
/// PluginsRunner, and Handle's RunFilterPluginsWithNominatedPods): DefaultPreemption's dry run
/// removes victims and re-runs the filters through it. The Framework implements it; plugins
/// see only this.

#include "core/api/pod.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"
#include "core/framework/status.h"

namespace berth::core {

class PluginsRunner {
public:
    /// The PreFilter plugins' AddPod extensions, as if `toAdd` ran on the node.
    virtual Status runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const Pod& toAdd,
                                               const NodeInfo& nodeInfo) const = 0;
    /// The PreFilter plugins' RemovePod extensions, as if `toRemove` left the node.
    virtual Status runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod, const Pod& toRemove,
                                                  const NodeInfo& nodeInfo) const = 0;
    /// The two-pass filter of UPSTREAM 2.5 (nominated pods of equal or higher priority).
    virtual Status runFilterPluginsWithNominatedPods(const CycleState& state, const Pod& pod,
                                                     const NodeInfo& nodeInfo) const = 0;

protected:
    ~PluginsRunner() = default;
};

}  // namespace berth::core
