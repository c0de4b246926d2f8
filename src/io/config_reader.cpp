#include "io/config_reader.h"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "io/extender_config_reader.h"
#include "io/label_validation.h"
#include "io/selector_reader.h"

namespace berth::io::detail {
namespace {

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kMaxPluginWeight = 100;
constexpr std::int32_t kMaxCustomPriorityScore = 10;  // scale of user-given shape points

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

struct PointKey {
    const char* key;
    core::ExtensionPoint point;
};
constexpr PointKey kPointKeys[] = {
    {"preEnqueue", core::ExtensionPoint::PreEnqueue},
    {"queueSort", core::ExtensionPoint::QueueSort},
    {"preFilter", core::ExtensionPoint::PreFilter},
    {"filter", core::ExtensionPoint::Filter},
    {"postFilter", core::ExtensionPoint::PostFilter},
    {"preScore", core::ExtensionPoint::PreScore},
    {"score", core::ExtensionPoint::Score},
    {"reserve", core::ExtensionPoint::Reserve},
    {"permit", core::ExtensionPoint::Permit},
    {"preBind", core::ExtensionPoint::PreBind},
    {"bind", core::ExtensionPoint::Bind},
    {"postBind", core::ExtensionPoint::PostBind},
};

core::PluginSet readPluginSet(Reader& r, const DocNode& node, const FieldPath& path) {
    core::PluginSet set;
    if (!expectMap(r, node, path)) return set;
    rejectUnknownFields(r, node, path, {"enabled", "disabled"});
    auto readList = [&](const char* key, std::vector<core::PluginRef>& out) {
        const FieldPath listPath = path.child(key);
        forEachItem(r, field(node, key), listPath, [&](const DocNode& item, const FieldPath& p) {
            if (!expectMap(r, item, p)) return;
            rejectUnknownFields(r, item, p, {"name", "weight"});
            core::PluginRef ref;
            if (auto name = readRequiredString(r, item, "name", p)) ref.name = *name;
            // 0 means "not set" (the framework then uses 1); a given weight is 1..100.
            ref.weight = static_cast<std::int32_t>(
                readInt(r, field(item, "weight"), p.child("weight"), 0, kMaxPluginWeight).value_or(0));
            out.push_back(std::move(ref));
        });
    };
    readList("enabled", set.enabled);
    readList("disabled", set.disabled);
    return set;
}

void readPlugins(Reader& r, const DocNode& node, const FieldPath& path, core::PluginsConfig& plugins) {
    if (!expectMap(r, node, path)) return;
    for (std::size_t i = 0; i < node.size(); ++i) {
        const DocNode key = node.key(i);
        const std::string k = key.isScalar() ? std::string(key.scalar()) : std::string();
        const FieldPath p = path.child(k);
        const DocNode value = node.value(i);
        if (k == "multiPoint") {
            plugins.multiPoint = readPluginSet(r, value, p);
            continue;
        }
        const auto found =
            std::find_if(std::begin(kPointKeys), std::end(kPointKeys), [&](const PointKey& pk) { return k == pk.key; });
        if (found == std::end(kPointKeys)) {
            r.error(key, path, "unknown field " + quoted(k));
            continue;
        }
        plugins.at(found->point) = readPluginSet(r, value, p);
    }
}

// [{name, weight}] for NodeResourcesFit and BalancedAllocation. Weight 0 (or absent) becomes 1
// (SetDefaults_NodeResourcesFitArgs / SetDefaults_NodeResourcesBalancedAllocationArgs).
struct ResourceSpecAt {
    core::ResourceSpec spec;
    DocNode node;
};
std::vector<ResourceSpecAt> readResourceSpecs(Reader& r, const DocNode& node, const FieldPath& path) {
    std::vector<ResourceSpecAt> out;
    forEachItem(r, node, path, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        rejectUnknownFields(r, item, p, {"name", "weight"});
        ResourceSpecAt at;
        at.node = item;
        if (auto name = readRequiredString(r, item, "name", p)) at.spec.name = *name;
        at.spec.weight = readInt64(r, field(item, "weight"), p.child("weight")).value_or(0);
        if (at.spec.weight == 0) at.spec.weight = 1;
        out.push_back(std::move(at));
    });
    return out;
}

// kind inside args, when given, must name this plugin's args type.
void checkArgsKind(Reader& r, const DocNode& args, const FieldPath& path, const std::string& plugin) {
    const DocNode kind = field(args, "kind");
    if (auto k = readString(r, kind, path.child("kind")); k && *k != plugin + "Args")
        r.error(kind, path.child("kind"),
                quoted(*k) + " does not match plugin " + plugin + " (expected " + plugin + "Args)");
}

void readShape(Reader& r, const DocNode& node, const FieldPath& path, std::vector<core::UtilizationShapePoint>& shape) {
    forEachItem(r, node, path, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        rejectUnknownFields(r, item, p, {"utilization", "score"});
        core::UtilizationShapePoint point;
        point.utilization = static_cast<std::int32_t>(
            readInt(r, field(item, "utilization"), p.child("utilization"), 0, 100).value_or(0));
        point.score = static_cast<std::int32_t>(
            readInt(r, field(item, "score"), p.child("score"), 0, kMaxCustomPriorityScore).value_or(0));
        if (!shape.empty() && shape.back().utilization >= point.utilization)
            r.error(field(item, "utilization"), p.child("utilization"), "values must be sorted in increasing order");
        shape.push_back(point);
    });
    if (shape.empty()) r.error(node, path, "at least one point must be specified");
}

