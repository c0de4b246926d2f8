#pragma once
/// PodTopologySpread (plugins/podtopologyspread/plugin.go, filtering.go, scoring.go): hard
/// spread constraints as PreFilter + Filter, soft ones (or the system defaults) as PreScore +
/// Score + NormalizeScore. Member functions are defined in the file that mirrors their Go file.

#include <memory>
#include <optional>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/framework/plugins/podtopologyspread/common.h"
#include "core/framework/plugins/podtopologyspread/filtering.h"
#include "core/framework/plugins/podtopologyspread/scoring.h"
#include "core/profile/config.h"

namespace berth::core {

class PodTopologySpread final : public PreFilterPlugin,
                                public FilterPlugin,
                                public QueueingHintPlugin,
                                public PreScorePlugin,
                                public ScorePlugin,
                                public PreFilterExtensions {
public:
    static constexpr std::string_view kName = "PodTopologySpread";

    PodTopologySpread(const PluginArgs& args, Handle& handle);
    std::string_view name() const override { return kName; }

    // filtering.cpp
    Status preFilter(CycleState& state, const Pod& pod, PreFilterResult& result) override;
    const PreFilterExtensions* preFilterExtensions() const override { return this; }
    Status addPod(CycleState& state, const Pod& podToSchedule, const Pod& podToAdd,
                  const NodeInfo& nodeInfo) const override;
    Status removePod(CycleState& state, const Pod& podToSchedule, const Pod& podToRemove,
                     const NodeInfo& nodeInfo) const override;
    Status filter(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const override;

    // queueing_hint.cpp
    QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const override;

    // scoring.cpp
    Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) override;
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    Status scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                      std::span<const int> positions, std::span<NodeScore> out) const override;
    bool hasNormalizeScore() const override { return true; }
    Status normalizeScore(const CycleState& state, const Pod& pod, std::span<NodeScore> scores) const override;

    /// The per-cycle data in this plugin's CycleState slot: PreFilter's part is copied by
    /// clone() (AddPod/RemovePod change it), PreScore's part is immutable and shared.
    struct CycleData final : StateData {
        std::optional<podtopologyspread::PreFilterState> preFilter;
        std::shared_ptr<const podtopologyspread::PreScoreState> preScore;
        std::unique_ptr<StateData> clone() const override { return std::make_unique<CycleData>(*this); }
    };

private:
    /// initPreScoreState: the filtered nodes to ignore, each topology value seen among the
    /// others (its count at 0), and the normalizing weights. `kept`: the counts kept between
    /// cycles for this pod's constraints, or null.
    void initPreScoreState(podtopologyspread::PreScoreState& s, std::span<NodeInfo* const> filteredNodes,
                           const std::vector<NodeInfo*>& allNodes, bool requireAllTopologies,
                           const podtopologyspread::DomainCountCache* kept);
    /// The pods each constraint matches over all nodes (not only the filtered ones), for every
    /// value initPreScoreState saw: from `keptTotals` where kept, else by walking every pod.
    void countPodsPerTopologyValue(podtopologyspread::PreScoreState& s, const Pod& pod,
                                   const std::vector<NodeInfo*>& allNodes, bool requireAllTopologies,
                                   const podtopologyspread::DomainCountCache::Totals* keptTotals) const;
    /// `pos`: the node's snapshot position when PreScore's kept host counts may be read.
    std::int64_t scoreNode(const podtopologyspread::PreScoreState& s, const Pod& pod, const NodeInfo& nodeInfo,
                           std::optional<std::size_t> pos) const;
    void updateWithPod(podtopologyspread::PreFilterState& s, const Pod& updatedPod, const Pod& preemptor,
                       const Node* node, std::int64_t delta) const;

    Handle& m_handle;
    podtopologyspread::ConstraintBuilder m_builder;
    // PreFilter's and PreScore's counts kept between cycles; null when the fast paths are off.
    std::unique_ptr<podtopologyspread::KeptDomainCounts> m_preFilterCounts;
    std::unique_ptr<podtopologyspread::KeptDomainCounts> m_preScoreCounts;
    // PreScore's scratch: the stamp per Sym of the last constraint that saw that topology
    // value, so that counting the distinct values of the filtered nodes needs no hashing.
    std::vector<std::uint32_t> m_seenStamp;
    std::uint32_t m_stamp = 0;
    Sym m_reasonConstraintsNotMatch;
    Sym m_reasonNodeLabelNotMatch;
};

}  // namespace berth::core
