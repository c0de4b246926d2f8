// The in-tree plugin registry (pkg/scheduler/framework/plugins/registry.go).

#include "core/framework/runtime/registry.h"

#include "core/framework/plugins/defaultbinder/default_binder.h"
#include "core/framework/plugins/defaultpreemption/default_preemption.h"
#include "core/framework/plugins/dynamicresources/dynamic_resources.h"
#include "core/framework/plugins/imagelocality/image_locality.h"
#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"
#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"
#include "core/framework/plugins/nodeaffinity/node_affinity.h"
#include "core/framework/plugins/nodedeclaredfeatures/node_declared_features.h"
#include "core/framework/plugins/nodename/node_name.h"
#include "core/framework/plugins/nodeports/node_ports.h"
#include "core/framework/plugins/noderesources/balanced_allocation.h"
#include "core/framework/plugins/noderesources/fit.h"
#include "core/framework/plugins/nodeunschedulable/node_unschedulable.h"
#include "core/framework/plugins/queuesort/priority_sort.h"
#include "core/framework/plugins/schedulinggates/scheduling_gates.h"
#include "core/framework/plugins/tainttoleration/taint_toleration.h"
#include "core/framework/plugins/volumes/unmodelled_volume_plugins.h"

namespace berth::core {
namespace {

template <class P>
void addPlugin(Registry& r) {
    r.add(std::string(P::kName),
          [](const PluginArgs& a, Handle& h) -> std::unique_ptr<Plugin> { return std::make_unique<P>(a, h); });
}

}  // namespace

Registry inTreeRegistry() {
    Registry r;
    addPlugin<PrioritySort>(r);
    addPlugin<SchedulingGates>(r);
    addPlugin<NodeUnschedulable>(r);
    addPlugin<NodeName>(r);
    addPlugin<TaintToleration>(r);
    addPlugin<NodeAffinityPlugin>(r);
    addPlugin<NodePorts>(r);
    addPlugin<NodeResourcesFit>(r);
    addPlugin<NodeResourcesBalancedAllocation>(r);
    addPlugin<ImageLocality>(r);
    addPlugin<DefaultBinder>(r);
    addPlugin<VolumeBinding>(r);
    // VolumeRestrictions has a PreFilter (Skip for pods without volumes from 1.28).
    r.add("VolumeRestrictions", [](const PluginArgs&, Handle& h) -> std::unique_ptr<Plugin> {
        return std::make_unique<PassingVolumeFilter>("VolumeRestrictions", h, 28);
    });
    // NodeVolumeLimits and VolumeZone got a PreFilter (Skip without volumes) in 1.27
    // (PR #115398; UPSTREAM 3.3).
    for (const char* name : {"NodeVolumeLimits", "VolumeZone"}) {
        r.add(name, [n = std::string(name)](const PluginArgs&, Handle& h) -> std::unique_ptr<Plugin> {
            return std::make_unique<PassingVolumeFilter>(n, h, 27, 27);
        });
    }
    for (const char* name : {"EBSLimits", "GCEPDLimits", "AzureDiskLimits"}) {
        r.add(name, [n = std::string(name)](const PluginArgs&, Handle&) -> std::unique_ptr<Plugin> {
            return std::make_unique<PassingVolumeFilterOnly>(n);
        });
    }
    addPlugin<PodTopologySpread>(r);
    addPlugin<InterPodAffinity>(r);
    addPlugin<DynamicResources>(r);
    addPlugin<DefaultPreemption>(r);
    addPlugin<NodeDeclaredFeatures>(r);
    return r;
}

}  // namespace berth::core
