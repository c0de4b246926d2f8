#pragma once
/// Reads Node objects: labels, taints, unschedulable, allocatable (API defaulting: capacity
/// when allocatable is absent) and the images the node reports.

#include "core/api/node.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// Check r.errorCount() to know whether the node is usable.
void readNode(Reader& r, const DocNode& object, core::Node& node);

}  // namespace berth::io::detail
