#include "core/extenders_in_cycle.h"

#include <algorithm>

namespace berth::core {

void applyExtenderIgnoredResources(const std::vector<ExtenderConfig>& extenders, ProfileConfig& profile) {
    std::vector<std::string> ignored;
    for (const ExtenderConfig& e : extenders)
        for (const ExtenderManagedResource& r : e.managedResources)
            if (r.ignoredByScheduler) ignored.push_back(r.name);
    if (!ignored.empty()) profile.args.nodeResourcesFit.ignoredResources = std::move(ignored);
}

ExtendersInCycle::ExtendersInCycle(const std::vector<std::shared_ptr<Extender>>& configured) {
    for (const auto& e : configured)
        if (e && !e->isIgnorable()) m_extenders.push_back(e);
    for (const auto& e : configured)
        if (e && e->isIgnorable()) m_extenders.push_back(e);
}

bool ExtendersInCycle::anyFilter() const {
    return std::any_of(m_extenders.begin(), m_extenders.end(), [](const auto& e) { return e->isFilter(); });
}

bool ExtendersInCycle::anyPrioritizer() const {
    return std::any_of(m_extenders.begin(), m_extenders.end(), [](const auto& e) { return e->isPrioritizer(); });
}

ExtenderTrace& ExtendersInCycle::call(const Extender& e) {
    for (ExtenderTrace& c : m_log.calls)
        if (c.extender == e.name()) return c;
    ExtenderTrace c;
    c.extender = e.name();
    m_log.calls.push_back(std::move(c));
    return m_log.calls.back();
}

Status ExtendersInCycle::filter(const Pod& pod, const Snapshot& snapshot, StringPool& pool, KubeVersion version,
                                std::vector<int>& feasible, FitDiagnosis& diag, bool noteRejector) {
    const std::size_t before = feasible.size();
    for (const auto& e : m_extenders) {
        if (feasible.empty()) break;
        if (!e->isInterested(pod)) {
            call(*e).interested = false;
            continue;
        }
        // HTTPExtender.Filter without a filter verb hands the nodes back unchanged.
        if (!e->isFilter()) continue;
        std::vector<const NodeInfo*> infos;
        infos.reserve(feasible.size());
        for (int idx : feasible) infos.push_back(snapshot.nodes()[static_cast<std::size_t>(idx)]);
        ExtenderFilterOutcome outcome = e->filter(pod, infos);
        call(*e).filtered = true;
        std::string error = outcome.error ? outcome.error->message : std::string();
        if (error.empty()) error = applyFilterOutcome(outcome, *e, snapshot, pool, version, feasible, diag);
        if (error.empty()) continue;
        ExtenderTrace& c = call(*e);
        c.error = error;
        if (e->isIgnorable()) {
            c.ignored = true;
            continue;
        }
        return Status::error(error);
    }
    if (noteRejector && feasible.size() != before &&
        std::find(diag.unschedulablePlugins.begin(), diag.unschedulablePlugins.end(), kExtenderRejector) ==
            diag.unschedulablePlugins.end())
        diag.unschedulablePlugins.emplace_back(kExtenderRejector);
    return {};
}

// long: the answer checked against the input, then each failed node's status as the release sets it
std::string ExtendersInCycle::applyFilterOutcome(ExtenderFilterOutcome& outcome, const Extender& e,
                                                 const Snapshot& snapshot, StringPool& pool, KubeVersion version,
                                                 std::vector<int>& feasible, FitDiagnosis& diag) {
    // The filtered list must be a subset of the nodes sent (HTTPExtender.Filter).
    std::vector<int> input = feasible;
    std::sort(input.begin(), input.end());
    std::vector<int> kept;
    kept.reserve(outcome.feasible.size());
    for (Sym name : outcome.feasible) {
        const int idx = snapshot.indexOf(name);
        if (idx < 0 || !std::binary_search(input.begin(), input.end(), idx))
            return "extender \"" + e.name() + "\" claims a filtered node \"" + std::string(pool.str(name)) +
                   "\" which is not found in the input node list";
        kept.push_back(idx);
    }
    const std::size_t callIndex = static_cast<std::size_t>(&call(e) - m_log.calls.data());
    // >= 1.31 (NodeToStatus.Set) a failed node's status is the extender's alone; before, the
    // reason joins a status the node already had (NodeToStatusMap; inferred boundary: the
    // NodeToStatus rewrite). Upstream sets failedAndUnresolvable first; failed skips those.
    const auto reject = [&](Sym nodeName, const std::string& reason, Code code) {
        const int idx = snapshot.indexOf(nodeName);
        if (idx < 0) return;  // a name the snapshot does not know has no row to count in
        const auto i = static_cast<std::size_t>(idx);
        const Sym r = pool.intern(reason);
        if (version.atLeast(31) || !diag.nodeToStatus.contains(i)) {
            diag.nodeToStatus.set(idx, Status(code, r));
        } else {
            Status s = code == Code::UnschedulableAndUnresolvable ? Status(code) : diag.nodeToStatus.statuses[i];
            if (code == Code::UnschedulableAndUnresolvable)
                for (Sym old : diag.nodeToStatus.statuses[i].reasons()) s.addReason(old);
            s.addReason(r);
            diag.nodeToStatus.set(idx, std::move(s));
        }
        m_log.rejections.push_back({idx, callIndex});
    };
    for (const auto& [name, reason] : outcome.failedAndUnresolvable)
        reject(name, reason, Code::UnschedulableAndUnresolvable);
    for (const auto& [name, reason] : outcome.failed)
        if (!outcome.failedAndUnresolvable.contains(name)) reject(name, reason, Code::Unschedulable);
    feasible = std::move(kept);
    return {};
}

void ExtendersInCycle::prioritize(const Pod& pod, const Snapshot& snapshot, ScoreMatrix& scores) {
    if (m_extenders.empty() || scores.nodes.empty()) return;
    std::vector<const NodeInfo*> infos;
    std::vector<int> position(snapshot.nodes().size(), -1);  // snapshot index → row of `scores`
    for (std::size_t i = 0; i < scores.nodes.size(); ++i) {
        infos.push_back(snapshot.nodes()[static_cast<std::size_t>(scores.nodes[i])]);
        position[static_cast<std::size_t>(scores.nodes[i])] = static_cast<int>(i);
    }
    for (const auto& e : m_extenders) {
        if (!e->isInterested(pod)) {
            call(*e).interested = false;
            continue;
        }
        // HTTPExtender.Prioritize without a prioritize verb scores 0 with weight 0.
        if (!e->isPrioritizer()) continue;
        const ExtenderPrioritizeOutcome outcome = e->prioritize(pod, infos);
        ExtenderTrace& c = call(*e);
        const std::size_t callIndex = static_cast<std::size_t>(&c - m_log.calls.data());
        c.prioritized = true;
        c.weight = outcome.weight;
        if (outcome.error) {
            // "Prioritization errors from extender can be ignored" (prioritizeNodes).
            c.error = outcome.error->message;
            c.ignored = true;
            continue;
        }
        for (const auto& [name, raw] : outcome.scores) {
            const int idx = snapshot.indexOf(name);
            if (idx < 0 || position[static_cast<std::size_t>(idx)] < 0) continue;  // not a scored node
            // MaxExtenderPriority (10) scaled to MaxNodeScore (100): schedule_one.go prioritizeNodes,
            // score * weight * (MaxNodeScore / MaxExtenderPriority) in 1.37, and the same sum
            // scaled once at the end in 1.26.
            scores.totals[static_cast<std::size_t>(position[static_cast<std::size_t>(idx)])] +=
                raw * outcome.weight * (kMaxNodeScore / kMaxExtenderPriority);
            m_log.scores.push_back({idx, callIndex, raw});
        }
    }
}

ExtendersInCycle::Binding ExtendersInCycle::bind(const Pod& pod, Sym node) {
    Binding out;
    for (const auto& e : m_extenders) {
        if (!e->isBinder() || !e->isInterested(pod)) continue;
        const std::optional<ExtenderError> failed = e->bind(pod, node);
        if (failed && e->isIgnorable()) {  // "Skipping extender in bind"
            out.skipped.push_back(e->name() + ": " + failed->message);
            continue;
        }
        out.binder = e->name();
        if (failed) out.error = failed->message;
        return out;
    }
    return out;
}

void ExtendersInCycle::addToTrace(CycleTrace& trace) const {
    if (m_log.calls.empty()) return;
    trace.extenders = m_log.calls;
    for (const Rejection& r : m_log.rejections)
        trace.nodes[static_cast<std::size_t>(r.node)].filterPlugin = m_log.calls[r.call].extender;
    for (const Score& s : m_log.scores) {
        const ExtenderTrace& c = m_log.calls[s.call];
        PluginScoreTrace row;
        row.plugin = c.extender;
        row.raw = s.raw;
        row.normalized = s.raw * (kMaxNodeScore / kMaxExtenderPriority);
        row.weight = c.weight;
        row.weighted = row.normalized * c.weight;
        row.extender = true;
        trace.nodes[static_cast<std::size_t>(s.node)].scores.push_back(std::move(row));
    }
}

}  // namespace berth::core
