#include "plan/capacity/fit.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "core/simulation.h"
#include "plan/capacity/capacity_template.h"
#include "plan/capacity/pod_template.h"

namespace berth::plan::capacity {
namespace {

// Replicas per batch at most: enough that a cluster taking 300,000 needs a few hundred
// batches (each costs the controllers one pass over the cluster's pods).
constexpr std::int64_t kMaxBatch = 4096;

/// Makes the replicas: copies of a Pod, or more replicas of a workload (its controller
/// makes them).
class ReplicaSource {
public:
    ReplicaSource(Plan& plan, const CapacityTemplate& t) : m_plan(plan), m_template(t) {}

    /// Sets the source up in the plan; an error text when it cannot be.
    std::string prepare(std::int64_t& existing) {
        existing = 0;
        core::Cluster& c = m_plan.cluster();
        if (m_template.kind == CapacityTemplate::Kind::Pod) {
            for (std::size_t i = 0; i < c.pods.size(); ++i)
                if (c.pods[i].ns == m_template.pod.ns) m_taken.insert(c.pods[i].name);
            return {};
        }
        const core::Workload& t = m_template.workload;
        m_ns = std::string(c.pool.str(t.ns));
        for (const core::Workload& w : c.workloads)
            if (w.kind == t.kind && w.ns == t.ns && w.name == t.name) {
                // More of a workload the plan already has: its spec, from its replicas on.
                m_base = w.replicas;
                existing = w.replicas;
                return {};
            }
        core::Workload w = t;
        w.replicas = 0;
        // A Job runs `parallelism` pods while completions allow: with completions nil
        // (-1 here) parallelism alone decides, which is what adding replicas means.
        if (w.kind == core::WorkloadKind::Job) w.completions = -1;
        c.workloads.push_back(std::move(w));
        m_plan.sim().workloadsChanged();
        return {};
    }

    /// Adds `n` replicas; returns the new pods' ids in creation order.
    std::vector<std::uint32_t> add(std::int64_t n) {
        core::Cluster& c = m_plan.cluster();
        core::Simulation& sim = m_plan.sim();
        std::vector<std::uint32_t> ids;
        if (m_template.kind == CapacityTemplate::Kind::Pod) {
            for (std::int64_t i = 0; i < n; ++i) {
                core::Pod p = m_template.pod;
                do p.name = m_template.pod.name + "-" + std::to_string(++m_clones);
                while (!m_taken.insert(p.name).second);
                const core::Pod& added = c.addPod(std::move(p));
                sim.podAdded(added);
                ids.push_back(added.id);
            }
            return ids;
        }
        const std::size_t before = c.pods.size();
        m_added += n;
        const std::int64_t replicas = m_base + m_added;
        const core::Workload& t = m_template.workload;
        if (replicas > kMaxFitReplicas || !sim.scaleWorkload(t.kind, m_ns, t.name, static_cast<std::int32_t>(replicas)))
            return ids;
        for (std::size_t i = before; i < c.pods.size(); ++i)
            if (!c.podRemoved[i] && isReplica(c.pods[i])) ids.push_back(static_cast<std::uint32_t>(i));
        return ids;
    }

private:
    /// Whether the workload controls `pod`, itself or through the ReplicaSet a Deployment owns.
    bool isReplica(const core::Pod& pod) const {
        const core::Workload& t = m_template.workload;
        const core::OwnerReference* ref = core::controllerOf(pod.ownerReferences);
        if (!ref || pod.ns != t.ns) return false;
        if (ref->kind == core::workloadKindName(t.kind)) return ref->name == t.name;
        if (t.kind != core::WorkloadKind::Deployment || ref->kind != "ReplicaSet") return false;
        for (const core::Workload& rs : m_plan.cluster().workloads)
            if (rs.kind == core::WorkloadKind::ReplicaSet && rs.ns == t.ns && rs.name == ref->name) {
                const core::OwnerReference* owner = core::controllerOf(rs.ownerReferences);
                return owner && owner->kind == "Deployment" && owner->name == t.name;
            }
        return false;
    }

