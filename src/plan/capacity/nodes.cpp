#include "plan/capacity/nodes.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include "core/simulation.h"
#include "plan/capacity/node_pool.h"
#include "plan/cluster_setup.h"

namespace berth::plan::capacity {
namespace {

// Cover rounds at the most (each one run): the first guess plus corrections.
constexpr int kMaxCoverRounds = 12;
// Trim passes over the pools at the most: a pass after one that shrank a pool.
constexpr int kMaxTrimPasses = 4;

/// Pods with one signature are alike to a new node: the same controller's, with the same
/// requests (a controller makes its pods from one template). A pod no controller owns is
/// its own.
std::string signatureOf(const core::Cluster& c, const core::Pod& p) {
    std::string key(c.pool.str(p.ns));
    key += '\x1f';
    if (const core::OwnerReference* owner = core::controllerOf(p))
        key += owner->kind + '/' + owner->name + '/' + owner->uid;
    else
        key += "Pod/" + p.name;
    key += '\x1f' + std::to_string(p.derived.requests.milliCpu) + '\x1f' + std::to_string(p.derived.requests.memory);
    return key;
}

/// A required anti-affinity to the pod's own labels per hostname: one such pod a node.
bool keepsApart(const core::Pod& p, core::Sym hostname) {
    return std::any_of(p.affinity.podAntiAffinity.required.begin(), p.affinity.podAntiAffinity.required.end(),
                       [&](const core::PodAffinityTerm& t) {
                           return t.topologyKey == hostname && t.selector && t.selector->matches(p.labels);
                       });
}

/// Whether a DaemonSet pod is tied to `node`: its nodeName, or the matchFields term on the
/// node's name its controller writes.
bool tiedTo(const core::Pod& p, core::Sym node) {
    if (p.nodeName == node) return true;
    if (!p.affinity.node.required) return false;
    for (const auto& term : p.affinity.node.required->terms)
        for (const auto& f : term.fields)
            if (std::find(f.values.begin(), f.values.end(), node) != f.values.end()) return true;
    return false;
}

/// A pending pod at the end of a run.
struct PendingPod {
    std::uint32_t id = 0;  // in the run's cluster
    std::string key;       // namespace/name
    std::string signature;
    bool daemon = false;  // a DaemonSet's, tied to its node: never the answer's to place
    bool tried = true;    // went through a scheduling cycle (not: it waits on scheduling gates)
    bool apart = false;
    std::string message;          // its last FailedScheduling text
    core::ResourceList requests;  // extended resources named in the search's string pool
};

struct Run {
    std::vector<PendingPod> pending;
};

/// What a pod signature is to the pools: which take it, and why none does.
struct SignatureFit {
    std::uint64_t pools = 0;
    std::vector<std::string> reasons;  // "pool: reason", one per pool that refuses it
    std::string unplaceable;           // set: no pool takes it, and this says why
};

class NodesSearch {
public:
    NodesSearch(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits, core::Progress* progress)
        : m_input(std::move(input)), m_edits(edits), m_progress(progress) {}

