#include "cli/plan_input.h"

#include <algorithm>
#include <thread>

#include "io/manifest_loader.h"
#include "plan/timeline_file.h"

namespace berth::cli {

std::shared_ptr<const plan::PlanInput> planInputFor(const Options& opt, io::Diagnostics& problems,
                                                    std::shared_ptr<extender::ExtenderSession> extenders) {
    auto input = std::make_shared<plan::PlanInput>();
    for (const auto& f : opt.files) {
        std::string name;
        if (auto text = io::readManifestFile(f, problems, name)) input->manifests.push_back({name, std::move(*text)});
    }
    if (!opt.configFile.empty()) {
        std::string name;
        if (auto text = io::readManifestFile(opt.configFile, problems, name);
            text && io::loadSchedulerConfigText(*text, name, problems)) {
            input->configText = std::move(*text);
            input->configName = name;
        }
    }
    if (!opt.timelineFile.empty()) {
        std::string name;
        if (auto text = io::readManifestFile(opt.timelineFile, problems, name))
            input->timeline = plan::readTimelineFile(*text, name, problems);
    }
    input->seed = opt.seed;
    input->version = opt.version;
    input->tieBreak = opt.tieBreak;
    input->fieldValidation = opt.fieldValidation;
    input->admitManifests = opt.admitManifests;
    input->run.percentageOfNodesToScore = opt.percentageOfNodesToScore;
    input->run.preemption = opt.preemption;
    input->run.fastPaths = opt.fastPaths;
    input->run.checkInvariants = opt.checkInvariants;
    input->run.threads = opt.threads != 0 ? opt.threads : std::max(1U, std::thread::hardware_concurrency());
    input->run.binding = opt.binding;
    if (extenders)
        input->extenders = [extenders](const std::vector<core::ExtenderConfig>& configs, const core::StringPool& pool) {
            return extenders->build(configs, pool);
        };
    return input;
}

std::shared_ptr<extender::ExtenderSession> extenderSessionFor(const Options& opt, io::Diagnostics& problems) {
    if (!opt.extenderRecordFile.empty()) return extender::ExtenderSession::recording(opt.extenderRecordFile);
    if (!opt.extenderReplayFile.empty()) {
        std::string error;
        if (auto replay = extender::ExtenderSession::replaying(opt.extenderReplayFile, error)) return replay;
        io::Diagnostic d;
        d.file = opt.extenderReplayFile;
        d.message = error;
        problems.add(std::move(d));
    }
    return std::make_shared<extender::ExtenderSession>();
}

void applyStrict(const Options& opt, io::Diagnostics& diagnostics) {
    if (!opt.strict) return;
    for (auto& d : diagnostics.items) d.severity = io::Severity::Error;
}

}  // namespace berth::cli
