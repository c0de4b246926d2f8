// Follows pkg/controller/deployment/sync.go (getNewReplicaSet), pkg/controller/replicaset,
// pkg/controller/statefulset/stateful_set_utils.go, pkg/controller/job/job_controller.go,
// pkg/controller/daemon/daemon_controller.go and pkg/controller/daemon/util/daemonset_util.go,
// plugin/pkg/admission/priority/admission.go and
// plugin/pkg/admission/defaulttolerationseconds/admission.go.
#include "plan/controllers/workloads.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iterator>
#include <optional>
#include <random>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/api/node_selector_match.h"

namespace berth::plan {
namespace {

using core::Cluster;
using core::Pod;
using core::Sym;
using core::Workload;
using core::WorkloadKind;

// k8s.io/apimachinery/pkg/util/rand/rand.go
constexpr std::string_view kAlphanums = "bcdfghjklmnpqrstvwxz2456789";
constexpr int kAlphanumsIdxBits = 5;
constexpr std::uint64_t kAlphanumsIdxMask = (1u << kAlphanumsIdxBits) - 1;
constexpr int kMaxAlphanumsPerInt = 63 / kAlphanumsIdxBits;
constexpr int kRandomLength = 5;
// k8s.io/apiserver/pkg/storage/names/generate.go: 63 - randomLength.
constexpr std::size_t kMaxGeneratedNameLength = 63 - kRandomLength;

// plugin/pkg/admission/defaulttolerationseconds: --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds.
constexpr std::int64_t kDefaultTolerationSeconds = 300;

// pkg/apis/scheduling/types.go: the system classes the API server creates at start-up.
constexpr std::int32_t kSystemClusterCritical = 2000000000;
constexpr std::int32_t kSystemNodeCritical = kSystemClusterCritical + 1000;

/// 32-bit FNV-1a over a canonical byte stream. Every field is length- or tag-delimited so
/// that different templates cannot produce the same stream.
class Fnv32a {
public:
    void bytes(std::string_view s) {
        for (unsigned char c : s) {
            m_hash ^= c;
            m_hash *= 16777619u;
        }
    }
    void str(std::string_view s) {
        num(static_cast<std::int64_t>(s.size()));
        bytes(s);
    }
    void num(std::int64_t v) {
        char buf[24];
        const int n = std::snprintf(buf, sizeof buf, "%lld;", static_cast<long long>(v));
        bytes(std::string_view(buf, static_cast<std::size_t>(n)));
    }
    void tag(std::string_view t) { bytes(t); bytes("{"); }
    void end() { bytes("}"); }
    std::uint32_t value() const { return m_hash; }

private:
    std::uint32_t m_hash = 2166136261u;
};

std::uint64_t fnv64(std::string_view s) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// A version-4-shaped UUID derived from the seed and the object's identity.
std::string deterministicUid(std::uint64_t seed, std::string_view kind, std::string_view ns,
                             std::string_view name) {
    std::string key;
    key.reserve(kind.size() + ns.size() + name.size() + 2);
    key.append(kind).push_back('/');
    key.append(ns).push_back('/');
    key.append(name);
    const std::uint64_t a = splitmix64(seed ^ fnv64(key));
    const std::uint64_t b = splitmix64(a ^ 0x6a09e667f3bcc909ull);
    char hex[33];
    std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(a),
                  static_cast<unsigned long long>(b));
    hex[12] = '4';                    // version 4
    hex[16] = "89ab"[(b >> 62) & 3];  // RFC 4122 variant
    std::string out(hex, 8);
    out += '-';
    out.append(hex + 8, 4);
    out += '-';
    out.append(hex + 12, 4);
    out += '-';
    out.append(hex + 16, 4);
    out += '-';
    out.append(hex + 20, 12);
    return out;
}

void hashLabels(Fnv32a& h, const core::Labels& labels, const core::StringPool& pool) {
    std::vector<std::pair<std::string_view, std::string_view>> items;
    items.reserve(labels.size());
    for (const auto& l : labels) items.emplace_back(pool.str(l.key), pool.str(l.value));
    std::sort(items.begin(), items.end());
    h.tag("labels");
    for (const auto& [k, v] : items) {
        h.str(k);
        h.str(v);
    }
    h.end();
}

void hashSyms(Fnv32a& h, const std::vector<Sym>& syms, const core::StringPool& pool) {
    h.num(static_cast<std::int64_t>(syms.size()));
    for (Sym s : syms) h.str(pool.str(s));
}

void hashResources(Fnv32a& h, const core::ResourceList& r, const core::StringPool& pool) {
    h.tag("res");
    h.num(r.milliCpu);
    h.num(r.memory);
    h.num(r.ephemeralStorage);
    h.num(r.pods);
    for (const auto& s : r.scalars) {
        h.str(pool.str(s.name));
        h.num(s.value);
    }
    h.end();
}

void hashLabelSelector(Fnv32a& h, const std::optional<core::LabelSelector>& sel,
                       const core::StringPool& pool) {
    if (!sel) {
        h.tag("nil");
        h.end();
        return;
    }
    h.tag("sel");
    h.num(sel->invalid ? 1 : 0);
    for (const auto& r : sel->requirements) {
        h.str(pool.str(r.key));
        h.num(static_cast<int>(r.op));
        hashSyms(h, r.values, pool);
    }
    h.end();
}

void hashNodeSelectorTerm(Fnv32a& h, const core::NodeSelectorTerm& t, const core::StringPool& pool) {
    h.tag("term");
    h.num(t.unparsable ? 1 : 0);
    for (const auto& r : t.expressions) {
        h.str(pool.str(r.key));
        h.num(static_cast<int>(r.op));
        hashSyms(h, r.values, pool);
        h.num(r.number);
    }
    h.bytes("|");
    for (const auto& f : t.fields) {
        h.str(pool.str(f.key));
        h.num(static_cast<int>(f.op));
        hashSyms(h, f.values, pool);
    }
    h.end();
}

void hashPodAffinityTerm(Fnv32a& h, const core::PodAffinityTerm& t, const core::StringPool& pool) {
    h.tag("podterm");
    hashLabelSelector(h, t.selector, pool);
    hashSyms(h, t.namespaces, pool);
    hashLabelSelector(h, t.namespaceSelector, pool);
    h.str(pool.str(t.topologyKey));
    hashSyms(h, t.matchLabelKeys, pool);
    hashSyms(h, t.mismatchLabelKeys, pool);
    h.end();
}

void hashPodAffinityRules(Fnv32a& h, const core::PodAffinityRules& r, const core::StringPool& pool) {
    h.tag("podaff");
    for (const auto& t : r.required) hashPodAffinityTerm(h, t, pool);
    h.bytes("|");
    for (const auto& w : r.preferred) {
        h.num(w.weight);
        hashPodAffinityTerm(h, w.term, pool);
    }
    h.end();
}

void hashContainers(Fnv32a& h, std::string_view what, const std::vector<core::Container>& cs,
                    const core::StringPool& pool) {
    h.tag(what);
    for (const auto& c : cs) {
        h.tag("c");
        h.str(c.name);
        h.str(c.image);
        hashResources(h, c.requests, pool);
        h.num((c.hasCpuRequest ? 1 : 0) | (c.hasMemoryRequest ? 2 : 0) | (c.restartPolicyAlways ? 4 : 0));
        for (const auto& p : c.ports) {
            h.num(p.containerPort);
            h.num(p.hostPort);
            h.str(pool.str(p.protocol));
            h.str(pool.str(p.hostIP));
        }
        h.end();
    }
    h.end();
}

std::uint32_t templateHash32(const Pod& t, const core::StringPool& pool) {
    Fnv32a h;
    hashLabels(h, t.labels, pool);
    h.tag("spec");
    h.str(pool.str(t.nodeName));
    h.str(pool.str(t.schedulerName));
    h.num(t.priority);
    h.str(t.priorityClassName);
    h.num(static_cast<int>(t.preemptionPolicy));
    hashLabels(h, t.nodeSelector, pool);
    h.tag("nodeaff");
    if (t.affinity.node.required)
        for (const auto& term : t.affinity.node.required->terms) hashNodeSelectorTerm(h, term, pool);
    else
        h.bytes("nil");
    for (const auto& p : t.affinity.node.preferred) {
        h.num(p.weight);
        hashNodeSelectorTerm(h, p.term, pool);
    }
    h.end();
    hashPodAffinityRules(h, t.affinity.podAffinity, pool);
    hashPodAffinityRules(h, t.affinity.podAntiAffinity, pool);
    h.tag("tol");
    for (const auto& tol : t.tolerations) {
        h.str(pool.str(tol.key));
        h.num(static_cast<int>(tol.op));
        h.str(pool.str(tol.value));
        h.num(static_cast<int>(tol.effect));
        h.num(tol.seconds ? *tol.seconds : -1);
    }
    h.end();
    h.tag("tsc");
    for (const auto& c : t.topologySpreadConstraints) {
        h.num(c.maxSkew);
        h.str(pool.str(c.topologyKey));
        h.num(static_cast<int>(c.whenUnsatisfiable));
        hashLabelSelector(h, c.selector, pool);
        h.num(c.minDomains ? *c.minDomains : -1);
        h.num(c.nodeAffinityPolicy ? static_cast<int>(*c.nodeAffinityPolicy) : -1);
        h.num(c.nodeTaintsPolicy ? static_cast<int>(*c.nodeTaintsPolicy) : -1);
        hashSyms(h, c.matchLabelKeys, pool);
    }
    h.end();
    hashContainers(h, "containers", t.containers, pool);
    hashContainers(h, "init", t.initContainers, pool);
    hashResources(h, t.overhead, pool);
    h.tag("gates");
    for (const auto& g : t.schedulingGates) h.str(g);
    h.end();
    h.end();
    return h.value();
}

/// pkg/controller/controller_utils.go ComputeHash: the collision count, when set, is mixed in.
std::string templateHash(const Pod& t, const core::StringPool& pool, std::int32_t collisionCount) {
    std::uint32_t value = templateHash32(t, pool);
    if (collisionCount > 0) {
        Fnv32a h;
        h.num(value);
        h.num(collisionCount);
        value = h.value();
    }
    return safeEncodeString(std::to_string(value));
}

/// utilrand.String: 5 bits of a 63-bit random number per character, rejecting indices past
/// the alphabet, 12 characters per number.
class SuffixGenerator {
public:
    explicit SuffixGenerator(std::uint64_t seed) : m_rng(seed) {}
    std::string next(int n = kRandomLength) {
        std::string out;
        out.reserve(static_cast<std::size_t>(n));
        std::uint64_t bits = m_rng() >> 1;
        int remaining = kMaxAlphanumsPerInt;
        while (static_cast<int>(out.size()) < n) {
            if (remaining == 0) {
                bits = m_rng() >> 1;
                remaining = kMaxAlphanumsPerInt;
            }
            const auto idx = static_cast<std::size_t>(bits & kAlphanumsIdxMask);
            if (idx < kAlphanums.size()) out.push_back(kAlphanums[idx]);
            bits >>= kAlphanumsIdxBits;
            --remaining;
        }
        return out;
    }

private:
    std::mt19937_64 m_rng;
};

struct OwnerKey {
    WorkloadKind kind;
    Sym ns;
    std::string name;
};

std::optional<WorkloadKind> kindFromString(std::string_view kind) {
    if (kind == "Deployment") return WorkloadKind::Deployment;
    if (kind == "ReplicaSet") return WorkloadKind::ReplicaSet;
    if (kind == "StatefulSet") return WorkloadKind::StatefulSet;
    if (kind == "ReplicationController") return WorkloadKind::ReplicationController;
    if (kind == "Job") return WorkloadKind::Job;
    if (kind == "DaemonSet") return WorkloadKind::DaemonSet;
    return std::nullopt;
}

const char* apiVersionOf(WorkloadKind k) {
    switch (k) {
        case WorkloadKind::Deployment:
        case WorkloadKind::ReplicaSet:
        case WorkloadKind::StatefulSet:
        case WorkloadKind::DaemonSet: return "apps/v1";
        case WorkloadKind::ReplicationController: return "v1";
        case WorkloadKind::Job: return "batch/v1";
    }
    return "v1";
}

std::string ownerIndexKey(WorkloadKind kind, Sym ns, std::string_view name) {
    std::string key = std::to_string(static_cast<int>(kind));
    key += '/';
    key += std::to_string(ns);
    key += '/';
    key.append(name);
    return key;
}

bool sameToleration(const core::Toleration& a, const core::Toleration& b) {
    // v1.Toleration.MatchToleration: key, effect, operator and value.
    return a.key == b.key && a.effect == b.effect && a.op == b.op && a.value == b.value;
}

/// v1helper.AddOrUpdateTolerationInPodSpec.
void addOrUpdateToleration(std::vector<core::Toleration>& tolerations, const core::Toleration& t) {
    for (auto& existing : tolerations) {
        if (sameToleration(existing, t)) {
            existing = t;
            return;
        }
    }
    tolerations.push_back(t);
}

class Expander {
public:
    Expander(Cluster& cluster, std::uint64_t seed, const core::KubeVersion& version, io::Diagnostics& diags)
        : m_cluster(cluster), m_pool(cluster.pool), m_seed(seed), m_version(version), m_diags(diags),
          m_suffixes(seed), m_tcp(m_pool.intern("TCP")), m_anyIp(m_pool.intern("0.0.0.0")) {
        for (std::size_t i = 0; i < m_cluster.pods.size(); ++i) {
            const Pod& p = m_cluster.pods[i];
            // Names of removed pods stay taken: a replacement gets a new name, so the UI and
            // the event log never show two pods under one generated name.
            m_takenNames.insert(nameKey(p.ns, p.name));
            if (m_cluster.podRemoved[i]) continue;
            m_liveNames.insert(nameKey(p.ns, p.name));
            if (const auto* ref = core::controllerOf(p))
                if (auto kind = kindFromString(ref->kind))
                    m_owned[ownerIndexKey(*kind, p.ns, ref->name)].push_back(static_cast<std::uint32_t>(i));
        }
    }

