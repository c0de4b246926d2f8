#pragma once
/// A pod template's hash as the controllers label their objects with it (pod-template-hash,
/// controller-revision-hash): pkg/controller/controller_utils.go ComputeHash.

#include <cstdint>
#include <string>

#include "core/api/pod.h"
#include "core/api/string_pool.h"

namespace berth::plan::detail {

/// The hash of `t`; a collision count > 0 is mixed in (getNewReplicaSet's retry).
std::string templateHash(const core::Pod& t, const core::StringPool& pool, std::int32_t collisionCount);

}  // namespace berth::plan::detail
