#pragma once
/// Behaviour of the newest kube-scheduler releases that Berth does not reproduce, reported as a
/// warning on the input that would need it, never silently (docs/versions.md).

#include "core/api/version.h"
#include "io/diagnostics.h"

namespace berth::core {
class Simulation;
}

namespace berth::plan {

/// OpportunisticBatching (KEP-5598; feature gate beta and on from 1.35,
/// pkg/scheduler/framework/runtime/batch.go): a pod whose scheduling signature equals the previous
/// pod's takes the next node of that pod's scored list instead of a new Filter/Score pass. In the
/// default profile no pod has a signature (PodTopologySpread's system default constraints make
/// every pod unsignable, podtopologyspread/plugin.go SignPod); a profile without them makes plain
/// pods signable, and where a cycle scores only part of the cluster (percentageOfNodesToScore) the
/// batch's list is the first pod's sample, so upstream can place the next pods elsewhere than
/// Berth's full pass per pod does. Warns once per such profile.
void warnUnmodelledBatching(core::Simulation& sim, const core::KubeVersion& version, io::Diagnostics& diags);

}  // namespace berth::plan
