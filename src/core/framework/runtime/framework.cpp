#include "core/framework/runtime/framework.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "core/framework/handle.h"
#include "core/framework/pod_nominator.h"
#include "core/parallel/worker_pool.h"

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

Status Framework::runPreEnqueuePlugins(const Pod& pod) const {
    for (auto* p : m_preEnqueue) {
        Status s = p->preEnqueue(pod);
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    return {};
}

Status Framework::runPreFilterPlugins(CycleState& state, const Pod& pod, PreFilterResult& result,
                                      std::vector<std::string>& rejectors) {
    result = PreFilterResult{};
    state.clearActiveFilters();
    std::vector<std::string> contributors;
    Status rejection;
    bool rejected = false;
    for (auto* p : m_preFilter) {
        state.setSkipFilter(p->slot(), false);
        PreFilterResult r;
        Status s = p->preFilter(state, pod, r);
        if (s.isSkip() && m_handle.version.atLeast(27)) {
            state.setSkipFilter(p->slot(), true);
            continue;
        }
        if (s.isSkip()) s = Status{};
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            if (s.isRejected()) {
                rejectors.emplace_back(p->name());
                // v1.26 stops at the first rejection; >= 1.30 (issue #119770) runs the rest
                // when it is only Unschedulable, so preemption sees complete state.
                if (s.code() == Code::UnschedulableAndUnresolvable || m_handle.version.before(30)) return s;
                // The last Unschedulable status is the one reported (returnStatus = s upstream).
                rejection = s;
                rejected = true;
                continue;
            }
            return Status::error("running PreFilter plugin \"" + std::string(p->name()) + "\": " + s.message(pool()));
        }
        if (!r.allNodes()) {
            contributors.emplace_back(p->name());
            if (result.allNodes()) {
                result = std::move(r);
            } else {
                std::vector<Sym> merged;
                for (Sym n : *result.nodeNames)
                    if (std::find(r.nodeNames->begin(), r.nodeNames->end(), n) != r.nodeNames->end())
                        merged.push_back(n);
                result.nodeNames = std::move(merged);
            }
            if (result.nodeNames->empty()) {
                std::string msg;
                if (contributors.size() == 1) {
                    msg = "node(s) didn't satisfy plugin " + contributors.front();
                } else {
                    std::vector<std::string> names = contributors;
                    if (m_handle.version.atLeast(30)) std::sort(names.begin(), names.end());
                    msg = "node(s) didn't satisfy plugin(s) [";
                    for (std::size_t i = 0; i < names.size(); ++i) msg += (i ? " " : "") + names[i];
                    msg += "] simultaneously";
                }
                return Status(m_handle.version.atLeast(30) ? Code::UnschedulableAndUnresolvable : Code::Unschedulable,
                              m_handle.intern(msg));
            }
        }
    }
    if (rejected) return rejection;
    std::vector<std::uint16_t> active;
    active.reserve(m_filter.size());
    for (std::size_t i = 0; i < m_filter.size(); ++i) {
        const FilterPlugin* p = m_filter[i];
        if (!state.skipFilter(p->slot()) && !p->passesEveryNode(state, pod))
            active.push_back(static_cast<std::uint16_t>(i));
    }
    state.setActiveFilters(std::move(active));
    return {};
}

Status Framework::runPreFilterExtensionAddPod(CycleState& state, const Pod& pod, const Pod& toAdd,
                                              const NodeInfo& nodeInfo) const {
    for (auto* p : m_preFilter) {
        if (state.skipFilter(p->slot())) continue;
        const PreFilterExtensions* ext = p->preFilterExtensions();
        if (!ext) continue;
        Status s = ext->addPod(state, pod, toAdd, nodeInfo);
        if (!s.isSuccess())
            return Status::error("running AddPod on PreFilter plugin \"" + std::string(p->name()) + "\"");
    }
    return {};
}

Status Framework::runPreFilterExtensionRemovePod(CycleState& state, const Pod& pod, const Pod& toRemove,
                                                 const NodeInfo& nodeInfo) const {
    for (auto* p : m_preFilter) {
        if (state.skipFilter(p->slot())) continue;
        const PreFilterExtensions* ext = p->preFilterExtensions();
        if (!ext) continue;
        Status s = ext->removePod(state, pod, toRemove, nodeInfo);
        if (!s.isSuccess())
            return Status::error("running RemovePod on PreFilter plugin \"" + std::string(p->name()) + "\"");
    }
    return {};
}

