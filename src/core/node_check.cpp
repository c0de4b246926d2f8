// checkNodeForPod: one node of findNodesThatFitPod (schedule_one.go), for the planner's
// "drop this pending pod on that node" question. The snapshot is brought up to date
// first, exactly as the next cycle would (it only mirrors the cache); PreFilter writes only
// into a fresh CycleState, and Filter plugins are const. No pod is assumed, nominated,
// queued or counted.

#include "core/node_check.h"

#include <algorithm>

#include "core/framework/cycle_state.h"
#include "core/framework/interface.h"
#include "core/scheduler.h"

namespace berth::core {
namespace {

std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) {
        if (!out.empty()) out += ", ";
        out += n;
    }
    return out;
}

/// Per Filter plugin, each on its own (for display); the verdict is the scheduler's.
std::vector<PluginVerdict> pluginVerdicts(const Framework& fw, const CycleState& state, const Pod& pod,
                                          const NodeInfo& info, const StringPool& pool) {
    std::vector<PluginVerdict> out;
    for (const std::string& name : fw.pluginNames(ExtensionPoint::Filter)) {
        const auto* plugin = dynamic_cast<const FilterPlugin*>(fw.plugin(name));
        if (!plugin) continue;
        PluginVerdict v;
        v.plugin = name;
        if (state.skipFilter(plugin->slot())) {
            v.code = Code::Skip;
        } else {
            const Status s = plugin->filter(state, pod, info);
            v.code = s.code();
            v.reason = s.message(pool);
        }
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace

NodeCheck checkNodeForPod(Scheduler& scheduler, const Pod& pod, std::string_view nodeName) {
    NodeCheck check;
    const Cluster& cluster = scheduler.cluster();
    Framework* fw = scheduler.frameworkFor(pod);
    if (!fw) {
        check.error = "pod " + cluster.podKey(pod) + " is for another scheduler";
        return check;
    }
    const Sym nodeSym = cluster.pool.find(nodeName);
    scheduler.refreshSnapshot();
    const NodeInfo* info = nodeSym == kNoSym ? nullptr : scheduler.snapshot().get(nodeSym);
    if (!info || !info->node()) {
        check.error = "no node " + std::string(nodeName) + " in the scheduler's snapshot";
        return check;
    }
    const StringPool& pool = cluster.pool;

    CycleState state = fw->newCycleState();
    PreFilterResult pre;
    std::vector<std::string> rejectors;
    const Status ps = fw->runPreFilterPlugins(state, pod, pre, rejectors);
    if (!ps.isSuccess()) {
        check.stage = "PreFilter";
        check.code = ps.code();
        check.rejectedBy = ps.isRejected() ? join(rejectors) : std::string();
        check.reason = ps.message(pool);
        return check;
    }

    check.plugins = pluginVerdicts(*fw, state, pod, *info, pool);

    if (!pre.allNodes() && std::find(pre.nodeNames->begin(), pre.nodeNames->end(), nodeSym) == pre.nodeNames->end()) {
        // Outside the PreFilterResult: the cycle never runs Filter on this node (the text is
        // the status newer releases give such nodes; see Scheduler::findNodesThatFitPod).
        check.stage = "PreFilter";
        check.code = Code::UnschedulableAndUnresolvable;
        check.rejectedBy = "NodeAffinity";
        check.reason = "node(s) didn't satisfy plugin(s) [NodeAffinity]";
        return check;
    }

    const Status fs = fw->runFilterPluginsWithNominatedPods(state, pod, *info);
    if (fs.isSuccess()) {
        check.fits = true;
        return check;
    }
    check.stage = "Filter";
    check.code = fs.code();
    if (fs.plugin() >= 0) check.rejectedBy = std::string(fw->pluginName(fs.plugin()));
    check.reason = fs.message(pool);
    return check;
}

}  // namespace berth::core
