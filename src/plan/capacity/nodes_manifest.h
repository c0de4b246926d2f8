#pragma once
/// "How many nodes" in the GUI: a node of the plan as a pool's template, and an answer's nodes
/// as one manifest, which the GUI submits as one edit (undo takes every pool back at once).

#include <optional>
#include <string>

#include "core/api/cluster.h"
#include "plan/capacity/nodes.h"

namespace berth::plan::capacity {

/// The live node `name` of `cluster` as a node template (one Node, the pool named after it;
/// node_pool.h): nullopt when the cluster has no such node.
std::optional<std::string> nodeTemplateOf(const core::Cluster& cluster, const std::string& name);

/// The nodes `answer` adds (each pool's `nodes`, copies of its template in `request`) as one
/// manifest: one List of Nodes per pool that adds any, as YAML documents. "" when it adds
/// none; nullopt when a template does not read (the problems are in `diags`).
std::optional<std::string> addedNodesManifest(const NodesRequest& request, const NodesAnswer& answer,
                                              const core::KubeVersion& version, io::Diagnostics& diags);

}  // namespace berth::plan::capacity