    /// Pods the controllers delete because their workload wants fewer (scaled down).
    std::vector<std::uint32_t> surplus() const { return m_surplus; }

    void run() {
        // Workloads added here (a Deployment's ReplicaSet) are expanded when they are made.
        const std::size_t count = m_cluster.workloads.size();
        for (std::size_t i = 0; i < count; ++i) {
            Workload& w = m_cluster.workloads[i];
            if (w.uid.empty())
                w.uid = deterministicUid(m_seed, core::workloadKindName(w.kind), m_pool.str(w.ns), w.name);
            switch (w.kind) {
                case WorkloadKind::Deployment: expandDeployment(i); break;
                case WorkloadKind::ReplicaSet:
                case WorkloadKind::ReplicationController: expandReplicaSet(m_cluster.workloads[i]); break;
                case WorkloadKind::StatefulSet: expandStatefulSet(w); break;
                case WorkloadKind::Job: expandJob(w); break;
                case WorkloadKind::DaemonSet: expandDaemonSet(w); break;
            }
        }
    }

private:
    static std::string nameKey(Sym ns, std::string_view name) {
        std::string key = std::to_string(ns);
        key += '/';
        key.append(name);
        return key;
    }

    /// Pods that `w` controls (controller ownerReference of its kind and name; the uid too,
    /// when both sides have one), still present.
    std::vector<const Pod*> ownedPods(const Workload& w) const {
        std::vector<const Pod*> out;
        auto it = m_owned.find(ownerIndexKey(w.kind, w.ns, w.name));
        if (it == m_owned.end()) return out;
        for (std::uint32_t idx : it->second) {
            if (m_cluster.podRemoved[idx]) continue;
            const Pod& p = m_cluster.pods[idx];
            const auto* ref = core::controllerOf(p);
            if (ref && !ref->uid.empty() && !w.uid.empty() && ref->uid != w.uid) continue;
            out.push_back(&p);
        }
        return out;
    }

