#pragma once
/// ImageLocality (plugins/imagelocality/image_locality.go): prefers nodes that already have
/// the pod's images, weighted by how widely each image is spread.

#include <memory>
#include <string>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/kept_node_scores.h"
#include "core/framework/scores_zero.h"
#include "core/profile/config.h"

namespace berth::core {

class ImageLocality final : public ScorePlugin, public ScoresZeroEverywhere {
public:
    static constexpr std::string_view kName = "ImageLocality";
    ImageLocality(const PluginArgs&, Handle& h);
    std::string_view name() const override { return kName; }
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    Status scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                      std::span<const int> positions, std::span<NodeScore> out) const override;
    /// When no node reports any of the pod's images (their names were never interned), every
    /// node's sum is 0, below the minimum threshold: every score is 0.
    bool scoresZeroEverywhere(const CycleState& state, const Pod& pod) const override;

    /// `nginx` -> `nginx:latest`; names with a tag or digest are unchanged.
    static std::string normalizedImageName(std::string_view name);

private:
    /// The pod's images in the order scored (init containers first from 1.30): what the score
    /// reads of the pod, so also the key of the kept scores.
    std::vector<std::string> scoredImages(const Pod& pod) const;
    std::int64_t scoreImages(const std::vector<std::string>& images, const NodeInfo& nodeInfo) const;

    Handle& m_handle;
    // Scores kept between cycles; null when the fast paths are off.
    mutable std::unique_ptr<KeptNodeScores<std::vector<std::string>>> m_kept;
};

}  // namespace berth::core
