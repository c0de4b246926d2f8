#pragma once
/// NodeAffinity (plugins/nodeaffinity/node_affinity.go): nodeSelector + required node
/// affinity as a Filter (with a PreFilter node subset from `matchFields metadata.name`), and
/// the preferred terms' weights as a Score.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/queueing_hint_plugin.h"
#include "core/profile/config.h"

namespace berth::core {

class NodeAffinityPlugin final : public PreFilterPlugin,
                                 public FilterPlugin,
                                 public PreScorePlugin,
                                 public ScorePlugin,
                                 public QueueingHintPlugin {
public:
    static constexpr std::string_view kName = "NodeAffinity";
    NodeAffinityPlugin(const PluginArgs& args, Handle& h);
    std::string_view name() const override { return kName; }
    Status preFilter(CycleState& state, const Pod& pod, PreFilterResult& result) override;
    Status filter(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const override;
    Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) override;
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    bool hasNormalizeScore() const override { return true; }
    Status normalizeScore(const CycleState&, const Pod&, std::span<NodeScore> scores) const override;
    /// isSchedulableAfterNodeChange: a node added, or updated from not matching to matching.
    QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const override;

private:
    Handle& m_handle;
    std::optional<NodeAffinity> m_added;
    Sym m_reasonPod;
    Sym m_reasonEnforced;
    Sym m_reasonConflict;
    Sym m_metadataName;
};

}  // namespace berth::core
