// pkg/controller/job/job_controller.go manageJob, with the selector API defaulting generates
// (pkg/registry/batch/job/strategy.go).
#include "plan/controllers/workload_expander.h"

#include <algorithm>
#include <iterator>

namespace berth::plan::detail {

void WorkloadExpander::expandJob(Workload& w) {
    // API defaulting (pkg/registry/batch/job/strategy.go generateSelector): without a
    // selector of its own (manualSelector) a Job selects, and labels its pods, by its uid.
    const bool generatedSelector = !w.selector.has_value();
    const Sym legacyUidKey = m_pool.intern("controller-uid");
    const Sym legacyNameKey = m_pool.intern("job-name");
    const Sym uidKey = m_pool.intern("batch.kubernetes.io/controller-uid");
    const Sym nameKeySym = m_pool.intern("batch.kubernetes.io/job-name");
    const Sym uidValue = m_pool.intern(w.uid);
    const Sym nameValue = m_pool.intern(w.name);
    const bool prefixedLabels = m_version.atLeast(27);  // batch.kubernetes.io/* since v1.27
    if (generatedSelector) {
        core::LabelSelector sel;
        sel.requirements.push_back({prefixedLabels ? uidKey : legacyUidKey, core::SelectorOp::In, {uidValue}});
        w.selector = std::move(sel);
    }

    const auto owned = ownedPods(w);
    std::int64_t active = 0;
    // job_controller.go syncJob: succeeded = status.succeeded + the succeeded pods not yet
    // counted. trackJobStatusAndRemoveFinalizers counts a succeeded pod into status.succeeded
    // (and drops its tracking finalizer), so deleting it later takes nothing back and makes no
    // replacement: the deleted ones are counted here as the pods still there are.
    auto succeeded = static_cast<std::int64_t>(m_index.removedSucceeded(w.kind, w.ns, w.name));
    for (const Pod* p : owned) {
        if (p->phase == core::PodPhase::Succeeded)
            ++succeeded;
        else if (isActive(*p))
            ++active;
    }
    // job_controller.go manageJob: parallelism pods at a time, never more than the
    // completions still needed. A negative completions stands for nil (spec.parallelism
    // set, spec.completions not: a work queue): pods run until the first one succeeds.
    const std::int64_t parallelism = std::max(0, w.replicas);
    std::int64_t wantActive = 0;
    if (w.completions < 0)
        wantActive = succeeded > 0 ? active : parallelism;
    else
        wantActive = std::min<std::int64_t>(parallelism, std::max<std::int64_t>(0, w.completions - succeeded));
    const std::int64_t missing = wantActive - active;
    if (missing < 0) {
        // manageJob: too many active pods (parallelism lowered) -> activePodsForRemoval.
        std::vector<const Pod*> running;
        std::copy_if(owned.begin(), owned.end(), std::back_inserter(running),
                     [](const Pod* p) { return isActive(*p); });
        deleteSurplus(std::move(running), static_cast<std::size_t>(-missing), false);
    }
    if (missing <= 0 || !roomFor(w, missing, "spec.parallelism")) return;
    const auto admission = resolveAdmission(w);
    if (!admission) return;
    const std::string prefix = podsPrefix(w);
    for (std::int64_t i = 0; i < missing; ++i) {
        Pod pod = podFromTemplate(w, generateName(w.ns, prefix), prefix);
        if (generatedSelector) {
            if (prefixedLabels) {
                pod.labels.set(uidKey, uidValue);
                pod.labels.set(nameKeySym, nameValue);
            }
            pod.labels.set(legacyUidKey, uidValue);
            pod.labels.set(legacyNameKey, nameValue);
        }
        addPod(std::move(pod), *admission);
    }
}

}  // namespace berth::plan::detail