void readFitArgs(Reader& r, const DocNode& args, const FieldPath& path, core::NodeResourcesFitArgs& out) {
    rejectUnknownFields(r, args, path,
                        {"apiVersion", "kind", "ignoredResources", "ignoredResourceGroups", "scoringStrategy"});
    const DocNode ignored = field(args, "ignoredResources");
    const FieldPath ignoredPath = path.child("ignoredResources");
    out.ignoredResources = readStringList(r, ignored, ignoredPath);
    for (std::size_t i = 0; i < out.ignoredResources.size(); ++i)
        if (!isQualifiedName(out.ignoredResources[i]))
            r.error(ignored, ignoredPath.index(static_cast<int>(i)),
                    "invalid resource name " + quoted(out.ignoredResources[i]));
    const DocNode groups = field(args, "ignoredResourceGroups");
    const FieldPath groupsPath = path.child("ignoredResourceGroups");
    out.ignoredResourceGroups = readStringList(r, groups, groupsPath);
    for (std::size_t i = 0; i < out.ignoredResourceGroups.size(); ++i) {
        const std::string& g = out.ignoredResourceGroups[i];
        if (g.find('/') != std::string::npos)
            r.error(groups, groupsPath.index(static_cast<int>(i)), "resource group name can't contain '/'");
        else if (!isQualifiedName(g))
            r.error(groups, groupsPath.index(static_cast<int>(i)), "invalid resource group name " + quoted(g));
    }

    const DocNode strategy = field(args, "scoringStrategy");
    const FieldPath strategyPath = path.child("scoringStrategy");
    if (!expectMap(r, strategy, strategyPath)) return;
    rejectUnknownFields(r, strategy, strategyPath, {"type", "resources", "requestedToCapacityRatio"});
    const DocNode type = field(strategy, "type");
    const std::string t = readString(r, type, strategyPath.child("type")).value_or(std::string());
    if (t == "LeastAllocated")
        out.type = core::ScoringStrategyType::LeastAllocated;
    else if (t == "MostAllocated")
        out.type = core::ScoringStrategyType::MostAllocated;
    else if (t == "RequestedToCapacityRatio")
        out.type = core::ScoringStrategyType::RequestedToCapacityRatio;
    else
        r.error(present(type) ? type : strategy, strategyPath.child("type"),
                "unsupported value " + quoted(t) +
                    ": supported values: LeastAllocated, MostAllocated, RequestedToCapacityRatio");

    const FieldPath resourcesPath = strategyPath.child("resources");
    const auto specs = readResourceSpecs(r, field(strategy, "resources"), resourcesPath);
    if (!specs.empty()) {  // given resources replace the default cpu + memory
        out.resources.clear();
        for (std::size_t i = 0; i < specs.size(); ++i) {
            const auto& s = specs[i].spec;
            if (s.weight <= 0 || s.weight > kMaxPluginWeight)
                r.error(field(specs[i].node, "weight"), resourcesPath.index(static_cast<int>(i)).child("weight"),
                        "resource weight of " + s.name + " not in valid range (0, 100]");
            out.resources.push_back(s);
        }
    }

    const DocNode ratio = field(strategy, "requestedToCapacityRatio");
    const FieldPath ratioPath = strategyPath.child("requestedToCapacityRatio");
    if (expectMap(r, ratio, ratioPath)) {
        rejectUnknownFields(r, ratio, ratioPath, {"shape"});
        readShape(r, field(ratio, "shape"), ratioPath.child("shape"), out.shape);
    } else if (out.type == core::ScoringStrategyType::RequestedToCapacityRatio && !present(ratio)) {
        r.error(strategy, ratioPath, "is required for the RequestedToCapacityRatio strategy");
    }
}

