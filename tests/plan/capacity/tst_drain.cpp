// plan::capacity::simulateDrain: `kubectl drain` on simulated time. Each fixture's answer is
// derived by hand in its comment (placements use the name tie-break where scores tie).

#include <QTest>

#include <map>
#include <random>
#include <set>
#include <sstream>

#include "plan/capacity/drain.h"
#include "plan/capacity/drain_report.h"
#include "plan/plan.h"
#include "plan/plan_edit.h"

using namespace berth;
using plan::capacity::DrainAnswer;
using plan::capacity::DrainRequest;

namespace {

// n1, n2 in zone-a, n3 in zone-b; 4 cpu each.
const char* kNodes = R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1, topology.kubernetes.io/zone: zone-a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {kubernetes.io/hostname: n2, topology.kubernetes.io/zone: zone-a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n3, labels: {kubernetes.io/hostname: n3, topology.kubernetes.io/zone: zone-b}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
)";

// A ReplicaSet "web" of 2 (1 cpu each) whose pods a dump shows bound to n1, and a budget that
// keeps at least one of them.
const char* kWebOnN1 = R"(---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default, uid: rs-web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, resources: {requests: {cpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels: {app: web}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-web, controller: true}]
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels: {app: web}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: rs-web, controller: true}]
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
)";

// A StatefulSet "db" of 2 (1 cpu each) whose pods a dump shows bound to n1, and a budget of
// maxUnavailable 1.
const char* kDbOnN1 = R"(---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: default, uid: ss-db}
spec:
  replicas: 2
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      containers: [{name: c, resources: {requests: {cpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: db-0
  labels: {app: db}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: ss-db, controller: true}]
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: db-1
  labels: {app: db}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: ss-db, controller: true}]
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: db}
spec:
  selector: {matchLabels: {app: db}}
  maxUnavailable: 1
)";

std::string budget(const std::string& spec) {
    return "---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web}\nspec:\n  selector: "
           "{matchLabels: "
           "{app: web}}\n  " +
           spec + "\n";
}

const char* kBarePod = R"(---
apiVersion: v1
kind: Pod
metadata: {name: bare, labels: {app: bare}}
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
)";

const char* kDaemonSet = R"(---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: default}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, resources: {requests: {cpu: 100m}}}]
)";

/// `evictedAt`, when given: each evicted pod's name -> the simulated time of its eviction.
std::optional<DrainAnswer> drain(const std::string& cluster, DrainRequest request, io::Diagnostics& diags,
                                 std::map<std::string, core::SimTime>* evictedAt = nullptr) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", cluster});
    in.tieBreak = core::TieBreak::Name;
    plan::Plan p(in);
    if (p.load().diagnostics.hasErrors()) {
        diags = p.load().diagnostics;
        return std::nullopt;
    }
    if (evictedAt)
        p.sim().setEventListener([&](const core::SimEvent& e) {
            if (e.type == core::EventType::PodEvicted) (*evictedAt)[p.cluster().pods[e.pod].name] = e.time;
        });
    return plan::capacity::simulateDrain(p, request, diags);
}

DrainRequest nodes(std::vector<std::string> names) {
    DrainRequest r;
    r.nodes = std::move(names);
    return r;
}

/// A random cluster with room to spare: 4 to 8 nodes of 8 cpu over up to 3 zones, 1 to 3
/// Deployments of 2 to 6 replicas (100m to 500m each: 9 cpu at most, so any two nodes hold
/// them all), sometimes a DaemonSet.
std::string randomCluster(std::mt19937& rng, int& nodeCount) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::ostringstream y;
    nodeCount = pick(4, 8);
    for (int i = 0; i < nodeCount; ++i)
        y << "---\napiVersion: v1\nkind: Node\nmetadata: {name: n" << i << ", labels: {kubernetes.io/hostname: n" << i
          << ", topology.kubernetes.io/zone: z" << pick(0, 2)
          << "}}\nstatus: {allocatable: {cpu: \"8\", memory: 8Gi, pods: \"110\"}}\n";
    for (int d = pick(1, 3); d > 0; --d)
        y << "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d" << d
          << "}\nspec:\n  replicas: " << pick(2, 6) << "\n  selector: {matchLabels: {app: d" << d
          << "}}\n  template:\n    metadata: {labels: {app: d" << d
          << "}}\n    spec:\n      containers: [{name: c, resources: {requests: {cpu: " << pick(1, 5) << "00m}}}]\n";
    if (pick(0, 1)) y << kDaemonSet;
    return y.str();
}

