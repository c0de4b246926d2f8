#pragma once
/// The configured scheduler extenders where schedule_one.go calls them (framework/extender.h
/// says what each verb does): findNodesThatPassExtenders after the Filter plugins, the
/// extenders' part of prioritizeNodes, extendersBinding before the Bind plugins. Preemption's
/// callExtenders is in plugins/defaultpreemption/preemption_extenders.h. Without extenders
/// every function here does nothing, so a configuration without them schedules as before.

#include <memory>
#include <string>
#include <vector>

#include "core/api/pod.h"
#include "core/api/string_pool.h"
#include "core/api/version.h"
#include "core/backend/cache/snapshot.h"
#include "core/framework/extender.h"
#include "core/framework/runtime/framework.h"
#include "core/framework/types.h"
#include "core/profile/config.h"
#include "core/trace/cycle_trace.h"

namespace berth::core {

/// framework.ExtenderName: the rejector recorded when extenders filtered nodes out, so that
/// any cluster event requeues the pod (no plugin owns the rejection).
inline constexpr const char* kExtenderRejector = "Extender";

/// buildExtenders (scheduler.go): the managed resources marked ignoredByScheduler, when there
/// are any, become NodeResourcesFit's ignoredResources in every profile (replacing the
/// profile's own list, as upstream does: "the extender ignored resources take precedence").
void applyExtenderIgnoredResources(const std::vector<ExtenderConfig>& extenders, ProfileConfig& profile);

class ExtendersInCycle {
public:
    ExtendersInCycle() = default;
    /// buildExtenders' order: the extenders that are not ignorable, then the ignorable ones,
    /// each group in configuration order.
    explicit ExtendersInCycle(const std::vector<std::shared_ptr<Extender>>& configured);

    bool empty() const { return m_extenders.empty(); }
    const std::vector<std::shared_ptr<Extender>>& list() const { return m_extenders; }
    /// hasExtenderFilters / the extenders' half of hasScoring (schedule_one.go).
    bool anyFilter() const;
    bool anyPrioritizer() const;

    /// Forgets what the previous cycle's extenders said (the trace's record).
    void beginCycle() { m_log = {}; }

    /// findNodesThatPassExtenders: each interested filter extender in turn keeps a subset of
    /// `feasible` (snapshot indices); the nodes it fails get its reason as their status
    /// (UnschedulableAndUnresolvable for failedAndUnresolvable). An ignorable extender's error
    /// skips it; any other error is returned (the cycle fails with its text). When nodes were
    /// filtered out and `noteRejector`, "Extender" joins the diagnosis' rejectors.
    Status filter(const Pod& pod, const Snapshot& snapshot, StringPool& pool, KubeVersion version,
                  std::vector<int>& feasible, FitDiagnosis& diag, bool noteRejector);
    /// The extenders' part of prioritizeNodes: every interested prioritizer's score × weight ×
    /// (MaxNodeScore / MaxExtenderPriority) added to the node's total; errors add nothing.
    void prioritize(const Pod& pod, const Snapshot& snapshot, ScoreMatrix& scores);
    /// What extendersBinding did: `binder` names the interested binder extender that took the
    /// binding ("" when none did: the Bind plugins bind), `error` its failure ("" on success);
    /// `skipped` the ignorable binders whose error passed the binding on ("name: error").
    struct Binding {
        std::string binder;
        std::string error;
        std::vector<std::string> skipped;
    };
    Binding bind(const Pod& pod, Sym node);

    /// This cycle's extender calls, rejections and scores into `trace` (its nodes already set).
    void addToTrace(CycleTrace& trace) const;

private:
    struct Rejection {
        int node;
        std::size_t call;
    };
    struct Score {
        int node;
        std::size_t call;
        std::int64_t raw;
    };
    struct Log {
        std::vector<ExtenderTrace> calls;
        std::vector<Rejection> rejections;
        std::vector<Score> scores;
    };
    ExtenderTrace& call(const Extender& e);
    /// One extender's filter outcome applied; an error text when its answer is unusable.
    std::string applyFilterOutcome(ExtenderFilterOutcome& outcome, const Extender& e, const Snapshot& snapshot,
                                   StringPool& pool, KubeVersion version, std::vector<int>& feasible,
                                   FitDiagnosis& diag);

    std::vector<std::shared_ptr<Extender>> m_extenders;
    Log m_log;
};

}  // namespace berth::core