void readBalancedArgs(Reader& r, const DocNode& args, const FieldPath& path,
                      core::NodeResourcesBalancedAllocationArgs& out) {
    rejectUnknownFields(r, args, path, {"apiVersion", "kind", "resources"});
    const FieldPath resourcesPath = path.child("resources");
    const auto specs = readResourceSpecs(r, field(args, "resources"), resourcesPath);
    if (specs.empty()) return;
    out.resources.clear();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const auto& s = specs[i].spec;
        const FieldPath p = resourcesPath.index(static_cast<int>(i));
        if (s.weight != 1) r.error(field(specs[i].node, "weight"), p.child("weight"), "must be 1");
        const bool duplicate = std::any_of(out.resources.begin(), out.resources.end(),
                                           [&](const core::ResourceSpec& o) { return o.name == s.name; });
        if (duplicate) r.error(field(specs[i].node, "name"), p.child("name"), "duplicate value " + quoted(s.name));
        out.resources.push_back(s);
    }
}

void readSpreadArgs(Reader& r, const DocNode& args, const FieldPath& path, core::PodTopologySpreadArgs& out) {
    rejectUnknownFields(r, args, path, {"apiVersion", "kind", "defaultConstraints", "defaultingType"});
    const FieldPath constraintsPath = path.child("defaultConstraints");
    forEachItem(r, field(args, "defaultConstraints"), constraintsPath, [&](const DocNode& item, const FieldPath& p) {
        core::TopologySpreadConstraint c = readTopologySpreadConstraint(r, item, p);
        if (present(field(item, "labelSelector")))
            r.error(field(item, "labelSelector"), p.child("labelSelector"),
                    "constraint must not define a selector, as they deduced for each pod");
        for (const auto& other : out.defaultConstraints)
            if (other.topologyKey == c.topologyKey && other.whenUnsatisfiable == c.whenUnsatisfiable)
                r.error(item, p, "duplicate {topologyKey, whenUnsatisfiable}");
        out.defaultConstraints.push_back(std::move(c));
    });
    const DocNode type = field(args, "defaultingType");
    const std::string t = readString(r, type, path.child("defaultingType")).value_or(std::string());
    if (t.empty() || t == "System")
        out.defaultingType = core::SpreadDefaulting::System;  // v1 default
    else if (t == "List")
        out.defaultingType = core::SpreadDefaulting::List;
    else
        r.error(type, path.child("defaultingType"),
                "unsupported value " + quoted(t) + ": supported values: List, System");
    if (out.defaultingType == core::SpreadDefaulting::System && !out.defaultConstraints.empty())
        r.error(present(type) ? type : args, path.child("defaultingType"),
                "defaultConstraints must be empty when defaultingType is System (use List)");
}

