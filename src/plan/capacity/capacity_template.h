#pragma once
/// The one object a capacity question is about: `capacity fit --template FILE` (a Pod or a
/// workload) and `capacity nodes --node-template FILE` (a Node). Read exactly as berthctl reads
/// manifests (API defaulting, the same diagnostics), into the plan's cluster so that its names
/// and labels share the plan's string pool, but not added to the plan: the question decides
/// what to do with it.

#include <optional>
#include <string>
#include <string_view>

#include "core/api/cluster.h"
#include "core/api/node.h"
#include "core/api/objects.h"
#include "core/api/pod.h"
#include "core/api/version.h"
#include "io/diagnostics.h"

namespace berth::plan::capacity {

struct CapacityTemplate {
    enum class Kind : std::uint8_t { Pod, Workload, Node } kind = Kind::Pod;
    core::Pod pod;            // Kind::Pod
    core::Workload workload;  // Kind::Workload: Deployment, ReplicaSet, StatefulSet or Job
    core::Node node;          // Kind::Node
    std::string kindName;     // "Pod", "Deployment", ..., "Node"
    std::string ref;          // "namespace/name" (a Node: its name)
};

/// Which kinds a question takes.
enum class TemplateUse : std::uint8_t { Replicas, Node };

/// Reads `text` (named `file` in messages). Exactly one object of a kind `use` takes, with no
/// errors: otherwise nullopt, with every problem in `diags` as file:line: Kind ns/name: message.
/// `cluster` gets no object; its string pool may grow. With `admit`, a Pod written as a
/// manifest gets the admission a created Pod gets (plan/controllers/admission.h) against
/// `cluster`'s classes and limit ranges; a Pod it rejects is an error. (A workload's pods get
/// it from their controller anyway.)
std::optional<CapacityTemplate> readCapacityTemplate(core::Cluster& cluster, std::string_view text,
                                                     const std::string& file, TemplateUse use,
                                                     const core::KubeVersion& version, io::Diagnostics& diags,
                                                     bool admit = false);

}  // namespace berth::plan::capacity
