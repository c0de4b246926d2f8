// The admission a pod gets when the API server stores it: plugin/pkg/admission/limitranger,
// priority, defaulttolerationseconds and runtimeclass (admission.go of each), in the order of
// pkg/kubeapiserver/options/plugins.go.
#include "plan/controllers/admission.h"

#include <algorithm>
#include <vector>

#include "plan/controllers/limit_ranger.h"
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

// pkg/util/tolerations isSuperset: whether `ss` tolerates everything `t` does.
bool isSuperset(const core::Toleration& ss, const core::Toleration& t) {
    if (ss == t) return true;
    // An empty key with Exists matches every key and value.
    if (t.key != ss.key && (ss.key != core::kEmptySym || ss.op != core::TolerationOp::Exists)) return false;
    if (t.effect != ss.effect && ss.effect != core::TaintEffect::None) return false;
    if (ss.effect == core::TaintEffect::NoExecute && ss.seconds && (!t.seconds || *t.seconds > *ss.seconds))
        return false;
    switch (ss.op) {
        case core::TolerationOp::Equal: return t.op == core::TolerationOp::Equal && t.value == ss.value;
        case core::TolerationOp::Exists: return true;
        case core::TolerationOp::Unknown: break;
    }
    return false;
}

// pkg/util/tolerations MergeTolerations: `first` then `second`, without a toleration that
// one kept before it covers, or a later different one covers (of equal ones, the first).
std::vector<core::Toleration> mergeTolerations(const std::vector<core::Toleration>& first,
                                               const std::vector<core::Toleration>& second) {
    std::vector<core::Toleration> all = first;
    all.insert(all.end(), second.begin(), second.end());
    std::vector<core::Toleration> merged;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const core::Toleration& t = all[i];
        const auto covers = [&](const core::Toleration& other) { return isSuperset(other, t); };
        if (std::any_of(merged.begin(), merged.end(), covers)) continue;
        const auto coversDifferently = [&](const core::Toleration& later) { return !(later == t) && covers(later); };
        const bool laterCovers =
            std::any_of(all.begin() + static_cast<std::ptrdiff_t>(i) + 1, all.end(), coversDifferently);
        if (!laterCovers) merged.push_back(t);
    }
    return merged;
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
    }
    // setScheduling: a key both nodeSelectors name must have one value.
    if (rc && rc->scheduling) {
        for (const auto& [key, value] : rc->scheduling->nodeSelector) {
            const core::Sym own = pod.nodeSelector.get(key);
            if (own == core::kNoSym || own == value) continue;
            const std::string k(cluster.pool.str(key));
            return "conflict: runtimeClass.scheduling.nodeSelector[" + k + "] = " +
                   std::string(cluster.pool.str(value)) + "; pod.spec.nodeSelector[" + k +
                   "] = " + std::string(cluster.pool.str(own));
        }
        d.scheduling = rc->scheduling;
    }
    return d;
}

std::string validateAdmission(const core::Cluster& cluster, const core::Pod& pod, const core::KubeVersion& version) {
    if (std::string limits = validateLimitRanges(cluster, pod, version); !limits.empty()) return limits;
    // validateOverhead: after setOverhead, an overhead the class does not define is left.
    if (pod.overhead == core::ResourceList{}) return {};
    const core::RuntimeClass* rc =
        pod.runtimeClassName.empty() ? nullptr : cluster.findRuntimeClass(pod.runtimeClassName);
    if (rc && rc->overhead) return {};
    return "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead";
}

void applyRuntimeClassScheduling(core::Pod& pod, const core::RuntimeClassScheduling& scheduling) {
    for (const auto& [key, value] : scheduling.nodeSelector) pod.nodeSelector.set(key, value);
    pod.tolerations = mergeTolerations(pod.tolerations, scheduling.tolerations);
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
    if (decision.scheduling) applyRuntimeClassScheduling(pod, *decision.scheduling);
    return resourcesChanged;
}

std::optional<WorkloadExpander::AdmissionDecision> WorkloadExpander::resolveAdmission(const Workload& w) {
    auto d = decideAdmission(m_cluster, w.podTemplate);
    if (auto* reason = std::get_if<std::string>(&d)) {
        warn(w, *reason + "; the controller cannot create its pods");
        return std::nullopt;
    }
    // Every pod of the template has the same resources and overhead: the validating plugins
    // decide for all of them on one.
    Pod probe = w.podTemplate;
    applyAdmission(m_cluster, probe, std::get<AdmissionDecision>(d));
    if (std::string reason = validateAdmission(m_cluster, probe, m_version); !reason.empty()) {
        warn(w, reason + "; the controller cannot create its pods");
        return std::nullopt;
    }
    return std::get<AdmissionDecision>(std::move(d));
}

void WorkloadExpander::admit(Pod& pod, const AdmissionDecision& decision) { applyAdmission(m_cluster, pod, decision); }

}  // namespace detail

std::string admitPod(core::Cluster& cluster, core::Pod& pod, const core::KubeVersion& version) {
    auto d = detail::decideAdmission(cluster, pod);
    if (auto* reason = std::get_if<std::string>(&d)) return forbidden(pod, *reason);
    const bool changed = detail::applyAdmission(cluster, pod, std::get<detail::AdmissionDecision>(d));
    if (std::string reason = detail::validateAdmission(cluster, pod, version); !reason.empty())
        return forbidden(pod, reason);
    if (changed) core::computeDerived(pod, version, cluster.pool.intern("TCP"), cluster.pool.intern("0.0.0.0"));
    return {};
}

namespace {

// Extended resources are keyed by the interned name: `to`'s own, kept sorted.
void reintern(std::vector<core::ScalarResource>& scalars, const core::StringPool& from, core::StringPool& to) {
    for (auto& s : scalars) s.name = to.intern(from.str(s.name));
    std::sort(scalars.begin(), scalars.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}

}  // namespace

void copyAdmissionObjects(const core::Cluster& from, core::Cluster& to) {
    const core::StringPool& fp = from.pool;
    core::StringPool& tp = to.pool;
    const auto sym = [&](core::Sym s) { return tp.intern(fp.str(s)); };
    to.priorityClasses = from.priorityClasses;
    for (core::RuntimeClass rc : from.runtimeClasses) {
        if (rc.overhead) reintern(rc.overhead->scalars, fp, tp);
        if (rc.scheduling) {
            core::Labels selector;
            for (const auto& [key, value] : rc.scheduling->nodeSelector) selector.set(sym(key), sym(value));
            rc.scheduling->nodeSelector = std::move(selector);
            for (auto& t : rc.scheduling->tolerations) {
                t.key = sym(t.key);
                t.value = sym(t.value);
            }
        }
        to.runtimeClasses.push_back(std::move(rc));
    }
    for (core::LimitRange lr : from.limitRanges) {
        lr.ns = sym(lr.ns);
        reintern(lr.containerDefaultRequest.amounts.scalars, fp, tp);
        reintern(lr.containerDefaultLimit.amounts.scalars, fp, tp);
        to.limitRanges.push_back(std::move(lr));
    }
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