    /// Whether `count` more pods keep the cluster within kMaxPlannedPods; an error if not.
    bool roomFor(const Workload& w, std::int64_t count, const char* field) {
        if (static_cast<std::int64_t>(m_cluster.pods.size()) + count <= kMaxPlannedPods) return true;
        report(w, io::Severity::Error,
               std::string(field) + " asks for " + std::to_string(count) + " more pods, which would take the cluster past " +
                   std::to_string(kMaxPlannedPods) + " pods, the most Berth plans (Kubernetes supports 150,000): "
                   "none of them were made");
        return false;
    }

    static bool isActive(const Pod& p) {
        // controller.FilterActivePods: not Succeeded, not Failed, not being deleted.
        return p.phase != core::PodPhase::Succeeded && p.phase != core::PodPhase::Failed && !p.terminating;
    }

    void warn(const Workload& w, std::string message) { report(w, io::Severity::Warning, std::move(message)); }

    void report(const Workload& w, io::Severity severity, std::string message) {
        io::Diagnostic d;
        d.severity = severity;
        d.file = w.source.file;
        d.line = w.source.line;
        d.column = w.source.column;
        d.kind = core::workloadKindName(w.kind);
        d.name = std::string(m_pool.str(w.ns)) + "/" + w.name;
        // A ReplicaSet a Deployment controls follows the Deployment's replicas (whether made
        // here or loaded from a dump): name the Deployment, which is what the user edits.
        if (const auto* owner = core::controllerOf(w.ownerReferences); owner && owner->kind == "Deployment") {
            d.kind = owner->kind;
            d.name = std::string(m_pool.str(w.ns)) + "/" + owner->name;
        }
        d.message = std::move(message);
        m_diags.add(std::move(d));
    }

