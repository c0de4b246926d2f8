#include "cli/capacity_command.h"

#include <iostream>
#include <memory>
#include <vector>

#include "cli/plan_input.h"
#include "io/manifest_loader.h"
#include "plan/capacity/capacity_template.h"
#include "plan/capacity/compare.h"
#include "plan/capacity/compare_report.h"
#include "plan/capacity/drain.h"
#include "plan/capacity/drain_report.h"
#include "plan/capacity/fit.h"
#include "plan/capacity/fit_report.h"
#include "plan/capacity/nodes.h"
#include "plan/capacity/nodes_report.h"

namespace berth::cli {
namespace {

int inputErrors(const io::Diagnostics& d) {
    for (const auto& item : d.items) std::cerr << item.toString() << "\n";
    std::cerr << "berthctl: input errors, no answer\n";
    return 1;
}

int fit(const Options& opt, plan::Plan& thePlan) {
    io::Diagnostics diags;
    plan::capacity::FitRequest request;
    auto text = io::readManifestFile(opt.templateFile, diags, request.templateFile);
    if (!text) return inputErrors(diags);
    request.templateText = std::move(*text);
    request.max = opt.maxReplicas;
    request.allowPreemption = opt.allowPreemption;
    const auto answer = plan::capacity::howManyMoreFit(thePlan, request, diags);
    applyStrict(opt, diags);  // the template's warnings too
    if (!answer || (opt.strict && diags.hasErrors())) return inputErrors(diags);
    for (const auto& item : diags.items) std::cerr << item.toString() << "\n";  // warnings
    std::cout << plan::capacity::fitReport(*answer, *plan::capacity::parseReportFormat(opt.outputName));
    return 0;
}

/// "a/b/ab.yaml" -> "ab": how a comparison names the configuration read from a file.
std::string configName(const std::string& path) {
    std::string name = path.substr(path.find_last_of('/') + 1);
    if (const auto dot = name.rfind('.'); dot != std::string::npos && dot > 0) name.erase(dot);
    return name;
}

// compare --reference-pod FILE: the Pod's requests as the API server would store it (with
// --admission=manifests, the default): admitted against the plan's PriorityClasses,
// RuntimeClasses and LimitRanges, which are loaded for that alone (the plans run later).
std::optional<std::pair<std::int64_t, std::int64_t>> referenceRequests(const std::string& file,
                                                                       const plan::PlanInput& input,
                                                                       io::Diagnostics& diags) {
    std::string shown;
    auto text = io::readManifestFile(file, diags, shown);
    if (!text) return std::nullopt;
    core::Cluster cluster;
    if (input.admitManifests) {
        io::LoadOptions options;
        options.version = input.version;
        options.fieldValidation = input.fieldValidation;
        io::LoadResult plan;  // its problems are the plans' to report
        for (const auto& m : input.manifests) io::loadManifestText(m.text, m.name, cluster, plan, options);
    }
    auto pod = plan::capacity::readCapacityTemplate(cluster, *text, shown, plan::capacity::TemplateUse::Replicas,
                                                    input.version, diags, input.admitManifests);
    if (!pod) return std::nullopt;
    if (pod->kind != plan::capacity::CapacityTemplate::Kind::Pod) {
        io::Diagnostic d;
        d.file = shown;
        d.message = "a reference pod is a Pod, not a " + pod->kindName;
        diags.add(std::move(d));
        return std::nullopt;
    }
    return std::make_pair(pod->pod.derived.requests.milliCpu, pod->pod.derived.requests.memory);
}

int compare(const Options& opt, std::shared_ptr<const plan::PlanInput> input) {
    io::Diagnostics diags;
    plan::capacity::CompareRequest request;
    request.groupBy = opt.groupBy;
    for (const std::string& file : opt.compareConfigs) {
        std::string shown;
        auto text = io::readManifestFile(file, diags, shown);
        if (!text) continue;
        if (!io::loadSchedulerConfigText(*text, shown, diags)) continue;
        request.configs.push_back({configName(file), shown, std::move(*text)});
    }
    if (!opt.referencePodFile.empty())
        request.referenceRequests = referenceRequests(opt.referencePodFile, *input, diags);
    applyStrict(opt, diags);  // the --config files' and the reference pod's warnings too
    if (diags.hasErrors()) return inputErrors(diags);
    const auto answer = plan::capacity::compareConfigurations(std::move(input), {}, request, diags);
    applyStrict(opt, diags);
    if (!answer || (opt.strict && diags.hasErrors())) return inputErrors(diags);
    std::cout << plan::capacity::compareReport(*answer, *plan::capacity::parseReportFormat(opt.outputName));
    return 0;
}

int drain(const Options& opt, plan::Plan& thePlan) {
    io::Diagnostics diags;
    plan::capacity::DrainRequest request;
    request.nodes = opt.drainNodes;
    request.selector = opt.drainSelector;
    request.force = opt.force;
    request.deleteEmptyDirData = opt.deleteEmptyDirData;
    const auto answer = plan::capacity::simulateDrain(thePlan, request, diags);
    if (!answer) return inputErrors(diags);
    std::cout << plan::capacity::drainReport(*answer, *plan::capacity::parseReportFormat(opt.outputName));
    return 0;
}

int nodes(const Options& opt, std::shared_ptr<const plan::PlanInput> input) {
    io::Diagnostics diags;
    plan::capacity::NodesRequest request;
    request.strategy = opt.strategy;
    request.maxNodes = opt.maxNodes;
    for (const std::string& file : opt.nodeTemplates) {
        std::string shown;
        if (auto text = io::readManifestFile(file, diags, shown))
            request.templates.push_back({shown, std::move(*text)});
    }
    if (diags.hasErrors()) return inputErrors(diags);
    const auto answer = plan::capacity::howManyNodes(std::move(input), {}, request, diags);
    applyStrict(opt, diags);  // the node templates' warnings too
    if (!answer || (opt.strict && diags.hasErrors())) return inputErrors(diags);
    std::cout << plan::capacity::nodesReport(*answer, *plan::capacity::parseReportFormat(opt.outputName));
    return 0;
}

/// The plan a question runs in, left standing when the command returns. berthctl exits right
/// after, and freeing a fit's plan (every replica it placed: 333,293 pods on 5,000 nodes, with
/// the scheduler's and controllers' kept state) was a tenth of the fit's CPU time
/// (docs/performance.md, session 15). Held from a static, so that a leak checker sees it
/// reachable.
plan::Plan& standingPlan(std::shared_ptr<const plan::PlanInput> input) {
    static auto* const kept = new std::vector<plan::Plan*>();
    kept->push_back(new plan::Plan(std::move(input)));
    return *kept->back();
}

}  // namespace

int runCapacity(const Options& opt) {
    io::Diagnostics problems;
    const auto extenders = extenderSessionFor(opt, problems);
    auto input = planInputFor(opt, problems, extenders);
    plan::Plan& thePlan = standingPlan(input);
    for (const auto& d : thePlan.load().diagnostics.items) problems.add(d);
    applyStrict(opt, problems);
    if (problems.hasErrors()) return inputErrors(problems);
    for (const auto& item : problems.items) std::cerr << item.toString() << "\n";  // warnings
    if (!thePlan.ok()) {
        std::cerr << "berthctl: configuration error: " << thePlan.error() << "\n";
        return 1;
    }
    int status = 0;
    if (opt.capacityQuestion == "compare")
        status = compare(opt, std::move(input));
    else if (opt.capacityQuestion == "drain")
        status = drain(opt, thePlan);
    else if (opt.capacityQuestion == "nodes")
        status = nodes(opt, std::move(input));
    else
        status = fit(opt, thePlan);
    if (const std::string error = extenders->save(); !error.empty()) {
        std::cerr << "berthctl: --extender-record: " << error << "\n";
        return 1;
    }
    return status;
}

}  // namespace berth::cli
