#include "core/profile/default_plugins.h"

#include <algorithm>
#include <set>

namespace berth::core {

const char* extensionPointName(ExtensionPoint p) {
    switch (p) {
        case ExtensionPoint::PreEnqueue: return "PreEnqueue";
        case ExtensionPoint::QueueSort: return "QueueSort";
        case ExtensionPoint::PreFilter: return "PreFilter";
        case ExtensionPoint::Filter: return "Filter";
        case ExtensionPoint::PostFilter: return "PostFilter";
        case ExtensionPoint::PreScore: return "PreScore";
        case ExtensionPoint::Score: return "Score";
        case ExtensionPoint::Reserve: return "Reserve";
        case ExtensionPoint::Permit: return "Permit";
        case ExtensionPoint::PreBind: return "PreBind";
        case ExtensionPoint::Bind: return "Bind";
        case ExtensionPoint::PostBind: return "PostBind";
        case ExtensionPoint::Count: break;
    }
    return "?";
}

PluginSet defaultMultiPoint(const KubeVersion& v) {
    PluginSet s;
    auto add = [&](const char* name, std::int32_t weight = 0) { s.enabled.push_back({name, weight}); };
    // v1.30+: SchedulingGates is GA and listed first; v1.26 has it only behind an alpha gate (off).
    if (v.atLeast(30)) add("SchedulingGates");
    add("PrioritySort");
    // v1.37.2 lists NodeName before NodeUnschedulable (both have a PreFilter there); v1.26.15
    // the reverse. The release between them that swapped them was not read [inferred: 1.37,
    // with NodeName's PreFilter of PR #140000].
    if (v.atLeast(37)) add("NodeName");
    add("NodeUnschedulable");
    if (v.before(37)) add("NodeName");
    add("TaintToleration", 3);
    add("NodeAffinity", 2);
    add("NodePorts");
    add("NodeResourcesFit", 1);
    add("VolumeRestrictions");
    if (v.before(27)) add("EBSLimits");
    if (v.before(27)) add("GCEPDLimits");
    add("NodeVolumeLimits");
    if (v.before(27)) add("AzureDiskLimits");
    add("VolumeBinding");
    add("VolumeZone");
    add("PodTopologySpread", 2);
    add("InterPodAffinity", 2);
    // applyDynamicResources: weight 2, before DefaultPreemption (its PostFilter frees claims
    // before preemption evicts pods). DRA is on by default since 1.34; Berth adds it from
    // 1.37, the release whose Score it reproduces (1.34-1.36 not verified).
    if (v.atLeast(37)) add("DynamicResources", 2);
    add("DefaultPreemption");
    add("NodeResourcesBalancedAllocation", 1);
    add("ImageLocality", 1);
    add("DefaultBinder");
    // applyFeatureGates: NodeDeclaredFeatures appended when its gate is on (beta, on, 1.36).
    if (v.atLeast(36)) add("NodeDeclaredFeatures");
    return s;
}

namespace {

// mergePluginSet: disabled defaults drop out ("*" drops all), re-configured defaults are
// replaced in place, the remaining custom plugins are appended.
PluginSet mergeSet(const PluginSet& defaults, const PluginSet& custom) {
    std::set<std::string> disabled;
    for (const auto& d : custom.disabled) disabled.insert(d.name);
    PluginSet out;
    out.disabled = custom.disabled;
    std::vector<bool> replaced(custom.enabled.size(), false);
    if (!disabled.count("*")) {
        for (const auto& def : defaults.enabled) {
            if (disabled.count(def.name)) continue;
            PluginRef chosen = def;
            for (std::size_t i = 0; i < custom.enabled.size(); ++i)
                if (custom.enabled[i].name == def.name) {
                    chosen = custom.enabled[i];
                    replaced[i] = true;
                    break;
                }
            out.enabled.push_back(chosen);
        }
    }
    for (std::size_t i = 0; i < custom.enabled.size(); ++i)
        if (!replaced[i]) out.enabled.push_back(custom.enabled[i]);
    return out;
}

}  // namespace

PluginsConfig mergeWithDefaults(const PluginsConfig& user, const KubeVersion& version) {
    PluginsConfig out;
    // Every default lives in multiPoint; the specific points start empty.
    for (int p = 0; p < static_cast<int>(ExtensionPoint::Count); ++p)
        out.points[p] = mergeSet(PluginSet{}, user.points[p]);
    out.multiPoint = mergeSet(defaultMultiPoint(version), user.multiPoint);
    return out;
}

SchedulerConfiguration applyDefaults(SchedulerConfiguration config, const KubeVersion& version) {
    if (config.profiles.empty()) config.profiles.emplace_back();
    for (auto& p : config.profiles) {
        if (p.schedulerName.empty() && config.profiles.size() == 1) p.schedulerName = "default-scheduler";
        p.plugins = mergeWithDefaults(p.plugins, version);
    }
    return config;
}

}  // namespace berth::core
