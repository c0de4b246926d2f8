#pragma once
/// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) as typed C++ values. The io
/// layer parses YAML into these; profile.cpp turns them into plugin lists.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api/affinity.h"
#include "core/api/source_ref.h"

namespace berth::core {

struct PluginRef {
    std::string name;
    std::int32_t weight = 0;  // Score only; 0 = unset
};

struct PluginSet {
    std::vector<PluginRef> enabled;
    std::vector<PluginRef> disabled;
};

enum class ExtensionPoint : std::uint8_t {
    PreEnqueue,
    QueueSort,
    PreFilter,
    Filter,
    PostFilter,
    PreScore,
    Score,
    Reserve,
    Permit,
    PreBind,
    Bind,
    PostBind,
    Count
};
const char* extensionPointName(ExtensionPoint p);

struct PluginsConfig {
    PluginSet points[static_cast<int>(ExtensionPoint::Count)];
    PluginSet multiPoint;
    PluginSet& at(ExtensionPoint p) { return points[static_cast<int>(p)]; }
    const PluginSet& at(ExtensionPoint p) const { return points[static_cast<int>(p)]; }
};

struct ResourceSpec {
    std::string name;
    std::int64_t weight = 1;
};

struct UtilizationShapePoint {
    std::int32_t utilization = 0;
    std::int32_t score = 0;
};

enum class ScoringStrategyType : std::uint8_t { LeastAllocated, MostAllocated, RequestedToCapacityRatio };

struct NodeResourcesFitArgs {
    std::vector<std::string> ignoredResources;
    std::vector<std::string> ignoredResourceGroups;
    ScoringStrategyType type = ScoringStrategyType::LeastAllocated;
    std::vector<ResourceSpec> resources{{"cpu", 1}, {"memory", 1}};
    std::vector<UtilizationShapePoint> shape;
};

struct NodeResourcesBalancedAllocationArgs {
    std::vector<ResourceSpec> resources{{"cpu", 1}, {"memory", 1}};
};

enum class SpreadDefaulting : std::uint8_t { System, List };

struct PodTopologySpreadArgs {
    std::vector<TopologySpreadConstraint> defaultConstraints;
    SpreadDefaulting defaultingType = SpreadDefaulting::System;
};

struct InterPodAffinityArgs {
    std::int32_t hardPodAffinityWeight = 1;
    bool ignorePreferredTermsOfExistingPods = false;
};

struct NodeAffinityArgs {
    std::optional<NodeAffinity> addedAffinity;
};

struct DefaultPreemptionArgs {
    std::int32_t minCandidateNodesPercentage = 10;
    std::int32_t minCandidateNodesAbsolute = 100;
};

/// pluginConfig of one profile; every plugin reads its own member.
struct PluginArgs {
    NodeResourcesFitArgs nodeResourcesFit;
    NodeResourcesBalancedAllocationArgs balancedAllocation;
    PodTopologySpreadArgs podTopologySpread;
    InterPodAffinityArgs interPodAffinity;
    NodeAffinityArgs nodeAffinity;
    DefaultPreemptionArgs defaultPreemption;
};

struct ProfileConfig {
    std::string schedulerName = "default-scheduler";
    std::optional<std::int32_t> percentageOfNodesToScore;
    PluginsConfig plugins;
    PluginArgs args;
};

/// One entry of the configuration's `extenders:` (config/v1 Extender; defaults and validation as
/// pkg/scheduler/apis/config/v1/defaults.go and validation/validation.go apply them).
struct ExtenderManagedResource {
    std::string name;
    bool ignoredByScheduler = false;  // left out of NodeResourcesFit when true
};

struct ExtenderTLSConfig {
    bool insecure = false;
    std::string serverName;
    std::string certFile, keyFile, caFile;
    std::string certData, keyData, caData;  // PEM, decoded from the base64 fields
};

struct ExtenderConfig {
    std::string urlPrefix;
    std::string filterVerb, preemptVerb, prioritizeVerb, bindVerb;
    std::int64_t weight = 0;  // defaulted to 1 when a prioritizeVerb is set and weight is 0
    bool enableHTTPS = false;
    std::optional<ExtenderTLSConfig> tlsConfig;
    std::int64_t httpTimeoutMillis = 5000;  // DefaultExtenderTimeout when unset
    bool nodeCacheCapable = false;
    std::vector<ExtenderManagedResource> managedResources;
    bool ignorable = false;
    SourceRef source;
};

struct SchedulerConfiguration {
    std::optional<std::int32_t> percentageOfNodesToScore;  // nullopt / 0: adaptive
    std::int64_t podInitialBackoffSeconds = 1;
    std::int64_t podMaxBackoffSeconds = 10;
    std::vector<ProfileConfig> profiles;  // empty: one default profile
    std::vector<ExtenderConfig> extenders;
    SourceRef source;
};

}  // namespace berth::core
