// The score half of a scheduling cycle (framework/runtime/framework.go): PreScore, and Score
// with NormalizeScore and the weighted totals, on one thread or several.
#include "core/framework/runtime/framework.h"

#include <algorithm>
#include <array>
#include <string>
#include <typeinfo>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/node_local_score.h"
#include "core/framework/scores_zero.h"
#include "core/parallel/worker_pool.h"

namespace berth::core {

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

namespace {

bool outOfRange(const NodeScore& ns) { return ns.score > kMaxNodeScore || ns.score < kMinNodeScore; }

// `p` as ScoresZeroEverywhere, ScoresSameEverywhere (scores_zero.h) and NodeLocalScore
// (node_local_score.h), each null when it is not one. A dynamic_cast across the virtual base cost 800 to 1,400 instructions per plugin
// and cycle (7 % of a capacity fit). For an object of a given class the cast always lands at
// the same offset, so the answers are kept per plugin address and checked against the
// object's class (a cheap typeid): a plugin freed and another of the same class made at that
// address gets the right answers again, one of another class is cast afresh. Per thread
// (several simulations may run at once), a few dozen at most.
struct SideInterfaces {
    const ScoresZeroEverywhere* zero = nullptr;
    const ScoresSameEverywhere* same = nullptr;
    const NodeLocalScore* local = nullptr;
};
SideInterfaces sideInterfaces(const ScorePlugin& p) {
    struct Known {
        const ScorePlugin* plugin;
        const std::type_info* type;
        SideInterfaces casts;
    };
    thread_local std::vector<Known> known;
    const std::type_info& type = typeid(p);
    for (const Known& k : known)
        if (k.plugin == &p && (k.type == &type || *k.type == type)) return k.casts;
    constexpr std::size_t kMaxKnown = 64;  // frameworks come and go in a long GUI session
    if (known.size() >= kMaxKnown) known.clear();
    const SideInterfaces casts{dynamic_cast<const ScoresZeroEverywhere*>(&p),
                               dynamic_cast<const ScoresSameEverywhere*>(&p), dynamic_cast<const NodeLocalScore*>(&p)};
    std::erase_if(known, [&](const Known& k) { return k.plugin == &p; });
    known.push_back({&p, &type, casts});
    return casts;
}

// Whether `p` says it gives every node the same score for `pod` this cycle, zero or not: its
// row then adds the same to every total (scores_zero.h).
bool scoresUniformly(const ScorePlugin& p, const CycleState& state, const Pod& pod) {
    const SideInterfaces casts = sideInterfaces(p);
    return (casts.zero && casts.zero->scoresZeroEverywhere(state, pod)) ||
           (casts.same && casts.same->scoresSameEverywhere(state, pod));
}

/// Adds one plugin's row to the totals for the nodes [begin, end); true when a score there is
/// out of range. Raw pointers and a branch-free check: the loop then compiles to straight
/// vector code (it was a tenth of a cycle with the every-node shape).
bool addWeightedRow(ScoreMatrix& out, std::size_t pi, const std::vector<NodeScore>& row, std::size_t begin,
                    std::size_t end) {
    const std::size_t n = out.nodes.size();
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
}

}  // namespace

Status Framework::runScorePlugins(const CycleState& state, const Pod& pod, const std::vector<NodeInfo*>& all,
                                  ScoreMatrix& out) const {
    const std::size_t n = out.nodes.size();
    out.plugins.clear();
    out.weights.clear();
    out.skipped.clear();
    for (auto* p : m_score) {
        out.plugins.push_back(p->slot());
        out.weights.push_back(m_weights[static_cast<std::size_t>(p->slot())]);
        // A row of zeros adds nothing to the totals, a row of one score the same to each (and
        // either is in range): without a trace, which shows each plugin's row and the totals,
        // it is left out as if skipped (the fast paths only).
        const bool uniform = !out.keepRaw && m_handle.fastPaths && scoresUniformly(*p, state, pod);
        out.skipped.push_back(state.skipScore(p->slot()) || uniform ? 1 : 0);
    }
    const std::size_t pc = out.plugins.size();
    // Only a trace reads the per-plugin scores (keepRaw): without one, only the totals are kept.
    out.normalized.assign(out.keepRaw ? pc * n : 0, 0);
    out.totals.assign(n, 0);
    if (out.keepRaw) out.raw.assign(pc * n, 0);
    // A plugin scores and normalizes into a row of NodeScores, which is then checked and
    // summed. On several threads each plugin has its own row; on one thread a single row is
    // summed while it is in cache.
    if (WorkerPool* workers = m_handle.workers; workers && workers->worthSharing(n))
        return runScorePluginsOnWorkers(*workers, state, pod, all, out);
    out.scratch.resize(1);
    const std::uint64_t summed =
        !out.keepRaw && m_handle.fastPaths && m_handle.snapshot ? addNodeLocalTotals(state, pod, all, out) : 0;
    for (std::size_t pi = 0; pi < pc; ++pi) {
        if (out.skipped[pi] || (pi < 64 && ((summed >> pi) & 1))) continue;
        if (Status s = scoreWithPlugin(pi, state, pod, all, out, out.scratch[0]); !s.isSuccess()) return s;
        if (addWeightedRow(out, pi, out.scratch[0], 0, n)) return invalidScore(pi, out.scratch[0]);
    }
    return {};
}

// The node-local plugins that are not skipped (at most 8, among the first 64) take part, with
// their keys and weights in Score order as the kept sums' key. Each kept sum is the node's
// weighted scores added as the rows would add them (integers: the same totals). Returns 0 with
// nothing added when fewer than two take part, or when a computed score is out of range: the
// plugins then run one by one, and the first bad row is reported as before.
std::uint64_t Framework::addNodeLocalTotals(const CycleState& state, const Pod& pod,
                                            const std::vector<NodeInfo*>& all, ScoreMatrix& out) const {
    struct Local {
        const NodeLocalScore* plugin = nullptr;
        NodeLocalScore::Key key{};
        std::int64_t weight = 0;
    };
    constexpr std::size_t kMaxLocal = 8;
    std::array<Local, kMaxLocal> locals;
    std::size_t count = 0;
    std::uint64_t summed = 0;
    std::vector<std::int64_t>& key = m_nodeLocalKey;
    key.clear();
    const std::size_t pc = std::min<std::size_t>(out.plugins.size(), 64);
    for (std::size_t pi = 0; pi < pc && count < kMaxLocal; ++pi) {
        if (out.skipped[pi] || m_score[pi]->hasNormalizeScore()) continue;
        const NodeLocalScore* local = sideInterfaces(*m_score[pi]).local;
        if (!local) continue;
        Local& l = locals[count++];
        l = Local{local, local->nodeLocalKey(state, pod), out.weights[pi]};
        key.push_back(static_cast<std::int64_t>(pi));
        key.push_back(l.weight);
        key.insert(key.end(), l.key.begin(), l.key.end());
        summed |= std::uint64_t{1} << pi;
    }
    if (count < 2) return 0;
    bool outOfRange = false;
    m_nodeLocalTotals.begin(key, *m_handle.snapshot);
    m_nodeLocalTotals.addAll(all, out.nodes, out.totals.data(), [&](const NodeInfo& info) {
        std::int64_t sum = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const std::int64_t v = locals[i].plugin->nodeLocalScore(locals[i].key, info);
            outOfRange |= v > kMaxNodeScore || v < kMinNodeScore;
            sum += v * locals[i].weight;
        }
        return sum;
    });
    if (!outOfRange) return summed;
    m_nodeLocalTotals.forgetCurrent();
    std::fill(out.totals.begin(), out.totals.end(), 0);
    return 0;
}

