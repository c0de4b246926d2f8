#include "io/pod_reader.h"

#include <algorithm>
#include <string>

#include "io/declared_features_check.h"
#include "io/metadata_reader.h"
#include "io/resource_reader.h"
#include "io/rfc3339.h"
#include "io/selector_reader.h"

namespace berth::io::detail {
namespace {

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

core::TaintEffect readTolerationEffect(Reader& r, const DocNode& node, const FieldPath& path) {
    const std::string s = readString(r, node, path).value_or(std::string());
    if (s.empty()) return core::TaintEffect::None;  // every effect
    if (s == "NoSchedule") return core::TaintEffect::NoSchedule;
    if (s == "PreferNoSchedule") return core::TaintEffect::PreferNoSchedule;
    if (s == "NoExecute") return core::TaintEffect::NoExecute;
    r.error(node, path,
            "unsupported value " + quoted(s) + ": supported values: NoExecute, NoSchedule, PreferNoSchedule");
    return core::TaintEffect::None;
}

core::ContainerPort readPort(Reader& r, const DocNode& node, const FieldPath& path) {
    core::ContainerPort port;
    if (!expectMap(r, node, path)) return port;
    auto readPortNumber = [&](const char* key) -> std::int32_t {
        const auto v = readInt(r, field(node, key), path.child(key), 0, 65535);
        return static_cast<std::int32_t>(v.value_or(0));
    };
    port.containerPort = readPortNumber("containerPort");
    port.hostPort = readPortNumber("hostPort");
    const DocNode protocol = field(node, "protocol");
    if (auto p = readString(r, protocol, path.child("protocol")); p && !p->empty()) {
        if (*p != "TCP" && *p != "UDP" && *p != "SCTP")
            r.error(protocol, path.child("protocol"),
                    "unsupported value " + quoted(*p) + ": supported values: SCTP, TCP, UDP");
        port.protocol = r.intern(*p);
    }
    // Empty protocol and hostIP stay kEmptySym: computeDerived fills in TCP and 0.0.0.0.
    if (auto ip = readString(r, field(node, "hostIP"), path.child("hostIP")); ip && !ip->empty())
        port.hostIP = r.intern(*ip);
    return port;
}

// validateResourceRequirements (pkg/apis/core/validation/validation.go): no request above
// its limit. The values are shown as written (upstream prints the canonical form, the same
// for the usual 500m, 2, 1Gi).
void checkRequestsWithinLimits(Reader& r, const DocNode& resources, const FieldPath& path,
                               const NamedQuantities& requests, const NamedQuantities& limits) {
    const auto amount = [](const std::string& name, const core::Quantity& q) {
        return name == "cpu" ? q.milliValue() : q.value();
    };
    const FieldPath requestsPath = path.child("requests");
    for (const auto& [name, request] : requests.items) {
        const auto limit = std::find_if(limits.items.begin(), limits.items.end(),
                                        [&wanted = name](const auto& item) { return item.first == wanted; });
        if (limit == limits.items.end() || amount(name, request) <= amount(name, limit->second)) continue;
        const DocNode requestNode = field(field(resources, "requests"), name.c_str());
        const DocNode limitNode = field(field(resources, "limits"), name.c_str());
        r.error(requestNode, requestsPath,
                "Invalid value: " + quoted(std::string(requestNode.scalar())) + ": must be less than or equal to " +
                    name + " limit of " + std::string(limitNode.scalar()));
    }
}

// spec.resources (pod-level resources): requests and limits as written, requests within
// limits, and only the resources validatePodResourceName (pkg/apis/core/validation) accepts.
// Read in every release; computeDerived decides from which one they count.
core::PodLevelResources readPodLevelResources(Reader& r, const DocNode& resources, const FieldPath& path) {
    core::PodLevelResources pl;
    if (!expectMap(r, resources, path)) return pl;
    const NamedQuantities requests = readNamedQuantities(r, field(resources, "requests"), path.child("requests"));
    const NamedQuantities limits = readNamedQuantities(r, field(resources, "limits"), path.child("limits"));
    const auto checkNames = [&](const NamedQuantities& list, const char* key) {
        for (const auto& item : list.items) {
            const std::string& name = item.first;
            if (name == "cpu" || name == "memory" || name.rfind("hugepages-", 0) == 0) continue;
            r.error(field(field(resources, key), name.c_str()), path.child(key),
                    "Unsupported value: " + quoted(name) + R"(: supported values: "cpu", "hugepages-", "memory")");
        }
    };
    checkNames(requests, "requests");
    checkNames(limits, "limits");
    checkRequestsWithinLimits(r, resources, path, requests, limits);
    pl.requests = toResourceList(r, requests);
    pl.limits = toResourceList(r, limits);
    pl.hasCpuRequest = requests.has("cpu");
    pl.hasMemoryRequest = requests.has("memory");
    pl.hasCpuLimit = limits.has("cpu");
    pl.hasMemoryLimit = limits.has("memory");
    return pl;
}

core::Container readContainer(Reader& r, const DocNode& node, const FieldPath& path, bool init) {
    core::Container c;
    if (!expectMap(r, node, path)) return c;
    c.name = readString(r, field(node, "name"), path.child("name")).value_or(std::string());
    c.image = readString(r, field(node, "image"), path.child("image")).value_or(std::string());

    const DocNode resources = field(node, "resources");
    const FieldPath resourcesPath = path.child("resources");
    if (expectMap(r, resources, resourcesPath)) {
        NamedQuantities requests =
            readNamedQuantities(r, field(resources, "requests"), resourcesPath.child("requests"));
        const NamedQuantities limits =
            readNamedQuantities(r, field(resources, "limits"), resourcesPath.child("limits"));
        checkRequestsWithinLimits(r, resources, resourcesPath, requests, limits);
        // API defaulting (SetDefaults_Container via defaultRequests): a resource with a limit
        // and no request gets the limit as its request.
        for (const auto& [name, q] : limits.items)
            if (!requests.has(name)) requests.items.emplace_back(name, q);
        c.requests = toResourceList(r, requests);
        c.hasCpuRequest = requests.has("cpu");
        c.hasMemoryRequest = requests.has("memory");
        c.hasEphemeralStorageRequest = requests.has("ephemeral-storage");
        c.limits = toNamedResourceList(r, limits);
    }

    const FieldPath portsPath = path.child("ports");
    forEachItem(r, field(node, "ports"), portsPath,
                [&](const DocNode& item, const FieldPath& p) { c.ports.push_back(readPort(r, item, p)); });

    if (init) {
        // Only init containers take a restartPolicy, and only Always (a sidecar, KEP-753).
        const DocNode policy = field(node, "restartPolicy");
        const std::string s = readString(r, policy, path.child("restartPolicy")).value_or(std::string());
        if (s == "Always")
            c.restartPolicyAlways = true;
        else if (!s.empty())
            r.error(policy, path.child("restartPolicy"),
                    "unsupported value " + quoted(s) + ": supported values: Always");
    }
    return c;
}

void readPodSpec(Reader& r, const DocNode& spec, const FieldPath& path, core::Pod& pod) {
    pod.schedulerName = r.intern(kDefaultSchedulerName);
    if (!expectMap(r, spec, path)) return;

    if (auto s = readString(r, field(spec, "nodeName"), path.child("nodeName")); s && !s->empty())
        pod.nodeName = r.intern(*s);
    if (auto s = readString(r, field(spec, "schedulerName"), path.child("schedulerName")); s && !s->empty())
        pod.schedulerName = r.intern(*s);
    pod.priority = readInt32(r, field(spec, "priority"), path.child("priority")).value_or(0);
    pod.priorityClassName =
        readString(r, field(spec, "priorityClassName"), path.child("priorityClassName")).value_or(std::string());
    const DocNode preemption = field(spec, "preemptionPolicy");
    const std::string policy = readString(r, preemption, path.child("preemptionPolicy")).value_or(std::string());
    if (policy == "Never")
        pod.preemptionPolicy = core::PreemptionPolicy::Never;
    else if (!policy.empty() && policy != "PreemptLowerPriority")
        r.error(preemption, path.child("preemptionPolicy"),
                "unsupported value " + quoted(policy) + ": supported values: Never, PreemptLowerPriority");

    pod.nodeSelector = readLabels(r, field(spec, "nodeSelector"), path.child("nodeSelector"));
    pod.affinity = readAffinity(r, field(spec, "affinity"), path.child("affinity"));

    const FieldPath tolPath = path.child("tolerations");
    forEachItem(r, field(spec, "tolerations"), tolPath, [&](const DocNode& item, const FieldPath& p) {
        pod.tolerations.push_back(readToleration(r, item, p));
    });
    const FieldPath tscPath = path.child("topologySpreadConstraints");
    forEachItem(r, field(spec, "topologySpreadConstraints"), tscPath, [&](const DocNode& item, const FieldPath& p) {
        pod.topologySpreadConstraints.push_back(readTopologySpreadConstraint(r, item, p));
    });

    const FieldPath containersPath = path.child("containers");
    forEachItem(r, field(spec, "containers"), containersPath, [&](const DocNode& item, const FieldPath& p) {
        pod.containers.push_back(readContainer(r, item, p, false));
    });
    const FieldPath initPath = path.child("initContainers");
    forEachItem(r, field(spec, "initContainers"), initPath, [&](const DocNode& item, const FieldPath& p) {
        pod.initContainers.push_back(readContainer(r, item, p, true));
    });

    // API defaulting of a host-network pod (apis/core/v1/defaults.go SetDefaults_Pod,
    // defaultHostNetworkPorts): a port without a hostPort gets its containerPort as hostPort,
    // in containers and init containers, so NodePorts sees it. A template's pods get the same
    // when the controller creates them.
    if (readBool(r, field(spec, "hostNetwork"), path.child("hostNetwork")).value_or(false)) {
        for (auto* list : {&pod.containers, &pod.initContainers})
            for (auto& c : *list)
                for (auto& port : c.ports)
                    if (port.hostPort == 0) port.hostPort = port.containerPort;
    }

    pod.overhead = toResourceList(r, readNamedQuantities(r, field(spec, "overhead"), path.child("overhead")));
    pod.runtimeClassName =
        readString(r, field(spec, "runtimeClassName"), path.child("runtimeClassName")).value_or(std::string());
    pod.podResources = readPodLevelResources(r, field(spec, "resources"), path.child("resources"));

    // hasLocalStorage (kubectl drain/filters.go): any emptyDir volume.
    const FieldPath volumesPath = path.child("volumes");
    forEachItem(r, field(spec, "volumes"), volumesPath, [&](const DocNode& item, const FieldPath& p) {
        if (expectMap(r, item, p) && present(field(item, "emptyDir"))) pod.emptyDirVolume = true;
    });

    const FieldPath gatesPath = path.child("schedulingGates");
    forEachItem(r, field(spec, "schedulingGates"), gatesPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        if (auto name = readRequiredString(r, item, "name", p)) pod.schedulingGates.push_back(*name);
    });
    warnNodeDeclaredFeatures(r, spec, path);
}

void readPodStatus(Reader& r, const DocNode& status, const FieldPath& path, core::Pod& pod) {
    if (!expectMap(r, status, path)) return;
    const DocNode phase = field(status, "phase");
    const std::string p = readString(r, phase, path.child("phase")).value_or(std::string());
    if (p.empty() || p == "Pending")
        pod.phase = core::PodPhase::Pending;
    else if (p == "Running")
        pod.phase = core::PodPhase::Running;
    else if (p == "Succeeded")
        pod.phase = core::PodPhase::Succeeded;
    else if (p == "Failed")
        pod.phase = core::PodPhase::Failed;
    else if (p == "Unknown")
        pod.phase = core::PodPhase::Unknown;
    else
        r.error(phase, path.child("phase"),
                "unsupported value " + quoted(p) + ": supported values: Failed, Pending, Running, Succeeded, Unknown");

    const DocNode start = field(status, "startTime");
    if (auto s = readString(r, start, path.child("startTime"))) {
        if (auto t = parseRfc3339(*s))
            pod.startTime = *t;
        else
            r.error(start, path.child("startTime"), "invalid RFC 3339 time " + quoted(*s));
    }
    if (auto s = readString(r, field(status, "nominatedNodeName"), path.child("nominatedNodeName")); s && !s->empty())
        pod.nominatedNodeName = r.intern(*s);
}

}  // namespace

