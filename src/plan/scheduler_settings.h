#pragma once
/// The scheduler configuration as the planner's configuration panel edits it: one profile's
/// Score plugins (on/off, weight) and Filter plugins (on/off), NodeResourcesFit's scoring
/// strategy and percentageOfNodesToScore. Read from a KubeSchedulerConfiguration, checked as
/// upstream's validation checks it (pkg/scheduler/apis/config/validation), and written back
/// as a complete KubeSchedulerConfiguration text: that text is what a SetSchedulerConfig edit
/// carries, so the session file, undo and berthctl --config all see the same thing.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/version.h"
#include "core/profile/config.h"
#include "io/scheduler_config_writer.h"
#include "plan/plan.h"

namespace berth::plan {

// The panel's settings and their YAML are a file format: they live in io.
using io::PluginToggle;
using io::SchedulerSettings;
using io::scoringStrategyName;
using io::settingsToYaml;

/// What an empty SetSchedulerConfig stands for: upstream's defaults, one default profile.
extern const char* const kDefaultSchedulerConfigText;

/// The configuration text a SetSchedulerConfig edit puts into effect.
std::string effectiveConfigText(const PlanEdit& edit);

/// Empty when `text` is a valid KubeSchedulerConfiguration the scheduler can build profiles
/// from (known plugins, each at a point it implements); otherwise the problems, one per line,
/// as file:line:col messages naming `fileName`.
std::string checkSchedulerConfig(std::string_view text, std::string_view fileName, const core::KubeVersion& version);

bool parseScoringStrategy(std::string_view name, core::ScoringStrategyType& out);

/// The settings of the first profile of `config` (as loaded, before defaulting), with the
/// default Score and Filter plugins it leaves out listed as disabled. False with `error`
/// when the scheduler cannot be built from it.
bool settingsFromConfig(const core::SchedulerConfiguration& config, const core::KubeVersion& version,
                        SchedulerSettings& out, std::string& error);

/// The problems upstream's validation would report (plugin names it does not know, weights
/// outside 1..100 for enabled Score plugins, resource weights, shape points, the
/// percentage); empty when none.
std::vector<std::string> validateSettings(const SchedulerSettings& settings);

/// The configuration in effect for a session: the last SetSchedulerConfig of `edits`, else
/// the input's configuration text, else one in the manifests, else none (defaults).
/// `text` gets the KubeSchedulerConfiguration text when there is one of its own (empty for
/// one inside the manifests). False with `error` when the text does not load.
bool effectiveSchedulerConfig(const PlanInput& input, const std::vector<PlanEdit>& edits,
                              core::SchedulerConfiguration& config, std::string& text, std::string& error);

}  // namespace berth::plan
