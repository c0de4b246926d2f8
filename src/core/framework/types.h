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

/// Status per snapshot node; `has` is false for nodes that got no status (1.26: nodes outside
/// a PreFilterResult). Read statuses[i] only where has[i]: the statuses are allocated on the
/// first set(), so a cycle whose first nodes fit pays for one byte per node, not one Status.
struct NodeStatusMap {
    std::vector<Status> statuses;
    std::vector<std::uint8_t> has;
    void reset(std::size_t n) {
        statuses.clear();
        has.assign(n, 0);
    }
    void set(int node, Status s) {
        if (statuses.size() != has.size()) statuses.resize(has.size());
        statuses[static_cast<std::size_t>(node)] = std::move(s);
        has[static_cast<std::size_t>(node)] = 1;
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
