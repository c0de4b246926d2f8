#pragma once
/// One profile's plugins and the code that runs each extension point over them
/// (framework/runtime/framework.go).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/kept_node_scores.h"
#include "core/framework/plugins_runner.h"
#include "core/framework/runtime/registry.h"
#include "core/profile/config.h"

namespace berth::core {

class WorkerPool;

/// Scores of one cycle: per score plugin, per feasible node (plugin-major).
struct ScoreMatrix {
    std::vector<int> plugins;              // plugin slots, in Score order
    std::vector<std::int64_t> weights;     // parallel to plugins
    std::vector<int> nodes;                // snapshot indices of the scored nodes
    std::vector<std::int64_t> raw;         // [p * nodes + n], only when keepRaw
    std::vector<std::int64_t> normalized;  // [p * nodes + n], only when keepRaw
    std::vector<std::int64_t> totals;      // per node, weighted sum
    std::vector<std::uint8_t> skipped;     // per plugin: PreScore Skip
    bool keepRaw = false;
    // Kept to spare allocations per cycle: the plugins' scores (one row per plugin when they
    // run on several threads, else one) and, on several threads, each plugin's outcome.
    std::vector<std::vector<NodeScore>> scratch;
    std::vector<Status> outcomes;
};

/// Final: the scheduler's calls through Framework& are direct, only plugins go through
/// PluginsRunner.
class Framework final : public PluginsRunner {
public:
    /// Builds the profile; on a configuration error returns nullptr and fills `error`.
    static std::unique_ptr<Framework> create(const ProfileConfig& profile, const Registry& registry, Handle& handle,
                                             std::string& error);

    const std::string& schedulerName() const { return m_schedulerName; }
    std::optional<std::int32_t> percentageOfNodesToScore() const { return m_percentage; }
    Handle& handle() { return m_handle; }
    const StringPool& pool() const { return *m_handle.pool; }

    std::size_t pluginCount() const { return m_plugins.size(); }
    std::string_view pluginName(int slot) const { return m_plugins[static_cast<std::size_t>(slot)]->name(); }
    Plugin* plugin(std::string_view name) const;
    /// Plugin names enabled at a point, in order (for `explain` and tests).
    std::vector<std::string> pluginNames(ExtensionPoint p) const;
    std::int64_t scoreWeight(int slot) const { return m_weights[static_cast<std::size_t>(slot)]; }

    bool hasFilterPlugins() const { return !m_filter.empty(); }
    bool hasScorePlugins() const { return !m_score.empty(); }
    bool hasPostFilterPlugins() const { return !m_postFilter.empty(); }

    CycleState newCycleState() const { return CycleState(m_plugins.size()); }

    // --- queue ---
    const QueueSortPlugin* queueSort() const { return m_queueSort; }
    Status runPreEnqueuePlugins(const Pod& pod) const;

    // --- scheduling cycle ---
    /// Runs PreFilter plugins in order. `rejectors` gets the names of the plugins that
    /// rejected (for UnschedulablePlugins). `result` is the intersection of their results.
    Status runPreFilterPlugins(CycleState& state, const Pod& pod, PreFilterResult& result,
                               std::vector<std::string>& rejectors);
    Status runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const Pod& toAdd,
                                       const NodeInfo& nodeInfo) const override;
    Status runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod, const Pod& toRemove,
                                          const NodeInfo& nodeInfo) const override;
    /// First non-success Filter status (with the plugin set), or success.
    Status runFilterPlugins(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const;
    /// runFilterPlugins for a block of nodes: out[k] gets nodes[k]'s verdict (all must be
    /// success on entry); `pass` is scratch of the same size (1: passing so far, 0: failed at
    /// the current plugin, 2: at an earlier one). One call per plugin for the block.
    void runFilterPluginsOnNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                                 std::span<std::uint8_t> pass, std::span<Status> out) const;
    /// Whether any pod is nominated to a node (else the nominated-pods pass is a no-op).
    bool anyNominatedPods() const;
    /// The two-pass filter of UPSTREAM 2.5 (nominated pods of equal or higher priority).
    Status runFilterPluginsWithNominatedPods(const CycleState& state, const Pod& pod,
                                             const NodeInfo& nodeInfo) const override;
    Status runPostFilterPlugins(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                                PostFilterResult& result, std::string& message);
    Status runPreScorePlugins(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes);
    /// Scores `nodes` (snapshot indices into `all`).
    Status runScorePlugins(const CycleState& state, const Pod& pod, const std::vector<NodeInfo*>& all,
                           ScoreMatrix& out) const;

    Status runReservePluginsReserve(CycleState& state, const Pod& pod, Sym node);
    void runReservePluginsUnreserve(CycleState& state, const Pod& pod, Sym node);
    Status runPermitPlugins(CycleState& state, const Pod& pod, Sym node, double& waitSeconds);
    /// After Permit: frees the data of plugins with no part in the binding cycle (no
    /// Reserve/Unreserve, Permit, PreBind, Bind or PostBind), which nothing can read again.
    /// Pods waiting to bind then hold only what their binding needs.
    void releaseSchedulingCycleData(CycleState& state) const;
    Status runPreBindPlugins(CycleState& state, const Pod& pod, Sym node);
    Status runBindPlugins(CycleState& state, const Pod& pod, Sym node);
    void runPostBindPlugins(CycleState& state, const Pod& pod, Sym node);

