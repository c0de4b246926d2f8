#include "io/scheduler_config_writer.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace berth::io {
namespace {

YAML::Node pluginList(const std::vector<PluginToggle>& plugins, bool weighted) {
    YAML::Node set(YAML::NodeType::Map);
    YAML::Node enabled(YAML::NodeType::Sequence);
    for (const PluginToggle& p : plugins) {
        if (!p.enabled) continue;
        YAML::Node item(YAML::NodeType::Map);
        item["name"] = p.name;
        if (weighted) item["weight"] = p.weight;
        enabled.push_back(item);
    }
    YAML::Node all(YAML::NodeType::Map);
    all["name"] = "*";
    YAML::Node disabled(YAML::NodeType::Sequence);
    disabled.push_back(all);
    // Every default is disabled at this point and the enabled ones listed in order: the
    // result does not depend on the defaults of the release it is read with.
    set["enabled"] = enabled;
    set["disabled"] = disabled;
    return set;
}

bool isConfigDocument(const YAML::Node& doc) {
    if (!doc.IsMap()) return false;
    const YAML::Node kind = doc["kind"];
    return kind.IsScalar() && kind.Scalar() == "KubeSchedulerConfiguration";
}

/// The KubeSchedulerConfiguration document of `baseText` (what the panel does not show kept
/// as it is), or a new one when the text has none or does not parse.
YAML::Node configDocument(std::string_view baseText) {
    YAML::Node root;
    if (!baseText.empty()) {
        try {
            for (const YAML::Node& doc : YAML::LoadAll(std::string(baseText)))
                if (isConfigDocument(doc)) {
                    root = doc;
                    break;
                }
        } catch (const YAML::Exception&) {
            root = YAML::Node();  // a text that does not parse: start from nothing
        }
    }
    if (!root.IsMap()) {
        root = YAML::Node(YAML::NodeType::Map);
        root["apiVersion"] = "kubescheduler.config.k8s.io/v1";
        root["kind"] = "KubeSchedulerConfiguration";
    }
    return root;
}

/// The profile called `name` in the document's profiles (or the only one, when it has no
/// name), added at the end when there is none.
YAML::Node profileNamed(YAML::Node& root, const std::string& name) {
    if (!root["profiles"].IsSequence()) root["profiles"] = YAML::Node(YAML::NodeType::Sequence);
    YAML::Node profiles = root["profiles"];
    YAML::Node profile;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        YAML::Node p = profiles[i];
        const YAML::Node schedulerName = p["schedulerName"];
        const bool unnamedOnly = profiles.size() == 1 && !schedulerName.IsDefined();
        if (unnamedOnly || (schedulerName.IsScalar() && schedulerName.Scalar() == name)) {
            profile = p;
            break;
        }
    }
    if (!profile.IsMap()) {
        YAML::Node p(YAML::NodeType::Map);
        p["schedulerName"] = name;
        profiles.push_back(p);
        profile = profiles[profiles.size() - 1];
    }
    return profile;
}

/// NodeResourcesFit's args in the profile's pluginConfig, added when there are none.
YAML::Node fitArgs(YAML::Node& profile) {
    if (!profile["pluginConfig"].IsSequence()) profile["pluginConfig"] = YAML::Node(YAML::NodeType::Sequence);
    YAML::Node pluginConfig = profile["pluginConfig"];
    YAML::Node fit;
    for (std::size_t i = 0; i < pluginConfig.size(); ++i) {
        const YAML::Node name = pluginConfig[i]["name"];
        if (name.IsScalar() && name.Scalar() == "NodeResourcesFit") {
            fit = pluginConfig[i];
            break;
        }
    }
    if (!fit.IsMap()) {
        YAML::Node entry(YAML::NodeType::Map);
        entry["name"] = "NodeResourcesFit";
        pluginConfig.push_back(entry);
        fit = pluginConfig[pluginConfig.size() - 1];
    }
    if (!fit["args"].IsMap()) fit["args"] = YAML::Node(YAML::NodeType::Map);
    return fit["args"];
}

}  // namespace

bool SchedulerSettings::operator==(const SchedulerSettings& o) const {
    auto sameResources = [](const std::vector<core::ResourceSpec>& a, const std::vector<core::ResourceSpec>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                          [](const auto& x, const auto& y) { return x.name == y.name && x.weight == y.weight; });
    };
    auto sameShape = [](const auto& a, const auto& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
            return x.utilization == y.utilization && x.score == y.score;
        });
    };
    return profile == o.profile && score == o.score && filter == o.filter && strategy == o.strategy &&
           sameResources(resources, o.resources) && sameShape(shape, o.shape) &&
           percentageOfNodesToScore == o.percentageOfNodesToScore;
}

const char* scoringStrategyName(core::ScoringStrategyType type) {
    switch (type) {
        case core::ScoringStrategyType::LeastAllocated: return "LeastAllocated";
        case core::ScoringStrategyType::MostAllocated: return "MostAllocated";
        case core::ScoringStrategyType::RequestedToCapacityRatio: return "RequestedToCapacityRatio";
    }
    return "";
}

namespace {

/// NodeResourcesFit's scoringStrategy as the panel's settings give it.
YAML::Node scoringStrategy(const SchedulerSettings& s) {
    YAML::Node strategy(YAML::NodeType::Map);
    strategy["type"] = scoringStrategyName(s.strategy);
    YAML::Node resources(YAML::NodeType::Sequence);
    for (const auto& r : s.resources) {
        YAML::Node item(YAML::NodeType::Map);
        item["name"] = r.name;
        item["weight"] = r.weight;
        resources.push_back(item);
    }
    strategy["resources"] = resources;
    if (s.strategy == core::ScoringStrategyType::RequestedToCapacityRatio) {
        YAML::Node shape(YAML::NodeType::Sequence);
        for (const auto& p : s.shape) {
            YAML::Node point(YAML::NodeType::Map);
            point["utilization"] = p.utilization;
            point["score"] = p.score;
            shape.push_back(point);
        }
        YAML::Node ratio(YAML::NodeType::Map);
        ratio["shape"] = shape;
        strategy["requestedToCapacityRatio"] = ratio;
    }
    return strategy;
}

}  // namespace

std::string settingsToYaml(const SchedulerSettings& s, std::string_view baseText) {
    YAML::Node root = configDocument(baseText);
    if (s.percentageOfNodesToScore > 0)
        root["percentageOfNodesToScore"] = s.percentageOfNodesToScore;
    else
        root.remove("percentageOfNodesToScore");

    YAML::Node profile = profileNamed(root, s.profile);
    profile.remove("percentageOfNodesToScore");  // the one value the panel shows is global
    if (!profile["plugins"].IsMap()) profile["plugins"] = YAML::Node(YAML::NodeType::Map);
    YAML::Node plugins = profile["plugins"];
    plugins["score"] = pluginList(s.score, true);
    plugins["filter"] = pluginList(s.filter, false);

    YAML::Node args = fitArgs(profile);
    args["scoringStrategy"] = scoringStrategy(s);

    YAML::Emitter out;
    out << root;
    return std::string(out.c_str()) + "\n";
}

}  // namespace berth::io