Status Framework::runScorePluginsOnWorkers(WorkerPool& workers, const CycleState& state, const Pod& pod,
                                           const std::vector<NodeInfo*>& all, ScoreMatrix& out) const {
    // Plugins are separate objects and Score only reads the cycle's state, so each plugin
    // scores into its own row on its own thread; the rows are then summed with the nodes split
    // between the threads, and a failure is looked for in plugin order, so the first failing
    // plugin is still the one reported.
    const std::size_t n = out.nodes.size();
    const std::size_t pc = out.plugins.size();
    out.scratch.resize(pc);
    out.outcomes.assign(pc, Status{});
    workers.run(pc, [&](std::size_t pi) {
        if (!out.skipped[pi]) out.outcomes[pi] = scoreWithPlugin(pi, state, pod, all, out, out.scratch[pi]);
    });
    bool failed = std::any_of(out.outcomes.begin(), out.outcomes.end(), [](const Status& s) { return !s.isSuccess(); });
    if (!failed) {
        // The sums split by nodes; each part notes whether it saw a score out of range.
        const std::size_t parts = workers.threads();
        std::vector<std::uint8_t> partOutOfRange(parts, 0);
        workers.run(parts, [&](std::size_t t) {
            const std::size_t begin = n * t / parts, end = n * (t + 1) / parts;
            for (std::size_t pi = 0; pi < pc; ++pi)
                if (!out.skipped[pi] && addWeightedRow(out, pi, out.scratch[pi], begin, end)) partOutOfRange[t] = 1;
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

Status Framework::scoreWithPlugin(std::size_t pi, const CycleState& state, const Pod& pod,
                                  const std::vector<NodeInfo*>& all, ScoreMatrix& out,
                                  std::vector<NodeScore>& row) const {
    const std::size_t n = out.nodes.size();
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
}

Status Framework::invalidScore(std::size_t pi, const std::vector<NodeScore>& row) const {
    const auto bad = std::find_if(row.begin(), row.end(), outOfRange);
    return Status::error("plugin \"" + std::string(m_score[pi]->name()) + "\" returns an invalid score " +
                         std::to_string(bad->score) + ", it should in the range of [0, 100] after normalizing");
}

}  // namespace berth::core
