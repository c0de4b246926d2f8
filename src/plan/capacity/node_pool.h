#pragma once
/// The node pools of `capacity nodes`: each `--node-template FILE` is one Node manifest, the
/// pool is named after it (metadata.name), and the nodes the pool adds are copies of it named
/// `<pool>-1`, `<pool>-2`, ... (names a node of the plan already has are skipped), labelled
/// kubernetes.io/hostname with their own name, never cordoned: what a cloud provider's node
/// group makes from its template.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "io/diagnostics.h"

namespace berth::plan::capacity {

/// The annotation a template gives its price with: a non-negative decimal, per node and hour.
inline constexpr const char* kPriceAnnotation = "berth.dev/price-per-hour";

struct NodePool {
    std::string name;  // the template's metadata.name
    std::string file;  // for messages
    std::string text;  // the template as read, re-read into each plan that adds the pool's nodes
    core::Node node;   // the template, in the string pool of the cluster it was read into
    std::optional<double> pricePerHour;
};

/// Reads one template into `cluster`'s string pool (no object is added to it). nullopt with
/// the problems in `diags` (file:line: Kind name: message) when the file is not exactly one
/// Node or its price annotation is not a non-negative number.
std::optional<NodePool> readNodePool(core::Cluster& cluster, const std::string& text, const std::string& file,
                                     const core::KubeVersion& version, io::Diagnostics& diags);

/// A problem with the template `node` read from `file`: file:line: Node name: message.
io::Diagnostic templateProblem(const std::string& file, const core::Node& node, std::string message);

/// The names of a pool's nodes, in order: `<pool>-<i>` for i = 1, 2, ..., skipping `taken`.
class PoolNodeNames {
public:
    PoolNodeNames(std::string pool, const std::unordered_set<std::string>* taken)
        : m_pool(std::move(pool)), m_taken(taken) {}
    /// The k-th name (0-based).
    const std::string& at(std::size_t k);

private:
    std::string m_pool;
    const std::unordered_set<std::string>* m_taken;
    std::vector<std::string> m_names;
    std::int64_t m_next = 1;
};

/// `node` renamed `name`: hostname label, name symbol, schedulable, no source file.
core::Node poolNodeCopy(const core::Node& node, const std::string& name, core::StringPool& pool);

/// The copies of `node` named `names` as one JSON List of Nodes (a manifest the loader reads
/// like any other): labels, taints, allocatable and images, which is all a node is to the
/// scheduler.
std::string poolNodesManifest(const core::Node& node, const core::StringPool& pool,
                              const std::vector<std::string>& names);

}  // namespace berth::plan::capacity
