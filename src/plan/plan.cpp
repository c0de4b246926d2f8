#include "plan/plan.h"

#include <algorithm>
#include <set>

#include "plan/cluster_setup.h"
#include "io/label_validation.h"
#include "plan/controllers/admission.h"
#include "plan/scheduler_settings.h"
#include "plan/unmodelled_features.h"
#include "plan/controllers/workloads.h"

namespace berth::plan {
namespace {

constexpr std::int32_t kMaxPoolSize = 10'000;

std::optional<core::TaintEffect> parseEffect(std::string_view s) {
    if (s == "NoSchedule") return core::TaintEffect::NoSchedule;
    if (s == "PreferNoSchedule") return core::TaintEffect::PreferNoSchedule;
    if (s == "NoExecute") return core::TaintEffect::NoExecute;
    return std::nullopt;
}

// The classes admission reads, copied into a scratch cluster that checks submitted objects,
// so that their Pods are admitted against the plan's classes and the submitted ones alike.
// Ahead of anything loaded there, as the plan's index already counts them.
const core::Node* liveNode(core::Cluster& c, std::string_view name) {
    const core::Sym sym = c.pool.find(name);
    return sym == core::kNoSym ? nullptr : c.findNode(sym);
}

/// Why a SetNodeLabels edit's labels would be refused, as the API server's validation.go
/// refuses them; "" when they are fine.
std::string labelsProblem(const PlanEdit& e) {
    for (const auto& [k, v] : e.labels) {
        if (!io::detail::isQualifiedName(k)) return "invalid label key '" + k + "'";
        if (!io::detail::isValidLabelValue(v)) return "invalid value '" + v + "' for label " + k;
    }
    return {};
}

/// The same for a SetNodeTaints edit's taints.
std::string taintsProblem(const PlanEdit& e) {
    for (const auto& t : e.taints) {
        if (!io::detail::isQualifiedName(t.key)) return "invalid taint key '" + t.key + "'";
        if (!io::detail::isValidLabelValue(t.value)) return "invalid taint value '" + t.value + "'";
        if (!parseEffect(t.effect)) return "unknown taint effect '" + t.effect + "'";
    }
    return {};
}

/// How long `pod` runs once bound: its own berth.dev/duration, else its Job's (a Job's pods are
/// made from the template); none when neither has one.
std::optional<core::SimTime> lifetimeOf(const io::LoadResult& load, const core::Cluster& c, const core::Pod& pod) {
    if (load.runDurations.empty()) return std::nullopt;
    const std::string_view ns = c.pool.str(pod.ns);
    if (auto it = load.runDurations.find(io::detail::objectKey("Pod", ns, pod.name)); it != load.runDurations.end())
        return it->second;
    const core::OwnerReference* owner = core::controllerOf(pod);
    if (!owner || owner->kind != "Job") return std::nullopt;
    if (auto it = load.runDurations.find(io::detail::objectKey("Job", ns, owner->name)); it != load.runDurations.end())
        return it->second;
    return std::nullopt;
}

bool isNodeEdit(EditKind kind) {
    switch (kind) {
        case EditKind::Cordon:
        case EditKind::Uncordon:
        case EditKind::Drain:
        case EditKind::DeleteNode:
        case EditKind::SetNodeLabels:
        case EditKind::SetNodeTaints: return true;
        default: return false;
    }
}

}  // namespace

std::shared_ptr<const PlanInput> inputForEdits(std::shared_ptr<const PlanInput> input,
                                               const std::vector<PlanEdit>& edits) {
    const auto last = std::find_if(edits.rbegin(), edits.rend(),
                                   [](const PlanEdit& e) { return e.kind == EditKind::SetSchedulerConfig; });
    if (last == edits.rend()) return input;
    std::string text = effectiveConfigText(*last);
    if (text == input->configText) return input;
    auto copy = std::make_shared<PlanInput>(*input);
    copy->configText = std::move(text);
    return copy;
}

Plan::Plan(std::shared_ptr<const PlanInput> in, core::Progress* progress)
    : m_input(std::move(in)), m_progress(progress) {
    build();
}

void Plan::build() {
    m_sim.reset();
    m_cluster = std::make_unique<core::Cluster>();
    m_load = io::LoadResult{};
    m_loadOptions = io::LoadOptions{};
    m_error.clear();
    m_steps = 0;
    const PlanInput& input = *m_input;
    m_timed = TimedEditPlayer(input.timeline);
    m_timedLast.clear();
    m_timedErrors.clear();
    // The same steps, in the same order, as `berthctl schedule`, so exports match its output.
    m_loadOptions.version = input.version;
    m_loadOptions.fieldValidation = input.fieldValidation;
    m_loadOptions.keepSourceText = true;
    m_loadOptions.textOutlivesResult = true;  // m_input holds the texts while m_load views them
    m_loadOptions.progress = m_progress;
    if (m_progress) {
        std::uint64_t bytes = 0;
        for (const auto& m : input.manifests) bytes += m.text.size();
        m_progress->start(core::Progress::Phase::Loading, bytes);
    }
    for (const auto& m : input.manifests) io::loadManifestText(m.text, m.name, *m_cluster, m_load, m_loadOptions);
    m_loadOptions.textOutlivesResult = false;  // submitted YAML is the edit's: copied
    if (stopRequested()) {
        m_error = kCancelled;
        return;
    }
    finishLoading(*m_cluster, m_load, input.seed, input.version, input.admitManifests);
    if (!input.configText.empty()) {
        // Only the configuration is taken from this text (like `--config`, which replaces one
        // given in the manifests); other objects in it are ignored.
        core::Cluster scratch;
        io::LoadResult config;
        io::loadManifestText(input.configText, input.configName, scratch, config, m_loadOptions);
        for (auto& d : config.diagnostics.items) m_load.diagnostics.items.push_back(std::move(d));
        if (config.config) m_load.config = config.config;
    }
    core::SchedulerOptions options;
    options.version = input.version;
    options.tieBreak = input.tieBreak;
    options.seed = input.seed;
    options.percentageOfNodesToScore = input.run.percentageOfNodesToScore;
    options.preemption = input.run.preemption;
    options.fastPaths = input.run.fastPaths;
    options.threads = input.run.threads;
    core::SchedulerConfiguration config = m_load.config.value_or(core::SchedulerConfiguration{});
    if (input.extenders) options.extenders = input.extenders(config.extenders, m_cluster->pool);
    m_sim = std::make_unique<core::Simulation>(*m_cluster, std::move(config), options);
    m_sim->setBindingSettings(input.run.binding);
    m_sim->setLifetime([this](const core::Pod& p) { return lifetimeOf(m_load, *m_cluster, p); });
    if (input.run.checkInvariants) m_sim->checkInvariantsWhileRunning();
    if (!m_sim->init(m_error)) {
        m_sim.reset();
        return;
    }
    attachControllers(*m_sim, input.seed, input.version);
    warnUnmodelledBatching(*m_sim, input.version, m_load.diagnostics);
}

Plan::~Plan() = default;

void Plan::setProgress(core::Progress* progress) {
    m_progress = progress;
    m_loadOptions.progress = progress;
}

bool Plan::step() {
    if (!m_sim) return false;
    m_timedLast = m_timed.takeDue(*m_sim);
    for (const TimedEdit* t : m_timedLast)
        if (std::string err = apply(t->edit); !err.empty())
            m_timedErrors.push_back(t->source + ": " + describeEdit(t->edit) + ": " + err);
    if (m_timedLast.empty() && !m_sim->step()) return false;
    ++m_steps;
    if (m_stepListener) m_stepListener(m_steps);
    return true;
}

void Plan::stepTo(std::uint64_t target) {
    if (target == kToEnd) return runToEnd();
    while (m_steps < target && !stopRequested() && step())
        if (m_progress) m_progress->add(1);
}

bool Plan::stopRequested() {
    if (m_progress && m_progress->cancelled()) m_cancelled = true;
    return m_cancelled;
}

void Plan::runToEnd() {
    if (!m_sim) return;
    core::SettledPods settled;
    if (m_progress) settled.begin(*m_progress, waitingPods());
    while (!stopRequested() && step())
        if (m_progress) settled.update(*m_progress, waitingPods());
}

void Plan::runUntil(core::SimTime until) {
    if (!m_sim) return;
    for (core::SimTime at = m_timed.nextAt(); at >= 0 && at <= until && !stopRequested(); at = m_timed.nextAt())
        if (!step()) break;
    if (!stopRequested()) m_sim->run(until);
}

std::uint64_t Plan::waitingPods() const {
    return m_sim ? m_sim->queue().activeCount() + m_sim->queue().backoffCount() : 0;
}

std::string Plan::replay(const std::vector<PlanEdit>& edits, std::uint64_t stopAtStep) {
    // The configuration in effect is the last one set: the plan starts over with it.
    if (auto effective = inputForEdits(m_input, edits); effective != m_input) {
        if (m_steps != 0) return "a configuration change needs a fresh plan";
        m_input = std::move(effective);
        build();
    }
    if (!m_sim) return m_error;
    if (m_progress) {
        // Steps to the last edit, or to stopAtStep; the run to the end reports its own.
        std::uint64_t last = stopAtStep == kToEnd ? 0 : stopAtStep;
        for (const PlanEdit& e : edits) last = std::max(last, e.atStep);
        m_progress->start(core::Progress::Phase::Replaying, last > m_steps ? last - m_steps : 0);
    }
    for (const PlanEdit& e : edits) {
        if (e.kind == EditKind::SetSchedulerConfig) continue;  // in effect from step 0
        stepTo(e.atStep);
        if (m_cancelled) return kCancelled;
        if (std::string err = apply(e); !err.empty()) return describeEdit(e) + ": " + err;
    }
    stepTo(stopAtStep);
    return m_cancelled ? kCancelled : std::string();
}

std::unique_ptr<Plan> runPlanToEnd(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                   std::string& error, core::Progress* progress) {
    // Built with the configuration the edits put into effect (a SetSchedulerConfig).
    auto plan = std::make_unique<Plan>(inputForEdits(std::move(input), edits), progress);
    if (plan->cancelled()) {
        error = Plan::kCancelled;
        return nullptr;
    }
    if (!plan->ok()) {
        error = "configuration error: " + plan->error();
        return nullptr;
    }
    // The rest of the run, as berthctl does it (Simulation::run), from where the last edit left it.
    if (std::string err = plan->replay(edits, Plan::kToEnd); !err.empty()) {
        error = err;
        return nullptr;
    }
    return plan;
}

std::string Plan::apply(const PlanEdit& e) {
    if (!m_sim) return m_error;
    core::Simulation& sim = *m_sim;
    core::Cluster& c = *m_cluster;
    const std::string noNode = "no node " + e.node;
    switch (e.kind) {
        case EditKind::Cordon: return sim.cordon(e.node) ? std::string() : noNode;
        case EditKind::Uncordon: return sim.uncordon(e.node) ? std::string() : noNode;
        case EditKind::Drain:
            // Pods a PodDisruptionBudget protects stay: drain succeeds partially, as kubectl's does.
            if (!liveNode(c, e.node)) return noNode;
            sim.drain(e.node);
            return {};
        case EditKind::DeleteNode: return sim.removeNode(e.node) ? std::string() : noNode;
        case EditKind::AddNodePool: return addNodePool(e);
        case EditKind::SetNodeLabels: {
            if (!liveNode(c, e.node)) return noNode;
            // Checked as the API server checks them (validation.go), all before any is set.
            if (std::string problem = labelsProblem(e); !problem.empty()) return problem;
            core::Labels labels;
            for (const auto& [k, v] : e.labels) labels.set(c.pool.intern(k), c.pool.intern(v));
            sim.updateNode(e.node, [&](core::Node& n) { n.labels = labels; });
            return {};
        }
        case EditKind::SetNodeTaints: {
            if (!liveNode(c, e.node)) return noNode;
            if (std::string problem = taintsProblem(e); !problem.empty()) return problem;
            std::vector<core::Taint> taints;
            for (const auto& t : e.taints)
                taints.push_back({c.pool.intern(t.key), t.value.empty() ? core::kEmptySym : c.pool.intern(t.value),
                                  *parseEffect(t.effect)});
            sim.updateNode(e.node, [&](core::Node& n) { n.taints = taints; });
            return {};
        }
        case EditKind::ScaleWorkload:
            if (e.replicas < 0) return "replicas must not be negative";
            if (e.replicas > kMaxPlannedPods)
                return "replicas must be at most " + std::to_string(kMaxPlannedPods) + ", the most pods Berth plans";
            return sim.scaleWorkload(e.workloadKind, e.ns, e.name, e.replicas)
                       ? std::string()
                       : "no scalable " + std::string(core::workloadKindName(e.workloadKind)) + " " + e.ns + "/" +
                             e.name;
        case EditKind::DeleteWorkload: return deleteWorkload(e);
        case EditKind::SubmitYaml: return submitYaml(e);
        case EditKind::PinPod: return pinPod(e);
        case EditKind::DeletePod: return deletePod(e);
        case EditKind::SetSchedulerConfig: return checkSchedulerConfig(e.yaml, e.fileName, m_input->version);
        case EditKind::Group: return applyGroup(e);
    }
    return "unknown edit";
}

std::string Plan::applyGroup(const PlanEdit& g) {
    // Every part is checked before any is applied: a refused group leaves the plan unchanged,
    // as apply() promises.
    if (g.parts.empty()) return "a group of no edits";
    std::set<std::string_view> named;
    for (const PlanEdit& e : g.parts) {
        if (!isNodeEdit(e.kind)) return std::string("a group holds node edits only, not ") + editKindName(e.kind);
        if (!named.insert(e.node).second) return "node " + e.node + " is edited twice in one group";
        if (!liveNode(*m_cluster, e.node)) return "no node " + e.node;
        const std::string problem = e.kind == EditKind::SetNodeLabels   ? labelsProblem(e)
                                    : e.kind == EditKind::SetNodeTaints ? taintsProblem(e)
                                                                        : std::string();
        if (!problem.empty()) return e.node + ": " + problem;
    }
    for (const PlanEdit& e : g.parts)
        if (std::string err = apply(e); !err.empty()) return e.node + ": " + err;  // checked above: not expected
    return {};
}

std::string Plan::addNodePool(const PlanEdit& e) {
    core::Cluster& c = *m_cluster;
    const core::Node* tmpl = liveNode(c, e.node);
    if (!tmpl) return "no template node " + e.node;
    if (e.count < 1 || e.count > kMaxPoolSize) return "a pool has 1 to " + std::to_string(kMaxPoolSize) + " nodes";
    if (e.namePrefix.empty()) return "a pool needs a name prefix";
    std::vector<std::string> names;
    for (std::int32_t i = 1; i <= e.count; ++i) {
        names.push_back(e.namePrefix + "-" + std::to_string(i));
        if (liveNode(c, names.back())) return "node " + names.back() + " already exists";
    }
    const core::Node base = *tmpl;  // addNode grows the deque: copy before
    const core::Sym hostname = c.pool.intern("kubernetes.io/hostname");
    const core::Sym zoneKey = c.pool.intern("topology.kubernetes.io/zone");
    for (const std::string& name : names) {
        core::Node n = base;
        n.name = name;
        n.nameSym = c.pool.intern(name);
        n.unschedulable = false;
        n.source = {};  // made by the planner: exported from the model, not from a file
        // The labels the kubelet and the cloud provider give every node.
        n.labels.set(hostname, n.nameSym);
        if (!e.zone.empty()) n.labels.set(zoneKey, c.pool.intern(e.zone));
        m_sim->addNode(std::move(n));
    }
    return {};
}

std::string Plan::deleteWorkload(const PlanEdit& e) {
    core::Cluster& c = *m_cluster;
    const core::Sym ns = c.pool.find(e.ns);
    auto named = [&](const core::Workload& w) { return w.kind == e.workloadKind && w.ns == ns && w.name == e.name; };
    if (ns == core::kNoSym || std::none_of(c.workloads.begin(), c.workloads.end(), named))
        return "no " + std::string(core::workloadKindName(e.workloadKind)) + " " + e.ns + "/" + e.name;
    // The garbage collector's cascade: the workload, what it controls (a Deployment's
    // ReplicaSets), then their pods. Workloads go first so no controller recreates the pods.
    auto controlledBy = [&](const std::vector<core::OwnerReference>& refs, const std::set<std::string>& owners) {
        for (const auto& r : refs)
            if (r.controller && owners.count(r.kind + "/" + r.name)) return true;
        return false;
    };
    std::set<std::string> owners{std::string(core::workloadKindName(e.workloadKind)) + "/" + e.name};
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& w : c.workloads)
            if (w.ns == ns && controlledBy(w.ownerReferences, owners) &&
                owners.insert(std::string(core::workloadKindName(w.kind)) + "/" + w.name).second)
                grew = true;
    }
    std::erase_if(c.workloads, [&](const core::Workload& w) {
        return w.ns == ns && owners.count(std::string(core::workloadKindName(w.kind)) + "/" + w.name);
    });
    std::vector<const core::Pod*> pods;
    for (std::size_t i = 0; i < c.pods.size(); ++i)
        if (!c.podRemoved[i] && c.pods[i].ns == ns && controlledBy(c.pods[i].ownerReferences, owners))
            pods.push_back(&c.pods[i]);
    for (const core::Pod* p : pods)
        m_sim->evictPod(*p, "deleted with its owner " + std::string(core::workloadKindName(e.workloadKind)) + " " +
                                e.ns + "/" + e.name);
    return {};
}

