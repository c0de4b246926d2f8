#include "plan/unmodelled_features.h"

#include <algorithm>
#include <string>

#include "core/scheduler.h"
#include "core/simulation.h"

namespace berth::plan {
namespace {

// The extension points whose plugins must all sign a pod for batching (batch.go's rule: any
// PreFilter, Filter, PreScore or Score plugin without SignPod turns batching off; every in-tree
// plugin Berth has signs).
constexpr core::ExtensionPoint kSigningPoints[] = {core::ExtensionPoint::PreFilter, core::ExtensionPoint::Filter,
                                                   core::ExtensionPoint::PreScore, core::ExtensionPoint::Score};

bool spreadMakesPodsUnsignable(const core::Framework& fw, const core::PodTopologySpreadArgs& args) {
    bool enabled = false;
    for (core::ExtensionPoint p : kSigningPoints) {
        const auto names = fw.pluginNames(p);
        enabled = enabled || std::find(names.begin(), names.end(), "PodTopologySpread") != names.end();
    }
    const bool hasDefaults = args.defaultingType == core::SpreadDefaulting::System || !args.defaultConstraints.empty();
    return enabled && hasDefaults;
}

}  // namespace

void warnUnmodelledBatching(core::Simulation& sim, const core::KubeVersion& version, io::Diagnostics& diags) {
    if (version.before(35)) return;
    core::Scheduler& s = sim.scheduler();
    const auto& profiles = s.config().profiles;
    const auto nodes = static_cast<std::int32_t>(s.cluster().nodes.size());
    for (std::size_t i = 0; i < s.frameworkCount() && i < profiles.size(); ++i) {
        const core::Framework& fw = *s.framework(i);
        if (spreadMakesPodsUnsignable(fw, profiles[i].args.podTopologySpread)) continue;
        const std::int32_t sampled = core::numFeasibleNodesToFind(fw.percentageOfNodesToScore(), nodes);
        if (sampled >= nodes) continue;  // every node scored: the batch's list is a full pass's
        io::Diagnostic d;
        d.severity = io::Severity::Warning;
        d.file = s.config().source.file;
        d.line = s.config().source.line;
        d.column = s.config().source.column;
        d.kind = "KubeSchedulerConfiguration";
        d.name = fw.schedulerName();
        d.message = "OpportunisticBatching (kube-scheduler " + version.toString() +
                    ", on by default from 1.35) is not modelled: this profile has no PodTopologySpread default "
                    "constraints, so upstream gives a pod with the previous pod's scheduling signature the next "
                    "node of that pod's scored sample (" +
                    std::to_string(sampled) + " of " + std::to_string(nodes) +
                    " nodes) where Berth filters and scores again; placements of such runs of equal pods can differ";
        diags.add(std::move(d));
    }
}

}  // namespace berth::plan
