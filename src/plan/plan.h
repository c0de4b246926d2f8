#pragma once
/// A plan: the input a session started from (manifest texts, configuration, seed), loaded
/// exactly as berthctl loads it, with a simulation over it and the planner's edits applied at
/// recorded step counts. The GUI worker drives one; exports and tests build a fresh one and
/// replay the edit list, which is how undo and redo stay deterministic.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/api/version.h"
#include "core/progress.h"
#include "core/scheduler.h"
#include "core/simulation.h"
#include "io/manifest_loader.h"
#include "plan/plan_edit.h"
#include "plan/timed_edits.h"

namespace berth::plan {

struct ManifestText {
    std::string name;  // the file name used in messages and SourceRef::file
    std::string text;
    bool operator==(const ManifestText&) const = default;
};

/// How the scheduler runs beyond its configuration: berthctl's flags. The GUI keeps the
/// defaults (its percentage is the configuration's), so sessions do not record them.
struct RunOptions {
    std::optional<std::int32_t> percentageOfNodesToScore;  // overrides the configuration
    bool preemption = true;
    bool fastPaths = true;
    unsigned threads = 1;  // a cycle's Filter and Score passes over >= 1,024 nodes
    core::BindingSettings binding;
    /// Checks the invariants while the plan runs (core/invariant_check.h; berthctl --check).
    bool checkInvariants = false;
    bool operator==(const RunOptions& o) const {
        return percentageOfNodesToScore == o.percentageOfNodesToScore && preemption == o.preemption &&
               checkInvariants == o.checkInvariants &&
               fastPaths == o.fastPaths && threads == o.threads && binding.latency == o.binding.latency &&
               binding.failureProbability == o.binding.failureProbability &&
               binding.failingNodes == o.binding.failingNodes;
    }
};

/// Everything a plan starts from. Two plans from equal inputs and edit lists are identical.
struct PlanInput {
    std::vector<ManifestText> manifests;
    /// A KubeSchedulerConfiguration document (what `berthctl --config` reads); empty: none
    /// besides any in the manifests.
    std::string configText;
    /// The name configText's messages give (berthctl: the --config file).
    std::string configName = "scheduler-config.yaml";
    std::uint64_t seed = 0;
    core::KubeVersion version = core::KubeVersion::newest();
    core::TieBreak tieBreak = core::TieBreak::Random;
    RunOptions run;
    /// Unknown and duplicate fields in the manifests (berthctl --validate).
    io::FieldValidation fieldValidation = io::FieldValidation::Strict;
    /// Edits on the simulated clock (timed_edits.h): applied as the run reaches their time.
    std::vector<TimedEdit> timeline;
    /// Admission for the Pods written as manifests (plan/controllers/admission.h; berthctl
    /// --admission=none turns it off).
    bool admitManifests = true;
    /// Builds SchedulerOptions::extenders from the configuration's `extenders:` (berthctl:
    /// live, recorded or replayed; src/extender). Unset: the run has no extenders. Not part of
    /// ==: it says how extenders are reached, not what the plan is.
    std::function<std::vector<std::shared_ptr<core::Extender>>(const std::vector<core::ExtenderConfig>&,
                                                               const core::StringPool&)>
        extenders;
    bool operator==(const PlanInput& o) const {
        return manifests == o.manifests && configText == o.configText && configName == o.configName && seed == o.seed &&
               version.major == o.version.major && version.minor == o.version.minor && tieBreak == o.tieBreak &&
               run == o.run && timeline == o.timeline && fieldValidation == o.fieldValidation &&
               admitManifests == o.admitManifests;
    }
};

/// `input` with the configuration the last SetSchedulerConfig of `edits` puts into effect
/// (itself when there is none): a plan built from it needs no rebuild in replay(), so
/// references into it (cluster(), sim()) taken before replay() stay valid.
std::shared_ptr<const PlanInput> inputForEdits(std::shared_ptr<const PlanInput> input,
                                               const std::vector<PlanEdit>& edits);

class Plan {
public:
    /// Loads the input (sources kept for placedPodsYaml) and initialises the simulation. A
    /// bad configuration leaves no simulation: check ok(). Shared, not copied: the texts of
    /// a large cluster are big, and the GUI rebuilds plans from the same input on every undo.
    /// `progress` (optional, outliving the plan) follows the load, replay() and runToEnd(),
    /// and stops them when cancelled: cancelled() then says so and the plan is to be dropped.
    explicit Plan(std::shared_ptr<const PlanInput> input, core::Progress* progress = nullptr);
    explicit Plan(const PlanInput& input) : Plan(std::make_shared<const PlanInput>(input)) {}
    ~Plan();
    Plan(const Plan&) = delete;
    Plan& operator=(const Plan&) = delete;