core::Toleration readToleration(Reader& r, const DocNode& node, const FieldPath& path) {
    core::Toleration t;
    if (!expectMap(r, node, path)) return t;
    t.key = r.intern(readString(r, field(node, "key"), path.child("key")).value_or(std::string()));
    const std::string op = readString(r, field(node, "operator"), path.child("operator")).value_or(std::string());
    // An empty operator means Equal (v1 defaulting). Anything else is kept as Unknown, which
    // tolerates nothing, as ToleratesTaint does for an operator it does not know.
    if (op.empty() || op == "Equal")
        t.op = core::TolerationOp::Equal;
    else if (op == "Exists")
        t.op = core::TolerationOp::Exists;
    else
        t.op = core::TolerationOp::Unknown;
    t.value = r.intern(readString(r, field(node, "value"), path.child("value")).value_or(std::string()));
    t.effect = readTolerationEffect(r, field(node, "effect"), path.child("effect"));
    t.seconds = readInt64(r, field(node, "tolerationSeconds"), path.child("tolerationSeconds"));
    return t;
}

void readPod(Reader& r, const DocNode& object, core::Pod& pod) {
    const ObjectMeta meta = readObjectMeta(r, object, true);
    pod.name = meta.name;
    pod.ns = r.intern(meta.ns);
    // Objects carry a uid in a real cluster; generate a stable one so owner and victim
    // bookkeeping never sees two pods with the same (empty) uid.
    pod.uid = meta.uid.empty() ? "uid-" + meta.ns + "-" + meta.name : meta.uid;
    pod.labels = meta.labels;
    pod.ownerReferences = meta.ownerReferences;
    pod.generateName = meta.generateName;
    pod.terminating = meta.deleting;
    pod.notSafeToEvict = meta.notSafeToEvict;
    pod.source = r.sourceOf(object);

    const FieldPath specPath("spec");
    readPodSpec(r, field(object, "spec"), specPath, pod);
    const FieldPath statusPath("status");
    readPodStatus(r, field(object, "status"), statusPath, pod);
}

void readPodTemplate(Reader& r, const DocNode& node, const FieldPath& path, Sym ns, core::Pod& pod) {
    pod.ns = ns;
    pod.schedulerName = r.intern(kDefaultSchedulerName);
    pod.source = r.sourceOf(node);
    if (!present(node)) {
        r.error(node, path, "is required");
        return;
    }
    if (!expectMap(r, node, path)) return;
    const ObjectMeta meta = readTemplateMeta(r, field(node, "metadata"), path.child("metadata"));
    pod.name = meta.name;
    pod.labels = meta.labels;
    pod.generateName = meta.generateName;
    pod.notSafeToEvict = meta.notSafeToEvict;
    readPodSpec(r, field(node, "spec"), path.child("spec"), pod);
}

}  // namespace berth::io::detail