    /// The Priority admission plugin's view of a template: the class it names, the global
    /// default, or none. nullopt (and a warning) when the class does not exist: the API server
    /// would refuse every pod.
    struct PriorityDecision {
        std::string className;
        std::int32_t value = 0;
        std::optional<core::PreemptionPolicy> policy;
    };
    std::optional<PriorityDecision> resolvePriority(const Workload& w) {
        const Pod& t = w.podTemplate;
        PriorityDecision d;
        if (t.priorityClassName.empty()) {
            // getDefaultPriorityClass: the globalDefault class with the highest value.
            const core::PriorityClass* best = nullptr;
            for (const auto& pc : m_cluster.priorityClasses)
                if (pc.globalDefault && (!best || best->value < pc.value)) best = &pc;
            if (best) {
                d.className = best->name;
                d.value = best->value;
                d.policy = best->preemptionPolicy;
            }
            return d;
        }
        d.className = t.priorityClassName;
        if (const auto* pc = m_cluster.findPriorityClass(t.priorityClassName)) {
            d.value = pc->value;
            d.policy = pc->preemptionPolicy;
            return d;
        }
        if (t.priorityClassName == "system-node-critical") {
            d.value = kSystemNodeCritical;
            return d;
        }
        if (t.priorityClassName == "system-cluster-critical") {
            d.value = kSystemClusterCritical;
            return d;
        }
        warn(w, "no PriorityClass with name " + t.priorityClassName +
                    " was found; the controller cannot create its pods");
        return std::nullopt;
    }

