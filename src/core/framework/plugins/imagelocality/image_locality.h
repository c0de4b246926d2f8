#pragma once
/// ImageLocality (plugins/imagelocality/image_locality.go): prefers nodes that already have
/// the pod's images, weighted by how widely each image is spread.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class ImageLocality final : public ScorePlugin {
public:
    static constexpr std::string_view kName = "ImageLocality";
    ImageLocality(const PluginArgs&, Handle& h) : m_handle(h) {}
    std::string_view name() const override { return kName; }
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;

    /// `nginx` -> `nginx:latest`; names with a tag or digest are unchanged.
    static std::string normalizedImageName(std::string_view name);

private:
    Handle& m_handle;
};

}  // namespace berth::core