    bool ok() const { return m_sim != nullptr; }
    /// The progress given to the constructor was cancelled while this plan worked.
    bool cancelled() const { return m_cancelled; }
    /// Reports to `progress` from now on (null: to nothing). The plan keeps only the pointer:
    /// whoever outlives an operation with it detaches the progress when the operation ends.
    void setProgress(core::Progress* progress);
    /// Why there is no simulation (a configuration error), else empty.
    const std::string& error() const { return m_error; }
    const io::LoadResult& load() const { return m_load; }
    const PlanInput& input() const { return *m_input; }
    core::Cluster& cluster() { return *m_cluster; }
    const core::Cluster& cluster() const { return *m_cluster; }
    core::Simulation& sim() { return *m_sim; }

    /// One core step, counted: edits record the count they were made at. When the input's
    /// next timed edit comes before the loop's next step, the step is that edit instead: the
    /// clock moves to its time and the edits due then are applied (timed_edits.h).
    bool step();
    /// The timed edits the last step applied (none: it was a step of the loop).
    const std::vector<const TimedEdit*>& timedEditsOfLastStep() const { return m_timedLast; }
    /// Timed edits that could not be applied when their time came ("file:line: Cordon
    /// node-x: no node node-x"), in time order; the run went on without them.
    const std::vector<std::string>& timedEditErrors() const { return m_timedErrors; }
    std::uint64_t steps() const { return m_steps; }
    /// Called after each step with the steps done (the GUI's timeline of the run).
    void setStepListener(std::function<void(std::uint64_t)> listener) { m_stepListener = std::move(listener); }
    /// Steps until `steps() == target` or the simulation is idle (or cancelled).
    void stepTo(std::uint64_t target);
    /// Steps until the simulation is idle, as `berthctl schedule` runs (Simulation::run);
    /// the progress counts the pods the queue has settled.
    void runToEnd();
    /// Steps until simulated time `until`: every timed edit due by then is applied as step()
    /// applies it, then the loop alone goes on to `until` (Simulation::run).
    void runUntil(core::SimTime until);
    /// Pods the queue still has to try (activeQ and backoffQ): what a run to the end settles.
    std::uint64_t waitingPods() const;

    /// Applies an edit now. Returns an empty string on success; otherwise the reason, and
    /// the plan is unchanged (bad YAML is checked completely before anything is added).
    /// SetSchedulerConfig is only checked here: a configuration is part of the starting
    /// state, so the caller re-runs the plan (replay) to put it into effect.
    std::string apply(const PlanEdit& edit);
    /// From a fresh plan: for each edit, steps to its atStep and applies it; then steps to
    /// `stopAtStep`. Stops at the first edit that fails and returns its reason. The last
    /// SetSchedulerConfig in `edits` replaces the input's configuration from step 0 (the
    /// plan is rebuilt with it first), as `berthctl --config` would. `stopAtStep` kToEnd
    /// runs to the end. Returns kCancelled when the progress was cancelled.
    std::string replay(const std::vector<PlanEdit>& edits, std::uint64_t stopAtStep);
    static constexpr std::uint64_t kToEnd = ~std::uint64_t{0};
    static constexpr const char* kCancelled = "cancelled";

private:
    void build();
    /// Whether the operation was cancelled (remembered in m_cancelled): the loops stop here.
    bool stopRequested();
    std::string submitYaml(const PlanEdit& edit);
    std::string addNodePool(const PlanEdit& edit);
    std::string applyGroup(const PlanEdit& group);
    std::string deleteWorkload(const PlanEdit& edit);
    std::string pinPod(const PlanEdit& edit);
    std::string deletePod(const PlanEdit& edit);
    /// The live pod a PinPod or DeletePod edit names, or null.
    const core::Pod* namedPod(const PlanEdit& edit) const;

    std::shared_ptr<const PlanInput> m_input;
    std::unique_ptr<core::Cluster> m_cluster;
    io::LoadResult m_load;
    io::LoadOptions m_loadOptions;
    std::unique_ptr<core::Simulation> m_sim;
    std::string m_error;
    std::uint64_t m_steps = 0;
    std::function<void(std::uint64_t)> m_stepListener;
    TimedEditPlayer m_timed;
    std::vector<const TimedEdit*> m_timedLast;
    std::vector<std::string> m_timedErrors;
    core::Progress* m_progress = nullptr;
    bool m_cancelled = false;
};

/// A fresh plan from `input` with `edits` replayed and run to the end, as exports, the
/// placement comparison and `berthctl schedule` run it; nullptr with `error` when the
/// configuration is bad, an edit fails, or `progress` was cancelled (error Plan::kCancelled).
std::unique_ptr<Plan> runPlanToEnd(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                   std::string& error, core::Progress* progress = nullptr);

}  // namespace berth::plan