    /// Priority and DefaultTolerationSeconds admission.
    void admit(Pod& pod, const PriorityDecision& priority) {
        pod.priorityClassName = priority.className;
        pod.priority = priority.value;
        // A class's Never wins; the pod's own value stays otherwise (Pod has no "unset").
        if (priority.policy && *priority.policy == core::PreemptionPolicy::Never)
            pod.preemptionPolicy = core::PreemptionPolicy::Never;

        const Sym notReady = m_pool.intern("node.kubernetes.io/not-ready");
        const Sym unreachable = m_pool.intern("node.kubernetes.io/unreachable");
        bool toleratesNotReady = false;
        bool toleratesUnreachable = false;
        for (const auto& t : pod.tolerations) {
            const bool noExecute = t.effect == core::TaintEffect::NoExecute || t.effect == core::TaintEffect::None;
            if (!noExecute) continue;
            if (t.key == notReady || t.key == core::kEmptySym) toleratesNotReady = true;
            if (t.key == unreachable || t.key == core::kEmptySym) toleratesUnreachable = true;
        }
        auto add = [&](Sym key) {
            core::Toleration t;
            t.key = key;
            t.op = core::TolerationOp::Exists;
            t.effect = core::TaintEffect::NoExecute;
            t.seconds = kDefaultTolerationSeconds;
            pod.tolerations.push_back(t);
        };
        if (!toleratesNotReady) add(notReady);
        if (!toleratesUnreachable) add(unreachable);
    }

    /// names.SimpleNameGenerator: the prefix cut to 58 characters, plus 5 random ones. A name
    /// already taken is drawn again (the controller retries after AlreadyExists).
    std::string generateName(Sym ns, std::string_view prefix) {
        std::string base(prefix.substr(0, std::min(prefix.size(), kMaxGeneratedNameLength)));
        for (;;) {
            std::string name = base + m_suffixes.next();
            if (!m_takenNames.count(nameKey(ns, name))) return name;
        }
    }

    core::OwnerReference controllerRefTo(const Workload& w) const {
        return core::OwnerReference{apiVersionOf(w.kind), core::workloadKindName(w.kind), w.name, w.uid, true};
    }

    /// The pod a controller creates from `w`'s template (before per-kind labels).
    Pod podFromTemplate(const Workload& w, std::string name, std::string generateNamePrefix) {
        Pod pod = w.podTemplate;
        pod.id = 0;
        pod.name = std::move(name);
        pod.generateName = std::move(generateNamePrefix);
        pod.ns = w.ns;
        pod.ownerReferences = {controllerRefTo(w)};
        pod.phase = core::PodPhase::Pending;
        pod.startTime.reset();
        pod.terminating = false;
        pod.nominatedNodeName = core::kEmptySym;
        if (pod.source.file.empty()) pod.source = w.source;
        return pod;
    }

    void addPod(Pod pod, const PriorityDecision& priority) {
        admit(pod, priority);
        core::computeDerived(pod, m_version, m_tcp, m_anyIp);
        // The pod's future id is part of the uid: a StatefulSet pod recreated under the same
        // name is a new object.
        pod.uid = deterministicUid(m_seed, "Pod", m_pool.str(pod.ns),
                                   pod.name + "#" + std::to_string(m_cluster.pods.size()));
        m_takenNames.insert(nameKey(pod.ns, pod.name));
        m_liveNames.insert(nameKey(pod.ns, pod.name));
        m_cluster.addPod(std::move(pod));
    }

    /// controller.getPodsPrefix: "<name>-".
    static std::string podsPrefix(const Workload& w) { return w.name + "-"; }

    void expandDeployment(std::size_t index) {
        // A ReplicaSet this Deployment already controls (a dump of a live cluster, or an
        // earlier expansion) governs its pods; otherwise make the new ReplicaSet.
        {
            const Workload& d = m_cluster.workloads[index];
            std::vector<std::size_t> owned;
            for (std::size_t j = 0; j < m_cluster.workloads.size(); ++j) {
                const Workload& rs = m_cluster.workloads[j];
                if (rs.kind != WorkloadKind::ReplicaSet || rs.ns != d.ns) continue;
                const auto* ref = core::controllerOf(rs.ownerReferences);
                if (ref && ref->kind == "Deployment" && ref->name == d.name &&
                    (ref->uid.empty() || ref->uid == d.uid))
                    owned.push_back(j);
            }
            // sync.go scale: a Deployment with one ReplicaSet keeps it at its own replicas (a
            // scale edit). Several (a dump taken mid-rollout) keep theirs as stored.
            if (owned.size() == 1) {
                Workload& rs = m_cluster.workloads[owned.front()];
                const std::int32_t want = std::max(0, d.replicas);
                if (rs.replicas != want) {
                    rs.replicas = want;
                    // run() has already passed a ReplicaSet stored before its Deployment.
                    if (owned.front() < index) expandReplicaSet(rs);
                }
            }
            if (!owned.empty()) return;
        }
        Workload rs;
        {
            const Workload& d = m_cluster.workloads[index];
            const Sym hashKey = m_pool.intern("pod-template-hash");
            // getNewReplicaSet: a name taken by a ReplicaSet the Deployment does not own is a
            // hash collision; the collision count goes up and the hash is computed again.
            std::string hash;
            for (std::int32_t collisions = 0;; ++collisions) {
                hash = templateHash(d.podTemplate, m_pool, collisions);
                const std::string candidate = d.name + "-" + hash;
                const bool taken = std::any_of(m_cluster.workloads.begin(), m_cluster.workloads.end(),
                                               [&](const Workload& o) {
                                                   return o.kind == WorkloadKind::ReplicaSet &&
                                                          o.ns == d.ns && o.name == candidate;
                                               });
                if (!taken) break;
            }
            const Sym hashValue = m_pool.intern(hash);
            rs.kind = WorkloadKind::ReplicaSet;
            rs.ns = d.ns;
            rs.name = d.name + "-" + hash;
            rs.uid = deterministicUid(m_seed, "ReplicaSet", m_pool.str(d.ns), rs.name);
            rs.podTemplate = d.podTemplate;
            rs.podTemplate.labels.set(hashKey, hashValue);
            rs.labels = rs.podTemplate.labels;  // newRS.Labels = newRSTemplate.Labels
            rs.selector = d.selector;            // CloneSelectorAndAddLabel
            if (rs.selector) rs.selector->requirements.push_back(core::LabelRequirement{hashKey, core::SelectorOp::In, {hashValue}});
            rs.replicas = std::max(0, d.replicas);
            rs.ownerReferences = {controllerRefTo(d)};
            rs.source = d.source;
        }
        expandReplicaSet(rs);
        m_cluster.workloads.push_back(std::move(rs));  // invalidates references into workloads
    }

