#include "plan/capacity/utilization.h"

#include <algorithm>
#include <vector>

#include "core/simulation.h"
#include "plan/plan.h"

namespace berth::plan::capacity {
namespace {

bool isDaemonPod(const core::Pod& p) {
    return std::any_of(p.ownerReferences.begin(), p.ownerReferences.end(),
                       [](const core::OwnerReference& r) { return r.controller && r.kind == "DaemonSet"; });
}

bool occupies(core::PodState s) { return s == core::PodState::Bound || s == core::PodState::Preexisting; }

}  // namespace

std::pair<std::int64_t, std::int64_t> mostCommonRequests(const core::Cluster& c) {
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> counts;
    for (std::size_t i = 0; i < c.pods.size(); ++i) {
        if (c.podRemoved[i] || isDaemonPod(c.pods[i])) continue;
        const core::ResourceList& r = c.pods[i].derived.requests;
        if (r.milliCpu > 0 || r.memory > 0) ++counts[{r.milliCpu, r.memory}];
    }
    std::pair<std::int64_t, std::int64_t> best{core::kDefaultMilliCpuRequest, core::kDefaultMemoryRequest};
    std::int64_t bestCount = 0;
    for (const auto& [requests, n] : counts)
        if (n >= bestCount) {  // ascending keys: on a tie the larger requests win
            best = requests;
            bestCount = n;
        }
    return best;
}

ConfigOutcome measureCapacity(const std::string& name, Plan& plan, const std::string& groupBy,
                              std::pair<std::int64_t, std::int64_t> reference) {
    const core::Cluster& c = plan.cluster();
    core::Simulation& sim = plan.sim();
    ConfigOutcome out;
    out.name = name;
    struct NodeUse {
        core::ResourceList requested;
        bool used = false;
    };
    std::vector<NodeUse> use(c.nodes.size());
    for (std::size_t i = 0; i < c.pods.size(); ++i) {
        if (c.podRemoved[i]) continue;
        const core::Pod& p = c.pods[i];
        const core::PodOutcome& o = sim.outcome(p);
        if (o.state == core::PodState::Pending) ++out.pending;
        if (!occupies(o.state)) continue;
        if (o.state == core::PodState::Bound) ++out.placed;
        const core::Node* node = c.findNode(o.node);
        if (!node) continue;
        use[node->id].requested.milliCpu += p.derived.requests.milliCpu;
        use[node->id].requested.memory += p.derived.requests.memory;
        use[node->id].requested.pods += 1;
        if (!isDaemonPod(p)) use[node->id].used = true;
    }
    const core::Sym groupKey = c.pool.find(groupBy);
    for (std::size_t n = 0; n < c.nodes.size(); ++n) {
        if (c.nodeRemoved[n]) continue;
        const core::Node& node = c.nodes[n];
        ++(use[n].used ? out.nodesUsed : out.nodesEmpty);
        const core::Sym value = groupKey == core::kNoSym ? core::kNoSym : node.labels.get(groupKey);
        const std::string group = value == core::kNoSym ? std::string() : std::string(c.pool.str(value));
        auto& cpu = out.utilization["cpu"][group];
        cpu.requested += use[n].requested.milliCpu;
        cpu.allocatable += node.allocatable.milliCpu;
        auto& memory = out.utilization["memory"][group];
        memory.requested += use[n].requested.memory;
        memory.allocatable += node.allocatable.memory;

        const std::int64_t freeCpu = std::max<std::int64_t>(0, node.allocatable.milliCpu - use[n].requested.milliCpu);
        const std::int64_t freeMemory = std::max<std::int64_t>(0, node.allocatable.memory - use[n].requested.memory);
        std::int64_t more = std::max<std::int64_t>(0, node.allocatable.pods - use[n].requested.pods);
        if (reference.first > 0) more = std::min(more, freeCpu / reference.first);
        if (reference.second > 0) more = std::min(more, freeMemory / reference.second);
        if (node.unschedulable) {
            // Cordoned: closed to new pods by choice, not fragmented.
            out.moreReferencePods[node.name] = 0;
            continue;
        }
        out.moreReferencePods[node.name] = more;
        if (more == 0) {
            out.strandedMilliCpu += freeCpu;
            out.strandedMemory += freeMemory;
        }
    }
    return out;
}

}  // namespace berth::plan::capacity