QString show(const DrainAnswer& a) {
    return QString::fromStdString(plan::capacity::drainReport(a, plan::capacity::ReportFormat::Json));
}

}  // namespace

class TestDrain : public QObject {
    Q_OBJECT
private slots:
    // minAvailable 1 over web-1 and web-2 on n1: 2 healthy - 1 = 1 allowed. At t=0 web-1 is
    // evicted (allowed 0; its replacement is created pending) and web-2 is refused. The
    // replacement is bound within the 5 s kubectl waits (healthy 2 again, 1 allowed), so the
    // retry at t=5s evicts web-2. Replacements: n1 is cordoned; the first goes to zone-b's n3
    // (default topology spreading: zone-a still holds web-2), the second to n2 (zone-a now
    // holds none, n3 holds one). n1 is drained, nothing pending.
    void budgetBlocksUntilReplacementBound() {
        io::Diagnostics diags;
        std::map<std::string, core::SimTime> at;
        const auto a = drain(std::string(kNodes) + kWebOnN1 + budget("minAvailable: 1"), nodes({"n1"}), diags, &at);
        QVERIFY2(a, diags.firstErrors(3).c_str());
        QCOMPARE(at.size(), std::size_t(2));
        QCOMPARE(at["web-2"] - at["web-1"], 5 * core::kSecond);  // one kubectl retry later
        QCOMPARE(a->drained, std::vector<std::string>{"n1"});
        QCOMPARE(a->evicted.size(), std::size_t(2));
        QCOMPARE(a->evicted[0].pod, std::string("default/web-1"));
        QCOMPARE(a->evicted[0].from, std::string("n1"));
        QVERIFY(a->evicted[0].replacement.rfind("default/web-", 0) == 0);
        QCOMPARE(a->evicted[0].to, std::string("n3"));
        QCOMPARE(a->evicted[1].pod, std::string("default/web-2"));
        QCOMPARE(a->evicted[1].to, std::string("n2"));
        QVERIFY(a->blocked.empty());
        QCOMPARE(a->pendingAfter, std::int64_t(0));
    }

    // Without the budget both go at once.
    void noBudgetNoWait() {
        io::Diagnostics diags;
        std::map<std::string, core::SimTime> at;
        const auto a = drain(std::string(kNodes) + kWebOnN1, nodes({"n1"}), diags, &at);
        QVERIFY(a);
        QCOMPARE(a->evicted.size(), std::size_t(2));
        QCOMPARE(at["web-2"], at["web-1"]);
    }

    // A StatefulSet's replacement keeps the evicted pod's name. maxUnavailable 1 of 2: 1
    // allowed; db-0 goes at t=0, its replacement (db-0 again) is bound before the retry, so
    // the budget allows 1 again and db-1 goes 5 s later.
    void statefulSetReplacementKeepsItsName() {
        io::Diagnostics diags;
        std::map<std::string, core::SimTime> at;
        const auto a = drain(std::string(kNodes) + kDbOnN1, nodes({"n1"}), diags, &at);
        QVERIFY2(a, diags.firstErrors(3).c_str());
        QCOMPARE(a->drained, std::vector<std::string>{"n1"});
        QCOMPARE(a->evicted.size(), std::size_t(2));
        QCOMPARE(a->evicted[0].replacement, std::string("default/db-0"));
        QVERIFY(!a->evicted[0].to.empty());
        QCOMPARE(at["db-1"] - at["db-0"], 5 * core::kSecond);
        QVERIFY(a->blocked.empty());
    }

    // minAvailable 2 over both: 0 allowed, and nothing can change that (no replacement is
    // ever created): the first round evicts nothing with the loop idle, so both stay.
    void budgetThatNeverAllowsGivesUp() {
        io::Diagnostics diags;
        const auto a = drain(std::string(kNodes) + kWebOnN1 + budget("minAvailable: 2"), nodes({"n1"}), diags);
        QVERIFY(a);
        QVERIFY(a->drained.empty());
        QVERIFY(a->evicted.empty());
        QCOMPARE(a->blocked.size(), std::size_t(2));
        QCOMPARE(a->blocked[0].pod, std::string("default/web-1"));
        QCOMPARE(a->blocked[0].reason, std::string(plan::capacity::kBudgetRefusal));
        QCOMPARE(a->blocked[1].pod, std::string("default/web-2"));
    }

