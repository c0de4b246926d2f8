#pragma once
/// What moved between two runs of a plan (before and after a scheduler configuration change,
/// an undo, ...): pods placed on another node, pods that lost their place, pods that got one.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"

namespace berth::plan {

/// Pod key ("namespace/name") -> the node it is on; "" when it is not placed (pending).
using Placements = std::map<std::string, std::string>;

enum class PlacementChangeKind : std::uint8_t {
    Moved,        // on `from` before, on `to` after
    Unscheduled,  // on `from` before; pending (or gone) after
    Scheduled,    // pending (or not there) before; on `to` after
};

const char* placementChangeKindName(PlacementChangeKind kind);  // "moved", "unscheduled", "scheduled"

struct PlacementChange {
    std::string pod;
    PlacementChangeKind kind = PlacementChangeKind::Moved;
    std::string from;  // "" when pending before
    std::string to;    // "" when pending after
    bool operator==(const PlacementChange&) const = default;
};

/// The pods of the simulation the scheduler knows (not ignored, not deleted), placed when
/// bound (or running before the run) on a node.
Placements placementsOf(core::Simulation& sim);

/// Every pod whose placement differs, ordered by pod key. A pod in only one of the maps
/// counts as pending in the other; pods pending in both are not changes.
std::vector<PlacementChange> diffPlacements(const Placements& before, const Placements& after);

/// A fresh plan from `input` with `edits` replayed and run to the end (runPlanToEnd, as
/// exports run it): its placements, or nullopt with `error` (Plan::kCancelled when `progress`
/// was cancelled).
std::optional<Placements> finalPlacements(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                          std::string& error, core::Progress* progress = nullptr);

}  // namespace berth::plan
