#pragma once
/// Where each loaded object came from, keyed by kind, namespace and name, so that a second
/// definition is reported with both locations, also across files loaded into one cluster.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/api/cluster.h"
#include "core/api/source_ref.h"

namespace berth::io {

struct ObjectIndex {
    std::unordered_map<std::string, core::SourceRef> objects;
    // How many of the cluster's objects are indexed. Objects added by other means (tests,
    // the editor) are picked up at the start of the next load.
    std::size_t nodes = 0;
    std::size_t pods = 0;
    std::size_t namespaces = 0;
    std::size_t services = 0;
    std::size_t workloads = 0;
    std::size_t priorityClasses = 0;
    std::size_t pdbs = 0;
    std::size_t limitRanges = 0;
    std::size_t runtimeClasses = 0;
};

namespace detail {

/// `Kind/namespace/name` (namespace empty for cluster-scoped kinds).
std::string objectKey(std::string_view kind, std::string_view ns, std::string_view name);
/// Indexes the cluster's objects that the index does not know yet.
void indexCluster(ObjectIndex& index, const core::Cluster& cluster);
/// The first definition of `key`, or nullptr.
const core::SourceRef* findObject(const ObjectIndex& index, const std::string& key);

}  // namespace detail
}  // namespace berth::io
