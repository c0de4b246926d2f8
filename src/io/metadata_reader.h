#pragma once
/// ObjectMeta, the part every object shares: name, namespace, uid, labels, owners.

#include <string>
#include <vector>

#include "core/api/labels.h"
#include "core/api/pod.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

struct ObjectMeta {
    std::string name;
    std::string ns;  // "default" for namespaced kinds when absent; empty for cluster-scoped ones
    std::string uid;
    std::string generateName;
    core::Labels labels;
    std::vector<core::OwnerReference> ownerReferences;
    bool deleting = false;  // metadata.deletionTimestamp is set
    /// annotations["cluster-autoscaler.kubernetes.io/safe-to-evict"] == "false" (the only
    /// annotation Berth reads: drains refuse such pods without --force).
    bool notSafeToEvict = false;
};

/// Reads `metadata` of a top-level object: metadata.name is required. Names the object in
/// the reader (`ns/name` or `name`) so later messages carry it.
ObjectMeta readObjectMeta(Reader& r, const DocNode& object, bool namespaced);

/// Reads the metadata of a pod template (name optional, namespace not read).
ObjectMeta readTemplateMeta(Reader& r, const DocNode& meta, const FieldPath& path);

}  // namespace berth::io::detail