Status Framework::filterFailure(const FilterPlugin* p, Status s) const {
    if (!s.isRejected()) {
        // Filter errors abort the cycle (runFilterPlugins wraps them).
        std::string text = "running \"" + std::string(p->name()) + "\" filter plugin: " + s.message(pool());
        s = Status::error(std::move(text));
    }
    s.setPlugin(p->slot());
    return s;
}

void Framework::runFilterPluginsOnNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                                        std::span<std::uint8_t> pass, std::span<Status> out) const {
    std::fill(pass.begin(), pass.end(), std::uint8_t{1});
    // Plugin by plugin in runFilterPlugins' order, each over the nodes that passed the ones
    // before: every node ends with the first failing plugin's status, as one at a time.
    const auto run = [&](const FilterPlugin* p) {
        if (p->filterNodes(state, pod, nodes, pass, out) == 0) return;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            if (pass[k] != 0) continue;
            out[k] = filterFailure(p, std::move(out[k]));
            pass[k] = 2;  // failed at an earlier plugin
        }
    };
    if (state.hasActiveFilters()) {
        for (const std::uint16_t i : state.activeFilters()) run(m_filter[i]);
        return;
    }
    for (auto* p : m_filter)
        if (!state.skipFilter(p->slot())) run(p);
}

Status Framework::runFilterPlugins(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const {
    const auto failed = [&](const FilterPlugin* p, Status s) { return filterFailure(p, std::move(s)); };
    if (state.hasActiveFilters()) {
        for (const std::uint16_t i : state.activeFilters()) {
            const FilterPlugin* p = m_filter[i];
            Status s = p->filter(state, pod, nodeInfo);
            if (!s.isSuccess()) return failed(p, std::move(s));
        }
        return {};
    }
    for (auto* p : m_filter) {
        if (state.skipFilter(p->slot())) continue;
        Status s = p->filter(state, pod, nodeInfo);
        if (!s.isSuccess()) return failed(p, std::move(s));
    }
    return {};
}

bool Framework::anyNominatedPods() const { return m_handle.nominator && !m_handle.nominator->empty(); }

Status Framework::runFilterPluginsWithNominatedPods(const CycleState& state, const Pod& pod,
                                                    const NodeInfo& nodeInfo) const {
    // UPSTREAM 2.5: pods nominated to this node with priority >= ours must keep their room
    // (first pass, with them), and affinity to them must not be assumed (second pass, without).
    if (!m_handle.nominator || m_handle.nominator->empty()) return runFilterPlugins(state, pod, nodeInfo);
    std::vector<const Pod*> nominated;
    if (nodeInfo.node())
        for (const Pod* np : m_handle.nominator->nominatedPodsForNode(nodeInfo.node()->nameSym))
            if (np != &pod && np->priority >= pod.priority) nominated.push_back(np);
    if (nominated.empty()) return runFilterPlugins(state, pod, nodeInfo);

    CycleState withNominated = state.clone();
    NodeInfo infoWithNominated = nodeInfo;
    for (const Pod* np : nominated) {
        infoWithNominated.addPod(np);
        Status s = runPreFilterExtensionAddPod(withNominated, pod, *np, infoWithNominated);
        if (!s.isSuccess()) return s;
    }
    Status first = runFilterPlugins(withNominated, pod, infoWithNominated);
    if (!first.isSuccess()) return first;
    return runFilterPlugins(state, pod, nodeInfo);
}

Status Framework::runPostFilterPlugins(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                                       PostFilterResult& result, std::string& message) {
    // Every version keeps the last non-noop result (`result` records the last meaningful
    // PostFilterResult, there since NominatingInfo came in 1.22): preemption that finds no
    // candidate clears the pod's nomination, v1.26 included. Newer releases also stop at UU.
    const bool stopAtUU = m_handle.version.atLeast(27);
    std::vector<std::string> messages;
    for (auto* p : m_postFilter) {
        PostFilterResult r;
        Status s = p->postFilter(state, pod, statuses, r);
        if (s.isSuccess()) {
            result = r;
            message.clear();
            return s;
        }
        if (s.code() == Code::Error) {
            s.setPlugin(p->slot());
            return s;
        }
        messages.push_back(s.message(pool()));
        if (r.nominating && r.nominating->mode != NominatingMode::Noop) result = r;
        if (stopAtUU && s.code() == Code::UnschedulableAndUnresolvable) break;
    }
    message.clear();
    for (const auto& m : messages) {
        if (m.empty()) continue;
        if (!message.empty()) message += ", ";
        message += m;
    }
    return Status(Code::Unschedulable);
}

Status Framework::runPreScorePlugins(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) {
    for (auto* p : m_preScore) {
        state.setSkipScore(p->slot(), false);
        Status s = p->preScore(state, pod, nodes);
        if (s.isSkip() && m_handle.version.atLeast(27)) {
            state.setSkipScore(p->slot(), true);
            continue;
        }
        if (s.isSkip()) continue;
        if (!s.isSuccess())
            return Status::error("running PreScore plugin \"" + std::string(p->name()) + "\": " + s.message(pool()));
    }
    return {};
}

Status Framework::runScorePlugins(const CycleState& state, const Pod& pod, const std::vector<NodeInfo*>& all,
                                  ScoreMatrix& out) const {
    const std::size_t n = out.nodes.size();
    out.plugins.clear();
    out.weights.clear();
    out.skipped.clear();
    for (auto* p : m_score) {
        out.plugins.push_back(p->slot());
        out.weights.push_back(m_weights[static_cast<std::size_t>(p->slot())]);
        out.skipped.push_back(state.skipScore(p->slot()) ? 1 : 0);
    }
    const std::size_t pc = out.plugins.size();
    // Only a trace reads the per-plugin scores (keepRaw): without one, only the totals are kept.
    out.normalized.assign(out.keepRaw ? pc * n : 0, 0);
    out.totals.assign(n, 0);
    if (out.keepRaw) out.raw.assign(pc * n, 0);
    // A plugin scores and normalizes into a row of NodeScores, which is then checked and
    // summed. On several threads each plugin has its own row (plugins are separate objects,
    // and Score only reads the cycle's state), the rows are summed with the nodes split
    // between the threads, and a failure is looked for in plugin order, so the first failing
    // plugin is still the one reported; on one thread a single row is summed while it is in
    // cache.
    const auto scorePlugin = [&](std::size_t pi, std::vector<NodeScore>& row) -> Status {
        ScorePlugin* p = m_score[pi];
        row.resize(n);
        Status scored = p->scoreNodes(state, pod, all, out.nodes, row);
        if (!scored.isSuccess())
            return Status::error("running Score plugin \"" + std::string(p->name()) + "\": " + scored.message(pool()));
        if (out.keepRaw)
            for (std::size_t i = 0; i < n; ++i) out.raw[pi * n + i] = row[i].score;
        if (p->hasNormalizeScore()) {
            Status ns = p->normalizeScore(state, pod, row);
            if (!ns.isSuccess())
                return Status::error("running Normalize on Score plugin \"" + std::string(p->name()) +
                                     "\": " + ns.message(pool()));
        }
        return {};
    };
    // Adds one plugin's row to the totals for the nodes [begin, end); true when a score there
    // is out of range. Raw pointers and a branch-free check: the loop then compiles to straight
    // vector code (it was a tenth of a cycle with the every-node shape).
    const auto sum = [&](std::size_t pi, const std::vector<NodeScore>& row, std::size_t begin, std::size_t end) {
        const NodeScore* scores = row.data();
        std::int64_t* totals = out.totals.data();
        const std::int64_t weight = out.weights[pi];
        bool outOfRange = false;
        for (std::size_t i = begin; i < end; ++i) {
            const std::int64_t v = scores[i].score;
            outOfRange |= v > kMaxNodeScore || v < kMinNodeScore;
            totals[i] += v * weight;
        }
        if (out.keepRaw) {
            std::int64_t* normalized = out.normalized.data() + pi * n;
            for (std::size_t i = begin; i < end; ++i) normalized[i] = scores[i].score;
        }
        return outOfRange;
    };
    const auto outOfRange = [](const NodeScore& ns) { return ns.score > kMaxNodeScore || ns.score < kMinNodeScore; };
    const auto invalidScore = [&](std::size_t pi, const std::vector<NodeScore>& row) {
        const auto bad = std::find_if(row.begin(), row.end(), outOfRange);
        return Status::error("plugin \"" + std::string(m_score[pi]->name()) + "\" returns an invalid score " +
                             std::to_string(bad->score) + ", it should in the range of [0, 100] after normalizing");
    };
    WorkerPool* workers = m_handle.workers;
    if (workers && workers->worthSharing(n)) {
        out.scratch.resize(pc);
        out.outcomes.assign(pc, Status{});
        workers->run(pc, [&](std::size_t pi) {
            if (!out.skipped[pi]) out.outcomes[pi] = scorePlugin(pi, out.scratch[pi]);
        });
        bool failed =
            std::any_of(out.outcomes.begin(), out.outcomes.end(), [](const Status& s) { return !s.isSuccess(); });
        if (!failed) {
            // The sums split by nodes; each part notes whether it saw a score out of range.
            const std::size_t parts = workers->threads();
            std::vector<std::uint8_t> partOutOfRange(parts, 0);
            workers->run(parts, [&](std::size_t t) {
                const std::size_t begin = n * t / parts, end = n * (t + 1) / parts;
                for (std::size_t pi = 0; pi < pc; ++pi)
                    if (!out.skipped[pi] && sum(pi, out.scratch[pi], begin, end)) partOutOfRange[t] = 1;
            });
            failed = std::find(partOutOfRange.begin(), partOutOfRange.end(), 1) != partOutOfRange.end();
        }
        if (!failed) return {};
        // The error one thread reports: the first plugin in order that failed or scored out of range.
        for (std::size_t pi = 0; pi < pc; ++pi) {
            if (out.skipped[pi]) continue;
            if (!out.outcomes[pi].isSuccess()) return out.outcomes[pi];
            if (std::any_of(out.scratch[pi].begin(), out.scratch[pi].end(), outOfRange))
                return invalidScore(pi, out.scratch[pi]);
        }
        return {};
    }
    out.scratch.resize(1);
    for (std::size_t pi = 0; pi < pc; ++pi) {
        if (out.skipped[pi]) continue;
        if (Status s = scorePlugin(pi, out.scratch[0]); !s.isSuccess()) return s;
        if (sum(pi, out.scratch[0], 0, n)) return invalidScore(pi, out.scratch[0]);
    }
    return {};
}

Status Framework::runReservePluginsReserve(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_reserve) {
        Status s = p->reserve(state, pod, node);
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    return {};
}

void Framework::runReservePluginsUnreserve(CycleState& state, const Pod& pod, Sym node) {
    for (auto it = m_reserve.rbegin(); it != m_reserve.rend(); ++it) (*it)->unreserve(state, pod, node);
}

Status Framework::runPermitPlugins(CycleState& state, const Pod& pod, Sym node, double& waitSeconds) {
    constexpr double kMaxPermitWait = 15 * 60;
    waitSeconds = 0;
    int waitingPlugin = -1;
    for (auto* p : m_permit) {
        double timeout = 0;
        Status s = p->permit(state, pod, node, timeout);
        if (s.code() == Code::Wait) {
            // waiting_pods_map.go arms one timer per waiting plugin and the first to expire
            // rejects the pod: the effective timeout is the smallest, named after its plugin.
            timeout = std::min(timeout, kMaxPermitWait);
            if (waitingPlugin < 0 || timeout < waitSeconds) {
                waitSeconds = timeout;
                waitingPlugin = p->slot();
            }
            continue;
        }
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    if (waitingPlugin < 0) return {};
    Status wait(Code::Wait);
    wait.setPlugin(waitingPlugin);
    return wait;
}

Status Framework::runPreBindPlugins(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_preBind) {
        Status s = p->preBind(state, pod, node);
        if (!s.isSuccess()) {
            s.setPlugin(p->slot());
            return s;
        }
    }
    return {};
}

Status Framework::runBindPlugins(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_bind) {
        Status s = p->bind(state, pod, node);
        if (s.isSkip()) continue;
        s.setPlugin(p->slot());
        return s;
    }
    return Status(Code::Skip);
}

void Framework::runPostBindPlugins(CycleState& state, const Pod& pod, Sym node) {
    for (auto* p : m_postBind) p->postBind(state, pod, node);
}

void Framework::releaseSchedulingCycleData(CycleState& state) const {
    for (std::size_t slot = 0; slot < m_inBindingCycle.size(); ++slot)
        if (!m_inBindingCycle[slot]) state.release(static_cast<int>(slot));
}

}  // namespace berth::core
