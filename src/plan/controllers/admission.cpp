// The admission a pod gets when the API server stores it: plugin/pkg/admission/limitranger,
// priority, defaulttolerationseconds and runtimeclass (admission.go of each), in the order of
// pkg/kubeapiserver/options/plugins.go.
#include "plan/controllers/admission.h"

#include <algorithm>
#include <vector>

#include "plan/controllers/workload_expander.h"

namespace berth::plan {

namespace {

// plugin/pkg/admission/defaulttolerationseconds: --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds.
constexpr std::int64_t kDefaultTolerationSeconds = 300;

// pkg/apis/scheduling/types.go: the system classes the API server creates at start-up.
constexpr std::int32_t kSystemClusterCritical = 2000000000;
constexpr std::int32_t kSystemNodeCritical = kSystemClusterCritical + 1000;

// admission.NewForbidden's text for a pod.
std::string forbidden(const core::Pod& pod, const std::string& reason) {
    return "pods \"" + pod.name + "\" is forbidden: " + reason;
}

// mergeContainerResources, requests only: what the container does not request gets the
// default. (Its limits, which Berth does not keep, never reach scheduling: API defaulting
// turned a limit without a request into a request before admission ran.)
bool defaultRequests(core::Container& c, const core::NamedResourceList& defaults) {
    bool changed = false;
    if (defaults.cpu && !c.hasCpuRequest) {
        c.requests.milliCpu = defaults.amounts.milliCpu;
        c.hasCpuRequest = changed = true;
    }
    if (defaults.memory && !c.hasMemoryRequest) {
        c.requests.memory = defaults.amounts.memory;
        c.hasMemoryRequest = changed = true;
    }
    if (defaults.ephemeralStorage && !c.hasEphemeralStorageRequest) {
        c.requests.ephemeralStorage = defaults.amounts.ephemeralStorage;
        c.hasEphemeralStorageRequest = changed = true;
    }
    for (const auto& s : defaults.amounts.scalars)
        if (!c.requests.hasScalar(s.name)) {
            c.requests.setScalar(s.name, s.value);
            changed = true;
        }
    return changed;
}

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

std::variant<AdmissionDecision, std::string> decideAdmission(const core::Cluster& cluster, const core::Pod& pod) {
    AdmissionDecision d;
    // Priority runs before RuntimeClass, so its rejection is the one the API server gives.
    const auto priority = decidePriority(cluster, pod.priorityClassName);
    if (!priority) return "no PriorityClass with name " + pod.priorityClassName + " was found";
    d.priority = *priority;
    // RuntimeClass: Admit (prepareObjects, setOverhead), then Validate (validateOverhead). A
    // pod's own overhead is "set" when it names any amount (an explicit 0 reads as unset).
    const bool ownOverhead = !(pod.overhead == core::ResourceList{});
    const core::RuntimeClass* rc = nullptr;
    if (!pod.runtimeClassName.empty()) {
        rc = cluster.findRuntimeClass(pod.runtimeClassName);
        if (!rc) return "pod rejected: RuntimeClass \"" + pod.runtimeClassName + "\" not found";
    }
    if (rc && rc->overhead) {
        if (ownOverhead && !(pod.overhead == *rc->overhead))
            return std::string("pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
        d.overhead = rc->overhead;
    } else if (ownOverhead) {
        return std::string("pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead");
    }
    return d;
}

bool applyLimitRangeDefaults(const core::Cluster& cluster, core::Pod& pod) {
    std::vector<const core::LimitRange*> ranges;
    for (const auto& lr : cluster.limitRanges)
        if (lr.ns == pod.ns && !lr.containerDefaultRequest.empty()) ranges.push_back(&lr);
    if (ranges.empty()) return false;
    std::sort(ranges.begin(), ranges.end(),
              [](const core::LimitRange* a, const core::LimitRange* b) { return a->name < b->name; });
    bool changed = false;
    // runLimitFunc: each LimitRange in turn; a resource the first one set counts as requested
    // for the next (mergePodResourceRequirements: containers, then init containers).
    for (const core::LimitRange* lr : ranges)
        for (auto* list : {&pod.containers, &pod.initContainers})
            for (auto& c : *list) changed |= defaultRequests(c, lr->containerDefaultRequest);
    return changed;
}

void addDefaultTolerations(core::Pod& pod, core::StringPool& pool) {
    const core::Sym notReady = pool.intern("node.kubernetes.io/not-ready");
    const core::Sym unreachable = pool.intern("node.kubernetes.io/unreachable");
    // Admit: a toleration with the taint's key (or no key) and effect NoExecute (or no
    // effect) counts, whatever its operator, value and seconds.
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

bool applyAdmission(core::Cluster& cluster, core::Pod& pod, const AdmissionDecision& decision) {
    bool resourcesChanged = applyLimitRangeDefaults(cluster, pod);
    admitPriority(pod, decision.priority);
    addDefaultTolerations(pod, cluster.pool);
    if (decision.overhead) {
        resourcesChanged |= !(pod.overhead == *decision.overhead);
        pod.overhead = *decision.overhead;
    }
    return resourcesChanged;
}

std::optional<WorkloadExpander::AdmissionDecision> WorkloadExpander::resolveAdmission(const Workload& w) {
    auto d = decideAdmission(m_cluster, w.podTemplate);
    if (auto* reason = std::get_if<std::string>(&d)) {
        warn(w, *reason + "; the controller cannot create its pods");
        return std::nullopt;
    }
    return std::get<AdmissionDecision>(std::move(d));
}

void WorkloadExpander::admit(Pod& pod, const AdmissionDecision& decision) { applyAdmission(m_cluster, pod, decision); }

}  // namespace detail

std::string admitPod(core::Cluster& cluster, core::Pod& pod, const core::KubeVersion& version) {
    auto d = detail::decideAdmission(cluster, pod);
    if (auto* reason = std::get_if<std::string>(&d)) return forbidden(pod, *reason);
    if (detail::applyAdmission(cluster, pod, std::get<detail::AdmissionDecision>(d)))
        core::computeDerived(pod, version, cluster.pool.intern("TCP"), cluster.pool.intern("0.0.0.0"));
    return {};
}

void admitManifestPods(core::Cluster& cluster, io::LoadResult& load, const core::KubeVersion& version) {
    for (const std::uint32_t i : load.podsToAdmit) {
        if (cluster.podRemoved[i]) continue;
        core::Pod& pod = cluster.pods[i];
        std::string rejected = admitPod(cluster, pod, version);
        if (rejected.empty()) continue;
        io::Diagnostic d;
        d.file = pod.source.file;
        d.line = pod.source.line;
        d.column = pod.source.column;
        d.kind = "Pod";
        d.name = cluster.podKey(pod);
        d.message = std::move(rejected);  // the API server's answer to the create
        load.diagnostics.add(std::move(d));
        cluster.podRemoved[i] = true;
    }
}

}  // namespace berth::plan