void readInterPodAffinityArgs(Reader& r, const DocNode& args, const FieldPath& path, core::InterPodAffinityArgs& out) {
    rejectUnknownFields(r, args, path,
                        {"apiVersion", "kind", "hardPodAffinityWeight", "ignorePreferredTermsOfExistingPods"});
    if (auto w = readInt(r, field(args, "hardPodAffinityWeight"), path.child("hardPodAffinityWeight"), 0, 100))
        out.hardPodAffinityWeight = static_cast<std::int32_t>(*w);
    if (auto b = readBool(r, field(args, "ignorePreferredTermsOfExistingPods"),
                          path.child("ignorePreferredTermsOfExistingPods")))
        out.ignorePreferredTermsOfExistingPods = *b;
}

void readNodeAffinityArgs(Reader& r, const DocNode& args, const FieldPath& path, core::NodeAffinityArgs& out) {
    rejectUnknownFields(r, args, path, {"apiVersion", "kind", "addedAffinity"});
    const DocNode added = field(args, "addedAffinity");
    if (present(added)) out.addedAffinity = readNodeAffinity(r, added, path.child("addedAffinity"));
}

void readPreemptionArgs(Reader& r, const DocNode& args, const FieldPath& path, core::DefaultPreemptionArgs& out) {
    rejectUnknownFields(r, args, path,
                        {"apiVersion", "kind", "minCandidateNodesPercentage", "minCandidateNodesAbsolute"});
    if (auto v =
            readInt(r, field(args, "minCandidateNodesPercentage"), path.child("minCandidateNodesPercentage"), 0, 100))
        out.minCandidateNodesPercentage = static_cast<std::int32_t>(*v);
    if (auto v =
            readInt(r, field(args, "minCandidateNodesAbsolute"), path.child("minCandidateNodesAbsolute"), 0, kInt32Max))
        out.minCandidateNodesAbsolute = static_cast<std::int32_t>(*v);
    if (out.minCandidateNodesPercentage == 0 && out.minCandidateNodesAbsolute == 0)
        r.error(args, path, "minCandidateNodesPercentage and minCandidateNodesAbsolute cannot both be zero");
}

void readPluginConfig(Reader& r, const DocNode& item, const FieldPath& path, std::vector<std::string>& seen,
                      core::PluginArgs& args) {
    if (!expectMap(r, item, path)) return;
    rejectUnknownFields(r, item, path, {"name", "args"});
    const auto name = readRequiredString(r, item, "name", path);
    if (!name) return;
    if (std::find(seen.begin(), seen.end(), *name) != seen.end()) {
        r.error(field(item, "name"), path.child("name"), "duplicate plugin config for " + quoted(*name));
        return;
    }
    seen.push_back(*name);
    const DocNode a = field(item, "args");
    const FieldPath argsPath = path.child("args");
    if (!expectMap(r, a, argsPath)) return;  // no args: the plugin's defaults
    checkArgsKind(r, a, argsPath, *name);
    if (*name == "NodeResourcesFit")
        readFitArgs(r, a, argsPath, args.nodeResourcesFit);
    else if (*name == "NodeResourcesBalancedAllocation")
        readBalancedArgs(r, a, argsPath, args.balancedAllocation);
    else if (*name == "PodTopologySpread")
        readSpreadArgs(r, a, argsPath, args.podTopologySpread);
    else if (*name == "InterPodAffinity")
        readInterPodAffinityArgs(r, a, argsPath, args.interPodAffinity);
    else if (*name == "NodeAffinity")
        readNodeAffinityArgs(r, a, argsPath, args.nodeAffinity);
    else if (*name == "DefaultPreemption")
        readPreemptionArgs(r, a, argsPath, args.defaultPreemption);
    else
        r.warning(a, argsPath, "arguments of plugin " + quoted(*name) + " are not modelled; ignored");
}

bool samePluginSet(const core::PluginSet& a, const core::PluginSet& b) {
    auto same = [](const std::vector<core::PluginRef>& x, const std::vector<core::PluginRef>& y) {
        return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                          [](const core::PluginRef& p, const core::PluginRef& q) {
                              return p.name == q.name && p.weight == q.weight;
                          });
    };
    return same(a.enabled, b.enabled) && same(a.disabled, b.disabled);
}

}  // namespace

