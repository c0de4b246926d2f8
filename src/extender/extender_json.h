#pragma once
/// The request bodies of the extender protocol, as k8s.io/kube-scheduler/extender/v1/types.go
/// defines them. The types have no JSON tags, so Go writes every field under its Go name and
/// writes absent ones as null: {"Pod":…,"Nodes":null,"NodeNames":["a"]}. Maps are written
/// with their keys sorted, as encoding/json does.

#include <map>
#include <span>
#include <string>

#include "core/api/pod.h"
#include "core/api/string_pool.h"
#include "core/framework/extender.h"
#include "core/framework/node_info.h"

namespace berth::extender {

/// ExtenderArgs: the pod, and the nodes as a v1 NodeList, or their names when the extender
/// is nodeCacheCapable.
std::string extenderArgsJson(const core::StringPool& pool, const core::Pod& pod,
                             std::span<const core::NodeInfo* const> nodes, bool nodeCacheCapable);

/// ExtenderPreemptionArgs: NodeNameToVictims (whole pods), or NodeNameToMetaVictims (pod UIDs)
/// when the extender is nodeCacheCapable.
std::string preemptionArgsJson(const core::StringPool& pool, const core::Pod& pod,
                               const std::map<core::Sym, core::ExtenderVictims>& nodeToVictims,
                               bool nodeCacheCapable);

/// ExtenderBindingArgs: PodName, PodNamespace, PodUID, Node.
std::string bindingArgsJson(const core::StringPool& pool, const core::Pod& pod, core::Sym node);

}  // namespace berth::extender
