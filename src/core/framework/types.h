#pragma once
/// Value types that pass between the framework and the plugins (framework/types.go,
/// framework/interface.go): PreFilterResult, scores, the node -> status map, FitError.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api/string_pool.h"
#include "core/framework/status.h"

namespace berth::core {

inline constexpr std::int64_t kMaxNodeScore = 100;
inline constexpr std::int64_t kMinNodeScore = 0;

/// PreFilter may narrow the nodes to evaluate; nullopt means "all nodes".
struct PreFilterResult {
    std::optional<std::vector<Sym>> nodeNames;
    bool allNodes() const { return !nodeNames.has_value(); }
};

struct NodeScore {
    int node = 0;  // index into the snapshot's node list
    std::int64_t score = 0;
};

/// Status per snapshot node; nodes that got none (1.26: nodes outside a PreFilterResult; every
/// node after the walk stopped) are not contained. Nothing is allocated until the first set(),
/// so a cycle whose nodes all fit touches no per-node memory here.
struct NodeStatusMap {
    std::vector<Status> statuses;   // read only where contains()
    std::vector<std::uint8_t> has;  // empty until the first set()
    std::size_t count = 0;          // nodes with a status
    std::size_t nodes = 0;

    void reset(std::size_t n) {
        statuses.clear();
        has.clear();
        count = 0;
        nodes = n;
    }
    bool contains(std::size_t node) const { return node < has.size() && has[node] != 0; }
    void set(int node, Status s) {
        if (has.empty()) has.assign(nodes, 0);
        if (statuses.size() != has.size()) statuses.resize(has.size());
        const auto i = static_cast<std::size_t>(node);
        statuses[i] = std::move(s);
        if (!has[i]) ++count;
        has[i] = 1;
    }
};

enum class NominatingMode : std::uint8_t { Noop, Override };

struct NominatingInfo {
    NominatingMode mode = NominatingMode::Noop;
    Sym nodeName = kEmptySym;
};

struct PostFilterResult {
    std::optional<NominatingInfo> nominating;
};

/// Why a pod did not fit: built by findNodesThatFitPod, printed as the FailedScheduling text.
struct FitDiagnosis {
    NodeStatusMap nodeToStatus;
    std::vector<std::string> unschedulablePlugins;  // names, in profile order
    std::string preFilterMsg;
    std::string postFilterMsg;
};

}  // namespace berth::core
