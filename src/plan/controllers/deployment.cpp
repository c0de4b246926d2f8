// pkg/controller/deployment/sync.go getNewReplicaSet and scale: a Deployment's ReplicaSet.
#include "plan/controllers/workload_expander.h"

#include <algorithm>

#include "plan/controllers/template_hash.h"

namespace berth::plan::detail {

void WorkloadExpander::expandDeployment(std::size_t index) {
    // A ReplicaSet this Deployment already controls (a dump of a live cluster, or an
    // earlier expansion) governs its pods; otherwise make the new ReplicaSet.
    {
        const Workload& d = m_cluster.workloads[index];
        std::vector<std::size_t> owned;
        for (std::size_t j = 0; j < m_cluster.workloads.size(); ++j) {
            const Workload& rs = m_cluster.workloads[j];
            if (rs.kind != WorkloadKind::ReplicaSet || rs.ns != d.ns) continue;
            const auto* ref = core::controllerOf(rs.ownerReferences);
            if (ref && ref->kind == "Deployment" && ref->name == d.name && (ref->uid.empty() || ref->uid == d.uid))
                owned.push_back(j);
        }
        // sync.go scale: a Deployment with one ReplicaSet keeps it at its own replicas (a
        // scale edit). Several (a dump taken mid-rollout) keep theirs as stored.
        if (owned.size() == 1) {
            Workload& rs = m_cluster.workloads[owned.front()];
            const std::int32_t want = std::max(0, d.replicas);
            if (rs.replicas != want) {
                rs.replicas = want;
                // run() has already passed a ReplicaSet stored before its Deployment.
                if (owned.front() < index) expandReplicaSet(rs);
            }
        }
        if (!owned.empty()) return;
    }
    Workload rs;
    {
        const Workload& d = m_cluster.workloads[index];
        const Sym hashKey = m_pool.intern("pod-template-hash");
        // getNewReplicaSet: a name taken by a ReplicaSet the Deployment does not own is a
        // hash collision; the collision count goes up and the hash is computed again.
        std::string hash;
        for (std::int32_t collisions = 0;; ++collisions) {
            hash = templateHash(d.podTemplate, m_pool, collisions);
            const std::string candidate = d.name + "-" + hash;
            const bool taken =
                std::any_of(m_cluster.workloads.begin(), m_cluster.workloads.end(), [&](const Workload& o) {
                    return o.kind == WorkloadKind::ReplicaSet && o.ns == d.ns && o.name == candidate;
                });
            if (!taken) break;
        }
        const Sym hashValue = m_pool.intern(hash);
        rs.kind = WorkloadKind::ReplicaSet;
        rs.ns = d.ns;
        rs.name = d.name + "-" + hash;
        rs.uid = deterministicUid(m_seed, "ReplicaSet", m_pool.str(d.ns), rs.name);
        rs.podTemplate = d.podTemplate;
        rs.podTemplate.labels.set(hashKey, hashValue);
        rs.labels = rs.podTemplate.labels;  // newRS.Labels = newRSTemplate.Labels
        rs.selector = d.selector;           // CloneSelectorAndAddLabel
        if (rs.selector)
            rs.selector->requirements.push_back(core::LabelRequirement{hashKey, core::SelectorOp::In, {hashValue}});
        rs.replicas = std::max(0, d.replicas);
        rs.ownerReferences = {controllerRefTo(d)};
        rs.source = d.source;
    }
    expandReplicaSet(rs);
    m_cluster.workloads.push_back(std::move(rs));  // invalidates references into workloads
}

}  // namespace berth::plan::detail