    /// controller.ActivePods / ActivePodsWithRanks Less (pkg/controller/controller_utils.go):
    /// the order in which a controller deletes pods when it has too many. Readiness, restart
    /// counts and ready times are equal for simulated pods; creation order stands in for the
    /// creation timestamp (newer first), which also keeps the order deterministic where
    /// upstream's sort.Sort is not.
    void deleteSurplus(std::vector<const Pod*> active, std::size_t count, bool rankByColocation) {
        std::unordered_map<Sym, int> perNode;  // getPodsRankedByRelatedPodsOnSameNode
        if (rankByColocation)
            for (const Pod* p : active)
                if (p->nodeName != core::kEmptySym) ++perNode[p->nodeName];
        auto phaseRank = [](const Pod* p) {
            switch (p->phase) {
                case core::PodPhase::Pending: return 0;
                case core::PodPhase::Unknown: return 1;
                default: return 2;
            }
        };
        std::sort(active.begin(), active.end(), [&](const Pod* a, const Pod* b) {
            const bool aAssigned = a->nodeName != core::kEmptySym;
            const bool bAssigned = b->nodeName != core::kEmptySym;
            if (aAssigned != bAssigned) return !aAssigned;
            if (phaseRank(a) != phaseRank(b)) return phaseRank(a) < phaseRank(b);
            if (rankByColocation) {
                const int ra = aAssigned ? perNode[a->nodeName] : 0;
                const int rb = bAssigned ? perNode[b->nodeName] : 0;
                if (ra != rb) return ra > rb;
            }
            return a->id > b->id;
        });
        for (std::size_t i = 0; i < count && i < active.size(); ++i) m_surplus.push_back(active[i]->id);
    }

    void expandReplicaSet(const Workload& w) {
        const auto owned = ownedPods(w);
        std::vector<const Pod*> active;
        std::copy_if(owned.begin(), owned.end(), std::back_inserter(active), [](const Pod* p) { return isActive(*p); });
        const std::int64_t missing = std::int64_t{std::max(0, w.replicas)} - static_cast<std::int64_t>(active.size());
        if (missing < 0) deleteSurplus(std::move(active), static_cast<std::size_t>(-missing), true);
        if (missing <= 0 || !roomFor(w, missing, "spec.replicas")) return;
        const auto priority = resolvePriority(w);
        if (!priority) return;
        const std::string prefix = podsPrefix(w);
        for (std::int64_t i = 0; i < missing; ++i)
            addPod(podFromTemplate(w, generateName(w.ns, prefix), prefix), *priority);
    }