    std::optional<NodesAnswer> answer(const NodesRequest& request, io::Diagnostics& diags) {
        if (!readRequest(request, diags)) return std::nullopt;
        m_budget = std::max<std::int64_t>(0, request.maxNodes.value_or(kMaxAddedNodes));

        // 1. The plan as it is.
        std::string error;
        const std::vector<std::int64_t> none(m_pools.size(), 0);
        m_base = runPlan(none, error);
        if (!m_base) return fail(diags, error);
        for (const core::Node& n : m_base->cluster().nodes) m_taken.insert(n.name);
        for (const NodePool& pool : m_pools) m_names.emplace_back(pool.name, &m_taken);
        m_runs[none] = collect(*m_base);
        NodesAnswer a;
        a.strategy = m_strategy;
        a.pendingBefore = static_cast<std::int64_t>(m_runs[none].pending.size());

        // 2. Which pool takes which pending pod.
        probe(m_runs[none]);
        std::vector<std::int64_t> mix = none;
        bool placed = targetsOf(m_runs[none]).empty();
        if (!placed && !cover(none, mix, placed, a, error)) return fail(diags, error);
        a.verified = placed;
        if (!describePools(mix, placed, a, error)) return fail(diags, error);
        if (placed && total(mix) > 0 && !findSmallerMix(none, mix, a, error)) return fail(diags, error);
        const Run* verifying = run(mix, error);  // made already: the last run of the cover or trim
        if (!verifying) return fail(diags, error);
        unplaceableOf(*verifying, placed, a);
        a.runs = m_runCount;
        return a;
    }

private:
    // 3, 4. The first guess, then corrections until a run leaves nothing pending; 5. one node
    // fewer of any pool must leave a pod pending. False when a run fails (`error` says why).
    bool cover(const std::vector<std::int64_t>& none, std::vector<std::int64_t>& mix, bool& placed, NodesAnswer& a,
               std::string& error) {
        mix = guess(m_runs[none], m_strategy, m_budget).nodes;
        std::size_t before = SIZE_MAX;
        for (int round = 0, idle = 0; round < kMaxCoverRounds; ++round) {
            const Run* r = run(mix, error);
            if (!r) return false;
            const std::vector<std::size_t> left = targetsOf(*r);
            if (left.empty()) {
                placed = true;
                break;
            }
            if (left.size() >= before && ++idle >= 2) {
                a.stoppedBy = "two rounds of added nodes placed no more pods";
                break;
            }
            if (left.size() < before) idle = 0;
            before = left.size();
            if (round + 1 == kMaxCoverRounds) break;
            const std::int64_t room = m_budget - total(mix);
            const Mix more = room > 0 ? guess(*r, m_strategy, room) : Mix{};
            if (more.total() == 0) {
                a.stoppedBy = room > 0 ? "no pool takes the pods still pending"
                                       : "the limit of " + std::to_string(m_budget) + " added nodes";
                break;
            }
            for (std::size_t p = 0; p < mix.size(); ++p) mix[p] += more.nodes[p];
        }
        if (!placed && a.stoppedBy.empty()) a.stoppedBy = "the search's rounds ran out";
        return !placed || trim(mix, error);
    }

    // The answer's pools, each with what one node fewer of it leaves pending.
    bool describePools(const std::vector<std::int64_t>& mix, bool placed, NodesAnswer& a, std::string& error) {
        for (std::size_t p = 0; p < m_pools.size(); ++p) {
            NodesAnswer::Pool out;
            out.name = m_pools[p].name;
            out.file = m_pools[p].file;
            out.pricePerHour = m_pools[p].pricePerHour;
            out.count = mix[p];
            out.unusable = m_unusable[p];
            for (std::int64_t k = 0; k < mix[p]; ++k) out.nodes.push_back(m_names[p].at(static_cast<std::size_t>(k)));
            if (mix[p] > 0 && placed) {
                std::vector<std::int64_t> fewer = mix;
                --fewer[p];
                const Run* r = run(fewer, error);
                if (!r) return false;
                const std::vector<std::size_t> left = targetsOf(*r);
                out.pendingWithOneFewer = static_cast<std::int64_t>(left.size());
                if (!left.empty())
                    out.pendingExample = r->pending[left.front()].key;
                else
                    a.verified = false;
            }
            a.pools.push_back(std::move(out));
        }
        return true;
    }

    // 6. A smaller mix another strategy would pick, kept only when a run confirms it.
    bool findSmallerMix(const std::vector<std::int64_t>& none, const std::vector<std::int64_t>& mix, NodesAnswer& a,
                        std::string& error) {
        std::optional<Mix> smaller;
        Strategy by = m_strategy;
        for (Strategy s : kStrategies) {
            if (s == m_strategy || (s == Strategy::Price && !allPriced())) continue;
            const Mix m = guess(m_runs[none], s, m_budget);
            if (m.unplaced == 0 && m.total() < total(mix) && (!smaller || m.total() < smaller->total())) {
                smaller = m;
                by = s;
            }
        }
        if (!smaller) return true;
        const Run* r = run(smaller->nodes, error);
        if (!r) return false;
        if (targetsOf(*r).empty()) a.smallerMix = NodesAnswer::SmallerMix{by, smaller->nodes, smaller->total()};
        return true;
    }

    std::nullopt_t fail(io::Diagnostics& diags, std::string message) {
        if (message == Plan::kCancelled) return std::nullopt;
        io::Diagnostic d;
        d.file = "berthctl capacity nodes";
        d.message = std::move(message);
        diags.add(std::move(d));
        return std::nullopt;
    }

