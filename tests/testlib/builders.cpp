#include "testlib/builders.h"

#include <QtTest/QtTest>

#include "core/api/quantity.h"

namespace berth::testlib {

std::string describe(const Status& s, const StringPool& pool) {
    switch (s.code()) {
        case Code::Success: return "ok";
        case Code::Skip: return "Skip";
        case Code::Unschedulable: return "U: " + s.message(pool);
        case Code::UnschedulableAndUnresolvable: return "UU: " + s.message(pool);
        case Code::Error: return "Error: " + s.message(pool);
        default: return std::string(codeName(s.code())) + (s.reasons().empty() ? "" : ": " + s.message(pool));
    }
}

std::int64_t milli(std::string_view q) {
    auto v = Quantity::parse(q);
    if (!v) qFatal("bad quantity in test: %s", std::string(q).c_str());
    return v->milliValue();
}

std::int64_t value(std::string_view q) {
    auto v = Quantity::parse(q);
    if (!v) qFatal("bad quantity in test: %s", std::string(q).c_str());
    return v->value();
}

NodeBuilder::NodeBuilder(TestCluster& tc, std::string name) : m_tc(tc) {
    m_node.name = std::move(name);
    m_node.nameSym = tc.sym(m_node.name);
    m_node.allocatable.pods = 110;
    m_node.labels.set(tc.sym("kubernetes.io/hostname"), m_node.nameSym);
}
NodeBuilder& NodeBuilder::cpu(std::string_view q) {
    m_node.allocatable.milliCpu = milli(q);
    return *this;
}
NodeBuilder& NodeBuilder::memory(std::string_view q) {
    m_node.allocatable.memory = value(q);
    return *this;
}
NodeBuilder& NodeBuilder::ephemeralStorage(std::string_view q) {
    m_node.allocatable.ephemeralStorage = value(q);
    return *this;
}
NodeBuilder& NodeBuilder::pods(std::int64_t n) {
    m_node.allocatable.pods = n;
    return *this;
}
NodeBuilder& NodeBuilder::scalar(std::string_view name, std::int64_t v) {
    m_node.allocatable.setScalar(m_tc.sym(name), v);
    return *this;
}
NodeBuilder& NodeBuilder::label(std::string_view k, std::string_view v) {
    m_node.labels.set(m_tc.sym(k), m_tc.sym(v));
    return *this;
}
NodeBuilder& NodeBuilder::taint(std::string_view k, std::string_view v, TaintEffect e) {
    m_node.taints.push_back(Taint{m_tc.sym(k), m_tc.sym(v), e});
    return *this;
}
NodeBuilder& NodeBuilder::unschedulable(bool u) {
    m_node.unschedulable = u;
    return *this;
}
NodeBuilder& NodeBuilder::image(std::string_view name, std::int64_t sizeBytes) {
    m_node.images.push_back(ContainerImage{{std::string(name)}, sizeBytes});
    return *this;
}
const Node& NodeBuilder::add() {
    Node& n = m_tc.cluster.addNode(std::move(m_node));
    m_tc.cache.addNode(n);
    return n;
}

PodBuilder::PodBuilder(TestCluster& tc, std::string name) : m_tc(tc) {
    m_pod.name = std::move(name);
    m_pod.uid = "uid-" + m_pod.name;
    m_pod.ns = tc.sym("default");
    m_pod.schedulerName = tc.sym("default-scheduler");
}
Container& PodBuilder::first() {
    if (m_pod.containers.empty()) {
        m_pod.containers.emplace_back();
        m_pod.containers.back().name = "c";
        m_pod.containers.back().image = "app";
    }
    return m_pod.containers.front();
}
PodBuilder& PodBuilder::ns(std::string_view ns) {
    m_pod.ns = m_tc.sym(ns);
    return *this;
}
PodBuilder& PodBuilder::container(std::string_view cpu, std::string_view memory, std::string_view image) {
    Container c;
    c.name = "c" + std::to_string(m_pod.containers.size());
    c.image = std::string(image);
    if (!cpu.empty()) {
        c.requests.milliCpu = milli(cpu);
        c.hasCpuRequest = true;
    }
    if (!memory.empty()) {
        c.requests.memory = value(memory);
        c.hasMemoryRequest = true;
    }
    m_pod.containers.push_back(std::move(c));
    return *this;
}
PodBuilder& PodBuilder::cpu(std::string_view q) {
    auto& c = first();
    c.requests.milliCpu = milli(q);
    c.hasCpuRequest = true;
    return *this;
}
PodBuilder& PodBuilder::memory(std::string_view q) {
    auto& c = first();
    c.requests.memory = value(q);
    c.hasMemoryRequest = true;
    return *this;
}
PodBuilder& PodBuilder::ephemeralStorage(std::string_view q) {
    first().requests.ephemeralStorage = value(q);
    return *this;
}
PodBuilder& PodBuilder::scalar(std::string_view name, std::int64_t v) {
    first().requests.setScalar(m_tc.sym(name), v);
    return *this;
}
PodBuilder& PodBuilder::initContainer(std::string_view cpu, std::string_view memory, bool sidecar) {
    Container c;
    c.name = "init" + std::to_string(m_pod.initContainers.size());
    c.image = "init";
    if (!cpu.empty()) {
        c.requests.milliCpu = milli(cpu);
        c.hasCpuRequest = true;
    }
    if (!memory.empty()) {
        c.requests.memory = value(memory);
        c.hasMemoryRequest = true;
    }
    c.restartPolicyAlways = sidecar;
    m_pod.initContainers.push_back(std::move(c));
    return *this;
}
PodBuilder& PodBuilder::overhead(std::string_view cpu, std::string_view memory) {
    if (!cpu.empty()) m_pod.overhead.milliCpu = milli(cpu);
    if (!memory.empty()) m_pod.overhead.memory = value(memory);
    return *this;
}
PodBuilder& PodBuilder::hostPort(std::int32_t port, std::string_view protocol, std::string_view ip) {
    ContainerPort p;
    p.containerPort = port;
    p.hostPort = port;
    p.protocol = protocol.empty() ? kEmptySym : m_tc.sym(protocol);
    p.hostIP = ip.empty() ? kEmptySym : m_tc.sym(ip);
    first().ports.push_back(p);
    return *this;
}
PodBuilder& PodBuilder::label(std::string_view k, std::string_view v) {
    m_pod.labels.set(m_tc.sym(k), m_tc.sym(v));
    return *this;
}
PodBuilder& PodBuilder::nodeSelector(std::string_view k, std::string_view v) {
    m_pod.nodeSelector.set(m_tc.sym(k), m_tc.sym(v));
    return *this;
}
PodBuilder& PodBuilder::toleration(std::string_view key, TolerationOp op, std::string_view v, TaintEffect effect) {
    m_pod.tolerations.push_back(Toleration{m_tc.sym(key), op, m_tc.sym(v), effect, std::nullopt});
    return *this;
}
PodBuilder& PodBuilder::priority(std::int32_t p) {
    m_pod.priority = p;
    return *this;
}
PodBuilder& PodBuilder::nodeName(std::string_view n) {
    m_pod.nodeName = m_tc.sym(n);
    return *this;
}
PodBuilder& PodBuilder::on(std::string_view node) {
    m_pod.nodeName = m_tc.sym(node);
    m_pod.phase = PodPhase::Running;
    return *this;
}
PodBuilder& PodBuilder::terminating(bool t) {
    m_pod.terminating = t;
    return *this;
}
PodBuilder& PodBuilder::startTime(std::int64_t t) {
    m_pod.startTime = t;
    return *this;
}
const Pod& PodBuilder::add() {
    computeDerived(m_pod, m_tc.version, m_tc.sym("TCP"), m_tc.sym("0.0.0.0"));
    Pod& p = m_tc.cluster.addPod(std::move(m_pod));
    if (p.nodeName != kEmptySym && p.phase == PodPhase::Running) m_tc.cache.addPod(p, p.nodeName);
    return p;
}

TestCluster::TestCluster(KubeVersion v) : version(v), cache(cluster.pool, v) {
    handle.pool = &cluster.pool;
    handle.cluster = &cluster;
    handle.snapshot = &snapshot;
    handle.version = v;
    handle.rng = &rng;
}

LabelSelector TestCluster::selector(std::initializer_list<std::pair<std::string_view, std::string_view>> matchLabels) {
    LabelSelector s;
    for (const auto& [k, v] : matchLabels) s.requirements.push_back({sym(k), SelectorOp::In, {sym(v)}});
    return s;
}

PodDisruptionBudget& TestCluster::pdb(std::string name, std::string_view ns, std::string_view app,
                                      std::int32_t allowed) {
    PodDisruptionBudget& b = cluster.pdbs.emplace_back();
    b.ns = sym(ns);
    b.name = std::move(name);
    b.selector = selector({{"app", app}});
    b.disruptionsAllowed = allowed;
    return b;
}

Snapshot& TestCluster::refresh() {
    cache.updateSnapshot(snapshot);
    return snapshot;
}

const NodeInfo& TestCluster::nodeInfo(std::string_view name) {
    const NodeInfo* ni = snapshot.get(sym(name));
    if (!ni) qFatal("node %s not in snapshot (call refresh())", std::string(name).c_str());
    return *ni;
}

// --- resource specs -----------------------------------------------------------------------

namespace {

/// Applies "name=quantity,..." to `list`; `c` (optional) records explicit cpu/memory entries.
void applySpec(TestCluster& tc, std::string_view spec, ResourceList& list, Container* c) {
    while (!spec.empty()) {
        const auto comma = spec.find(',');
        std::string_view item = spec.substr(0, comma);
        spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
        if (item.empty()) continue;
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) qFatal("bad resource spec item in test: %s", std::string(item).c_str());
        const std::string_view key = item.substr(0, eq);
        const std::string_view q = item.substr(eq + 1);
        if (key == "cpu") {
            list.milliCpu = milli(q);
            if (c) c->hasCpuRequest = true;
        } else if (key == "memory") {
            list.memory = value(q);
            if (c) c->hasMemoryRequest = true;
        } else if (key == "ephemeral-storage") {
            list.ephemeralStorage = value(q);
        } else if (key == "pods") {
            list.pods = value(q);
        } else {
            list.setScalar(tc.sym(key), value(q));
        }
    }
}

}  // namespace