    void expandStatefulSet(const Workload& w) {
        // Every ordinal is created at once: there is no kubelet to make pod N-1 Ready before
        // pod N, so OrderedReady and Parallel differ only in the order the queue sees them.
        std::optional<std::optional<PriorityDecision>> priority;
        const std::string revision = w.name + "-" + templateHash(w.podTemplate, m_pool, 0);
        const Sym revisionKey = m_pool.intern("controller-revision-hash");
        const Sym podNameKey = m_pool.intern("statefulset.kubernetes.io/pod-name");
        const Sym podIndexKey = m_pool.intern("apps.kubernetes.io/pod-index");
        // Scaled down: ordinals >= replicas are condemned, the highest first
        // (stateful_set_control.go).
        std::vector<std::pair<long, std::uint32_t>> condemned;
        std::int64_t kept = 0;  // live pods at ordinals below replicas
        for (const Pod* p : ownedPods(w)) {
            if (!isActive(*p) || !p->name.starts_with(w.name + "-")) continue;
            const std::string_view suffix = std::string_view(p->name).substr(w.name.size() + 1);
            // getOrdinal: the trailing `-<digits>` of the name.
            if (suffix.empty() || suffix.size() > 9 ||
                !std::all_of(suffix.begin(), suffix.end(), [](char c) { return c >= '0' && c <= '9'; }))
                continue;
            const long ordinal = std::stol(std::string(suffix));
            if (ordinal >= std::max(0, w.replicas)) condemned.emplace_back(ordinal, p->id);
            else ++kept;
        }
        std::sort(condemned.begin(), condemned.end(), std::greater<>());
        for (const auto& c : condemned) m_surplus.push_back(c.second);
        const std::int64_t missing = std::int64_t{std::max(0, w.replicas)} - kept;
        if (missing > 0 && !roomFor(w, missing, "spec.replicas")) return;
        for (std::int32_t ordinal = 0; ordinal < w.replicas; ++ordinal) {
            std::string name = w.name + "-" + std::to_string(ordinal);
            if (m_liveNames.count(nameKey(w.ns, name))) continue;
            if (!priority) priority = resolvePriority(w);
            if (!*priority) return;
            Pod pod = podFromTemplate(w, name, "");
            pod.labels.set(revisionKey, m_pool.intern(revision));
            pod.labels.set(podNameKey, m_pool.intern(name));
            // PodIndexLabel: beta and on by default since v1.28.
            if (m_version.atLeast(28)) pod.labels.set(podIndexKey, m_pool.intern(std::to_string(ordinal)));
            addPod(std::move(pod), **priority);
        }
    }

    void expandJob(Workload& w) {
        // API defaulting (pkg/registry/batch/job/strategy.go generateSelector): without a
        // selector of its own (manualSelector) a Job selects, and labels its pods, by its uid.
        const bool generatedSelector = !w.selector.has_value();
        const Sym legacyUidKey = m_pool.intern("controller-uid");
        const Sym legacyNameKey = m_pool.intern("job-name");
        const Sym uidKey = m_pool.intern("batch.kubernetes.io/controller-uid");
        const Sym nameKeySym = m_pool.intern("batch.kubernetes.io/job-name");
        const Sym uidValue = m_pool.intern(w.uid);
        const Sym nameValue = m_pool.intern(w.name);
        const bool prefixedLabels = m_version.atLeast(27);  // batch.kubernetes.io/* since v1.27
        if (generatedSelector) {
            core::LabelSelector sel;
            sel.requirements.push_back({prefixedLabels ? uidKey : legacyUidKey, core::SelectorOp::In, {uidValue}});
            w.selector = std::move(sel);
        }

        const auto owned = ownedPods(w);
        std::int64_t active = 0;
        std::int64_t succeeded = 0;
        for (const Pod* p : owned) {
            if (p->phase == core::PodPhase::Succeeded) ++succeeded;
            else if (isActive(*p)) ++active;
        }
        // job_controller.go manageJob: parallelism pods at a time, never more than the
        // completions still needed. A negative completions stands for nil (spec.parallelism
        // set, spec.completions not: a work queue): pods run until the first one succeeds.
        const std::int64_t parallelism = std::max(0, w.replicas);
        std::int64_t wantActive = 0;
        if (w.completions < 0) wantActive = succeeded > 0 ? active : parallelism;
        else wantActive = std::min<std::int64_t>(parallelism, std::max<std::int64_t>(0, w.completions - succeeded));
        const std::int64_t missing = wantActive - active;
        if (missing < 0) {
            // manageJob: too many active pods (parallelism lowered) -> activePodsForRemoval.
            std::vector<const Pod*> running;
            std::copy_if(owned.begin(), owned.end(), std::back_inserter(running),
                         [](const Pod* p) { return isActive(*p); });
            deleteSurplus(std::move(running), static_cast<std::size_t>(-missing), false);
        }
        if (missing <= 0 || !roomFor(w, missing, "spec.parallelism")) return;
        const auto priority = resolvePriority(w);
        if (!priority) return;
        const std::string prefix = podsPrefix(w);
        for (std::int64_t i = 0; i < missing; ++i) {
            Pod pod = podFromTemplate(w, generateName(w.ns, prefix), prefix);
            if (generatedSelector) {
                if (prefixedLabels) {
                    pod.labels.set(uidKey, uidValue);
                    pod.labels.set(nameKeySym, nameValue);
                }
                pod.labels.set(legacyUidKey, uidValue);
                pod.labels.set(legacyNameKey, nameValue);
            }
            addPod(std::move(pod), *priority);
        }
    }

    /// daemonset_util.go AddOrUpdateDaemonPodTolerations (hostNetwork is not modelled).
    void addDaemonTolerations(std::vector<core::Toleration>& tolerations) {
        const std::pair<const char*, core::TaintEffect> defaults[] = {
            {"node.kubernetes.io/not-ready", core::TaintEffect::NoExecute},
            {"node.kubernetes.io/unreachable", core::TaintEffect::NoExecute},
            {"node.kubernetes.io/disk-pressure", core::TaintEffect::NoSchedule},
            {"node.kubernetes.io/memory-pressure", core::TaintEffect::NoSchedule},
            {"node.kubernetes.io/pid-pressure", core::TaintEffect::NoSchedule},
            {"node.kubernetes.io/unschedulable", core::TaintEffect::NoSchedule},
        };
        for (const auto& [key, effect] : defaults) {
            core::Toleration t;
            t.key = m_pool.intern(key);
            t.op = core::TolerationOp::Exists;
            t.effect = effect;
            addOrUpdateToleration(tolerations, t);
        }
    }