const core::Pod* Plan::namedPod(const PlanEdit& e) const {
    const core::Cluster& c = *m_cluster;
    const core::Sym ns = c.pool.find(e.ns);
    return ns == core::kNoSym ? nullptr : c.findPod(ns, e.name);
}

std::string Plan::deletePod(const PlanEdit& e) {
    const core::Pod* pod = namedPod(e);
    if (!pod) return "no pod " + e.ns + "/" + e.name;
    // The informer's Delete event (Simulation::evictPod): a bound pod's room is freed and the
    // pods waiting on it are moved as for AssignedPodDelete; a pending pod leaves the queue.
    m_sim->evictPod(*pod, "deleted (kubectl delete pod)");
    return {};
}

std::string Plan::pinPod(const PlanEdit& e) {
    core::Cluster& c = *m_cluster;
    const core::Pod* pod = namedPod(e);
    if (!pod) return "no pod " + e.ns + "/" + e.name;
    const core::Node* node = liveNode(c, e.node);
    if (!node) return "no node " + e.node;
    const core::PodOutcome& o = m_sim->outcome(*pod);
    if (o.state != core::PodState::Pending || o.assumed) return "only a pending pod can be pinned";
    // spec.nodeName can only be set on creation: like `kubectl replace`, the pod is deleted
    // and created again with the node set, and the kubelet (not the scheduler) admits it.
    // The copy is created first, so its controller counts it and makes no replacement.
    core::Pod copy = *pod;
    copy.nodeName = node->nameSym;
    const core::Pod& added = c.addPod(std::move(copy));
    m_sim->podAdded(added);
    m_sim->evictPod(c.pods[pod->id], "replaced by a copy pinned to " + e.node);
    return {};
}

