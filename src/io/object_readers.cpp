#include "io/object_readers.h"

#include <limits>
#include <string>

#include "io/metadata_reader.h"
#include "io/pod_reader.h"
#include "io/selector_reader.h"

namespace berth::io::detail {
namespace {

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// A non-negative int32 count (replicas, parallelism, completions), or `fallback` when absent.
std::int32_t readCount(Reader& r, const DocNode& spec, const char* key, const FieldPath& specPath,
                       std::int32_t fallback) {
    const auto v = readInt(r, field(spec, key), specPath.child(key), 0, kInt32Max);
    return v ? static_cast<std::int32_t>(*v) : fallback;
}

/// An intstr.IntOrString that must be a non-negative integer or a percentage of at most 100
/// (ValidatePositiveIntOrPercent and IsNotMoreThan100Percent, pkg/apis/apps/validation). A
/// quoted "3" is a string, and a string must be a percentage, as the API server says.
std::optional<core::IntOrPercent> readIntOrPercent(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!present(node)) return std::nullopt;
    if (!node.isScalar()) {
        r.error(node, path, std::string("expected an integer or a percentage, got ") + typeName(node));
        return std::nullopt;
    }
    const std::string_view text = node.scalar();
    core::IntOrPercent v;
    std::optional<std::int64_t> n;
    if (node.quoted() || (!text.empty() && text.back() == '%')) {
        v.percent = true;
        if (!text.empty() && text.back() == '%') n = parseDecimalInt64(text.substr(0, text.size() - 1));
        if (!n) {
            r.error(node, path,
                    "invalid value " + quoted(text) +
                        ": a valid percent string must be a numeric string followed by an ending '%'");
            return std::nullopt;
        }
        if (*n > 100) {
            r.error(node, path, "invalid value " + quoted(text) + ": must not be greater than 100%");
            return std::nullopt;
        }
    } else {
        n = readInt(r, node, path, std::numeric_limits<std::int32_t>::min(), kInt32Max);
        if (!n) return std::nullopt;
    }
    if (*n < 0) {
        r.error(node, path, "invalid value " + quoted(text) + ": must be greater than or equal to 0");
        return std::nullopt;
    }
    v.value = static_cast<std::int32_t>(*n);
    return v;
}

}  // namespace

void readNamespace(Reader& r, const DocNode& object, core::Namespace& ns) {
    const ObjectMeta meta = readObjectMeta(r, object, false);
    ns.name = r.intern(meta.name);
    ns.labels = meta.labels;
    if (!meta.name.empty()) ns.labels.set(r.intern("kubernetes.io/metadata.name"), ns.name);
    ns.source = r.sourceOf(object);
}

void readService(Reader& r, const DocNode& object, core::Service& service) {
    const ObjectMeta meta = readObjectMeta(r, object, true);
    service.ns = r.intern(meta.ns);
    service.name = meta.name;
    service.source = r.sourceOf(object);
    const DocNode spec = field(object, "spec");
    const FieldPath specPath("spec");
    if (!expectMap(r, spec, specPath)) return;
    const DocNode selector = field(spec, "selector");
    if (present(selector)) service.selector = readLabels(r, selector, specPath.child("selector"));
}

void readPriorityClass(Reader& r, const DocNode& object, core::PriorityClass& pc) {
    const ObjectMeta meta = readObjectMeta(r, object, false);
    pc.name = meta.name;
    pc.source = r.sourceOf(object);
    // `value` is a required int32 without omitempty: absent decodes as 0.
    pc.value = readInt32(r, field(object, "value"), FieldPath("value")).value_or(0);
    pc.globalDefault = readBool(r, field(object, "globalDefault"), FieldPath("globalDefault")).value_or(false);
    const DocNode policy = field(object, "preemptionPolicy");
    const std::string p = readString(r, policy, FieldPath("preemptionPolicy")).value_or(std::string());
    if (p == "Never")
        pc.preemptionPolicy = core::PreemptionPolicy::Never;
    else if (!p.empty() && p != "PreemptLowerPriority")
        r.error(policy, FieldPath("preemptionPolicy"),
                "unsupported value " + quoted(p) + ": supported values: Never, PreemptLowerPriority");
}

