// The admission a controller's pod gets when the API server stores it:
// plugin/pkg/admission/priority/admission.go and
// plugin/pkg/admission/defaulttolerationseconds/admission.go.
#include "plan/controllers/workload_expander.h"

namespace berth::plan::detail {

namespace {

// plugin/pkg/admission/defaulttolerationseconds: --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds.
constexpr std::int64_t kDefaultTolerationSeconds = 300;

// pkg/apis/scheduling/types.go: the system classes the API server creates at start-up.
constexpr std::int32_t kSystemClusterCritical = 2000000000;
constexpr std::int32_t kSystemNodeCritical = kSystemClusterCritical + 1000;

}  // namespace

std::optional<WorkloadExpander::PriorityDecision> WorkloadExpander::resolvePriority(const Workload& w) {
    const Pod& t = w.podTemplate;
    PriorityDecision d;
    if (t.priorityClassName.empty()) {
        // getDefaultPriorityClass: the globalDefault class with the highest value.
        const core::PriorityClass* best = nullptr;
        for (const auto& pc : m_cluster.priorityClasses)
            if (pc.globalDefault && (!best || best->value < pc.value)) best = &pc;
        if (best) {
            d.className = best->name;
            d.value = best->value;
            d.policy = best->preemptionPolicy;
        }
        return d;
    }
    d.className = t.priorityClassName;
    if (const auto* pc = m_cluster.findPriorityClass(t.priorityClassName)) {
        d.value = pc->value;
        d.policy = pc->preemptionPolicy;
        return d;
    }
    if (t.priorityClassName == "system-node-critical") {
        d.value = kSystemNodeCritical;
        return d;
    }
    if (t.priorityClassName == "system-cluster-critical") {
        d.value = kSystemClusterCritical;
        return d;
    }
    warn(w, "no PriorityClass with name " + t.priorityClassName + " was found; the controller cannot create its pods");
    return std::nullopt;
}

/// Priority and DefaultTolerationSeconds admission.
void WorkloadExpander::admit(Pod& pod, const PriorityDecision& priority) {
    pod.priorityClassName = priority.className;
    pod.priority = priority.value;
    // A class's Never wins; the pod's own value stays otherwise (Pod has no "unset").
    if (priority.policy && *priority.policy == core::PreemptionPolicy::Never)
        pod.preemptionPolicy = core::PreemptionPolicy::Never;

    const Sym notReady = m_pool.intern("node.kubernetes.io/not-ready");
    const Sym unreachable = m_pool.intern("node.kubernetes.io/unreachable");
    bool toleratesNotReady = false;
    bool toleratesUnreachable = false;
    for (const auto& t : pod.tolerations) {
        const bool noExecute = t.effect == core::TaintEffect::NoExecute || t.effect == core::TaintEffect::None;
        if (!noExecute) continue;
        if (t.key == notReady || t.key == core::kEmptySym) toleratesNotReady = true;
        if (t.key == unreachable || t.key == core::kEmptySym) toleratesUnreachable = true;
    }
    auto add = [&](Sym key) {
        core::Toleration t;
        t.key = key;
        t.op = core::TolerationOp::Exists;
        t.effect = core::TaintEffect::NoExecute;
        t.seconds = kDefaultTolerationSeconds;
        pod.tolerations.push_back(t);
    };
    if (!toleratesNotReady) add(notReady);
    if (!toleratesUnreachable) add(unreachable);
}

}  // namespace berth::plan::detail
