#pragma once
/// InterPodAffinity (plugins/interpodaffinity/plugin.go, filtering.go, scoring.go): required
/// pod affinity / anti-affinity of the incoming pod and the required anti-affinity of existing
/// pods as PreFilter + Filter; preferred terms of both sides (and existing pods' required
/// affinity via hardPodAffinityWeight) as PreScore + Score + NormalizeScore. Member functions
/// are defined in the file that mirrors their Go file.

#include <memory>
#include <optional>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/framework/plugins/helper/kept_per_query.h"
#include "core/framework/plugins/interpodaffinity/affinity_terms.h"
#include "core/framework/plugins/interpodaffinity/filtering.h"
#include "core/framework/plugins/interpodaffinity/scoring.h"
#include "core/profile/config.h"

namespace berth::core {

class InterPodAffinity final : public PreFilterPlugin,
                               public FilterPlugin,
                               public QueueingHintPlugin,
                               public PreScorePlugin,
                               public ScorePlugin,
                               public PreFilterExtensions {
public:
    static constexpr std::string_view kName = "InterPodAffinity";

    InterPodAffinity(const PluginArgs& args, Handle& handle);
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
    bool hasNormalizeScore() const override { return true; }
    Status normalizeScore(const CycleState& state, const Pod& pod, std::span<NodeScore> scores) const override;

    /// The per-cycle data in this plugin's CycleState slot: PreFilter's counts are copied by
    /// clone() (AddPod/RemovePod change them), PreScore's part is immutable and shared.
    struct CycleData final : StateData {
        std::optional<interpodaffinity::PreFilterState> preFilter;
        std::shared_ptr<const interpodaffinity::PreScoreState> preScore;
        std::unique_ptr<StateData> clone() const override { return std::make_unique<CycleData>(*this); }
    };

private:
    void updateWithPod(interpodaffinity::PreFilterState& s, const Pod& updatedPod, const Pod& incoming,
                       const Node* node, std::int64_t delta) const;
    bool labelKeys() const { return interpodaffinity::labelKeysEnabled(m_handle.version); }

    Handle& m_handle;
    InterPodAffinityArgs m_args;
    Sym m_reasonAffinity;
    Sym m_reasonAntiAffinity;
    Sym m_reasonExistingAntiAffinity;
    Sym m_reasonParse;
    // PreFilter's counts kept between cycles; null when the fast path is switched off.
    // One per query (issue 19: interleaved workloads), kept side by side.
    std::unique_ptr<KeptPerQuery<interpodaffinity::ExistingCountCache>> m_existingCounts;
    // PreScore's weight sums kept between cycles, per query; null when the fast path is off.
    std::unique_ptr<KeptPerQuery<interpodaffinity::ScoreCountCache>> m_scoreCounts;
};

}  // namespace berth::core
