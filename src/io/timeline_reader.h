#pragma once
/// A timeline file (issue 17): cluster edits on the simulated clock, as a document in the style
/// of the manifests, read strictly (an unknown field, a second action in one event, a bad
/// duration: an error with file and line, and no event of the file is taken):
///
///   apiVersion: berth.dev/v1alpha1
///   kind: Timeline
///   events:
///   - at: 30s                      # a Go duration from t = 0
///     cordon: node-2               # one action per event
///   - at: 1m
///     scale: {kind: Deployment, namespace: default, name: web, replicas: 6}
///
/// Actions: cordon, uncordon, drain, deleteNode (a node name); scale {kind, namespace, name,
/// replicas}; deleteWorkload {kind, namespace, name}; addNodePool {template, namePrefix,
/// count, zone (optional)}; deletePod {namespace, name}. A namespace left out is "default".

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/diagnostics.h"

namespace berth::io {

struct TimelineEvent {
    std::int64_t at = 0;  // simulated ns from t = 0
    std::string action;   // the action's key: "cordon", "scale", ...
    std::string node;     // node actions: the node; addNodePool: its template
    // scale, deleteWorkload; deletePod: ns and name
    std::string kind;
    std::string ns;
    std::string name;
    std::int32_t replicas = 0;
    // addNodePool
    std::string namePrefix;
    std::int32_t count = 0;
    std::string zone;
    int line = 0;  // 1-based: the event's first line
};

/// The events of every Timeline document of `text` (named `fileName` in messages), in file
/// order; none, and an error each in `diagnostics`, when anything in the file is wrong.
std::vector<TimelineEvent> readTimeline(std::string_view text, const std::string& fileName,
                                        Diagnostics& diagnostics);

}  // namespace berth::io
