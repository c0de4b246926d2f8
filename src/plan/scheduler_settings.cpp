#include "plan/scheduler_settings.h"

#include <algorithm>

#include "core/framework/runtime/framework.h"
#include "core/framework/runtime/registry.h"
#include "core/simulation.h"
#include "io/manifest_loader.h"

namespace berth::plan {
namespace {

constexpr const char* kConfigName = "scheduler-config.yaml";
constexpr std::int32_t kMaxWeight = 100;              // validation.go: plugin and resource weights
constexpr std::int32_t kMaxCustomPriorityScore = 10;  // RequestedToCapacityRatio shape scores

/// Loads only the configuration from `text`; nullopt with `error` on any problem.
std::optional<core::SchedulerConfiguration> loadConfig(std::string_view text, const std::string& name,
                                                       const core::KubeVersion& version, std::string& error) {
    core::Cluster scratch;
    io::LoadResult result;
    io::LoadOptions options;
    options.version = version;
    io::loadManifestText(text, name, scratch, result, options);
    if (result.diagnostics.hasErrors()) {
        error = result.diagnostics.firstErrors(5);
        return std::nullopt;
    }
    if (!result.config) {
        error = name + ": no KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) in it";
        return std::nullopt;
    }
    return result.config;
}

core::SchedulerOptions optionsFor(const core::KubeVersion& version) {
    core::SchedulerOptions o;
    o.version = version;
    return o;
}

/// Name and weight of each plugin enabled at `point` of the first profile.
std::vector<PluginToggle> enabledAt(core::Simulation& sim, core::ExtensionPoint point) {
    std::vector<PluginToggle> out;
    const core::Framework* fw = sim.scheduler().framework(0);
    for (const std::string& name : fw->pluginNames(point)) {
        PluginToggle t{name, true, 0};
        if (point == core::ExtensionPoint::Score)
            t.weight = static_cast<std::int32_t>(fw->scoreWeight(fw->plugin(name)->slot()));
        out.push_back(std::move(t));
    }
    return out;
}

void appendDisabled(std::vector<PluginToggle>& list, const std::vector<PluginToggle>& defaults) {
    for (const PluginToggle& d : defaults)
        if (std::none_of(list.begin(), list.end(), [&](const PluginToggle& t) { return t.name == d.name; }))
            list.push_back({d.name, false, d.weight});
}

}  // namespace

const char* const kDefaultSchedulerConfigText =
    "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

std::string effectiveConfigText(const PlanEdit& edit) {
    return edit.yaml.empty() ? std::string(kDefaultSchedulerConfigText) : edit.yaml;
}

std::string checkSchedulerConfig(std::string_view text, std::string_view fileName, const core::KubeVersion& version) {
    const std::string name = fileName.empty() ? std::string(kConfigName) : std::string(fileName);
    std::string error;
    const auto config =
        loadConfig(text.empty() ? std::string_view(kDefaultSchedulerConfigText) : text, name, version, error);
    if (!config) return error;
    // Framework construction finds what the file's syntax cannot: unknown plugins, a plugin
    // at a point it does not implement (framework/runtime/framework.go).
    core::Cluster empty;
    core::Simulation sim(empty, *config, optionsFor(version));
    if (!sim.init(error)) return name + ": " + error;
    return {};
}

bool parseScoringStrategy(std::string_view name, core::ScoringStrategyType& out) {
    for (auto t : {core::ScoringStrategyType::LeastAllocated, core::ScoringStrategyType::MostAllocated,
                   core::ScoringStrategyType::RequestedToCapacityRatio})
        if (name == scoringStrategyName(t)) {
            out = t;
            return true;
        }
    return false;
}

bool settingsFromConfig(const core::SchedulerConfiguration& config, const core::KubeVersion& version,
                        SchedulerSettings& out, std::string& error) {
    core::Cluster empty;
    core::Simulation sim(empty, config, optionsFor(version));
    if (!sim.init(error)) return false;
    core::Cluster empty2;
    core::Simulation defaults(empty2, core::SchedulerConfiguration{}, optionsFor(version));
    if (!defaults.init(error)) return false;

    SchedulerSettings s;
    const core::SchedulerConfiguration& defaulted = sim.scheduler().config();
    const core::ProfileConfig& profile = defaulted.profiles.front();
    s.profile = sim.scheduler().framework(0)->schedulerName();
    s.score = enabledAt(sim, core::ExtensionPoint::Score);
    appendDisabled(s.score, enabledAt(defaults, core::ExtensionPoint::Score));
    s.filter = enabledAt(sim, core::ExtensionPoint::Filter);
    appendDisabled(s.filter, enabledAt(defaults, core::ExtensionPoint::Filter));
    const core::NodeResourcesFitArgs& fit = profile.args.nodeResourcesFit;
    s.strategy = fit.type;
    s.resources = fit.resources;
    s.shape = fit.shape;
    s.percentageOfNodesToScore =
        profile.percentageOfNodesToScore.value_or(defaulted.percentageOfNodesToScore.value_or(0));
    out = std::move(s);
    return true;
}

std::vector<std::string> validateSettings(const SchedulerSettings& s) {
    std::vector<std::string> errors;
    const core::Registry registry = core::inTreeRegistry();
    auto checkPlugins = [&](const std::vector<PluginToggle>& plugins, const char* point, bool weighted) {
        for (const PluginToggle& p : plugins) {
            if (!registry.find(p.name))
                errors.push_back(std::string(point) + " plugin \"" + p.name + "\" does not exist");
            if (weighted && p.enabled && (p.weight < 1 || p.weight > kMaxWeight))
                errors.push_back(std::string(point) + " plugin " + p.name + ": weight " + std::to_string(p.weight) +
                                 " not in valid range [1, 100]");
        }
    };
    checkPlugins(s.score, "score", true);
    checkPlugins(s.filter, "filter", false);
    if (s.percentageOfNodesToScore < 0 || s.percentageOfNodesToScore > 100)
        errors.push_back("percentageOfNodesToScore " + std::to_string(s.percentageOfNodesToScore) +
                         " not in valid range [0, 100]");
    if (s.resources.empty()) errors.push_back("scoringStrategy: at least one resource must be specified");
    for (std::size_t i = 0; i < s.resources.size(); ++i) {
        const auto& r = s.resources[i];
        if (r.name.empty())
            errors.push_back("scoringStrategy.resources[" + std::to_string(i) + "]: a name is required");
        if (r.weight <= 0 || r.weight > kMaxWeight)
            errors.push_back("resource weight of " + r.name + " not in valid range (0, 100]");
        for (std::size_t j = 0; j < i; ++j)
            if (s.resources[j].name == r.name) errors.push_back("duplicate resource " + r.name);
    }
    if (s.strategy == core::ScoringStrategyType::RequestedToCapacityRatio) {
        if (s.shape.empty()) errors.push_back("requestedToCapacityRatio: at least one shape point must be specified");
        for (std::size_t i = 0; i < s.shape.size(); ++i) {
            const auto& p = s.shape[i];
            if (p.utilization < 0 || p.utilization > 100) errors.push_back("shape utilization must be in [0, 100]");
            if (p.score < 0 || p.score > kMaxCustomPriorityScore) errors.push_back("shape score must be in [0, 10]");
            if (i > 0 && s.shape[i - 1].utilization >= p.utilization)
                errors.push_back("shape utilization values must be sorted in increasing order");
        }
    }
    return errors;
}

bool effectiveSchedulerConfig(const PlanInput& input, const std::vector<PlanEdit>& edits,
                              core::SchedulerConfiguration& config, std::string& text, std::string& error) {
    const auto last = std::find_if(edits.rbegin(), edits.rend(),
                                   [](const PlanEdit& e) { return e.kind == EditKind::SetSchedulerConfig; });
    text = last != edits.rend() ? effectiveConfigText(*last) : input.configText;
    if (!text.empty()) {
        const std::string name = last != edits.rend() && !last->fileName.empty() ? last->fileName : kConfigName;
        auto loaded = loadConfig(text, name, input.version, error);
        if (!loaded) return false;
        config = std::move(*loaded);
        return true;
    }
    config = core::SchedulerConfiguration{};
    io::LoadOptions options;
    options.version = input.version;
    for (const ManifestText& m : input.manifests) {
        // Most clusters carry none: parse only the files that can.
        if (m.text.find("KubeSchedulerConfiguration") == std::string::npos) continue;
        core::Cluster scratch;
        io::LoadResult result;
        io::loadManifestText(m.text, m.name, scratch, result, options);
        if (result.config) config = std::move(*result.config);
    }
    return true;
}

}  // namespace berth::plan
