#pragma once
/// Test builders: a cluster with nodes and pods written in one line each, e.g.
///   TestCluster tc;
///   tc.node("n1").cpu("4").memory("8Gi").label("zone", "a").add();
///   tc.pod("web").cpu("500m").memory("1Gi").on("n1").add();
/// and the scheduling state (cache, snapshot, handle) the plugins read.

#include <memory>
#include <random>
#include <string>
#include <string_view>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "core/backend/cache/cache.h"
#include "core/backend/cache/snapshot.h"
#include "core/framework/handle.h"
#include "core/framework/status.h"

namespace berth::testlib {

using namespace berth::core;

class TestCluster;

/// A status as one short line for table rows: "ok", "Skip", "U: r1, r2" (Unschedulable),
/// "UU: r1" (UnschedulableAndUnresolvable), "Error: text", or the code name otherwise.
std::string describe(const Status& s, const StringPool& pool);

/// Parses a quantity or fails the running test.
std::int64_t milli(std::string_view q);
std::int64_t value(std::string_view q);

class NodeBuilder {
public:
    NodeBuilder(TestCluster& tc, std::string name);
    NodeBuilder& cpu(std::string_view q);
    NodeBuilder& memory(std::string_view q);
    NodeBuilder& ephemeralStorage(std::string_view q);
    NodeBuilder& pods(std::int64_t n);
    NodeBuilder& scalar(std::string_view name, std::int64_t v);
    NodeBuilder& label(std::string_view k, std::string_view v);
    NodeBuilder& taint(std::string_view k, std::string_view v, TaintEffect e);
    NodeBuilder& unschedulable(bool u = true);
    NodeBuilder& image(std::string_view name, std::int64_t sizeBytes);
    const Node& add();
    /// Allocatable from a spec "cpu=4,memory=8Gi,pods=10,ephemeral-storage=1Gi,example.com/gpu=2";
    /// any other key is a scalar resource (value parsed as a quantity). "" changes nothing.
    NodeBuilder& capacity(std::string_view spec);
    /// An image whose status lists several names (the first reporter's size wins in the cache).
    NodeBuilder& image(std::initializer_list<std::string_view> names, std::int64_t sizeBytes);

private:
    TestCluster& m_tc;
    Node m_node;
};

class PodBuilder {
public:
    PodBuilder(TestCluster& tc, std::string name);
    PodBuilder& ns(std::string_view ns);
    /// Adds a container with these requests ("" = no entry for that resource).
    PodBuilder& container(std::string_view cpu, std::string_view memory, std::string_view image = "app");
    /// Requests on the first container (created if needed).
    PodBuilder& cpu(std::string_view q);
    PodBuilder& memory(std::string_view q);
    PodBuilder& ephemeralStorage(std::string_view q);
    PodBuilder& scalar(std::string_view name, std::int64_t v);
    PodBuilder& initContainer(std::string_view cpu, std::string_view memory, bool sidecar = false);
    PodBuilder& overhead(std::string_view cpu, std::string_view memory);
    PodBuilder& hostPort(std::int32_t port, std::string_view protocol = "TCP", std::string_view ip = "");
    PodBuilder& label(std::string_view k, std::string_view v);
    PodBuilder& nodeSelector(std::string_view k, std::string_view v);
    PodBuilder& toleration(std::string_view key, TolerationOp op, std::string_view value, TaintEffect effect);
    PodBuilder& priority(std::int32_t p);
    PodBuilder& nodeName(std::string_view n);  // spec.nodeName on a pending pod
    PodBuilder& on(std::string_view node);     // bound to that node
    PodBuilder& terminating(bool t = true);
    PodBuilder& startTime(std::int64_t t);
    /// Direct access for fields without a shortcut (affinity, spread constraints, ...).
    Pod& raw() { return m_pod; }
    /// Adds the pod to the cluster; bound pods also go into the cache.
    const Pod& add();
    /// Appends a container whose requests are exactly `spec` ("cpu=1,memory=2Gi,example.com/gpu=2";
    /// "" = a container with no requests at all, which scoring treats as 100m / 200Mi).
    PodBuilder& requests(std::string_view spec, std::string_view image = "app");
    /// Appends an init container with exactly these requests; `sidecar` sets restartPolicy Always.
    PodBuilder& initRequests(std::string_view spec, bool sidecar = false, std::string_view image = "init");
    /// spec.overhead from a spec as above.
    PodBuilder& overheadSpec(std::string_view spec);
    /// spec.resources.requests / .limits (pod-level resources) from a spec as above.
    PodBuilder& podRequests(std::string_view spec);
    PodBuilder& podLimits(std::string_view spec);
    /// A host port on the last init container (a sidecar's port when it is one).
    PodBuilder& initHostPort(std::int32_t port, std::string_view protocol = "TCP", std::string_view ip = "");

private:
    Container& first();
    TestCluster& m_tc;
    Pod m_pod;
};

class TestCluster {
public:
    explicit TestCluster(KubeVersion version = KubeVersion::newest());

    Cluster cluster;
    KubeVersion version;
    Cache cache;
    Snapshot snapshot;
    std::mt19937_64 rng{1};
    Handle handle;

    Sym sym(std::string_view s) { return cluster.pool.intern(s); }
    NodeBuilder node(std::string name) { return NodeBuilder(*this, std::move(name)); }
    PodBuilder pod(std::string name) { return PodBuilder(*this, std::move(name)); }
    /// Label selector helpers.
    LabelSelector selector(std::initializer_list<std::pair<std::string_view, std::string_view>> matchLabels);
    /// A PodDisruptionBudget in `ns` over the pods labelled app=`app`, with `allowed` disruptions
    /// in its status, appended to the cluster; the reference is valid until the next pdb().
    PodDisruptionBudget& pdb(std::string name, std::string_view ns, std::string_view app, std::int32_t allowed);
    /// Refreshes the snapshot from the cache; call before running plugins.
    Snapshot& refresh();
    const NodeInfo& nodeInfo(std::string_view name);
};

}  // namespace berth::testlib

namespace berth::testlib {

/// A Node object that is not added anywhere (for Simulation::addNode): allocatable from a spec
/// as NodeBuilder::capacity ("cpu=4,memory=8Gi,pods=10"), the kubernetes.io/hostname label set
/// and 110 pods unless the spec says otherwise.
Node makeNode(TestCluster& tc, const std::string& name, std::string_view capacity);

}  // namespace berth::testlib