    Plan& m_plan;
    const CapacityTemplate& m_template;
    std::string m_ns;
    std::int64_t m_base = 0;   // the workload's replicas before the question
    std::int64_t m_added = 0;  // replicas asked of its controller so far
    std::int64_t m_clones = 0;
    std::unordered_set<std::string> m_taken;  // pod names of the template's namespace
};

/// What the loop did to the replicas, from the simulation's events.
struct ReplicaWatch {
    std::vector<bool> isReplica;  // by pod id
    std::unordered_map<std::uint32_t, core::Sym> assumedOn;
    std::unordered_map<std::uint32_t, std::string> failedWith;  // the FailedScheduling text
    bool failed = false;

    void watch(core::Simulation& sim) {
        sim.setEventListener([this](const core::SimEvent& e) {
            if (e.pod >= isReplica.size() || !isReplica[e.pod]) return;
            if (e.type == core::EventType::PodAssumed) assumedOn[e.pod] = e.node;
            if (e.type == core::EventType::PodUnschedulable || e.type == core::EventType::PodSchedulerError ||
                e.type == core::EventType::PodBindFailed) {
                failed = true;
                failedWith.try_emplace(e.pod, e.message);
            }
        });
    }
    void mark(const std::vector<std::uint32_t>& ids) {
        for (std::uint32_t id : ids) {
            if (id >= isReplica.size()) isReplica.resize(id + 1, false);
            isReplica[id] = true;
        }
    }
};

/// The answer's counts per node and zone, gathered per node id and turned into the answer's
/// names once: a replica costs a counter, not a walk over the node list (Cluster::findNode)
/// and two string-keyed map lookups (at 5,000 nodes and 300,000 replicas, billions of steps).
class PlacementTally {
public:
    explicit PlacementTally(const core::Cluster& c) : m_cluster(c) {}

    void add(FitAnswer& a, std::uint32_t podId, core::Sym node) {
        ++m_perNode[node];
        a.placements.push_back({m_cluster.podKey(m_cluster.pods[podId]), std::string(m_cluster.pool.str(node))});
    }

    /// byNode and byZone from the counts (the zone: the node's topology.kubernetes.io/zone
    /// label; "" without one, or for a node no longer in the cluster).
    void finish(FitAnswer& a) const {
        const core::Sym key = m_cluster.pool.find("topology.kubernetes.io/zone");
        std::unordered_map<core::Sym, core::Sym> zoneOf;  // live node name -> zone value
        for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i) {
            if (m_cluster.nodeRemoved[i]) continue;
            const core::Node& n = m_cluster.nodes[i];
            zoneOf.try_emplace(n.nameSym, key == core::kNoSym ? core::kNoSym : n.labels.get(key));
        }
        for (const auto& [node, count] : m_perNode) {
            a.byNode[std::string(m_cluster.pool.str(node))] += count;
            const auto z = zoneOf.find(node);
            const core::Sym zone = z == zoneOf.end() ? core::kNoSym : z->second;
            a.byZone[zone == core::kNoSym ? std::string() : std::string(m_cluster.pool.str(zone))] += count;
        }
    }

private:
    const core::Cluster& m_cluster;
    std::unordered_map<core::Sym, std::int64_t> m_perNode;
};

// The placed replicas, replicas[0, settled), into the answer: where each was assumed or bound.
void recordPlacements(FitAnswer& a, const core::Cluster& c, const core::Simulation& sim, const ReplicaWatch& watch,
                      const std::vector<std::uint32_t>& replicas, std::size_t settled) {
    PlacementTally tally(c);
    a.placements.reserve(settled);
    for (std::size_t i = 0; i < settled; ++i) {
        const core::PodOutcome& o = sim.outcomes()[replicas[i]];
        tally.add(a, replicas[i], o.state == core::PodState::Bound ? o.node : watch.assumedOn.at(replicas[i]));
    }
    tally.finish(a);
}

// Steps the plan until the replicas added last are placed, or one fails; returns how many of
// `replicas` are placed (a prefix). Without preemption the first failure ends the question:
// every later replica, tried on the same cluster, fails too. With it, the loop runs until
// nothing changes.
std::size_t settleReplicas(Plan& plan, const ReplicaWatch& watch, const std::vector<std::uint32_t>& replicas,
                           std::size_t settled, bool allowPreemption) {
    while (settled < replicas.size()) {
        if (!allowPreemption && watch.failed) break;
        if (!plan.step()) break;
        while (settled < replicas.size() && watch.assumedOn.count(replicas[settled])) ++settled;
    }
    if (allowPreemption) {
        plan.runToEnd();
        const auto& outcomes = plan.sim().outcomes();
        while (settled < replicas.size() && outcomes[replicas[settled]].state == core::PodState::Bound) ++settled;
    }
    return settled;
}

// The answer's end: the first replica that found no node, and why.
void noteUnplaced(FitAnswer& a, Plan& plan, const ReplicaWatch& watch, const core::Pod& next) {
    a.stoppedBy = FitAnswer::Stop::Unschedulable;
    a.nextPod = plan.cluster().podKey(next);
    const auto failed = watch.failedWith.find(next.id);
    a.nextMessage = failed != watch.failedWith.end() ? failed->second : plan.sim().outcome(next).message;
    if (a.nextMessage.empty())
        a.nextMessage = "not scheduled: the pod waits on scheduling gates, or no profile has its schedulerName";
}

}  // namespace