void readPodDisruptionBudget(Reader& r, const DocNode& object, core::PodDisruptionBudget& pdb) {
    const ObjectMeta meta = readObjectMeta(r, object, true);
    pdb.ns = r.intern(meta.ns);
    pdb.name = meta.name;
    pdb.source = r.sourceOf(object);
    const DocNode spec = field(object, "spec");
    const FieldPath specPath("spec");
    if (expectMap(r, spec, specPath)) {
        pdb.selector = readLabelSelector(r, field(spec, "selector"), specPath.child("selector"));
        pdb.minAvailable = readIntOrPercent(r, field(spec, "minAvailable"), specPath.child("minAvailable"));
        pdb.maxUnavailable = readIntOrPercent(r, field(spec, "maxUnavailable"), specPath.child("maxUnavailable"));
        // ValidatePodDisruptionBudgetSpec (pkg/apis/policy/validation): at most one of the two.
        if (pdb.minAvailable && pdb.maxUnavailable)
            r.error(spec, specPath, "minAvailable and maxUnavailable cannot be both set");
    }
    const DocNode status = field(object, "status");
    const FieldPath statusPath("status");
    if (present(status) && expectMap(r, status, statusPath)) {
        // Kept for a budget whose pods are not in the plan; otherwise the disruption
        // controller recomputes it from the plan's pods (plan/controllers/disruption.h).
        core::PodDisruptionBudgetStatus given;
        auto count = [&](const char* key) {
            return readInt32(r, field(status, key), statusPath.child(key)).value_or(0);
        };
        given.disruptionsAllowed = count("disruptionsAllowed");
        given.currentHealthy = count("currentHealthy");
        given.desiredHealthy = count("desiredHealthy");
        given.expectedPods = count("expectedPods");
        forEachEntry(r, field(status, "disruptedPods"), statusPath.child("disruptedPods"),
                     [&](const std::string& podName, const DocNode&, const FieldPath&) {
                         given.disruptedPods.push_back(podName);
                     });
        pdb.disruptionsAllowed = given.disruptionsAllowed;
        pdb.currentHealthy = given.currentHealthy;
        pdb.desiredHealthy = given.desiredHealthy;
        pdb.expectedPods = given.expectedPods;
        pdb.disruptedPods = given.disruptedPods;
        pdb.givenStatus = std::move(given);
    }
}

void readWorkload(Reader& r, const DocNode& object, core::WorkloadKind kind, core::Workload& workload) {
    const ObjectMeta meta = readObjectMeta(r, object, true);
    workload.kind = kind;
    workload.ns = r.intern(meta.ns);
    workload.name = meta.name;
    workload.uid = meta.uid;  // empty when absent: expansion derives a deterministic one
    workload.labels = meta.labels;
    workload.ownerReferences = meta.ownerReferences;
    workload.source = r.sourceOf(object);

    const DocNode spec = field(object, "spec");
    const FieldPath specPath("spec");
    if (!present(spec)) {
        r.error(object, specPath, "is required");
        return;
    }
    if (!expectMap(r, spec, specPath)) return;

    const DocNode selector = field(spec, "selector");
    if (kind == core::WorkloadKind::ReplicationController) {
        // A ReplicationController selects with a plain map.
        if (present(selector))
            workload.selector = selectorFromLabels(readLabels(r, selector, specPath.child("selector")));
    } else {
        workload.selector = readLabelSelector(r, selector, specPath.child("selector"));
    }

    switch (kind) {
        case core::WorkloadKind::Job: {
            // SetDefaults_Job: both absent -> 1 and 1; parallelism absent -> 1; completions
            // absent with parallelism given stays nil (a work queue), stored as -1.
            const bool hasParallelism = present(field(spec, "parallelism"));
            workload.replicas = readCount(r, spec, "parallelism", specPath, 1);
            workload.completions = readCount(r, spec, "completions", specPath, hasParallelism ? -1 : 1);
            break;
        }
        case core::WorkloadKind::DaemonSet: break;  // one pod per eligible node; no replica count
        case core::WorkloadKind::StatefulSet: {
            workload.replicas = readCount(r, spec, "replicas", specPath, 1);
            const DocNode policy = field(spec, "podManagementPolicy");
            std::string p = readString(r, policy, specPath.child("podManagementPolicy")).value_or(std::string());
            if (p.empty()) p = "OrderedReady";  // SetDefaults_StatefulSet
            if (p != "OrderedReady" && p != "Parallel")
                r.error(policy, specPath.child("podManagementPolicy"),
                        "unsupported value " + quoted(p) + ": supported values: OrderedReady, Parallel");
            workload.podManagementPolicy = p;
            workload.serviceName =
                readString(r, field(spec, "serviceName"), specPath.child("serviceName")).value_or(std::string());
            break;
        }
        case core::WorkloadKind::Deployment:
        case core::WorkloadKind::ReplicaSet:
        case core::WorkloadKind::ReplicationController:
            workload.replicas = readCount(r, spec, "replicas", specPath, 1);
            break;
    }

    readPodTemplate(r, field(spec, "template"), specPath.child("template"), workload.ns, workload.podTemplate);
}

}  // namespace berth::io::detail