NodeBuilder& NodeBuilder::capacity(std::string_view spec) {
    applySpec(m_tc, spec, m_node.allocatable, nullptr);
    return *this;
}

NodeBuilder& NodeBuilder::image(std::initializer_list<std::string_view> names, std::int64_t sizeBytes) {
    ContainerImage img;
    for (auto n : names) img.names.emplace_back(n);
    img.sizeBytes = sizeBytes;
    m_node.images.push_back(std::move(img));
    return *this;
}

PodBuilder& PodBuilder::requests(std::string_view spec, std::string_view image) {
    Container c;
    c.name = "c" + std::to_string(m_pod.containers.size());
    c.image = std::string(image);
    applySpec(m_tc, spec, c.requests, &c);
    m_pod.containers.push_back(std::move(c));
    return *this;
}

PodBuilder& PodBuilder::initRequests(std::string_view spec, bool sidecar, std::string_view image) {
    Container c;
    c.name = "init" + std::to_string(m_pod.initContainers.size());
    c.image = std::string(image);
    applySpec(m_tc, spec, c.requests, &c);
    c.restartPolicyAlways = sidecar;
    m_pod.initContainers.push_back(std::move(c));
    return *this;
}

PodBuilder& PodBuilder::overheadSpec(std::string_view spec) {
    applySpec(m_tc, spec, m_pod.overhead, nullptr);
    return *this;
}

