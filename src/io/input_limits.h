#pragma once
/// Bounds on what one input may hold, each with a clear error: no file, however made, may
/// take time or memory out of proportion to its size, or more than a real cluster needs.

#include <cstddef>

namespace berth::io::detail {

/// Nested maps and lists. libyaml checks every open level on every token (its simple-key
/// bookkeeping), so a parse costs tokens x depth: 100,000 nested `[` took 50 s. The deepest
/// real object (a List of Deployments' managedFields) nests about 20 levels.
inline constexpr int kMaxNestingDepth = 100;

/// One scalar: the API server takes no request body over 3 MiB
/// (k8s.io/apiserver/pkg/server/config.go, MaxRequestBodyBytes), so no object field is longer.
inline constexpr std::size_t kMaxScalarBytes = 3 * 1024 * 1024;

/// Nodes that YAML aliases add to one text's tree: each shares its anchor's nodes, but
/// readers walk them as often as they are referred to ("billion laughs").
inline constexpr std::size_t kMaxAliasNodes = 1'000'000;

/// Documents and objects of one load (all its files, List items included): as many as the
/// plan may make pods of (plan/controllers/workloads.h, kMaxPlannedPods).
inline constexpr std::size_t kMaxObjects = 1'000'000;

}  // namespace berth::io::detail
