#pragma once
/// Readers for selectors and affinity: metav1.LabelSelector, NodeSelectorTerm (following
/// component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go for what parses),
/// NodeAffinity, pod (anti-)affinity terms and topology spread constraints. Shared by the
/// pod reader and the KubeSchedulerConfiguration reader (addedAffinity, defaultConstraints).

#include <optional>

#include "core/api/affinity.h"
#include "core/api/labels.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// metav1.LabelSelector as LabelSelectorAsSelector reads it: std::nullopt when absent (nil,
/// selects nothing), `{}` selects everything; a malformed requirement marks it `invalid`.
std::optional<core::LabelSelector> readLabelSelector(Reader& r, const DocNode& node, const FieldPath& path);

/// A plain `key: value` map as a selector (ReplicationController spec.selector).
core::LabelSelector selectorFromLabels(const core::Labels& labels);

/// One NodeSelectorTerm. A term that upstream cannot parse is kept with `unparsable` set (it
/// never matches); `reportProblems` says whether to describe why (Reader::semantic).
core::NodeSelectorTerm readNodeSelectorTerm(Reader& r, const DocNode& node, const FieldPath& path,
                                            bool reportProblems = true);

/// v1.NodeAffinity: required (a NodeSelector) and preferred (weighted terms).
core::NodeAffinity readNodeAffinity(Reader& r, const DocNode& node, const FieldPath& path);

/// v1.Affinity: nodeAffinity, podAffinity, podAntiAffinity.
core::Affinity readAffinity(Reader& r, const DocNode& node, const FieldPath& path);

/// v1.TopologySpreadConstraint. maxSkew, topologyKey and whenUnsatisfiable are required.
core::TopologySpreadConstraint readTopologySpreadConstraint(Reader& r, const DocNode& node, const FieldPath& path);

}  // namespace berth::io::detail
