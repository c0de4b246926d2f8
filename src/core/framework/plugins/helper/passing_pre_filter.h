#pragma once
/// The PreFilter that v1.37 gave NodeName, NodeUnschedulable and TaintToleration (PR #140000,
/// KEP-5836 preemption for in-place pod resize): it Skips only a pod whose resize is deferred
/// (alpha gate InPlacePodVerticalScalingSchedulerPreemption, off; not modelled) and otherwise
/// succeeds without a result, so it changes no decision. It exists so that the per-point
/// plugin lists equal upstream's.

#include "core/framework/interface.h"

namespace berth::core {

class PassingPreFilter : public PreFilterPlugin {
public:
    Status preFilter(CycleState&, const Pod&, PreFilterResult&) override { return {}; }

protected:
    /// For hasExtensionPoint: the PreFilter exists from 1.37.
    static bool pointExists(ExtensionPoint p, const KubeVersion& v) {
        return p != ExtensionPoint::PreFilter || v.atLeast(37);
    }
};

}  // namespace berth::core
