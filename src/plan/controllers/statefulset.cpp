// pkg/controller/statefulset: stateful_set_utils.go newVersionedStatefulSetPod and
// stateful_set_control.go (ordinals, condemned pods).
#include "plan/controllers/workload_expander.h"

#include <algorithm>
#include <functional>

#include "plan/controllers/template_hash.h"

namespace berth::plan::detail {

void WorkloadExpander::expandStatefulSet(const Workload& w) {
    // Every ordinal is created at once: there is no kubelet to make pod N-1 Ready before
    // pod N, so OrderedReady and Parallel differ only in the order the queue sees them.
    std::optional<std::optional<AdmissionDecision>> admission;
    const std::string revision = w.name + "-" + templateHash(w.podTemplate, m_pool, 0);
    const Sym revisionKey = m_pool.intern("controller-revision-hash");
    const Sym podNameKey = m_pool.intern("statefulset.kubernetes.io/pod-name");
    const Sym podIndexKey = m_pool.intern("apps.kubernetes.io/pod-index");
    // Scaled down: ordinals >= replicas are condemned, the highest first
    // (stateful_set_control.go).
    std::vector<std::pair<long, std::uint32_t>> condemned;
    std::int64_t kept = 0;  // live pods at ordinals below replicas
    for (const Pod* p : ownedPods(w)) {
        if (!isActive(*p) || !p->name.starts_with(w.name + "-")) continue;
        const std::string_view suffix = std::string_view(p->name).substr(w.name.size() + 1);
        // getOrdinal: the trailing `-<digits>` of the name.
        if (suffix.empty() || suffix.size() > 9 ||
            !std::all_of(suffix.begin(), suffix.end(), [](char c) { return c >= '0' && c <= '9'; }))
            continue;
        const long ordinal = std::stol(std::string(suffix));
        if (ordinal >= std::max(0, w.replicas))
            condemned.emplace_back(ordinal, p->id);
        else
            ++kept;
    }
    std::sort(condemned.begin(), condemned.end(), std::greater<>());
    for (const auto& c : condemned) m_surplus.push_back(c.second);
    const std::int64_t missing = std::int64_t{std::max(0, w.replicas)} - kept;
    if (missing > 0 && !roomFor(w, missing, "spec.replicas")) return;
    for (std::int32_t ordinal = 0; ordinal < w.replicas; ++ordinal) {
        std::string name = w.name + "-" + std::to_string(ordinal);
        if (m_index.nameLive(w.ns, name)) continue;
        if (!admission) admission = resolveAdmission(w);
        if (!*admission) return;
        Pod pod = podFromTemplate(w, name, "");
        pod.labels.set(revisionKey, m_pool.intern(revision));
        pod.labels.set(podNameKey, m_pool.intern(name));
        // PodIndexLabel: beta and on by default since v1.28.
        if (m_version.atLeast(28)) pod.labels.set(podIndexKey, m_pool.intern(std::to_string(ordinal)));
        addPod(std::move(pod), **admission);
    }
}

}  // namespace berth::plan::detail
