#pragma once
/// A scheduler extender as the scheduling cycle sees it (framework/extender.go, the Extender
/// interface; HTTPExtender in pkg/scheduler/extender.go implements it over HTTP). The core has
/// no I/O: an Extender here may be the live HTTP client (outside core), a recording replayed
/// offline, or a test double. Where the cycle calls each verb, as in upstream's schedule_one.go:
///
///   Filter plugins ─► findNodesThatPassExtenders: each interested extender with a filter verb,
///                     in configuration order, trims the feasible list; its failed nodes join
///                     the diagnosis (Unschedulable, or UnschedulableAndUnresolvable for
///                     failedAndUnresolvable); an ignorable extender's error skips it, any other
///                     error fails the cycle.
///   Score plugins  ─► prioritizeNodes: each interested extender with a prioritize verb scores
///                     the feasible nodes 0..10 (extenderv1.MaxExtenderPriority); the cycle adds
///                     score × weight × (MaxNodeScore / MaxExtenderPriority) to the node's total.
///                     Errors are ignored (logged upstream), the extender contributes nothing.
///   Bind           ─► the single binder extender interested in the pod binds instead of the
///                     Bind plugins.
///   Preemption     ─► callExtenders: each interested extender that supports preemption trims
///                     the candidate victims; an ignorable extender's error skips it.

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/api/pod.h"
#include "core/api/string_pool.h"
#include "core/framework/node_info.h"

namespace berth::core {

/// extenderv1.MaxExtenderPriority: extender scores are 0..10.
inline constexpr std::int64_t kMaxExtenderPriority = 10;

/// An extender call's failure: upstream's error text (e.g. a transport error or
/// "extender ... returned an error: ..."), to become the pod's error.
struct ExtenderError {
    std::string message;
};

/// ExtenderFilterResult, with node names interned. Names outside the input are an error (the
/// client reports them as `error`, as upstream's HTTPExtender.Filter does).
struct ExtenderFilterOutcome {
    std::vector<Sym> feasible;                        // in the extender's order
    std::map<Sym, std::string> failed;                // FailedNodes: node → reason
    std::map<Sym, std::string> failedAndUnresolvable; // FailedAndUnresolvableNodes
    std::optional<ExtenderError> error;
};

/// HostPriorityList: raw scores 0..10 per node, and the extender's configured weight.
struct ExtenderPrioritizeOutcome {
    std::vector<std::pair<Sym, std::int64_t>> scores;
    std::int64_t weight = 1;
    std::optional<ExtenderError> error;
};

/// extenderv1.Victims for one node.
struct ExtenderVictims {
    std::vector<const Pod*> pods;
    std::int64_t numPDBViolations = 0;
};

struct ExtenderPreemptionOutcome {
    std::map<Sym, ExtenderVictims> nodeToVictims;  // the nodes the extender keeps
    std::optional<ExtenderError> error;
};

class Extender {
public:
    virtual ~Extender() = default;
    /// Name(): upstream uses the urlPrefix.
    virtual const std::string& name() const = 0;
    virtual bool isIgnorable() const = 0;
    virtual bool isFilter() const = 0;       // has a filterVerb
    virtual bool isPrioritizer() const = 0;  // has a prioritizeVerb
    virtual bool isBinder() const = 0;       // has a bindVerb
    virtual bool supportsPreemption() const = 0;  // has a preemptVerb
    /// IsInterested: no managedResources, or the pod's containers or init containers request
    /// or limit one of them.
    virtual bool isInterested(const Pod& pod) const = 0;

    virtual ExtenderFilterOutcome filter(const Pod& pod, std::span<const NodeInfo* const> nodes) = 0;
    virtual ExtenderPrioritizeOutcome prioritize(const Pod& pod, std::span<const NodeInfo* const> nodes) = 0;
    /// Binds pod to node; an error when the extender refused or could not be reached.
    virtual std::optional<ExtenderError> bind(const Pod& pod, Sym node) = 0;
    /// ProcessPreemption: the victims per node the extender agrees with.
    virtual ExtenderPreemptionOutcome processPreemption(const Pod& pod,
                                                        const std::map<Sym, ExtenderVictims>& nodeToVictims) = 0;
};

}  // namespace berth::core
