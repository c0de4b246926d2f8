#pragma once
/// The scheduler configuration as the planner's configuration panel edits it (one profile's
/// Score and Filter plugins, NodeResourcesFit's scoring strategy, percentageOfNodesToScore),
/// and that value written into a KubeSchedulerConfiguration text. plan/scheduler_settings.h
/// reads it from a configuration and validates it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/profile/config.h"

namespace berth::io {

struct PluginToggle {
    std::string name;
    bool enabled = true;
    std::int32_t weight = 0;  // Score plugins: 1..100 when enabled; Filter plugins: 0
    bool operator==(const PluginToggle&) const = default;
};

struct SchedulerSettings {
    std::string profile = "default-scheduler";  // schedulerName of the profile edited
    std::vector<PluginToggle> score;            // in Score order; disabled defaults after
    std::vector<PluginToggle> filter;           // in Filter order; disabled defaults after
    core::ScoringStrategyType strategy = core::ScoringStrategyType::LeastAllocated;
    std::vector<core::ResourceSpec> resources{{"cpu", 1}, {"memory", 1}};
    std::vector<core::UtilizationShapePoint> shape;  // RequestedToCapacityRatio only
    std::int32_t percentageOfNodesToScore = 0;       // 0: adaptive
    bool operator==(const SchedulerSettings& o) const;
};

const char* scoringStrategyName(core::ScoringStrategyType type);  // "LeastAllocated", ...

/// `settings` written into `baseText` (a KubeSchedulerConfiguration; empty: a new one): the
/// edited profile gets explicit score and filter lists (`disabled: [{name: "*"}]` and every
/// enabled plugin in order) and NodeResourcesFit's scoringStrategy; its other plugin points,
/// other plugin arguments and other profiles are kept.
std::string settingsToYaml(const SchedulerSettings& settings, std::string_view baseText = {});

}  // namespace berth::io
