#pragma once
/// Preemption's callExtenders (framework/preemption/preemption.go): after the dry run, each
/// interested extender that supports preemption trims the candidates' victims, in turn.

#include <vector>

#include "core/framework/handle.h"
#include "core/framework/plugins/defaultpreemption/default_preemption.h"
#include "core/framework/status.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

/// Replaces `candidates` with the nodes and victims the extenders agree with: the kept
/// candidates in their order, then any node an extender added. An extender's error fails
/// preemption (an ignorable one is skipped), and so does a node it leaves without victims
/// ("expected at least one victim pod on node"), which an ignorable extender's answer only
/// drops. Without extenders, nothing changes. Each call is appended to `trace` when given.
Status callPreemptionExtenders(const Handle& handle, const std::vector<std::shared_ptr<Extender>>* extenders,
                               const Pod& pod, std::vector<PreemptionCandidate>& candidates,
                               PreemptionTrace* trace = nullptr);

}  // namespace berth::core
