// Building a profile's runtime (framework/runtime/framework.go NewFramework): its plugins
// created once each, the lists per extension point (multiPoint expanded), the Score weights.
// Running the extension points: framework_filter.cpp, framework_score.cpp,
// framework_binding.cpp.
#include "core/framework/runtime/framework.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "core/framework/handle.h"

namespace berth::core {
namespace {

template <class T>
bool implements(Plugin* p) {
    return dynamic_cast<T*>(p) != nullptr;
}

bool implementsType(Plugin* p, ExtensionPoint point) {
    switch (point) {
        case ExtensionPoint::PreEnqueue: return implements<PreEnqueuePlugin>(p);
        case ExtensionPoint::QueueSort: return implements<QueueSortPlugin>(p);
        case ExtensionPoint::PreFilter: return implements<PreFilterPlugin>(p);
        case ExtensionPoint::Filter: return implements<FilterPlugin>(p);
        case ExtensionPoint::PostFilter: return implements<PostFilterPlugin>(p);
        case ExtensionPoint::PreScore: return implements<PreScorePlugin>(p);
        case ExtensionPoint::Score: return implements<ScorePlugin>(p);
        case ExtensionPoint::Reserve: return implements<ReservePlugin>(p);
        case ExtensionPoint::Permit: return implements<PermitPlugin>(p);
        case ExtensionPoint::PreBind: return implements<PreBindPlugin>(p);
        case ExtensionPoint::Bind: return implements<BindPlugin>(p);
        case ExtensionPoint::PostBind: return implements<PostBindPlugin>(p);
        case ExtensionPoint::Count: break;
    }
    return false;
}

bool implementsPoint(Plugin* p, ExtensionPoint point, const KubeVersion& version) {
    return implementsType(p, point) && p->hasExtensionPoint(point, version);
}

/// The plugins a profile names anywhere, each created once (pluginsMap in NewFramework), and
/// each one's slot.
struct ProfilePlugins {
    std::vector<std::unique_ptr<Plugin>> plugins;
    std::map<std::string, int> slotOf;
    Plugin* named(const std::string& name) { return plugins[static_cast<std::size_t>(slotOf[name])].get(); }
};

bool instantiatePlugins(const ProfileConfig& profile, const Registry& registry, Handle& handle, ProfilePlugins& out,
                        std::string& error) {
    auto instantiate = [&](const std::string& name) -> bool {
        if (out.slotOf.count(name)) return true;
        const PluginFactory* f = registry.find(name);
        if (!f) {
            error = "plugin \"" + name + "\" does not exist";
            return false;
        }
        auto plugin = (*f)(profile.args, handle);
        if (!plugin) {
            error = "plugin \"" + name + "\" could not be created";
            return false;
        }
        const int slot = static_cast<int>(out.plugins.size());
        plugin->setSlot(slot);
        out.plugins.push_back(std::move(plugin));
        out.slotOf[name] = slot;
        return true;
    };
    for (const auto& p : profile.plugins.multiPoint.enabled)
        if (!instantiate(p.name)) return false;
    for (const auto& set : profile.plugins.points)
        for (const auto& p : set.enabled)
            if (!instantiate(p.name)) return false;
    return true;
}

using PointLists = std::array<std::vector<int>, static_cast<std::size_t>(ExtensionPoint::Count)>;

/// expandMultiPointPlugins (framework/runtime/framework.go) for one extension point: overrides
/// first (in the point's own order), then multiPoint plugins, then the point's other plugins.
bool expandMultiPoint(const ProfileConfig& profile, ProfilePlugins& plugins, ExtensionPoint point,
                      const KubeVersion& version, std::vector<int>& list, std::string& error) {
    const PluginSet& set = profile.plugins.points[static_cast<int>(point)];
    std::vector<std::string> enabled;
    for (const auto& p : set.enabled) {
        if (!implementsPoint(plugins.named(p.name), point, version)) {
            error = "plugin \"" + p.name + "\" does not extend " + extensionPointName(point) + " plugin";
            return false;
        }
        if (std::find(enabled.begin(), enabled.end(), p.name) == enabled.end()) enabled.push_back(p.name);
    }
    std::set<std::string> disabled;
    for (const auto& p : set.disabled) disabled.insert(p.name);
    if (disabled.count("*")) {
        for (const auto& n : enabled) list.push_back(plugins.slotOf[n]);
        return true;
    }
    std::vector<std::string> multi;
    std::set<std::string> overrides;
    for (const auto& p : profile.plugins.multiPoint.enabled) {
        if (!implementsPoint(plugins.named(p.name), point, version)) continue;
        if (disabled.count(p.name)) continue;
        if (std::find(enabled.begin(), enabled.end(), p.name) != enabled.end()) {
            overrides.insert(p.name);
            continue;
        }
        if (std::find(multi.begin(), multi.end(), p.name) != multi.end()) {
            error = "plugin \"" + p.name + "\" already registered as \"" + extensionPointName(point) + "Plugin\"";
            return false;
        }
        multi.push_back(p.name);
    }
    for (const auto& n : enabled)
        if (overrides.count(n)) list.push_back(plugins.slotOf[n]);
    for (const auto& n : multi) list.push_back(plugins.slotOf[n]);
    for (const auto& n : enabled)
        if (!overrides.count(n)) list.push_back(plugins.slotOf[n]);
    return true;
}

/// Score weights: a weight at score.enabled wins over multiPoint's; 0 means 1.
std::vector<std::int64_t> scoreWeights(const ProfileConfig& profile, ProfilePlugins& plugins) {
    std::vector<std::int64_t> weights(plugins.plugins.size(), 0);
    std::set<std::string> weighted;
    auto takeWeights = [&](const std::vector<PluginRef>& refs) {
        for (const auto& p : refs) {
            if (!implements<ScorePlugin>(plugins.named(p.name)) || weighted.count(p.name)) continue;
            weighted.insert(p.name);
            weights[static_cast<std::size_t>(plugins.slotOf[p.name])] = p.weight == 0 ? 1 : p.weight;
        }
    };
    takeWeights(profile.plugins.at(ExtensionPoint::Score).enabled);
    takeWeights(profile.plugins.multiPoint.enabled);
    return weights;
}

}  // namespace

std::unique_ptr<Framework> Framework::create(const ProfileConfig& profile, const Registry& registry, Handle& handle,
                                             std::string& error) {
    std::unique_ptr<Framework> fw(new Framework(handle));
    fw->m_schedulerName = profile.schedulerName;
    fw->m_percentage = profile.percentageOfNodesToScore;

    ProfilePlugins plugins;
    if (!instantiatePlugins(profile, registry, fw->m_handle, plugins, error)) return nullptr;
    PointLists lists;
    for (int pi = 0; pi < static_cast<int>(ExtensionPoint::Count); ++pi)
        if (!expandMultiPoint(profile, plugins, static_cast<ExtensionPoint>(pi), fw->m_handle.version,
                              lists[static_cast<std::size_t>(pi)], error))
            return nullptr;
    fw->m_weights = scoreWeights(profile, plugins);
    fw->m_plugins = std::move(plugins.plugins);

    auto fill = [&](auto& vec, ExtensionPoint point) {
        using Ptr = typename std::remove_reference_t<decltype(vec)>::value_type;
        for (int slot : lists[static_cast<std::size_t>(point)])
            vec.push_back(dynamic_cast<Ptr>(fw->m_plugins[static_cast<std::size_t>(slot)].get()));
    };
    std::vector<QueueSortPlugin*> queueSort;
    fill(queueSort, ExtensionPoint::QueueSort);
    if (queueSort.size() != 1) {
        error = "one queue sort plugin required for profile with scheduler name \"" + profile.schedulerName + "\"";
        return nullptr;
    }
    fw->m_queueSort = queueSort.front();
    fill(fw->m_preEnqueue, ExtensionPoint::PreEnqueue);
    fill(fw->m_preFilter, ExtensionPoint::PreFilter);
    fill(fw->m_filter, ExtensionPoint::Filter);
    fill(fw->m_postFilter, ExtensionPoint::PostFilter);
    fill(fw->m_preScore, ExtensionPoint::PreScore);
    fill(fw->m_score, ExtensionPoint::Score);
    fill(fw->m_reserve, ExtensionPoint::Reserve);
    fill(fw->m_permit, ExtensionPoint::Permit);
    fill(fw->m_preBind, ExtensionPoint::PreBind);
    fill(fw->m_bind, ExtensionPoint::Bind);
    fill(fw->m_postBind, ExtensionPoint::PostBind);
    if (fw->m_bind.empty()) {
        error = "at least one bind plugin is needed for profile with scheduler name \"" + profile.schedulerName + "\"";
        return nullptr;
    }
    fw->m_inBindingCycle.assign(fw->m_plugins.size(), false);
    for (ExtensionPoint point : {ExtensionPoint::Reserve, ExtensionPoint::Permit, ExtensionPoint::PreBind,
                                 ExtensionPoint::Bind, ExtensionPoint::PostBind})
        for (int slot : lists[static_cast<std::size_t>(point)])
            fw->m_inBindingCycle[static_cast<std::size_t>(slot)] = true;
    return fw;
}

Plugin* Framework::plugin(std::string_view name) const {
    for (const auto& p : m_plugins)
        if (p->name() == name) return p.get();
    return nullptr;
}

std::vector<std::string> Framework::pluginNames(ExtensionPoint point) const {
    std::vector<std::string> out;
    auto names = [&](const auto& vec) {
        for (auto* p : vec) out.emplace_back(p->name());
    };
    switch (point) {
        case ExtensionPoint::PreEnqueue: names(m_preEnqueue); break;
        case ExtensionPoint::QueueSort: out.emplace_back(m_queueSort->name()); break;
        case ExtensionPoint::PreFilter: names(m_preFilter); break;
        case ExtensionPoint::Filter: names(m_filter); break;
        case ExtensionPoint::PostFilter: names(m_postFilter); break;
        case ExtensionPoint::PreScore: names(m_preScore); break;
        case ExtensionPoint::Score: names(m_score); break;
        case ExtensionPoint::Reserve: names(m_reserve); break;
        case ExtensionPoint::Permit: names(m_permit); break;
        case ExtensionPoint::PreBind: names(m_preBind); break;
        case ExtensionPoint::Bind: names(m_bind); break;
        case ExtensionPoint::PostBind: names(m_postBind); break;
        case ExtensionPoint::Count: break;
    }
    return out;
}

}  // namespace berth::core
