#pragma once
/// The nominated pods a plugin may read (framework/interface.go: PodNominator, the reading
/// half): DefaultPreemption clears lower-priority nominations on the node it picks, and the
/// runtime's two-pass filter keeps their room. The queue's Nominator implements it.

#include <vector>

#include "core/api/pod.h"

namespace berth::core {

class PodNominator {
public:
    /// No pod is nominated anywhere (the common case: the two-pass filter has nothing to add).
    virtual bool empty() const = 0;
    /// The pods nominated to `node` (NominatedPodsForNode), in nomination order.
    virtual const std::vector<const Pod*>& nominatedPodsForNode(Sym node) const = 0;

protected:
    ~PodNominator() = default;
};

}  // namespace berth::core
