#pragma once
/// NodeResourcesFit (plugins/noderesources/fit.go): Filter on pods/cpu/memory/storage/scalar
/// room, Score by the configured strategy (LeastAllocated, MostAllocated,
/// RequestedToCapacityRatio).

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/node_local_score.h"
#include "core/framework/plugins/helper/kept_node_scores.h"
#include "core/framework/plugins/noderesources/resource_allocation.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeResourcesFit final : public PreFilterPlugin,
                               public FilterPlugin,
                               public PreScorePlugin,
                               public ScorePlugin,
                               public QueueingHintPlugin,
                               public NodeLocalScore {
public:
    static constexpr std::string_view kName = "NodeResourcesFit";
    NodeResourcesFit(const PluginArgs& args, Handle& h);
    std::string_view name() const override { return kName; }
    /// PreScore (caching the pod's requests) exists from 1.27; v1.26 scores without one.
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override {
        return p != ExtensionPoint::PreScore || v.atLeast(27);
    }
    Status preFilter(CycleState& state, const Pod& pod, PreFilterResult& result) override;
    Status filter(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const override;
    std::size_t filterNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                            std::span<std::uint8_t> pass, std::span<Status> out) const override;
    Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) override;
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    Status scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                      std::span<const int> positions, std::span<NodeScore> out) const override;
    /// NodeLocalScore: the pod's scored requests, and scoreNodes' score for them.
    Key nodeLocalKey(const CycleState& state, const Pod& pod) const override { return scoringRequests(state, pod); }
    std::int64_t nodeLocalScore(const Key& key, const NodeInfo& info) const override { return scoreWith(key, info); }

    /// The reasons a pod does not fit (fitsRequest), in upstream's order.
    void insufficientResources(const Pod& pod, const NodeInfo& nodeInfo, Status& out) const;
    /// isSchedulableAfterNodeChange (node add, allocatable change): the pod fits the node when
    /// empty and, for an update, some allocatable it requests (or the pod count) grew.
    QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const override;
    /// fitsRequest's test (fit.go): an extended resource named in ignoredResources, or whose
    /// domain prefix is in ignoredResourceGroups, is never checked; nor is it when a scheduler
    /// extender manages it with ignoredByScheduler (they become ignoredResources). The
    /// invariant check asks this too, so that it never counts what the cycle does not.
    bool ignored(Sym scalar) const;

private:
    /// fitsRequest against `alloc` with `used` already requested by `podCount` pods.
    void insufficient(const Pod& pod, const ResourceList& alloc, const ResourceList& used, std::int64_t podCount,
                      Status& out) const;
    bool fitsByFacts(const Pod& pod, const NodeInfo& nodeInfo) const;
    Sym insufficientReason(Sym scalar) const;
    PodScoringRequests scoringRequests(const CycleState& state, const Pod& pod) const;
    std::int64_t scoreWith(const PodScoringRequests& requests, const NodeInfo& nodeInfo) const;

    Handle& m_handle;
    NodeResourcesFitArgs m_args;
    std::vector<ScoredResource> m_resources;
    std::set<Sym> m_ignoredResources;
    std::vector<std::string> m_ignoredGroups;
    Sym m_tooManyPods, m_insufficientCpu, m_insufficientMemory, m_insufficientStorage;
    // Scores kept between cycles; null when the fast paths are off.
    mutable std::unique_ptr<KeptNodeScores<PodScoringRequests>> m_kept;
};

}  // namespace berth::core
