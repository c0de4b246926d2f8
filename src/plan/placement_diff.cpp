#include "plan/placement_diff.h"

namespace berth::plan {

const char* placementChangeKindName(PlacementChangeKind kind) {
    switch (kind) {
        case PlacementChangeKind::Moved: return "moved";
        case PlacementChangeKind::Unscheduled: return "unscheduled";
        case PlacementChangeKind::Scheduled: return "scheduled";
    }
    return "";
}

Placements placementsOf(core::Simulation& sim) {
    Placements out;
    const core::Cluster& c = sim.cluster();
    for (std::size_t i = 0; i < c.pods.size(); ++i) {
        if (c.podRemoved[i]) continue;
        const core::Pod& p = c.pods[i];
        const core::PodOutcome& o = sim.outcome(p);
        if (o.state == core::PodState::Ignored) continue;
        const bool placed =
            (o.state == core::PodState::Bound || o.state == core::PodState::Preexisting) && o.node != core::kEmptySym;
        out[c.podKey(p)] = placed ? std::string(c.pool.str(o.node)) : std::string();
    }
    return out;
}

std::vector<PlacementChange> diffPlacements(const Placements& before, const Placements& after) {
    std::vector<PlacementChange> out;
    auto b = before.begin();
    auto a = after.begin();
    static const std::string kNone;
    // One merge over the two sorted maps.
    while (b != before.end() || a != after.end()) {
        const bool takeB = a == after.end() || (b != before.end() && b->first <= a->first);
        const bool takeA = b == before.end() || (a != after.end() && a->first <= b->first);
        const std::string& pod = takeB ? b->first : a->first;
        const std::string& from = takeB ? b->second : kNone;
        const std::string& to = takeA ? a->second : kNone;
        if (from != to) {
            PlacementChangeKind kind = PlacementChangeKind::Moved;
            if (to.empty())
                kind = PlacementChangeKind::Unscheduled;
            else if (from.empty())
                kind = PlacementChangeKind::Scheduled;
            out.push_back({pod, kind, from, to});
        }
        if (takeB) ++b;
        if (takeA) ++a;
    }
    return out;
}

std::optional<Placements> finalPlacements(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                          std::string& error, core::Progress* progress) {
    const auto plan = runPlanToEnd(std::move(input), edits, error, progress);
    if (!plan) return std::nullopt;
    return placementsOf(plan->sim());
}

}  // namespace berth::plan
