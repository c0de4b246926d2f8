#include "core/framework/plugins/imagelocality/image_locality.h"

#include "core/backend/cache/snapshot.h"

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

Status ImageLocality::score(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const {
    const auto totalNodes = static_cast<double>(m_handle.snapshot->size());
    const auto& states = nodeInfo.imageStates();
    std::int64_t sum = 0;
    std::int64_t numContainers = 0;
    auto visit = [&](const Container& c) {
        ++numContainers;
        if (states.empty()) return;
        const Sym image = m_handle.pool->find(normalizedImageName(c.image));
        if (image == kNoSym) return;
        for (const auto& st : states)
            if (st.name == image) {
                // scaledImageScore: size * (nodes having it / all nodes), truncated.
                sum += static_cast<std::int64_t>(static_cast<double>(st.size) * (st.numNodes / totalNodes));
                break;
            }
    };
    // >= 1.30 counts init containers too.
    if (m_handle.version.atLeast(30))
        for (const auto& c : pod.initContainers) visit(c);
    for (const auto& c : pod.containers) visit(c);
    const std::int64_t maxThreshold = kMaxContainerThreshold * numContainers;
    if (sum < kMinThreshold) sum = kMinThreshold;
    else if (sum > maxThreshold) sum = maxThreshold;
    score = kMaxNodeScore * (sum - kMinThreshold) / (maxThreshold - kMinThreshold);
    return {};
}

}  // namespace berth::core