    bool readRequest(const NodesRequest& request, io::Diagnostics& diags) {
        const auto strategy = parseStrategy(request.strategy);
        if (!strategy) {
            io::Diagnostic d;
            d.file = "--strategy";
            d.message = "unknown strategy \"" + request.strategy + "\" (least-waste, most-pods, least-nodes or price)";
            diags.add(std::move(d));
        } else {
            m_strategy = *strategy;
        }
        if (request.templates.empty()) {
            io::Diagnostic d;
            d.file = "--node-template";
            d.message = "give the node pools with --node-template FILE (one Node each)";
            diags.add(std::move(d));
        }
        if (request.templates.size() > kMaxNodeTemplates) {
            io::Diagnostic d;
            d.file = "--node-template";
            d.message = "at most " + std::to_string(kMaxNodeTemplates) + " node templates";
            diags.add(std::move(d));
            return false;
        }
        for (const auto& t : request.templates) {
            auto pool = readNodePool(m_scratch, t.text, t.file, m_input->version, diags);
            if (!pool) continue;
            auto same =
                std::find_if(m_pools.begin(), m_pools.end(), [&](const NodePool& p) { return p.name == pool->name; });
            if (same != m_pools.end()) {
                diags.add(
                    templateProblem(t.file, pool->node,
                                    "a second template for pool " + pool->name + " (the first is " + same->file + ")"));
                continue;
            }
            if (strategy == Strategy::Price && !pool->pricePerHour) {
                diags.add(templateProblem(
                    t.file, pool->node,
                    std::string("the price strategy needs a price on every template: annotation ") + kPriceAnnotation));
                continue;
            }
            m_pools.push_back(std::move(*pool));
        }
        m_unusable.assign(m_pools.size(), {});
        return !diags.hasErrors();
    }

    bool allPriced() const {
        return std::all_of(m_pools.begin(), m_pools.end(),
                           [](const NodePool& p) { return p.pricePerHour.has_value(); });
    }

    static std::int64_t total(const std::vector<std::int64_t>& mix) {
        return std::accumulate(mix.begin(), mix.end(), std::int64_t{0});
    }

    /// A fresh plan with `mix` nodes of each pool in its manifests, run to the end.
    std::unique_ptr<Plan> runPlan(const std::vector<std::int64_t>& mix, std::string& error) {
        auto in = std::make_shared<PlanInput>(*m_input);
        for (std::size_t p = 0; p < mix.size(); ++p) {
            if (mix[p] == 0) continue;
            std::vector<std::string> names;
            for (std::int64_t k = 0; k < mix[p]; ++k) names.push_back(m_names[p].at(static_cast<std::size_t>(k)));
            in->manifests.push_back({"capacity-nodes/" + m_pools[p].name + ".json",
                                     poolNodesManifest(m_pools[p].node, m_scratch.pool, names)});
        }
        ++m_runCount;
        return runPlanToEnd(std::move(in), m_edits, error, m_progress);
    }

    /// The run of `mix`, made once.
    const Run* run(const std::vector<std::int64_t>& mix, std::string& error) {
        if (const auto it = m_runs.find(mix); it != m_runs.end()) return &it->second;
        const std::unique_ptr<Plan> plan = runPlan(mix, error);
        if (!plan) return nullptr;
        return &(m_runs[mix] = collect(*plan));
    }

    Run collect(Plan& plan) {
        const core::Cluster& c = plan.cluster();
        core::StringPool& into = m_base->cluster().pool;
        const core::Sym hostname = c.pool.find("kubernetes.io/hostname");
        Run r;
        for (std::size_t i = 0; i < c.pods.size(); ++i) {
            const core::PodOutcome& o = plan.sim().outcomes()[i];
            if (c.podRemoved[i] || o.state != core::PodState::Pending) continue;
            const core::Pod& p = c.pods[i];
            PendingPod pp;
            pp.id = static_cast<std::uint32_t>(i);
            pp.key = c.podKey(p);
            pp.signature = signatureOf(c, p);
            const core::OwnerReference* owner = core::controllerOf(p);
            pp.daemon = owner && owner->kind == "DaemonSet";
            pp.tried = o.attempts > 0;
            pp.apart = keepsApart(p, hostname);
            pp.message = o.message;
            pp.requests = p.derived.requests;
            pp.requests.scalars.clear();
            for (const auto& s : p.derived.requests.scalars)
                pp.requests.setScalar(into.intern(c.pool.str(s.name)), s.value);
            r.pending.push_back(std::move(pp));
        }
        return r;
    }

