#pragma once
/// TaintToleration (plugins/tainttoleration/taint_toleration.go): Filter on NoSchedule /
/// NoExecute taints; Score counts intolerable PreferNoSchedule taints (reverse-normalized).
/// PreFilter from 1.37 (PassingPreFilter).

#include <cstdint>
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
#include "core/framework/scores_zero.h"
#include "core/profile/config.h"

namespace berth::core {

/// How many of the snapshot's nodes carry a PreferNoSchedule taint, kept per position from one
/// cycle to the next: each count() reads only the positions the snapshot's change log names
/// since the last one (as KeptNodeScores forgets its entries), every node after a rebuilt list.
class PreferNoScheduleNodes {
public:
    std::size_t count(const NodeInfoLister& snapshot);

private:
    void set(std::size_t pos, const NodeInfo* info);
    bool m_valid = false;
    std::uint64_t m_listVersion = 0;
    std::uint64_t m_seq = 0;            // the change log read up to here
    std::vector<std::uint8_t> m_tainted;  // per snapshot position
    std::size_t m_count = 0;            // the positions with 1
};

class TaintToleration final : public PassingPreFilter,
                              public FilterPlugin,
                              public PreScorePlugin,
                              public ScorePlugin,
                              public QueueingHintPlugin,
                              public ScoresSameEverywhere {
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
    /// True when no node of the snapshot has a PreferNoSchedule taint: every node then counts
    /// 0 intolerable taints, which NormalizeScore (reversed, maximum 0) makes 100 on each.
    bool scoresSameEverywhere(const CycleState&, const Pod&) const override;

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
    mutable PreferNoScheduleNodes m_preferNoSchedule;
};

}  // namespace berth::core