std::string Plan::submitYaml(const PlanEdit& e) {
    core::Cluster& c = *m_cluster;
    if (e.fileName.empty()) return "submitted objects need a file name";
    if (m_load.sourceTexts.count(e.fileName)) return "a file named " + e.fileName + " is already loaded";
    // Check everything first, against a scratch cluster but the real index of names (so a
    // duplicate is caught too): nothing is added unless every object is good.
    io::detail::indexCluster(m_load.index, c);
    {
        core::Cluster scratch;
        io::LoadResult check;
        check.index = m_load.index;
        if (m_input->admitManifests) copyAdmissionObjects(c, scratch);
        const std::size_t classes = scratch.priorityClasses.size(), runtimeClasses = scratch.runtimeClasses.size(),
                          limitRanges = scratch.limitRanges.size();
        io::loadManifestText(e.yaml, e.fileName, scratch, check, m_loadOptions);
        if (check.diagnostics.hasErrors()) return check.diagnostics.firstErrors(3);
        if (check.config) return "a KubeSchedulerConfiguration belongs in the configuration, not in submitted objects";
        if (scratch.nodes.empty() && scratch.pods.empty() && scratch.workloads.empty() && scratch.namespaces.empty() &&
            scratch.services.empty() && scratch.priorityClasses.size() == classes && scratch.pdbs.empty() &&
            scratch.limitRanges.size() == limitRanges && scratch.runtimeClasses.size() == runtimeClasses)
            return "no objects";
        // The API server refuses a Pod its admission rejects (kubectl apply stops there too).
        if (m_input->admitManifests)
            for (const std::uint32_t i : check.podsToAdmit)
                if (std::string refused = admitPod(scratch, scratch.pods[i], m_input->version); !refused.empty())
                    return e.fileName + ": " + refused;
    }
    const std::size_t nodesBefore = c.nodes.size(), podsBefore = c.pods.size(), workloadsBefore = c.workloads.size();
    io::loadManifestText(e.yaml, e.fileName, c, m_load, m_loadOptions);
    const std::size_t podsLoaded = c.pods.size();
    // The loader appended the nodes; the simulation must add them itself (cache, queue moves).
    std::vector<core::Node> nodes;
    while (c.nodes.size() > nodesBefore) {
        nodes.insert(nodes.begin(), std::move(c.nodes.back()));
        c.nodes.pop_back();
        c.nodeRemoved.pop_back();
    }
    for (core::Node& n : nodes) m_sim->addNode(std::move(n));
    io::addImplicitNamespaces(c);
    // Admission as for the plan's own manifests (checked above, so none is refused here).
    if (m_input->admitManifests)
        for (const std::uint32_t i : m_load.podsToAdmit)
            if (i >= podsBefore) (void)admitPod(c, c.pods[i], m_input->version);
    for (std::size_t i = podsBefore; i < podsLoaded; ++i) m_sim->podAdded(c.pods[i]);
    if (c.workloads.size() > workloadsBefore) m_sim->workloadsChanged();
    return {};
}

}  // namespace berth::plan
