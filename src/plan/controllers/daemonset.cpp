// pkg/controller/daemon/daemon_controller.go and pkg/controller/daemon/util/daemonset_util.go.
#include "plan/controllers/workload_expander.h"

#include <unordered_set>

#include "core/api/node_selector_match.h"
#include "plan/controllers/template_hash.h"

namespace berth::plan::detail {

namespace {

bool sameToleration(const core::Toleration& a, const core::Toleration& b) {
    // v1.Toleration.MatchToleration: key, effect, operator and value.
    return a.key == b.key && a.effect == b.effect && a.op == b.op && a.value == b.value;
}

/// v1helper.AddOrUpdateTolerationInPodSpec.
void addOrUpdateToleration(std::vector<core::Toleration>& tolerations, const core::Toleration& t) {
    for (auto& existing : tolerations) {
        if (sameToleration(existing, t)) {
            existing = t;
            return;
        }
    }
    tolerations.push_back(t);
}

}  // namespace

/// daemonset_util.go AddOrUpdateDaemonPodTolerations (hostNetwork is not modelled).
void WorkloadExpander::addDaemonTolerations(std::vector<core::Toleration>& tolerations) {
    const std::pair<const char*, core::TaintEffect> defaults[] = {
        {"node.kubernetes.io/not-ready", core::TaintEffect::NoExecute},
        {"node.kubernetes.io/unreachable", core::TaintEffect::NoExecute},
        {"node.kubernetes.io/disk-pressure", core::TaintEffect::NoSchedule},
        {"node.kubernetes.io/memory-pressure", core::TaintEffect::NoSchedule},
        {"node.kubernetes.io/pid-pressure", core::TaintEffect::NoSchedule},
        {"node.kubernetes.io/unschedulable", core::TaintEffect::NoSchedule},
    };
    for (const auto& [key, effect] : defaults) {
        core::Toleration t;
        t.key = m_pool.intern(key);
        t.op = core::TolerationOp::Exists;
        t.effect = effect;
        addOrUpdateToleration(tolerations, t);
    }
}

/// The node a DaemonSet pod is tied to: spec.nodeName, or the `metadata.name In [node]`
/// term the controller writes into its required node affinity.
Sym WorkloadExpander::pinnedNode(const Pod& p) const {
    if (p.nodeName != core::kEmptySym) return p.nodeName;
    if (!p.affinity.node.required) return core::kNoSym;
    const Sym nameField = m_pool.find("metadata.name");
    for (const auto& term : p.affinity.node.required->terms)
        for (const auto& f : term.fields)
            if (f.key == nameField && f.op == core::SelectorOp::In && f.values.size() == 1) return f.values.front();
    return core::kNoSym;
}

void WorkloadExpander::expandDaemonSet(const Workload& w) {
    // NewPod: the template with the daemon tolerations, used for the eligibility check.
    Pod probe = w.podTemplate;
    addDaemonTolerations(probe.tolerations);

    std::unordered_set<Sym> covered;
    for (const Pod* p : ownedPods(w))
        if (isActive(*p)) covered.insert(pinnedNode(*p));

    const std::string hash = templateHash(w.podTemplate, m_pool, 0);
    const Sym revisionKey = m_pool.intern("controller-revision-hash");
    const Sym generationKey = m_pool.intern("pod-template-generation");
    const Sym nameField = m_pool.intern("metadata.name");
    const std::string prefix = podsPrefix(w);
    std::optional<std::optional<AdmissionDecision>> admission;
    for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i) {
        if (m_cluster.nodeRemoved[i]) continue;
        const core::Node& node = m_cluster.nodes[i];
        if (!shouldRunDaemonPod(probe, node) || covered.count(node.nameSym)) continue;
        if (!admission) admission = resolveAdmission(w);
        if (!*admission) return;
        Pod pod = podFromTemplate(w, generateName(w.ns, prefix), prefix);
        pod.tolerations = probe.tolerations;
        pod.labels.set(revisionKey, m_pool.intern(hash));
        pod.labels.set(generationKey, m_pool.intern("1"));
        // ReplaceDaemonSetPodNodeNameNodeAffinity: the required terms become one
        // matchFields term on the node's name; preferred terms stay.
        core::NodeSelectorTerm term;
        term.fields.push_back(core::NodeFieldRequirement{nameField, core::SelectorOp::In, {node.nameSym}});
        pod.affinity.node.required = core::NodeSelector{{std::move(term)}};
        addPod(std::move(pod), **admission);
    }
}

/// daemon_controller.go NodeShouldRunDaemonPod (shouldRun): node name, node selector and
/// required node affinity, and every NoSchedule / NoExecute taint tolerated.
bool WorkloadExpander::shouldRunDaemonPod(const Pod& probe, const core::Node& node) const {
    if (probe.nodeName != core::kEmptySym && probe.nodeName != node.nameSym) return false;
    if (!core::podMatchesNodeSelectorAndAffinity(probe, node, m_pool)) return false;
    for (const auto& taint : node.taints) {
        if (taint.effect != core::TaintEffect::NoSchedule && taint.effect != core::TaintEffect::NoExecute) continue;
        if (!core::toleratesTaint(probe.tolerations, taint)) return false;
    }
    return true;
}

}  // namespace berth::plan::detail
