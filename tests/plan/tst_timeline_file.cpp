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
