// Scenarios across the whole pipeline berthctl runs (load, controllers, the loop, preemption,
// controllers again): a high-priority Deployment scaled up preempts ReplicaSet pods of a
// low-priority Deployment; the ReplicaSet recreates its evicted pods, which land elsewhere
// when there is room and otherwise stay pending with the FitError upstream writes.
#include <QtTest/QtTest>

#include <map>
#include <set>
#include <string>

#include "core/simulation.h"
#include "plan/cluster_setup.h"
#include "io/manifest_loader.h"

using namespace berth;

namespace {

constexpr const char* kCluster = R"(
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Node, metadata: {name: node-b, labels: {kubernetes.io/hostname: node-b}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Node, metadata: {name: node-c, labels: {kubernetes.io/hostname: node-c}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: batch}
spec:
  replicas: 4
  selector: {matchLabels: {app: batch}}
  template:
    metadata: {labels: {app: batch}}
    spec:
      priorityClassName: low
      containers: [{name: work, image: batch:1, resources: {requests: {cpu: "2", memory: 1Gi}}}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 0
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      priorityClassName: high
      containers: [{name: web, image: web:1, resources: {requests: {cpu: "4", memory: 1Gi}}}]
)";

struct World {
    core::Cluster cluster;
    io::LoadResult load;
    std::unique_ptr<core::Simulation> sim;
    std::string events;

    void start() {
        const auto version = *core::KubeVersion::parse("1.26");
        io::LoadOptions lo;
        lo.version = version;
        io::loadManifestText(kCluster, "cluster.yaml", cluster, load, lo);
        plan::finishLoading(cluster, load, 0, version);
        QVERIFY(!load.diagnostics.hasErrors());
        core::SchedulerOptions so;
        so.version = version;
        so.tieBreak = core::TieBreak::Name;
        sim = std::make_unique<core::Simulation>(cluster, core::SchedulerConfiguration{}, so);
        std::string error;
        QVERIFY2(sim->init(error), error.c_str());
        plan::attachControllers(*sim, 0, version);
        sim->setEventListener([this](const core::SimEvent& e) {
            events += std::to_string(e.time) + " " + core::eventTypeName(e.type) + " " + std::to_string(e.pod) + " " +
                      std::to_string(e.node) + " " + e.message + "\n";
        });
        sim->run();
    }

    std::string owner(const core::Pod& p) const {
        for (const auto& r : p.ownerReferences)
            if (r.controller) return r.name;
        return {};
    }
    std::string node(const core::Pod& p) const { return std::string(cluster.pool.str(sim->outcome(p).node)); }
    /// Pods of a ReplicaSet whose name starts with `deployment-`, by state.
    std::vector<const core::Pod*> pods(std::string_view deployment, core::PodState state) const {
        std::vector<const core::Pod*> out;
        for (const auto& p : cluster.pods)
            if (owner(p).starts_with(std::string(deployment) + "-") && sim->outcome(p).state == state)
                out.push_back(&p);
        return out;
    }
};

}  // namespace

class TestWorkloadScenarios : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void evictedReplicaSetPodLandsElsewhere() {
        World w;
        w.start();
        // LeastAllocated spreads the four 2-cpu pods: two on node-a, one each on b and c.
        QCOMPARE(w.pods("batch", core::PodState::Bound).size(), std::size_t(4));

        QVERIFY(w.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "web", 1));
        w.sim->run();

        // No node has 4 cpu free: web preempts the single batch pod on node-b or node-c (one
        // victim beats node-a's two) and binds there.
        const auto web = w.pods("web", core::PodState::Bound);
        QCOMPARE(web.size(), std::size_t(1));
        const std::string webNode = w.node(*web.front());
        QVERIFY2(webNode == "node-b" || webNode == "node-c", webNode.c_str());
        const auto evicted = w.pods("batch", core::PodState::Evicted);
        QCOMPARE(evicted.size(), std::size_t(1));
        QCOMPARE(w.node(*evicted.front()), webNode);

        // The ReplicaSet made a replacement under a new name; it fits on the other node.
        const auto bound = w.pods("batch", core::PodState::Bound);
        QCOMPARE(bound.size(), std::size_t(4));
        const core::Pod* replacement = nullptr;
        for (const auto* p : bound)
            if (p->id > evicted.front()->id) replacement = p;
        QVERIFY(replacement);
        QVERIFY(replacement->name != evicted.front()->name);
        QCOMPARE(w.owner(*replacement), w.owner(*evicted.front()));
        const std::string other = webNode == "node-b" ? "node-c" : "node-b";
        QCOMPARE(w.node(*replacement), other);
        QVERIFY(w.pods("batch", core::PodState::Pending).empty());
    }

    void evictedReplicaSetPodsStayPendingWhenTheClusterIsFull() {
        World w;
        w.start();
        QVERIFY(w.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "web", 3));
        w.sim->run();

        // Web takes every node; each batch pod was evicted and recreated, and the
        // replacements cannot preempt pods of a higher priority.
        QCOMPARE(w.pods("web", core::PodState::Bound).size(), std::size_t(3));
        std::set<std::string> webNodes;
        for (const auto* p : w.pods("web", core::PodState::Bound)) webNodes.insert(w.node(*p));
        QCOMPARE(webNodes.size(), std::size_t(3));
        QVERIFY(w.pods("batch", core::PodState::Bound).empty());
        QCOMPARE(w.pods("batch", core::PodState::Evicted).size(), std::size_t(4));
        const auto pending = w.pods("batch", core::PodState::Pending);
        QCOMPARE(pending.size(), std::size_t(4));
        for (const auto* p : pending)
            QCOMPARE(w.sim->outcome(*p).message,
                     std::string("0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are "
                                 "available: 3 No preemption victims found for incoming pod.."));
    }

    void scalingDownDeletesTheControllersChoice() {
        World w;
        w.start();
        QVERIFY(w.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "batch", 2));
        w.sim->run();
        // ActivePodsWithRanks: the two pods sharing node-a rank first (most co-located).
        const auto deleted = w.pods("batch", core::PodState::Evicted);
        QCOMPARE(deleted.size(), std::size_t(2));
        for (const auto* p : deleted) QCOMPARE(w.node(*p), std::string("node-a"));
        QCOMPARE(w.pods("batch", core::PodState::Bound).size(), std::size_t(2));
        // Scaling back up creates new pods that are scheduled.
        QVERIFY(w.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "batch", 4));
        w.sim->run();
        QCOMPARE(w.pods("batch", core::PodState::Bound).size(), std::size_t(4));
        QVERIFY(!w.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "missing", 1));
    }

    void sameInputSameEvents() {
        World a, b;
        a.start();
        b.start();
        QVERIFY(a.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "web", 3));
        QVERIFY(b.sim->scaleWorkload(core::WorkloadKind::Deployment, "default", "web", 3));
        a.sim->run();
        b.sim->run();
        QVERIFY(!a.events.empty());
        QCOMPARE(a.events, b.events);
    }
};

QTEST_GUILESS_MAIN(TestWorkloadScenarios)
#include "tst_workload_scenarios.moc"