    // A bare pod on n1: kubectl refuses it without --force and then evicts nothing from n1.
    // With --force both go; the bare pod has no replacement.
    void barePodNeedsForce() {
        io::Diagnostics diags;
        const std::string cluster = std::string(kNodes) + kWebOnN1 + kBarePod;
        auto a = drain(cluster, nodes({"n1"}), diags);
        QVERIFY(a);
        QVERIFY(a->drained.empty());
        QVERIFY(a->evicted.empty());
        QCOMPARE(a->blocked.size(), std::size_t(3));
        QCOMPARE(a->blocked[0].pod, std::string("default/bare"));
        QCOMPARE(a->blocked[0].reason, std::string(plan::capacity::kUnmanagedRefusal));
        QCOMPARE(a->blocked[1].reason, std::string(plan::capacity::kNodeLeftRefusal));

        DrainRequest forced = nodes({"n1"});
        forced.force = true;
        a = drain(cluster, forced, diags);
        QVERIFY(a);
        QCOMPARE(a->drained, std::vector<std::string>{"n1"});
        QCOMPARE(a->evicted.size(), std::size_t(3));  // bare, web-1, web-2: the API's order
        QCOMPARE(a->evicted[0].pod, std::string("default/bare"));
        QVERIFY(a->evicted[0].replacement.empty());
        QVERIFY(a->evicted[0].to.empty());
        QVERIFY(!a->evicted[1].to.empty());
        QVERIFY(a->blocked.empty());
    }

    // emptyDir: refused without --delete-emptydir-data (--force does not cover it).
    void emptyDirNeedsDeleteEmptyDirData() {
        // The web pods (dumped and templated) with an emptyDir volume.
        std::string web = kWebOnN1;
        const std::string line = "containers: [{name: c, resources: {requests: {cpu: \"1\"}}}]\n";
        for (std::size_t at = web.find(line); at != std::string::npos; at = web.find(line, at + 1)) {
            const std::size_t lineStart = web.rfind('\n', at) + 1;
            const std::string indent = web.substr(lineStart, at - lineStart);
            web.insert(at + line.size(), indent + "volumes: [{name: scratch, emptyDir: {}}]\n");
        }
        const std::string cluster = std::string(kNodes) + web;
        io::Diagnostics diags;
        DrainRequest r = nodes({"n1"});
        r.force = true;
        auto a = drain(cluster, r, diags);
        QVERIFY2(a, diags.firstErrors(3).c_str());
        QCOMPARE(a->blocked.size(), std::size_t(2));
        QCOMPARE(a->blocked[0].reason, std::string(plan::capacity::kLocalStorageRefusal));
        r.deleteEmptyDirData = true;
        a = drain(cluster, r, diags);
        QVERIFY(a);
        QCOMPARE(a->evicted.size(), std::size_t(2));
        QCOMPARE(a->drained, std::vector<std::string>{"n1"});
    }

    // The DaemonSet's pod on n1 is skipped: neither evicted nor blocked, and n1 counts as
    // drained. (Its pods on other nodes are untouched.)
    void daemonSetPodSkipped() {
        io::Diagnostics diags;
        const auto a = drain(std::string(kNodes) + kWebOnN1 + kDaemonSet, nodes({"n1"}), diags);
        QVERIFY(a);
        QCOMPARE(a->drained, std::vector<std::string>{"n1"});
        QCOMPARE(a->evicted.size(), std::size_t(2));
        for (const auto& e : a->evicted) QVERIFY(e.pod.find("agent") == std::string::npos);
        QVERIFY(a->blocked.empty());
    }

    // --selector over zone-a: n1 and n2, in name order, both cordoned first; the web pods'
    // replacements can only go to n3.
    void selectorOverAZone() {
        io::Diagnostics diags;
        DrainRequest r;
        r.selector = "topology.kubernetes.io/zone=zone-a";
        const auto a = drain(std::string(kNodes) + kWebOnN1 + budget("maxUnavailable: 1"), r, diags);
        QVERIFY2(a, diags.firstErrors(3).c_str());
        QCOMPARE(a->drained, (std::vector<std::string>{"n1", "n2"}));
        QCOMPARE(a->evicted.size(), std::size_t(2));
        for (const auto& e : a->evicted) QCOMPARE(e.to, std::string("n3"));
        QCOMPARE(a->pendingAfter, std::int64_t(0));
    }

