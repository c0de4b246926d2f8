#pragma once
/// plugins/helper/normalize_score.go DefaultNormalizeScore: scale to [0, maxPriority] by the
/// maximum (integer division), optionally reversed.

#include <cstdint>
#include <span>

#include "core/framework/types.h"

namespace berth::core {

inline void defaultNormalizeScore(std::int64_t maxPriority, bool reverse, std::span<NodeScore> scores) {
    std::int64_t maxCount = 0;
    for (const auto& s : scores) maxCount = s.score > maxCount ? s.score : maxCount;
    if (maxCount == 0) {
        if (reverse)
            for (auto& s : scores) s.score = maxPriority;
        return;
    }
    for (auto& s : scores) {
        std::int64_t v = maxPriority * s.score / maxCount;
        s.score = reverse ? maxPriority - v : v;
    }
}

}  // namespace berth::core