    /// One node of each pool in turn, in the plan as it is: its room once its DaemonSet pods
    /// are counted, and each pending pod signature's Filter verdict on it.
    void probe(const Run& base) {
        core::Cluster& c = m_base->cluster();
        core::Simulation& sim = m_base->sim();
        std::map<std::string, std::uint32_t> representative;  // signature -> a pending pod
        for (const PendingPod& p : base.pending) {
            if (!p.tried) {
                m_fits[p.signature].unplaceable =
                    p.message.empty() ? "never tried by the scheduler: it waits on scheduling gates" : p.message;
                continue;
            }
            representative.emplace(p.signature, p.id);
        }
        // The controllers make the DaemonSet pods of a probe node, but delete nothing: a
        // dump whose ReplicaSet asks for fewer pods than it lists (as `berthctl generate`
        // writes them) would otherwise lose the very pods to check.
        sim.setReconciler([controllers = controllerReconciler(m_input->seed, m_input->version)](core::Cluster& cl) {
            controllers(cl);
            return std::vector<std::uint32_t>{};
        });
        io::Diagnostics ignored;  // the templates were checked when read
        for (std::size_t p = 0; p < m_pools.size(); ++p) {
            const auto pool = readNodePool(c, m_pools[p].text, m_pools[p].file, m_input->version, ignored);
            const std::string& name = m_names[p].at(0);
            const std::size_t before = c.pods.size();
            sim.addNode(poolNodeCopy(pool->node, name, c.pool));
            const core::Sym nameSym = c.pool.find(name);
            core::ResourceList room = pool->node.allocatable;
            std::int64_t daemonPods = 0;
            for (std::size_t i = before; i < c.pods.size(); ++i) {
                const core::OwnerReference* owner = core::controllerOf(c.pods[i]);
                if (c.podRemoved[i] || !owner || owner->kind != "DaemonSet" || !tiedTo(c.pods[i], nameSym)) continue;
                room.subtract(c.pods[i].derived.requests);
                ++daemonPods;
            }
            room.pods -= daemonPods;
            const bool fitsDaemons =
                room.pods >= 0 && room.milliCpu >= 0 && room.memory >= 0 && room.ephemeralStorage >= 0 &&
                std::all_of(room.scalars.begin(), room.scalars.end(), [](const auto& s) { return s.value >= 0; });
            EstimatePool estimate;
            estimate.pricePerHour = m_pools[p].pricePerHour;
            if (fitsDaemons) {
                estimate.room = room;
                sim.updateNode(name, [&](core::Node& n) { n.allocatable = room; });
                for (const auto& [signature, id] : representative) {
                    const core::NodeCheck check = sim.checkNodeForPod(id, name);
                    SignatureFit& fit = m_fits[signature];
                    if (check.error.empty() && check.fits)
                        fit.pools |= std::uint64_t{1} << p;
                    else
                        fit.reasons.push_back(m_pools[p].name + ": " +
                                              (check.error.empty() ? check.reason : check.error));
                }
            } else {
                m_unusable[p] = "its own DaemonSet pods (" + std::to_string(daemonPods) + ") need more than a node has";
                for (const auto& [signature, id] : representative)
                    m_fits[signature].reasons.push_back(m_pools[p].name + ": " + m_unusable[p]);
            }
            m_rooms.push_back(std::move(estimate));
            sim.removeNode(name);
        }
        for (auto& [signature, fit] : m_fits) {
            if (fit.pools != 0 || !fit.unplaceable.empty()) continue;
            fit.unplaceable = "no node template fits: ";
            for (std::size_t i = 0; i < fit.reasons.size(); ++i) fit.unplaceable += (i ? "; " : "") + fit.reasons[i];
        }
    }

    /// The pending pods of `r` the answer must place: not a DaemonSet's, and taken by a pool.
    std::vector<std::size_t> targetsOf(const Run& r) const {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < r.pending.size(); ++i) {
            const PendingPod& p = r.pending[i];
            if (p.daemon) continue;
            const auto fit = m_fits.find(p.signature);
            if (fit != m_fits.end() && !fit->second.unplaceable.empty()) continue;
            out.push_back(i);
        }
        return out;
    }

    /// Cluster Autoscaler's scale-ups by arithmetic for the pods `r` must still place.
    Mix guess(const Run& r, Strategy strategy, std::int64_t maxNodes) {
        std::vector<EstimatePod> pods;
        const std::uint64_t every = m_pools.size() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m_pools.size()) - 1;
        for (std::size_t i : targetsOf(r)) {
            const PendingPod& p = r.pending[i];
            EstimatePod e;
            e.requests = p.requests;
            const auto fit = m_fits.find(p.signature);
            // A pod the probe did not see (made during a run): as the pods it looks like, or
            // any pool.
            e.pools = fit != m_fits.end() ? fit->second.pools : every;
            if (p.apart) e.apartGroup = groupOf(p.signature);
            pods.push_back(std::move(e));
        }
        std::vector<std::size_t> all(pods.size());
        std::iota(all.begin(), all.end(), std::size_t{0});
        return estimateMix(pods, all, m_rooms, strategy, maxNodes);
    }