private:
    /// A failing Filter status as the runtime reports it: errors wrapped, the plugin set.
    Status filterFailure(const FilterPlugin* p, Status s) const;
    /// runScorePlugins with the plugins and then the sums shared between the workers.
    Status runScorePluginsOnWorkers(WorkerPool& workers, const CycleState& state, const Pod& pod,
                                    const std::vector<NodeInfo*>& all, ScoreMatrix& out) const;
    /// Score plugin `pi` (its index in Score order) scores and normalizes out.nodes into `row`;
    /// its raw scores go to `out` when kept.
    Status scoreWithPlugin(std::size_t pi, const CycleState& state, const Pod& pod, const std::vector<NodeInfo*>& all,
                           ScoreMatrix& out, std::vector<NodeScore>& row) const;
    /// The error for Score plugin `pi`'s first score out of [0, 100] in `row`.
    Status invalidScore(std::size_t pi, const std::vector<NodeScore>& row) const;
    /// Adds the node-local Score plugins' weighted scores (node_local_score.h) to out.totals in
    /// one pass; returns those plugins as bits by Score index (0: none added).
    std::uint64_t addNodeLocalTotals(const CycleState& state, const Pod& pod, const std::vector<NodeInfo*>& all,
                                     ScoreMatrix& out) const;

    explicit Framework(const Handle& handle) : m_handle(handle) { m_handle.runner = this; }

    Handle m_handle;  // this profile's own handle (its runner is this framework)
    std::string m_schedulerName;
    std::optional<std::int32_t> m_percentage;
    std::vector<std::unique_ptr<Plugin>> m_plugins;  // index == slot
    std::vector<std::int64_t> m_weights;             // per slot (Score weight)
    std::vector<bool> m_inBindingCycle;              // per slot: Reserve/Permit/PreBind/Bind/PostBind
    const QueueSortPlugin* m_queueSort = nullptr;
    std::vector<PreEnqueuePlugin*> m_preEnqueue;
    std::vector<PreFilterPlugin*> m_preFilter;
    std::vector<FilterPlugin*> m_filter;
    std::vector<PostFilterPlugin*> m_postFilter;
    std::vector<PreScorePlugin*> m_preScore;
    std::vector<ScorePlugin*> m_score;
    std::vector<ReservePlugin*> m_reserve;
    std::vector<PermitPlugin*> m_permit;
    std::vector<PreBindPlugin*> m_preBind;
    std::vector<BindPlugin*> m_bind;
    std::vector<PostBindPlugin*> m_postBind;
    // addNodeLocalTotals: the weighted sums kept per node, for the plugins' keys together (the
    // key's words reused), on the scheduling thread only.
    mutable KeptNodeScores<std::vector<std::int64_t>> m_nodeLocalTotals;
    mutable std::vector<std::int64_t> m_nodeLocalKey;
};

}  // namespace berth::core