    /// The node a DaemonSet pod is tied to: spec.nodeName, or the `metadata.name In [node]`
    /// term the controller writes into its required node affinity.
    Sym pinnedNode(const Pod& p) const {
        if (p.nodeName != core::kEmptySym) return p.nodeName;
        if (!p.affinity.node.required) return core::kNoSym;
        const Sym nameField = m_pool.find("metadata.name");
        for (const auto& term : p.affinity.node.required->terms)
            for (const auto& f : term.fields)
                if (f.key == nameField && f.op == core::SelectorOp::In && f.values.size() == 1)
                    return f.values.front();
        return core::kNoSym;
    }

    void expandDaemonSet(const Workload& w) {
        // NewPod: the template with the daemon tolerations, used for the eligibility check.
        Pod probe = w.podTemplate;
        addDaemonTolerations(probe.tolerations);

        std::unordered_set<Sym> covered;
        for (const Pod* p : ownedPods(w))
            if (isActive(*p)) covered.insert(pinnedNode(*p));

        const std::string hash = templateHash(w.podTemplate, m_pool, 0);
        const Sym revisionKey = m_pool.intern("controller-revision-hash");
        const Sym generationKey = m_pool.intern("pod-template-generation");
        const Sym nameField = m_pool.intern("metadata.name");
        const std::string prefix = podsPrefix(w);
        std::optional<std::optional<PriorityDecision>> priority;
        for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i) {
            if (m_cluster.nodeRemoved[i]) continue;
            const core::Node& node = m_cluster.nodes[i];
            if (!shouldRunDaemonPod(probe, node) || covered.count(node.nameSym)) continue;
            if (!priority) priority = resolvePriority(w);
            if (!*priority) return;
            Pod pod = podFromTemplate(w, generateName(w.ns, prefix), prefix);
            pod.tolerations = probe.tolerations;
            pod.labels.set(revisionKey, m_pool.intern(hash));
            pod.labels.set(generationKey, m_pool.intern("1"));
            // ReplaceDaemonSetPodNodeNameNodeAffinity: the required terms become one
            // matchFields term on the node's name; preferred terms stay.
            core::NodeSelectorTerm term;
            term.fields.push_back(core::NodeFieldRequirement{nameField, core::SelectorOp::In, {node.nameSym}});
            pod.affinity.node.required = core::NodeSelector{{std::move(term)}};
            addPod(std::move(pod), **priority);
        }
    }

    /// daemon_controller.go NodeShouldRunDaemonPod (shouldRun): node name, node selector and
    /// required node affinity, and every NoSchedule / NoExecute taint tolerated.
    bool shouldRunDaemonPod(const Pod& probe, const core::Node& node) const {
        if (probe.nodeName != core::kEmptySym && probe.nodeName != node.nameSym) return false;
        if (!core::podMatchesNodeSelectorAndAffinity(probe, node, m_pool)) return false;
        for (const auto& taint : node.taints) {
            if (taint.effect != core::TaintEffect::NoSchedule && taint.effect != core::TaintEffect::NoExecute)
                continue;
            if (!core::toleratesTaint(probe.tolerations, taint)) return false;
        }
        return true;
    }

    Cluster& m_cluster;
    core::StringPool& m_pool;
    std::uint64_t m_seed;
    core::KubeVersion m_version;
    io::Diagnostics& m_diags;
    SuffixGenerator m_suffixes;
    Sym m_tcp;
    Sym m_anyIp;
    std::unordered_set<std::string> m_liveNames;                        // "ns/name"
    std::unordered_set<std::string> m_takenNames;                       // live or removed
    std::unordered_map<std::string, std::vector<std::uint32_t>> m_owned;  // controller -> pods
    std::vector<std::uint32_t> m_surplus;
};

}  // namespace

std::string safeEncodeString(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (unsigned char c : s) out.push_back(kAlphanums[c % kAlphanums.size()]);
    return out;
}

std::string podTemplateHash(const core::Pod& podTemplate, const core::StringPool& pool) {
    return templateHash(podTemplate, pool, 0);
}

std::vector<std::uint32_t> expandWorkloads(core::Cluster& cluster, std::uint64_t seed,
                                           const core::KubeVersion& version, io::Diagnostics& diags) {
    Expander expander(cluster, seed, version, diags);
    expander.run();
    return expander.surplus();
}

std::vector<std::uint32_t> expandWorkloads(core::Cluster& cluster, std::uint64_t seed, io::Diagnostics& diags) {
    return expandWorkloads(cluster, seed, core::KubeVersion::newest(), diags);
}

}  // namespace berth::plan
