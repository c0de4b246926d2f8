#pragma once
/// Node selector matching (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go):
/// nodeSelector AND required node affinity, terms ORed, requirements ANDed. Unparsable terms
/// never match; empty terms are dropped.

#include "core/api/affinity.h"
#include "core/api/node.h"
#include "core/api/pod.h"

namespace berth::core {

class StringPool;

/// True when `term` matches the node (labels and the `metadata.name` field).
bool nodeSelectorTermMatches(const NodeSelectorTerm& term, const Node& node, const StringPool& pool);

/// True when any usable term of `selector` matches (an empty term list matches nothing).
bool nodeSelectorMatches(const NodeSelector& selector, const Node& node, const StringPool& pool);

/// GetRequiredNodeAffinity(pod).Match(node): spec.nodeSelector and the required node affinity.
bool podMatchesNodeSelectorAndAffinity(const Pod& pod, const Node& node, const StringPool& pool);

}  // namespace berth::core
