// The simulation's invariants (invariant_check.h). Each check derives its answer on its own —
// sums from each pod's requests, healthy pods counted from the pods, the Filter plugins run
// again one by one — rather than reading the state the scheduler keeps, so a bug in that state
// shows up here.
#include "core/invariant_check.h"

#include <map>

#include "core/framework/plugins/noderesources/fit.h"
#include "core/node_check.h"
#include "core/scheduler.h"

namespace berth::core {
namespace {

std::string nodeName(const Cluster& c, Sym node) { return std::string(c.pool.str(node)); }

/// A budget's healthy pods as the disruption controller counts them (countHealthyPods): the
/// pods it covers that are still there, not terminating, and bound (a pod the file gives with
/// a node and no phase runs there too).
std::int32_t healthyPods(const Cluster& c, const PodDisruptionBudget& pdb) {
    std::int32_t healthy = 0;
    for (std::size_t i = 0; i < c.pods.size(); ++i) {
        const Pod& p = c.pods[i];
        if ((i < c.podRemoved.size() && c.podRemoved[i]) || p.terminating || !pdb.covers(p)) continue;
        if (p.nodeName != kEmptySym && (p.phase == PodPhase::Running || p.phase == PodPhase::Pending)) ++healthy;
    }
    return healthy;
}

/// What the pods on one node request in all, and which resources a pod the scheduler placed
/// there through a resource-filtering profile asked for (only those are its doing).
struct NodeUsage {
    ResourceList requested;
    std::int64_t pods = 0;
    bool placedAny = false;
    bool placedCpu = false, placedMemory = false, placedStorage = false;
    std::unordered_set<Sym> placedScalars;
};

/// `fit`: the NodeResourcesFit the scheduler placed `p` through (null when it did not place it,
/// or placed it through a profile that filters on no resources).
void addPod(NodeUsage& u, const Pod& p, const NodeResourcesFit* fit) {
    const ResourceList& r = p.derived.requests;
    u.requested.milliCpu += r.milliCpu;
    u.requested.memory += r.memory;
    u.requested.ephemeralStorage += r.ephemeralStorage;
    for (const auto& s : r.scalars) u.requested.addScalar(s.name, s.value);
    ++u.pods;
    if (!fit) return;
    u.placedAny = true;
    u.placedCpu |= r.milliCpu > 0;
    u.placedMemory |= r.memory > 0;
    u.placedStorage |= r.ephemeralStorage > 0;
    for (const auto& s : r.scalars)
        if (s.value > 0 && !fit->ignored(s.name)) u.placedScalars.insert(s.name);
}

void overCommitted(std::vector<std::string>& out, const std::string& node, std::string_view resource,
                   const std::string& requested, const std::string& allocatable) {
    out.push_back("node " + node + " is over-committed on " + std::string(resource) + ": its pods request " +
                  requested + ", allocatable " + allocatable);
}

void checkNodeUsage(std::vector<std::string>& out, const Cluster& c, const Node& node, const NodeUsage& u) {
    const std::string name = node.name;
    const ResourceList& a = node.allocatable;
    if (u.placedAny && u.pods > a.pods)
        out.push_back("node " + name + " is over-committed on pods: it holds " + std::to_string(u.pods) +
                      " pods, allocatable " + std::to_string(a.pods));
    if (u.placedCpu && u.requested.milliCpu > a.milliCpu)
        overCommitted(out, name, "cpu", std::to_string(u.requested.milliCpu) + "m", std::to_string(a.milliCpu) + "m");
    if (u.placedMemory && u.requested.memory > a.memory)
        overCommitted(out, name, "memory", std::to_string(u.requested.memory), std::to_string(a.memory));
    if (u.placedStorage && u.requested.ephemeralStorage > a.ephemeralStorage)
        overCommitted(out, name, "ephemeral-storage", std::to_string(u.requested.ephemeralStorage),
                      std::to_string(a.ephemeralStorage));
    for (const auto& s : u.requested.scalars)
        if (u.placedScalars.count(s.name) && s.value > a.scalar(s.name))
            overCommitted(out, name, c.pool.str(s.name), std::to_string(s.value), std::to_string(a.scalar(s.name)));
}

}  // namespace

std::string invariantTime(SimTime t) {
    const SimTime ms = t / kMillisecond;
    std::string frac = std::to_string(ms % 1000);
    frac.insert(0, 3 - frac.size(), '0');
    return std::to_string(ms / 1000) + "." + frac + "s";
}

void InvariantCheck::onEvent(const SimEvent& e, const Cluster& cluster) {
    if (m_anyEvent && (e.time < m_lastTime || e.sequence <= m_lastSequence))
        m_violations.push_back("event " + std::to_string(e.sequence) + " (" + eventTypeName(e.type) + ") at " +
                               invariantTime(e.time) + " follows event " + std::to_string(m_lastSequence) + " at " +
                               invariantTime(m_lastTime) + ": the event stream is out of order");
    m_anyEvent = true;
    m_lastTime = e.time;
    m_lastSequence = e.sequence;
    if (e.type == EventType::NodeUpdated) m_updatedNodes.insert(e.node);
    if (e.type != EventType::PodBound || e.pod >= cluster.pods.size()) return;
    auto [it, first] = m_boundAt.emplace(e.pod, e.sequence);
    if (!first)
        m_violations.push_back("pod " + cluster.podKey(cluster.pods[e.pod]) + " bound twice: event " +
                               std::to_string(it->second) + " and event " + std::to_string(e.sequence) +
                               " (to node " + nodeName(cluster, e.node) + " at " + invariantTime(e.time) + ")");
}

void InvariantCheck::onPlacement(Scheduler& scheduler, const Pod& pod, Sym node, SimTime now) {
    const Cluster& c = scheduler.cluster();
    const NodeCheck check = checkNodeForPod(scheduler, pod, c.pool.str(node));
    std::string why;
    for (const PluginVerdict& v : check.plugins)
        if (v.code != Code::Success && v.code != Code::Skip) {
            why = "fails Filter plugin " + v.plugin + ": " + v.reason;
            break;
        }
    if (why.empty() && !check.error.empty()) why = "cannot be checked: " + check.error;
    if (why.empty() && !check.fits) why = "fails " + check.stage + " " + check.rejectedBy + ": " + check.reason;
    if (why.empty()) return;
    m_violations.push_back("pod " + c.podKey(pod) + " placed on node " + nodeName(c, node) + " at " +
                           invariantTime(now) + " " + why);
}

void InvariantCheck::onBudgetedEviction(const Cluster& cluster, const Pod& pod, SimTime now) {
    for (const PodDisruptionBudget& pdb : cluster.pdbs) {
        if (!pdb.covers(pod)) continue;
        const std::int32_t healthy = healthyPods(cluster, pdb);
        if (healthy >= pdb.desiredHealthy) continue;
        m_violations.push_back("eviction of pod " + cluster.podKey(pod) + " at " + invariantTime(now) +
                               " violates PodDisruptionBudget " + std::string(cluster.pool.str(pdb.ns)) + "/" +
                               pdb.name + ": " + std::to_string(healthy) + " healthy pods left, " +
                               std::to_string(pdb.desiredHealthy) + " desired");
    }
}

std::vector<std::string> InvariantCheck::finish(const Cluster& cluster, const std::deque<PodOutcome>& outcomes,
                                                const ResourceFilterOf& fitOf) const {
    std::vector<std::string> out = m_violations;
    std::map<std::uint32_t, NodeUsage> usage;  // by node id: reports in the nodes' order
    for (std::size_t i = 0; i < cluster.pods.size(); ++i) {
        const Pod& p = cluster.pods[i];
        if ((i < cluster.podRemoved.size() && cluster.podRemoved[i]) || p.nodeName == kEmptySym) continue;
        if (p.phase == PodPhase::Succeeded || p.phase == PodPhase::Failed) continue;
        const Node* node = cluster.findNode(p.nodeName);
        if (!node || m_updatedNodes.count(p.nodeName)) continue;
        const bool placed = i < outcomes.size() && outcomes[i].state == PodState::Bound;
        addPod(usage[node->id], p, placed ? fitOf(p) : nullptr);
    }
    for (const auto& [id, u] : usage) checkNodeUsage(out, cluster, cluster.nodes[id], u);
    return out;
}

}  // namespace berth::core