std::optional<FitAnswer> howManyMoreFit(Plan& plan, const FitRequest& request, io::Diagnostics& diags,
                                        core::Progress* progress) {
    auto fail = [&](std::string message) {
        io::Diagnostic d;
        d.file = request.templateFile;
        d.message = std::move(message);
        diags.add(std::move(d));
        return std::nullopt;
    };
    if (!plan.ok()) return fail("configuration error: " + plan.error());
    core::Cluster& c = plan.cluster();
    core::Simulation& sim = plan.sim();
    std::optional<CapacityTemplate> tmpl;
    if (request.pod.empty()) {
        tmpl = readCapacityTemplate(c, request.templateText, request.templateFile, TemplateUse::Replicas,
                                    plan.input().version, diags, plan.input().admitManifests);
        if (!tmpl) return std::nullopt;
    }

    plan.setProgress(progress);
    plan.runToEnd();  // the plan's own pending pods settle first
    if (plan.cancelled()) return std::nullopt;
    if (!request.pod.empty()) {  // the pod's controllers made it in that run, perhaps
        std::string error;
        tmpl = templateOfPod(c, request.pod, error);
        if (!tmpl) return fail(error);
    }
    sim.scheduler().setPreemption(request.allowPreemption);

    FitAnswer a;
    a.templateRef = tmpl->ref;
    a.templateKind = tmpl->kindName;
    ReplicaSource source(plan, *tmpl);
    if (std::string err = source.prepare(a.existingReplicas); !err.empty()) return fail(err);
    // The controllers' reaction to a new workload (a Deployment's ReplicaSet) has no pods yet.
    plan.runToEnd();

    ReplicaWatch watch;
    watch.watch(sim);
    const std::int64_t limit = std::clamp<std::int64_t>(request.max.value_or(kMaxFitReplicas), 0, kMaxFitReplicas);
    std::vector<std::uint32_t> replicas;
    std::size_t settled = 0;  // replicas[0, settled) are placed
    std::int64_t batch = 1;
    if (progress) progress->start(core::Progress::Phase::Scheduling, static_cast<std::uint64_t>(limit));
    while (true) {
        if (progress && progress->cancelled()) return std::nullopt;
        const std::int64_t n =
            std::min(request.allowPreemption ? 1 : batch, limit - static_cast<std::int64_t>(settled));
        if (n <= 0) {
            a.stoppedBy = FitAnswer::Stop::Max;
            break;
        }
        const std::vector<std::uint32_t> ids = source.add(n);
        if (ids.empty()) {
            a.stoppedBy = FitAnswer::Stop::Unschedulable;
            a.nextMessage = "the " + a.templateKind + "'s controller creates no more pods";
            break;
        }
        watch.mark(ids);
        replicas.insert(replicas.end(), ids.begin(), ids.end());
        settled = settleReplicas(plan, watch, replicas, settled, request.allowPreemption);
        if (progress) progress->set(settled, static_cast<std::uint64_t>(limit));
        if (settled < replicas.size()) {
            noteUnplaced(a, plan, watch, c.pods[replicas[settled]]);
            break;
        }
        batch = std::min(batch * 2, kMaxBatch);
    }
    // Placed means assumed: its bind is only a matter of simulated time (the plan is not run
    // on, which would try every replica after the first that failed, each in vain).
    recordPlacements(a, c, sim, watch, replicas, settled);
    a.fits = static_cast<std::int64_t>(settled);
    sim.setEventListener({});
    plan.setProgress(nullptr);
    return a;
}

}  // namespace berth::plan::capacity
