// plan::capacity::howManyMoreFit: replicas added as their controller makes them, each through
// the whole loop, until the first that finds no node. Expected counts are derived by hand in
// the row comments; a brute-force cross-check scales random clusters one replica at a time
// through plain plan edits and compares every answer.

#include <QTest>

#include <random>

#include "plan/capacity/fit.h"
#include "plan/capacity/fit_report.h"
#include "plan/plan.h"
#include "testlib/random_manifests.h"

using namespace berth;
using plan::capacity::FitAnswer;

namespace {

// Three nodes, two zones, 110 pods each. a1: 2 cpu, a2: 1 cpu (zone a); b1: 4 cpu (zone b).
// One bound pod of 500m on a1.
const char* kNodes = R"(apiVersion: v1
kind: Node
metadata: {name: a1, labels: {topology.kubernetes.io/zone: a, kubernetes.io/hostname: a1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: a2, labels: {topology.kubernetes.io/zone: a, kubernetes.io/hostname: a2}}
status: {allocatable: {cpu: "1", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: b1, labels: {topology.kubernetes.io/zone: b, kubernetes.io/hostname: b1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: running, namespace: default}
spec:
  nodeName: a1
  containers: [{name: c, resources: {requests: {cpu: 500m}}}]
)";

const char* kPodTemplate = R"(apiVersion: v1
kind: Pod
metadata: {name: worker, namespace: default}
spec:
  containers: [{name: c, resources: {requests: {cpu: 500m, memory: 256Mi}}}]
)";

const char* kAntiAffinityDeployment = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: db, namespace: default}
spec:
  replicas: 5
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector: {matchLabels: {app: db}}
            topologyKey: kubernetes.io/hostname
      containers: [{name: c, resources: {requests: {cpu: 100m}}}]
)";

std::optional<FitAnswer> ask(const std::string& cluster, const std::string& tmpl, std::optional<std::int64_t> max,
                             io::Diagnostics& diags, std::uint64_t seed = 0) {
    plan::Plan p(testlib::planInput(cluster, seed));
    plan::capacity::FitRequest r;
    r.templateText = tmpl;
    r.templateFile = "template.yaml";
    r.max = max;
    return plan::capacity::howManyMoreFit(p, r, diags);
}

}  // namespace

class TestFit : public QObject {
    Q_OBJECT
private slots:
    void podCopiesUntilCpuRunsOut();
    void stopsAtMax();
    void antiAffinityOnePerNode();
    void existingWorkloadScalesFromItsReplicas();
    void morePodsOfThePlan();
    void badPodsOfThePlan_data();
    void badPodsOfThePlan();
    void badTemplates_data();
    void badTemplates();
    void jsonShape();
    void sameAsOneReplicaAtATime_data();
    void sameAsOneReplicaAtATime();
};