    std::int32_t groupOf(const std::string& signature) {
        return m_groups.emplace(signature, static_cast<std::int32_t>(m_groups.size())).first->second;
    }

    bool placesAll(const std::vector<std::int64_t>& mix, std::string& error, bool& ok) {
        const Run* r = run(mix, error);
        ok = r != nullptr;
        return r && targetsOf(*r).empty();
    }

    /// Shrinks each pool until one node fewer leaves a pod pending.
    bool trim(std::vector<std::int64_t>& mix, std::string& error) {
        bool ok = true;
        for (int pass = 0; pass < kMaxTrimPasses; ++pass) {
            bool shrank = false;
            for (std::size_t p = 0; p < mix.size(); ++p) {
                if (mix[p] == 0) continue;
                auto with = [&](std::int64_t n) {
                    std::vector<std::int64_t> m = mix;
                    m[p] = n;
                    return m;
                };
                if (!placesAll(with(mix[p] - 1), error, ok)) {
                    if (!ok) return false;
                    continue;
                }
                // Fewer places everything too: down by doubling steps to a count that does
                // not, then halve the gap.
                std::int64_t good = mix[p] - 1, bad = -1;
                for (std::int64_t step = 2; good > 0 && bad < 0; step *= 2) {
                    const std::int64_t n = std::max<std::int64_t>(0, good - step);
                    if (placesAll(with(n), error, ok))
                        good = n;
                    else if (!ok)
                        return false;
                    else
                        bad = n;
                }
                while (bad >= 0 && good - bad > 1) {
                    const std::int64_t n = bad + (good - bad) / 2;
                    if (placesAll(with(n), error, ok))
                        good = n;
                    else if (!ok)
                        return false;
                    else
                        bad = n;
                }
                mix[p] = good;
                shrank = true;
            }
            if (!shrank) break;
        }
        return true;
    }

    void unplaceableOf(const Run& r, bool placed, NodesAnswer& a) const {
        for (const PendingPod& p : r.pending) {
            std::string message;
            const auto fit = m_fits.find(p.signature);
            if (fit != m_fits.end() && !fit->second.unplaceable.empty())
                message = fit->second.unplaceable;
            else if (p.daemon)
                message = "a DaemonSet pod, tied to its node: " + p.message;
            else
                message = std::string(placed ? "" : "still pending (" + a.stoppedBy + "): ") + p.message;
            a.unplaceable.push_back({p.key, std::move(message)});
        }
        std::sort(a.unplaceable.begin(), a.unplaceable.end(),
                  [](const NodesAnswer::Unplaceable& x, const NodesAnswer::Unplaceable& y) { return x.pod < y.pod; });
    }

    std::shared_ptr<const PlanInput> m_input;
    const std::vector<PlanEdit>& m_edits;
    core::Progress* m_progress;
    Strategy m_strategy = Strategy::LeastWaste;
    std::int64_t m_budget = kMaxAddedNodes;
    core::Cluster m_scratch;  // the templates' strings
    std::vector<NodePool> m_pools;
    std::vector<std::string> m_unusable;      // per pool
    std::vector<EstimatePool> m_rooms;        // per pool
    std::unique_ptr<Plan> m_base;             // the plan as it is, run to the end (then probed)
    std::unordered_set<std::string> m_taken;  // node names of the plan
    std::vector<PoolNodeNames> m_names;       // per pool
    std::map<std::vector<std::int64_t>, Run> m_runs;
    std::unordered_map<std::string, SignatureFit> m_fits;
    std::unordered_map<std::string, std::int32_t> m_groups;
    std::int64_t m_runCount = 0;
};

}  // namespace

std::int64_t NodesAnswer::nodesAdded() const {
    std::int64_t n = 0;
    for (const Pool& p : pools) n += p.count;
    return n;
}

std::optional<double> NodesAnswer::totalCostPerHour() const {
    double sum = 0;
    for (const Pool& p : pools) {
        if (p.count == 0) continue;
        const auto cost = p.costPerHour();
        if (!cost) return std::nullopt;
        sum += *cost;
    }
    return sum;
}

std::optional<NodesAnswer> howManyNodes(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                        const NodesRequest& request, io::Diagnostics& diags, core::Progress* progress) {
    NodesSearch search(std::move(input), edits, progress);
    return search.answer(request, diags);
}

}  // namespace berth::plan::capacity
