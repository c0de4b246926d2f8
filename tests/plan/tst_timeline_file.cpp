// plan::readTimelineFile: a timeline file's events as the plan's timed edits, each known by
// file and line, played on the simulated clock by a plan (timed_edits.h).

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "testlib/one_node_cluster.h"
#include "plan/timeline_file.h"

using namespace berth;

namespace {

// One 2-cpu node and a Deployment of 4 pods of 1 cpu: two fit, two wait (testlib).
const char* kCluster = testlib::kOneNodeFourWebPods;

// Line 4: a node that does not exist; line 6: a second node at 20 s; line 8: web scaled
// down to 3 at 40 s.
const char* kTimeline = R"(apiVersion: berth.dev/v1alpha1
kind: Timeline
events:
- at: 10s
  cordon: nowhere
- at: 20s
  addNodePool: {template: a1, namePrefix: b, count: 1}
- at: 40s
  scale: {kind: Deployment, name: web, replicas: 3}
)";

// One 2-cpu node a1 filled by `old` (bound in the input); `new` and `gone` (1 cpu each) wait.
const char* kFullNode = R"(apiVersion: v1
kind: Node
metadata: {name: a1, labels: {kubernetes.io/hostname: a1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: old, namespace: default}
spec: {nodeName: a1, containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: new, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: gone, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
)";

// Line 4: the pending `gone` deleted at 10 s; line 6: the bound `old` at 20 s; line 8: `old`
// again at 30 s, when it is no more.
const char* kDeletes = R"(apiVersion: berth.dev/v1alpha1
kind: Timeline
events:
- at: 10s
  deletePod: {name: gone}
- at: 20s
  deletePod: {namespace: default, name: old}
- at: 30s
  deletePod: {name: old}
)";

std::string stateOf(plan::Plan& p, std::uint32_t id) {
    return core::podStateName(p.sim().outcomes().at(id).state);
}

}  // namespace

class TestTimelineFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eventsBecomeTimedEdits() {
        io::Diagnostics d;
        const std::vector<plan::TimedEdit> edits = plan::readTimelineFile(kTimeline, "outage.yaml", d);
        QVERIFY(d.items.empty());
        QCOMPARE(edits.size(), std::size_t{3});
        QCOMPARE(edits[0].source, std::string("outage.yaml:4"));
        QCOMPARE(edits[0].edit.kind, plan::EditKind::Cordon);
        QCOMPARE(edits[1].edit.kind, plan::EditKind::AddNodePool);
        QCOMPARE(edits[1].edit.node, std::string("a1"));
        QCOMPARE(edits[1].at, 20 * core::kSecond);
        QCOMPARE(edits[2].edit.kind, plan::EditKind::ScaleWorkload);
        QCOMPARE(edits[2].edit.workloadKind, core::WorkloadKind::Deployment);
        QCOMPARE(edits[2].edit.replicas, 3);
    }

    void aPlanPlaysTheFile() {
        // t = 0: two web pods on a1, two wait. 10 s: the cordon fails (no such node) and is
        // reported by its line. 20 s: b-1 joins, the two waiting pods bind there at 20.010 s.
        // 40 s: web scaled to 3, one pod deleted: three bound.
        io::Diagnostics d;
        auto in = std::make_shared<plan::PlanInput>();
        in->manifests.push_back({"cluster.yaml", kCluster});
        in->timeline = plan::readTimelineFile(kTimeline, "outage.yaml", d);
        plan::Plan p(in);
        p.runToEnd();
        QCOMPARE(p.timedEditErrors(),
                 (std::vector<std::string>{"outage.yaml:4: Cordon nowhere: no node nowhere"}));
        std::size_t bound = 0;
        for (std::size_t i = 0; i < p.cluster().pods.size(); ++i)
            bound += !p.cluster().podRemoved[i] && p.sim().outcome(p.cluster().pods[i]).state == core::PodState::Bound;
        QCOMPARE(bound, std::size_t{3});
        QCOMPARE(p.sim().clock().now(), 40 * core::kSecond);
    }

    void deletePodFreesItsRoom() {
        // t = 0: `new` and `gone` fail (Insufficient cpu: `old` takes a1's 2 cpu) and wait in
        // the unschedulable pool. 10 s: `gone` is deleted while pending: it leaves the queue,
        // nothing moves. 20 s: `old` is deleted: the AssignedPodDelete event moves `new` (its
        // 1 s backoff long over) to activeQ; it fits and binds at 20 s + 10 ms. 30 s: `old`
        // is no more: the error names the event's line.
        io::Diagnostics d;
        auto in = std::make_shared<plan::PlanInput>();
        in->manifests.push_back({"cluster.yaml", kFullNode});
        in->timeline = plan::readTimelineFile(kDeletes, "deletes.yaml", d);
        QVERIFY2(d.items.empty(), d.firstErrors(3).c_str());
        QCOMPARE(in->timeline.at(0).edit.kind, plan::EditKind::DeletePod);
        plan::Plan p(in);
        p.runToEnd();
        QCOMPARE(p.timedEditErrors(),
                 (std::vector<std::string>{"deletes.yaml:8: Delete pod default/old: no pod default/old"}));
        // Pod ids in file order: old 0, new 1, gone 2.
        QCOMPARE(stateOf(p, 0), std::string("evicted"));
        QCOMPARE(stateOf(p, 1), std::string("bound"));
        QCOMPARE(stateOf(p, 2), std::string("evicted"));
        QCOMPARE(p.cluster().pool.str(p.sim().outcomes().at(1).node), std::string_view("a1"));
        QVERIFY(p.cluster().podRemoved[0] && p.cluster().podRemoved[2]);
        QCOMPARE(p.sim().clock().now(), 30 * core::kSecond);  // the last event's time
        QCOMPARE(p.sim().queue().activeCount() + p.sim().queue().backoffCount(), std::size_t{0});
    }

    void anUnknownWorkloadKind() {
        io::Diagnostics d;
        const char* text = "apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents:\n"
                           "- at: 1s\n  scale: {kind: Deploymnet, name: web, replicas: 1}\n";
        QVERIFY(plan::readTimelineFile(text, "t.yaml", d).empty());
        QCOMPARE(d.items.at(0).line, 4);
        QCOMPARE(d.items.at(0).message, std::string("unknown workload kind \"Deploymnet\""));
    }
};

QTEST_GUILESS_MAIN(TestTimelineFile)
#include "tst_timeline_file.moc"
