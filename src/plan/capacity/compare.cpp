#include "plan/capacity/compare.h"

#include <algorithm>

#include "plan/placement_diff.h"
#include "plan/scheduler_settings.h"

namespace berth::plan::capacity {

std::optional<CompareAnswer> compareConfigurations(std::shared_ptr<const PlanInput> input,
                                                   const std::vector<PlanEdit>& edits, const CompareRequest& request,
                                                   io::Diagnostics& diags, core::Progress* progress) {
    auto fail = [&](const std::string& file, std::string message) {
        io::Diagnostic d;
        d.file = file;
        d.message = std::move(message);
        diags.add(std::move(d));
    };
    if (request.configs.size() < 2) {
        fail("", "a comparison needs two configurations or more");
        return std::nullopt;
    }
    for (const NamedConfig& config : request.configs)
        if (std::string err = checkSchedulerConfig(config.text, config.file, input->version); !err.empty())
            fail(config.file, err);
    if (diags.hasErrors()) return std::nullopt;

    // The configuration under comparison replaces any the session set.
    std::vector<PlanEdit> planEdits;
    std::copy_if(edits.begin(), edits.end(), std::back_inserter(planEdits),
                 [](const PlanEdit& e) { return e.kind != EditKind::SetSchedulerConfig; });
    CompareAnswer answer;
    answer.groupBy = request.groupBy;
    std::vector<Placements> placements;
    for (const NamedConfig& config : request.configs) {
        auto configured = std::make_shared<PlanInput>(*input);
        configured->configText = config.text;
        configured->configName = config.file;
        std::string error;
        auto plan = runPlanToEnd(std::move(configured), planEdits, error, progress);
        if (!plan) {
            if (error != Plan::kCancelled) fail(config.file, error);
            return std::nullopt;
        }
        if (placements.empty()) {
            const auto reference = request.referenceRequests.value_or(mostCommonRequests(plan->cluster()));
            answer.referenceMilliCpu = reference.first;
            answer.referenceMemory = reference.second;
        }
        answer.configs.push_back(
            measureCapacity(config.name, *plan, request.groupBy, {answer.referenceMilliCpu, answer.referenceMemory}));
        placements.push_back(placementsOf(plan->sim()));
    }
    for (std::size_t i = 1; i < placements.size(); ++i)
        for (const PlacementChange& change : diffPlacements(placements[0], placements[i]))
            answer.moved.push_back({change.pod, request.configs[i].name, change.from, change.to});
    std::stable_sort(answer.moved.begin(), answer.moved.end(),
                     [](const PodMove& a, const PodMove& b) { return a.pod < b.pod; });
    return answer;
}

std::optional<CompareAnswer> measurePlanCapacity(std::shared_ptr<const PlanInput> input,
                                                 const std::vector<PlanEdit>& edits, const std::string& name,
                                                 const std::string& groupBy,
                                                 std::optional<std::pair<std::int64_t, std::int64_t>> referenceRequests,
                                                 io::Diagnostics& diags, core::Progress* progress) {
    std::string error;
    auto plan = runPlanToEnd(std::move(input), edits, error, progress);
    if (!plan) {
        if (error != Plan::kCancelled) {
            io::Diagnostic d;
            d.message = error;
            diags.add(std::move(d));
        }
        return std::nullopt;
    }
    CompareAnswer answer;
    answer.groupBy = groupBy;
    const auto reference = referenceRequests.value_or(mostCommonRequests(plan->cluster()));
    answer.referenceMilliCpu = reference.first;
    answer.referenceMemory = reference.second;
    answer.configs.push_back(measureCapacity(name, *plan, groupBy, reference));
    return answer;
}

}  // namespace berth::plan::capacity
