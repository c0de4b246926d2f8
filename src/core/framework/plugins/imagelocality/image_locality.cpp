#include "core/framework/plugins/imagelocality/image_locality.h"

#include "core/framework/listers.h"

namespace berth::core {
namespace {

constexpr std::int64_t kMb = 1024 * 1024;
constexpr std::int64_t kMinThreshold = 23 * kMb;
constexpr std::int64_t kMaxContainerThreshold = 1000 * kMb;

}  // namespace

std::string ImageLocality::normalizedImageName(std::string_view name) {
    const auto colon = name.rfind(':');
    const auto slash = name.rfind('/');
    std::string out(name);
    if (colon == std::string_view::npos || (slash != std::string_view::npos && colon < slash)) out += ":latest";
    return out;
}

ImageLocality::ImageLocality(const PluginArgs&, Handle& h) : m_handle(h) {
    if (h.fastPaths) m_kept = std::make_unique<KeptNodeScores<std::vector<std::string>>>();
}

std::vector<std::string> ImageLocality::scoredImages(const Pod& pod) const {
    std::vector<std::string> images;
    // >= 1.30 counts init containers too.
    if (m_handle.version.atLeast(30))
        for (const auto& c : pod.initContainers) images.push_back(c.image);
    for (const auto& c : pod.containers) images.push_back(c.image);
    return images;
}

std::int64_t ImageLocality::scoreImages(const std::vector<std::string>& images, const NodeInfo& nodeInfo) const {
    const auto totalNodes = static_cast<double>(m_handle.snapshot->size());
    const auto& states = nodeInfo.imageStates();
    std::int64_t sum = 0;
    if (!states.empty())
        for (const auto& image : images) {
            const Sym name = m_handle.pool->find(normalizedImageName(image));
            if (name == kNoSym) continue;
            for (const auto& st : states)
                if (st.name == name) {
                    // scaledImageScore: size * (nodes having it / all nodes), truncated.
                    sum += static_cast<std::int64_t>(static_cast<double>(st.size) * (st.numNodes / totalNodes));
                    break;
                }
        }
    const std::int64_t maxThreshold = kMaxContainerThreshold * static_cast<std::int64_t>(images.size());
    if (sum < kMinThreshold)
        sum = kMinThreshold;
    else if (sum > maxThreshold)
        sum = maxThreshold;
    return kMaxNodeScore * (sum - kMinThreshold) / (maxThreshold - kMinThreshold);
}

bool ImageLocality::scoresZeroEverywhere(const CycleState&, const Pod& pod) const {
    for (const std::string& image : scoredImages(pod))
        if (m_handle.pool->find(normalizedImageName(image)) != kNoSym) return false;
    return true;
}

Status ImageLocality::score(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const {
    score = scoreImages(scoredImages(pod), nodeInfo);
    return {};
}

Status ImageLocality::scoreNodes(const CycleState&, const Pod& pod, std::span<NodeInfo* const> all,
                                 std::span<const int> positions, std::span<NodeScore> out) const {
    const std::vector<std::string> images = scoredImages(pod);
    scoreNodesFor(m_kept.get(), images, *m_handle.snapshot, all, positions, out,
                  [&](const NodeInfo& info) { return scoreImages(images, info); });
    return {};
}

}  // namespace berth::core