PodBuilder& PodBuilder::podRequests(std::string_view spec) {
    Container keys;  // records which of cpu and memory the spec names
    applySpec(m_tc, spec, m_pod.podResources.requests, &keys);
    m_pod.podResources.hasCpuRequest = m_pod.podResources.hasCpuRequest || keys.hasCpuRequest;
    m_pod.podResources.hasMemoryRequest = m_pod.podResources.hasMemoryRequest || keys.hasMemoryRequest;
    return *this;
}

PodBuilder& PodBuilder::podLimits(std::string_view spec) {
    Container keys;
    applySpec(m_tc, spec, m_pod.podResources.limits, &keys);
    m_pod.podResources.hasCpuLimit = m_pod.podResources.hasCpuLimit || keys.hasCpuRequest;
    m_pod.podResources.hasMemoryLimit = m_pod.podResources.hasMemoryLimit || keys.hasMemoryRequest;
    return *this;
}

PodBuilder& PodBuilder::initHostPort(std::int32_t port, std::string_view protocol, std::string_view ip) {
    if (m_pod.initContainers.empty()) initRequests("");
    ContainerPort p;
    p.containerPort = port;
    p.hostPort = port;
    p.protocol = protocol.empty() ? kEmptySym : m_tc.sym(protocol);
    p.hostIP = ip.empty() ? kEmptySym : m_tc.sym(ip);
    m_pod.initContainers.back().ports.push_back(p);
    return *this;
}

}  // namespace berth::testlib

namespace berth::testlib {

Node makeNode(TestCluster& tc, const std::string& name, std::string_view capacity) {
    Node n;
    n.name = name;
    n.nameSym = tc.sym(name);
    n.allocatable.pods = 110;
    n.labels.set(tc.sym("kubernetes.io/hostname"), n.nameSym);
    applySpec(tc, capacity, n.allocatable, nullptr);
    return n;
}

}  // namespace berth::testlib
