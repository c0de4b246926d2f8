// The admission a pod gets when the API server stores it:
// plugin/pkg/admission/priority/admission.go and
// plugin/pkg/admission/defaulttolerationseconds/admission.go.
#include "plan/controllers/admission.h"

#include "plan/controllers/workload_expander.h"

namespace berth::plan {

namespace {

// plugin/pkg/admission/defaulttolerationseconds: --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds.
constexpr std::int64_t kDefaultTolerationSeconds = 300;

// pkg/apis/scheduling/types.go: the system classes the API server creates at start-up.
constexpr std::int32_t kSystemClusterCritical = 2000000000;
constexpr std::int32_t kSystemNodeCritical = kSystemClusterCritical + 1000;

}  // namespace

namespace detail {

std::optional<PriorityDecision> decidePriority(const core::Cluster& cluster, const std::string& className) {
    PriorityDecision d;
    if (className.empty()) {
        // getDefaultPriorityClass: the globalDefault class with the highest value.
        const core::PriorityClass* best = nullptr;
        for (const auto& pc : cluster.priorityClasses)
            if (pc.globalDefault && (!best || best->value < pc.value)) best = &pc;
        if (best) {
            d.className = best->name;
            d.value = best->value;
            d.policy = best->preemptionPolicy;
        }
        return d;
    }
    d.className = className;
    if (const auto* pc = cluster.findPriorityClass(className)) {
        d.value = pc->value;
        d.policy = pc->preemptionPolicy;
        return d;
    }
    if (className == "system-node-critical") {
        d.value = kSystemNodeCritical;
        return d;
    }
    if (className == "system-cluster-critical") {
        d.value = kSystemClusterCritical;
        return d;
    }
    return std::nullopt;
}

void admitPriority(core::Pod& pod, const PriorityDecision& priority) {
    pod.priorityClassName = priority.className;
    pod.priority = priority.value;
    // A class's Never wins; the pod's own value stays otherwise (Pod has no "unset").
    if (priority.policy && *priority.policy == core::PreemptionPolicy::Never)
        pod.preemptionPolicy = core::PreemptionPolicy::Never;
}

void admitPod(core::Pod& pod, core::StringPool& pool, const PriorityDecision& priority) {
    admitPriority(pod, priority);

    const core::Sym notReady = pool.intern("node.kubernetes.io/not-ready");
    const core::Sym unreachable = pool.intern("node.kubernetes.io/unreachable");
    bool toleratesNotReady = false;
    bool toleratesUnreachable = false;
    for (const auto& t : pod.tolerations) {
        const bool noExecute = t.effect == core::TaintEffect::NoExecute || t.effect == core::TaintEffect::None;
        if (!noExecute) continue;
        if (t.key == notReady || t.key == core::kEmptySym) toleratesNotReady = true;
        if (t.key == unreachable || t.key == core::kEmptySym) toleratesUnreachable = true;
    }
    auto add = [&](core::Sym key) {
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

std::optional<WorkloadExpander::PriorityDecision> WorkloadExpander::resolvePriority(const Workload& w) {
    auto d = decidePriority(m_cluster, w.podTemplate.priorityClassName);
    if (!d)
        warn(w, "no PriorityClass with name " + w.podTemplate.priorityClassName +
                    " was found; the controller cannot create its pods");
    return d;
}

void WorkloadExpander::admit(Pod& pod, const PriorityDecision& priority) { admitPod(pod, m_pool, priority); }

}  // namespace detail

void admitManifestPods(core::Cluster& cluster, io::LoadResult& load) {
    for (const std::uint32_t i : load.podsToAdmit) {
        core::Pod& pod = cluster.pods[i];
        if (cluster.podRemoved[i]) continue;
        const auto priority = detail::decidePriority(cluster, pod.priorityClassName);
        if (!priority) {
            io::Diagnostic d;
            d.file = pod.source.file;
            d.line = pod.source.line;
            d.column = pod.source.column;
            d.kind = "Pod";
            d.name = cluster.podKey(pod);
            // The API server's answer to the create (admission.NewForbidden).
            d.message = "pods \"" + pod.name + "\" is forbidden: no PriorityClass with name " + pod.priorityClassName +
                        " was found";
            load.diagnostics.add(std::move(d));
            cluster.podRemoved[i] = true;
            continue;
        }
        detail::admitPriority(pod, *priority);
    }
}

}  // namespace berth::plan