void readSchedulerConfiguration(Reader& r, const DocNode& object, core::SchedulerConfiguration& config) {
    // Upstream validates the whole configuration; a selector or term it cannot parse is fatal.
    r.setStrictSemantics(true);
    config.source = r.sourceOf(object);
    const FieldPath root;
    rejectUnknownFields(
        r, object, root,
        {"apiVersion", "kind", "parallelism", "leaderElection", "clientConnection", "healthzBindAddress",
         "metricsBindAddress", "enableProfiling", "enableContentionProfiling", "percentageOfNodesToScore",
         "podInitialBackoffSeconds", "podMaxBackoffSeconds", "profiles", "extenders", "delayCacheUntilActive"});

    if (auto v = readInt(r, field(object, "percentageOfNodesToScore"), FieldPath("percentageOfNodesToScore"), 0, 100))
        config.percentageOfNodesToScore = static_cast<std::int32_t>(*v);
    const DocNode initial = field(object, "podInitialBackoffSeconds");
    if (auto v = readInt64(r, initial, FieldPath("podInitialBackoffSeconds"))) {
        if (*v <= 0)
            r.error(initial, FieldPath("podInitialBackoffSeconds"), "must be greater than 0");
        else
            config.podInitialBackoffSeconds = *v;
    }
    const DocNode max = field(object, "podMaxBackoffSeconds");
    if (auto v = readInt64(r, max, FieldPath("podMaxBackoffSeconds"))) {
        if (*v < config.podInitialBackoffSeconds)
            r.error(max, FieldPath("podMaxBackoffSeconds"),
                    "must be greater than or equal to podInitialBackoffSeconds");
        else
            config.podMaxBackoffSeconds = *v;
    }
    (void)readInt(r, field(object, "parallelism"), FieldPath("parallelism"), 1,
                  kInt32Max);  // checked, unused
    readExtenders(r, field(object, "extenders"), config.extenders);

    const FieldPath profilesPath("profiles");
    std::vector<DocNode> profileNodes;
    forEachItem(r, field(object, "profiles"), profilesPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        rejectUnknownFields(r, item, p, {"schedulerName", "percentageOfNodesToScore", "plugins", "pluginConfig"});
        core::ProfileConfig profile;
        profile.schedulerName =
            readString(r, field(item, "schedulerName"), p.child("schedulerName")).value_or(std::string());
        if (auto v = readInt(r, field(item, "percentageOfNodesToScore"), p.child("percentageOfNodesToScore"), 0, 100))
            profile.percentageOfNodesToScore = static_cast<std::int32_t>(*v);
        readPlugins(r, field(item, "plugins"), p.child("plugins"), profile.plugins);
        std::vector<std::string> seen;
        const FieldPath configPath = p.child("pluginConfig");
        forEachItem(r, field(item, "pluginConfig"), configPath,
                    [&](const DocNode& c, const FieldPath& cp) { readPluginConfig(r, c, cp, seen, profile.args); });
        config.profiles.push_back(std::move(profile));
        profileNodes.push_back(item);
    });

    // A single profile without a name is the default scheduler (SetDefaults_KubeSchedulerConfiguration).
    if (config.profiles.size() == 1 && config.profiles.front().schedulerName.empty())
        config.profiles.front().schedulerName = "default-scheduler";
    for (std::size_t i = 0; i < config.profiles.size(); ++i) {
        const FieldPath p = profilesPath.index(static_cast<int>(i));
        const auto& profile = config.profiles[i];
        if (profile.schedulerName.empty()) {
            r.error(profileNodes[i], p.child("schedulerName"), "is required");
            continue;
        }
        for (std::size_t j = 0; j < i; ++j)
            if (config.profiles[j].schedulerName == profile.schedulerName)
                r.error(field(profileNodes[i], "schedulerName"), p.child("schedulerName"),
                        "duplicate value " + quoted(profile.schedulerName));
        // Every profile shares one queue, so they must sort it the same way.
        if (i > 0 && !samePluginSet(profile.plugins.at(core::ExtensionPoint::QueueSort),
                                    config.profiles[0].plugins.at(core::ExtensionPoint::QueueSort)))
            r.error(profileNodes[i], p.child("plugins"), "queueSort must be the same for all profiles");
    }
}

}  // namespace berth::io::detail
