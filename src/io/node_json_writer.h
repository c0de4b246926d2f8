#pragma once
/// A core::Node as one v1 Node JSON object: the fields the model holds (labels, the capacity
/// price annotation, taints, unschedulable, allocatable, images), which is all a node is to
/// the scheduler. Used for a
/// capacity pool's node copies (plan/capacity/node_pool) and for what a scheduler extender is
/// sent (src/extender).

#include <string_view>

#include "core/api/node.h"
#include "core/api/string_pool.h"
#include "io/json_writer.h"

namespace berth::io {

/// Writes `node`. With `copyName`, a copy of it named so: its kubernetes.io/hostname label
/// says copyName too, and the copy is schedulable; without, the node as it is.
void writeNodeJson(JsonWriter& w, const core::Node& node, const core::StringPool& pool,
                   std::string_view copyName = {});

}  // namespace berth::io