void TestFit::podCopiesUntilCpuRunsOut() {
    io::Diagnostics diags;
    const auto a = ask(kNodes, kPodTemplate, std::nullopt, diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    // 500m copies: a1 has 2 - 0.5 = 1.5 cpu left -> 3; a2 1 cpu -> 2; b1 4 cpu -> 8. 13 in all.
    QCOMPARE(a->fits, std::int64_t{13});
    QCOMPARE(a->byNode.at("a1"), std::int64_t{3});
    QCOMPARE(a->byNode.at("a2"), std::int64_t{2});
    QCOMPARE(a->byNode.at("b1"), std::int64_t{8});
    QCOMPARE(a->byZone.at("a"), std::int64_t{5});
    QCOMPARE(a->byZone.at("b"), std::int64_t{8});
    QCOMPARE(a->stoppedBy, FitAnswer::Stop::Unschedulable);
    QCOMPARE(a->templateRef, std::string("default/worker"));
    // The 14th copy: every node short of cpu, and no preemption text (preemption is off).
    QCOMPARE(a->nextMessage, std::string("0/3 nodes are available: 3 Insufficient cpu."));
    QCOMPARE(a->nextPod, std::string("default/worker-14"));
}

void TestFit::stopsAtMax() {
    io::Diagnostics diags;
    const auto a = ask(kNodes, kPodTemplate, 4, diags);
    QVERIFY(a);
    QCOMPARE(a->fits, std::int64_t{4});
    QCOMPARE(a->stoppedBy, FitAnswer::Stop::Max);
    QVERIFY(a->nextMessage.empty());
    const auto none = ask(kNodes, kPodTemplate, 0, diags);
    QVERIFY(none);
    QCOMPARE(none->fits, std::int64_t{0});
    QCOMPARE(none->stoppedBy, FitAnswer::Stop::Max);
}

void TestFit::antiAffinityOnePerNode() {
    io::Diagnostics diags;
    // Required anti-affinity per hostname: one replica per node, three nodes. The template's
    // replicas (5) do not count: the question starts the new Deployment at 0.
    const auto a = ask(kNodes, kAntiAffinityDeployment, std::nullopt, diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(a->fits, std::int64_t{3});
    QCOMPARE(a->byNode.size(), std::size_t{3});
    QCOMPARE(a->existingReplicas, std::int64_t{0});
    QCOMPARE(a->nextMessage, std::string("0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules."));
}

void TestFit::existingWorkloadScalesFromItsReplicas() {
    io::Diagnostics diags;
    // The plan already runs db with 2 replicas (on two of the three nodes): one more fits.
    std::string cluster = std::string(kNodes) + "---\n" + kAntiAffinityDeployment;
    cluster.replace(cluster.find("replicas: 5"), 11, "replicas: 2");
    const auto a = ask(cluster, kAntiAffinityDeployment, std::nullopt, diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(a->existingReplicas, std::int64_t{2});
    QCOMPARE(a->fits, std::int64_t{1});
}

namespace {

std::optional<FitAnswer> askForPod(const std::string& cluster, const std::string& pod, io::Diagnostics& diags) {
    plan::Plan p(testlib::planInput(cluster));
    plan::capacity::FitRequest r;
    r.pod = pod;
    return plan::capacity::howManyMoreFit(p, r, diags);
}

/// The key of a pod whose name starts with `prefix` in `cluster` run to the end.
std::string podNamed(const std::string& cluster, const std::string& prefix) {
    plan::Plan p(testlib::planInput(cluster));
    p.runToEnd();
    for (const core::Pod& pod : p.cluster().pods)
        if (pod.name.rfind(prefix, 0) == 0) return p.cluster().podKey(pod);
    return {};
}

}  // namespace

// The GUI's question on a pod it shows: the pod's workload, or a copy of a plain pod.
void TestFit::morePodsOfThePlan() {
    io::Diagnostics diags;
    std::string cluster = std::string(kNodes) + "---\n" + kAntiAffinityDeployment;
    cluster.replace(cluster.find("replicas: 5"), 11, "replicas: 2");
    // A replica of db (owned by its ReplicaSet, owned by the Deployment): db scaled from its
    // 2 replicas, as existingWorkloadScalesFromItsReplicas: one more node is free of db.
    const std::string replica = podNamed(cluster, "db-");
    QVERIFY(!replica.empty());
    const auto a = askForPod(cluster, replica, diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(a->templateKind, std::string("Deployment"));
    QCOMPARE(a->templateRef, std::string("default/db"));
    QCOMPARE(a->existingReplicas, std::int64_t{2});
    QCOMPARE(a->fits, std::int64_t{1});
    // The bound pod `running` of kNodes (500m, no owner): copies of it, unbound, are the
    // worker template's 500m copies (podCopiesUntilCpuRunsOut): 3 + 2 + 8 = 13.
    const auto copies = askForPod(kNodes, "default/running", diags);
    QVERIFY2(copies, diags.firstErrors(3).c_str());
    QCOMPARE(copies->templateKind, std::string("Pod"));
    QCOMPARE(copies->fits, std::int64_t{13});
    QCOMPARE(copies->nextPod, std::string("default/running-14"));
}

void TestFit::badPodsOfThePlan_data() {
    QTest::addColumn<QString>("pod");
    QTest::addColumn<QString>("message");
    QTest::newRow("no such pod") << "default/nope" << "<input>: error: the plan has no pod default/nope";
    QTest::newRow("a DaemonSet's pod")
        << "ds-" << "<input>: error: DaemonSet default/ds runs one pod per node: add nodes instead of replicas";
}

void TestFit::badPodsOfThePlan() {
    QFETCH(QString, pod);
    QFETCH(QString, message);
    const std::string cluster = std::string(kNodes) +
                                "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: ds, namespace: "
                                "default}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: "
                                "{labels: {a: b}}\n    spec: {containers: [{name: c}]}\n";
    const std::string key = pod.endsWith('-') ? podNamed(cluster, pod.toStdString()) : pod.toStdString();
    io::Diagnostics diags;
    QVERIFY(!askForPod(cluster, key, diags));
    QCOMPARE(QString::fromStdString(diags.items.front().toString()), message);
}

void TestFit::badTemplates_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("tmpl");
    QTest::addColumn<QString>("message");
    QTest::newRow("two objects") << QString::fromUtf8(std::string(kPodTemplate) + "---\n" + kAntiAffinityDeployment)
                                 << "template.yaml:7:1: error: Deployment default/db: a template holds one Pod, "
                                    "Deployment, ReplicaSet, StatefulSet or Job, and this is a second object";
    // The loader's own check comes first: the same object twice.
    QTest::newRow("the same object twice")
        << QString::fromUtf8(std::string(kPodTemplate) + "---\n" + kPodTemplate)
        << "template.yaml:7:1: error: Pod default/worker: duplicate object: already defined at template.yaml:1:1";
    QTest::newRow("a node") << "apiVersion: v1\nkind: Node\nmetadata: {name: n}\n"
                            << "template.yaml:1:1: error: Node n: a template holds one Pod, Deployment, ReplicaSet, "
                               "StatefulSet or Job, not a Node";
    QTest::newRow("empty") << ""
                           << "template.yaml: error: a template holds one Pod, Deployment, ReplicaSet, StatefulSet or "
                              "Job; this file holds no object";
    QTest::newRow("a DaemonSet") << "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: d}\nspec:\n  selector: "
                                    "{matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec: "
                                    "{containers: [{name: c}]}\n"
                                 << "template.yaml:1:1: error: DaemonSet default/d: a template holds one Pod, "
                                    "Deployment, ReplicaSet, StatefulSet or Job, not a DaemonSet";
    // clang-format on
}

void TestFit::badTemplates() {
    QFETCH(QString, tmpl);
    QFETCH(QString, message);
    io::Diagnostics diags;
    QVERIFY(!ask(kNodes, tmpl.toStdString(), std::nullopt, diags));
    QVERIFY(diags.hasErrors());
    QCOMPARE(QString::fromStdString(diags.items.front().toString()), message);
}

void TestFit::jsonShape() {
    io::Diagnostics diags;
    const auto a = ask(kNodes, kPodTemplate, std::nullopt, diags);
    QVERIFY(a);
    QCOMPARE(plan::capacity::fitReport(*a, plan::capacity::ReportFormat::Json),
             std::string(R"({"template":"default/worker","fits":13,"byNode":{"a1":3,"a2":2,"b1":8},)"
                         R"("byZone":{"a":5,"b":8},"stoppedBy":"unschedulable","next":{"pod":"default/worker-14",)"
                         R"("message":"0/3 nodes are available: 3 Insufficient cpu."}})"
                         "\n"));
}

namespace {

/// A random cluster: 3 to 10 nodes of mixed sizes over up to 3 zones, some tainted or
/// cordoned, some pods already bound, and a Deployment `app` at 0 replicas whose pods have
/// random requests and, sometimes, a zone spread, a hostname anti-affinity or a node selector.
std::string randomCluster(testlib::SeededPicks& pick) {
    std::string y;
    const int nodes = pick(3, 10);
    for (int i = 0; i < nodes; ++i) {
        testlib::NodeText n;
        n.name = "n" + std::to_string(i);
        n.zone = pick(0, 2);
        n.moreLabels = ", pool: p" + std::to_string(pick(0, 1));
        n.spec = std::string("unschedulable: ") + (pick(0, 9) == 0 ? "true" : "false");
        if (pick(0, 5) == 0) n.spec += ", taints: [{key: dedicated, value: x, effect: NoSchedule}]";
        n.cpu = pick(1, 8);
        n.memory = std::to_string(pick(2, 16)) + "Gi";
        n.pods = pick(3, 30);
        y += testlib::nodeManifest(n);
        for (int k = pick(0, 3); k > 0; --k)
            y += "apiVersion: v1\nkind: Pod\nmetadata: {name: bound-" + std::to_string(i) + "-" + std::to_string(k) +
                 ", namespace: default, labels: {app: other}}\nspec:\n  nodeName: " + n.name +
                 "\n  containers: " + testlib::containers(pick(1, 10) * 100) + "\n---\n";
    }
    std::string spec;
    switch (pick(0, 3)) {
        case 0:
            spec += "      topologySpreadConstraints: [{maxSkew: " + std::to_string(pick(1, 2)) +
                    ", topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: "
                    "{matchLabels: {app: app}}}]\n";
            break;
        case 1: spec += testlib::hostnameAntiAffinityLine("app"); break;
        case 2: spec += "      nodeSelector: {pool: p" + std::to_string(pick(0, 1)) + "}\n"; break;
        default: break;
    }
    const int milliCpu = pick(1, 15) * 100;  // picked before the memory, as the seeds' clusters were written
    const int memoryMi = pick(1, 8) * 256;
    spec += "      containers: " + testlib::containers(milliCpu, memoryMi) + "\n";
    return y + testlib::deploymentManifest("app", 0, spec);
}

}  // namespace

void TestFit::sameAsOneReplicaAtATime_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("seed");
    for (int s = 1; s <= 40; ++s) QTest::newRow(("cluster " + std::to_string(s)).c_str()) << s;
    // clang-format on
}

void TestFit::sameAsOneReplicaAtATime() {
    QFETCH(int, seed);
    testlib::SeededPicks pick(static_cast<std::mt19937::result_type>(seed));
    const std::string cluster = randomCluster(pick);
    const std::string deployment = cluster.substr(cluster.rfind("apiVersion: apps/v1"));
    const auto in = testlib::planInput(cluster, static_cast<std::uint64_t>(seed));

    io::Diagnostics diags;
    plan::Plan forAnswer(in);
    plan::capacity::FitRequest r{deployment, "app.yaml", 200, false, {}};
    const auto answer = plan::capacity::howManyMoreFit(forAnswer, r, diags);
    QVERIFY2(answer, diags.firstErrors(3).c_str());

    // Brute force: scale the Deployment one replica at a time through plan edits, running the
    // plan to the end after each, until a replica stays pending.
    plan::Plan p(in);
    p.runToEnd();
    p.sim().scheduler().setPreemption(false);
    std::map<std::string, std::int64_t> byNode;
    std::int64_t fits = 0;
    std::string message;
    for (; fits < 200; ++fits) {
        plan::PlanEdit scale;
        scale.kind = plan::EditKind::ScaleWorkload;
        scale.workloadKind = core::WorkloadKind::Deployment;
        scale.ns = "default";
        scale.name = "app";
        scale.replicas = static_cast<std::int32_t>(fits + 1);
        QCOMPARE(p.apply(scale), std::string());
        p.runToEnd();
        const core::Pod& newest = p.cluster().pods.back();
        const core::PodOutcome& o = p.sim().outcome(newest);
        if (o.state != core::PodState::Bound) {
            message = o.message;
            break;
        }
        ++byNode[std::string(p.cluster().pool.str(o.node))];
    }
    QCOMPARE(answer->fits, fits);
    QCOMPARE(answer->byNode, byNode);
    if (fits < 200) QCOMPARE(answer->nextMessage, message);
}

QTEST_APPLESS_MAIN(TestFit)
#include "tst_fit.moc"
