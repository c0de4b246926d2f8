#pragma once
/// TaintToleration (plugins/tainttoleration/taint_toleration.go): Filter on NoSchedule /
/// NoExecute taints; Score counts intolerable PreferNoSchedule taints (reverse-normalized).
/// PreFilter from 1.37 (PassingPreFilter).

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/kept_node_scores.h"
#include "core/framework/plugins/helper/passing_pre_filter.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/profile/config.h"

namespace berth::core {

class TaintToleration final : public PassingPreFilter,
                              public FilterPlugin,
                              public PreScorePlugin,
                              public ScorePlugin,
                              public QueueingHintPlugin {
public:
    static constexpr std::string_view kName = "TaintToleration";
    TaintToleration(const PluginArgs&, Handle& h);
    std::string_view name() const override { return kName; }
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override { return pointExists(p, v); }
    Status filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const override;
    std::size_t filterNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                            std::span<std::uint8_t> pass, std::span<Status> out) const override;
    Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) override;
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    Status scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                      std::span<const int> positions, std::span<NodeScore> out) const override;
    bool hasNormalizeScore() const override { return true; }
    Status normalizeScore(const CycleState&, const Pod&, std::span<NodeScore> scores) const override;
    /// isSchedulableAfterNodeChange: the node's NoSchedule/NoExecute taints became tolerated.
    QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const override;

private:
    Sym reasonFor(const Taint& t) const;
    /// PreScore's tolerations, or nullopt without a PreScore state (every taint counts).
    using ScoreKey = std::optional<std::vector<Toleration>>;
    /// The node's PreferNoSchedule taints not tolerated by `tolerations` (null: none tolerated).
    static std::int64_t intolerableTaints(const std::vector<Toleration>* tolerations, const NodeInfo& nodeInfo);
    Handle& m_handle;
    Sym m_genericReason;
    mutable std::map<std::pair<Sym, Sym>, Sym> m_reasons;  // per-taint text, interned on first use
    // Scores kept between cycles; null when the fast paths are off.
    mutable std::unique_ptr<KeptNodeScores<ScoreKey>> m_kept;
};

}  // namespace berth::core