    void badRequests_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QStringList>("nodeNames");
        QTest::addColumn<QString>("selector");
        QTest::newRow("unknown node") << QStringList{"n9"} << QString();
        QTest::newRow("selector matching nothing") << QStringList{} << QString("topology.kubernetes.io/zone=zone-z");
        QTest::newRow("bad selector") << QStringList{} << QString("a in b");
        QTest::newRow("neither") << QStringList{} << QString();
        QTest::newRow("both") << QStringList{"n1"} << QString("zone=a");
    }
    void badRequests() {
        QFETCH(QStringList, nodeNames);
        QFETCH(QString, selector);
        DrainRequest r;
        for (const auto& n : nodeNames) r.nodes.push_back(n.toStdString());
        r.selector = selector.toStdString();
        io::Diagnostics diags;
        QVERIFY(!drain(std::string(kNodes) + kWebOnN1, r, diags));
        QVERIFY(diags.hasErrors());
    }

    // Brute force: random clusters drained through simulateDrain and through plain plan edits
    // (cordon every target, then Simulation::drain each: no budgets here, so nothing waits).
    // The same pods are evicted, the targets keep only DaemonSet pods, and every workload ends
    // with as many bound pods either way.
    void crossCheckWithPlanEdits() {
        for (int seed = 0; seed < 30; ++seed) {
            std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
            int nodeCount = 0;
            plan::PlanInput in;
            in.manifests.push_back({"cluster.yaml", randomCluster(rng, nodeCount)});
            in.seed = static_cast<std::uint64_t>(seed);
            DrainRequest r;
            for (int i = 0; i < nodeCount - 2; ++i)
                if (std::uniform_int_distribution<int>(0, 1)(rng) || r.nodes.empty()) r.nodes.push_back("n" + std::to_string(i));

            plan::Plan a(in);
            io::Diagnostics diags;
            const auto answer = plan::capacity::simulateDrain(a, r, diags);
            QVERIFY2(answer, diags.firstErrors(3).c_str());
            QVERIFY(answer->blocked.empty());
            QCOMPARE(answer->drained, r.nodes);

            plan::Plan b(in);
            b.runToEnd();
            auto daemon = [](const core::Pod& p) {
                for (const auto& o : p.ownerReferences)
                    if (o.controller && o.kind == "DaemonSet") return true;
                return false;
            };
            auto onTargets = [&](plan::Plan& p) {
                std::set<std::string> keys;
                for (const auto& n : r.nodes)
                    if (const auto* ni = p.sim().scheduler().cache().nodeInfo(p.cluster().pool.find(n)))
                        for (const core::Pod* pod : ni->pods())
                            if (!daemon(*pod)) keys.insert(p.cluster().podKey(*pod));
                return keys;
            };
            const std::set<std::string> before = onTargets(b);
            std::set<std::string> evicted;
            for (const auto& e : answer->evicted) evicted.insert(e.pod);
            QCOMPARE(evicted, before);
            for (const auto& n : r.nodes) {
                plan::PlanEdit cordon;
                cordon.kind = plan::EditKind::Cordon;
                cordon.node = n;
                QCOMPARE(b.apply(cordon), std::string());
            }
            for (const auto& n : r.nodes) {
                plan::PlanEdit drainEdit;
                drainEdit.kind = plan::EditKind::Drain;
                drainEdit.node = n;
                QCOMPARE(b.apply(drainEdit), std::string());
            }
            b.runToEnd();
            QVERIFY(onTargets(a).empty());
            QVERIFY(onTargets(b).empty());
            auto boundPerWorkload = [](plan::Plan& p) {
                std::map<std::string, int> n;
                for (const auto& pod : p.cluster().pods)
                    if (!p.cluster().podRemoved[pod.id] && pod.nodeName != core::kEmptySym && !pod.ownerReferences.empty())
                        ++n[pod.ownerReferences.front().name];
                return n;
            };
            QCOMPARE(boundPerWorkload(a), boundPerWorkload(b));
            QCOMPARE(answer->pendingAfter, std::int64_t(0));
        }
    }

    // The JSON contract: field names, null for a pod without replacement.
    void jsonShape() {
        io::Diagnostics diags;
        DrainRequest r = nodes({"n1"});
        r.force = true;
        const auto a = drain(std::string(kNodes) + kBarePod, r, diags);
        QVERIFY(a);
        QCOMPARE(show(*a), QString("{\"drained\":[\"n1\"],\"evicted\":[{\"pod\":\"default/bare\",\"from\":\"n1\","
                                   "\"replacement\":null,\"to\":null}],\"blocked\":[],\"pendingAfter\":0}\n"));
    }
};

QTEST_GUILESS_MAIN(TestDrain)
#include "tst_drain.moc"
