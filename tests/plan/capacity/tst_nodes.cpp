// plan::capacity::howManyNodes and its estimator: nodes to add per pool until every pending pod
// is placed. Expected answers are derived by hand in the comments; a brute-force cross-check
// adds a pool's nodes one at a time to random clusters (written by hand into the manifests,
// run by a plain plan) and compares the first count that leaves nothing pending; with two
// pools, plain runs check the answer's mix and its one-fewer claims.

#include <QTest>

#include <random>
#include <sstream>

#include "plan/capacity/node_estimate.h"
#include "plan/capacity/nodes.h"
#include "plan/capacity/nodes_manifest.h"
#include "plan/capacity/node_pool.h"
#include "plan/capacity/nodes_report.h"
#include "plan/plan.h"
#include "testlib/random_manifests.h"

using namespace berth;
using plan::capacity::NodesAnswer;
using plan::capacity::Strategy;

namespace {

// One node n0 (2 cpu) and a DaemonSet `agent` of 500m / 512Mi on every node: n0 has 1.5 cpu
// left, so one of the six 1-cpu `app` replicas runs there and five stay pending.
const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n0, labels: {kubernetes.io/hostname: n0, topology.kubernetes.io/zone: a}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      tolerations: [{operator: Exists}]
      containers: [{name: c, resources: {requests: {cpu: 500m, memory: 512Mi}}}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: app, namespace: default}
spec:
  replicas: 6
  selector: {matchLabels: {app: app}}
  template:
    metadata: {labels: {app: app}}
    spec:
      containers: [{name: c, resources: {requests: {cpu: "1", memory: 1Gi}}}]
)";

// small: 2 cpu, 4Gi. Less the agent: 1.5 cpu, 3.5Gi, so one app pod a node: 5 nodes.
const char* kSmall = R"(apiVersion: v1
kind: Node
metadata:
  name: small
  labels: {topology.kubernetes.io/zone: a}
  annotations: {berth.dev/price-per-hour: "0.10"}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
)";

// big: 8 cpu, 32Gi. Less the agent: 7.5 cpu, 31.5Gi: all five app pods on one node.
const char* kBig = R"(apiVersion: v1
kind: Node
metadata:
  name: big
  labels: {topology.kubernetes.io/zone: b}
  annotations: {berth.dev/price-per-hour: "0.45"}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
)";

std::optional<NodesAnswer> ask(const std::string& cluster, const std::vector<std::string>& templates,
                               const std::string& strategy, io::Diagnostics& diags, std::uint64_t seed = 0,
                               std::optional<std::int64_t> maxNodes = std::nullopt) {
    plan::capacity::NodesRequest r;
    for (std::size_t i = 0; i < templates.size(); ++i)
        r.templates.push_back({"t" + std::to_string(i) + ".yaml", templates[i]});
    r.strategy = strategy;
    r.maxNodes = maxNodes;
    return plan::capacity::howManyNodes(testlib::planInput(cluster, seed), {}, r, diags);
}

std::vector<std::int64_t> counts(const NodesAnswer& a) {
    std::vector<std::int64_t> out;
    for (const auto& p : a.pools) out.push_back(p.count);
    return out;
}

core::ResourceList cpuMemory(std::int64_t milliCpu, std::int64_t mib, std::int64_t pods = 110) {
    core::ResourceList r;
    r.milliCpu = milliCpu;
    r.memory = mib * 1024 * 1024;
    r.pods = pods;
    return r;
}

}  // namespace

class TestNodes : public QObject {
    Q_OBJECT
private slots:
    void answerAsOneManifest();
    void binpackFirstFitDecreasing();
    void binpackKeepsGroupsApart();
    void strategiesPickAsTheExpanders();
    void eachStrategyOnTheCluster_data();
    void eachStrategyOnTheCluster();
    void daemonSetOverheadDecides();
    void unplaceableWithEachPoolsReason();
    void oneFewerLeavesAPodPending();
    void modelNodeKeepsItsPrice();
    void limitStopsUnverified();
    void nothingPending();
    void badInput_data();
    void badInput();
    void jsonShape();
    void sameAsAddingNodesOneByOne_data();
    void sameAsAddingNodesOneByOne();
    void twoPoolsCheckedByPlainRuns_data();
    void twoPoolsCheckedByPlainRuns();
};

void TestNodes::binpackFirstFitDecreasing() {
    // Room 1000m. Pods 300, 600, 500, 400 (m) sort to 600, 500, 400, 300: 600 opens node 1,
    // 500 opens node 2 (1100 > 1000), 400 joins node 1 (1000), 300 joins node 2 (800).
    std::vector<plan::capacity::EstimatePod> pods;
    for (std::int64_t cpu : {300, 600, 500, 400}) pods.push_back({cpuMemory(cpu, 0, 1), 1, -1});
    const std::vector<plan::capacity::EstimatePool> pools{{cpuMemory(1000, 1024), std::nullopt}};
    const auto o = plan::capacity::binpack(pods, {0, 1, 2, 3}, pools, 0, 100);
    QCOMPARE(o.nodes, std::int64_t{2});
    QCOMPARE(o.pods.size(), std::size_t{4});
    QCOMPARE(o.requestedMilliCpu, std::int64_t{1800});
    // At most one node: 600 and 400 fit, 500 and 300 do not.
    const auto one = plan::capacity::binpack(pods, {0, 1, 2, 3}, pools, 0, 1);
    QCOMPARE(one.nodes, std::int64_t{1});
    QCOMPARE(one.pods, (std::vector<std::size_t>{1, 3}));
    // A pod the pool's template does not take (bit 0 clear) is left out.
    pods[1].pools = 2;
    QCOMPARE(plan::capacity::binpack(pods, {0, 1, 2, 3}, pools, 0, 100).pods.size(), std::size_t{3});
}

void TestNodes::binpackKeepsGroupsApart() {
    // Three 100m pods of one group on 1-cpu nodes: cpu would take them on one, the group
    // needs three.
    std::vector<plan::capacity::EstimatePod> pods(3, {cpuMemory(100, 0, 1), 1, 7});
    const std::vector<plan::capacity::EstimatePool> pools{{cpuMemory(1000, 1024), std::nullopt}};
    QCOMPARE(plan::capacity::binpack(pods, {0, 1, 2}, pools, 0, 100).nodes, std::int64_t{3});
}

void TestNodes::strategiesPickAsTheExpanders() {
    // Four 1-cpu / 1Gi pods. Pool 0: 2 cpu / 2Gi at 1.0 per hour -> 2 nodes, no waste (cpu
    // 4-4, memory 4-4: 0). Pool 1: 4 cpu / 16Gi at 1.5 -> 1 node, waste 0 + 12/16 = 0.75.
    // Pool 2: 1 cpu / 1Gi at 0.2 -> 4 nodes, no waste, 0.8 per hour.
    std::vector<plan::capacity::EstimatePod> pods(4, {cpuMemory(1000, 1024, 1), 7, -1});
    const std::vector<plan::capacity::EstimatePool> pools{
        {cpuMemory(2000, 2048), 1.0}, {cpuMemory(4000, 16384), 1.5}, {cpuMemory(1000, 1024), 0.2}};
    const std::vector<std::size_t> all{0, 1, 2, 3};
    auto mix = [&](Strategy s) { return plan::capacity::estimateMix(pods, all, pools, s, 100).nodes; };
    // least-waste: pools 0 and 2 tie at 0; the first given wins.
    QCOMPARE(mix(Strategy::LeastWaste), (std::vector<std::int64_t>{2, 0, 0}));
    // most-pods: every pool places all four; the first given wins.
    QCOMPARE(mix(Strategy::MostPods), (std::vector<std::int64_t>{2, 0, 0}));
    // least-nodes: pool 1's single node.
    QCOMPARE(mix(Strategy::LeastNodes), (std::vector<std::int64_t>{0, 1, 0}));
    // price per pod placed: 2.0/4 = 0.5, 1.5/4 = 0.375, 0.8/4 = 0.2: pool 2.
    QCOMPARE(mix(Strategy::Price), (std::vector<std::int64_t>{0, 0, 4}));
    // Under a limit of 1 node, the loop places what one node takes and stops.
    const auto limited = plan::capacity::estimateMix(pods, all, pools, Strategy::LeastWaste, 1);
    QCOMPARE(limited.total(), std::int64_t{1});
    QCOMPARE(limited.unplaced, std::int64_t{2});
}

void TestNodes::eachStrategyOnTheCluster_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<std::vector<std::int64_t>>("expected");  // small, big
    QTest::addColumn<bool>("smallerMix");
    // 5 pending app pods (1 cpu, 1Gi). small: 5 nodes, waste cpu (7.5-5)/7.5 = 0.333 + memory
    // (17.5-5)/17.5 = 0.714 -> 1.048. big: 1 node, 0.333 + (31.5-5)/31.5 = 0.841 -> 1.175.
    QTest::newRow("least-waste") << "least-waste" << std::vector<std::int64_t>{5, 0} << true;
    // Both place all five: the first template given.
    QTest::newRow("most-pods") << "most-pods" << std::vector<std::int64_t>{5, 0} << true;
    QTest::newRow("least-nodes") << "least-nodes" << std::vector<std::int64_t>{0, 1} << false;
    // Per pod placed: small 5 x 0.10 / 5 = 0.10, big 0.45 / 5 = 0.09.
    QTest::newRow("price") << "price" << std::vector<std::int64_t>{0, 1} << false;
    // clang-format on
}

void TestNodes::eachStrategyOnTheCluster() {
    QFETCH(QString, strategy);
    QFETCH(std::vector<std::int64_t>, expected);
    QFETCH(bool, smallerMix);
    io::Diagnostics diags;
    const auto a = ask(kCluster, {kSmall, kBig}, strategy.toStdString(), diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(counts(*a), expected);
    QVERIFY(a->verified);
    QCOMPARE(a->pendingBefore, std::int64_t{5});
    QVERIFY(a->unplaceable.empty());
    // The five small nodes are more than big's one, which least-nodes picks and a run confirms.
    QCOMPARE(a->smallerMix.has_value(), smallerMix);
    if (smallerMix) {
        QCOMPARE(a->smallerMix->counts, (std::vector<std::int64_t>{0, 1}));
        QCOMPARE(a->smallerMix->strategy, Strategy::LeastNodes);
    }
    const std::int64_t added = expected[0] + expected[1];
    QCOMPARE(a->nodesAdded(), added);
    QCOMPARE(*a->totalCostPerHour(), expected[0] * 0.10 + expected[1] * 0.45);
    if (expected[0] > 0) QCOMPARE(a->pools[0].nodes.back(), std::string("small-5"));
}

void TestNodes::daemonSetOverheadDecides() {
    // tiny: 1200m. Without the agent a 1-cpu app pod would fit; the agent's 500m leaves 700m.
    const std::string tiny =
        "apiVersion: v1\nkind: Node\nmetadata: {name: tiny}\n"
        "status: {allocatable: {cpu: 1200m, memory: 4Gi, pods: \"110\"}}\n";
    io::Diagnostics diags;
    const auto a = ask(kCluster, {tiny}, "least-waste", diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(a->nodesAdded(), std::int64_t{0});
    QCOMPARE(a->unplaceable.size(), std::size_t{5});
    QCOMPARE(a->unplaceable.front().message, std::string("no node template fits: tiny: Insufficient cpu"));
    // A pool whose own DaemonSet pods do not fit (400m of 500m) takes nothing.
    const std::string crumb =
        "apiVersion: v1\nkind: Node\nmetadata: {name: crumb}\n"
        "status: {allocatable: {cpu: 400m, memory: 4Gi, pods: \"110\"}}\n";
    const auto b = ask(kCluster, {crumb, kBig}, "least-waste", diags);
    QVERIFY(b);
    QCOMPARE(counts(*b), (std::vector<std::int64_t>{0, 1}));
    QVERIFY(!b->pools[0].unusable.empty());
}

void TestNodes::unplaceableWithEachPoolsReason() {
    // A pod that wants an ssd node, and a DaemonSet-free cluster of one full node: the ssd pod
    // has no pool with the label; the other pod takes one small node (2 cpu, no agent here).
    const std::string cluster = R"(apiVersion: v1
kind: Node
metadata: {name: n0}
status: {allocatable: {cpu: "1", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: fast, namespace: default}
spec:
  nodeSelector: {disk: ssd}
  containers: [{name: c, resources: {requests: {cpu: 500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: plain, namespace: default}
spec:
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
)";
    io::Diagnostics diags;
    const auto a = ask(cluster, {kSmall, kBig}, "least-waste", diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(counts(*a), (std::vector<std::int64_t>{1, 0}));
    QVERIFY(a->verified);
    QCOMPARE(a->unplaceable.size(), std::size_t{1});
    QCOMPARE(a->unplaceable[0].pod, std::string("default/fast"));
    QCOMPARE(a->unplaceable[0].message,
             std::string("no node template fits: small: node(s) didn't match Pod's node affinity/selector; "
                         "big: node(s) didn't match Pod's node affinity/selector"));
}

// What the GUI applies: the answer's nodes as one manifest, and a node of the plan as a
// template. least-waste adds 5 small nodes (oneFewerLeavesAPodPending); the plan with that
// manifest loaded places every pod, the 5 app pods one on each of small-1 ... small-5.
void TestNodes::answerAsOneManifest() {
    io::Diagnostics diags;
    const auto a = ask(kCluster, {kSmall, kBig}, "least-waste", diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    plan::capacity::NodesRequest r;
    r.templates = {{"t0.yaml", kSmall}, {"t1.yaml", kBig}};
    const auto manifest = plan::capacity::addedNodesManifest(r, *a, core::KubeVersion::newest(), diags);
    QVERIFY2(manifest, diags.firstErrors(3).c_str());
    plan::Plan p(testlib::planInput(std::string(kCluster) + "---\n" + *manifest));
    p.runToEnd();
    const core::Cluster& c = p.cluster();
    QCOMPARE(c.nodes.size(), std::size_t{6});
    for (int i = 1; i <= 5; ++i) QVERIFY(c.pool.find("small-" + std::to_string(i)) != core::kNoSym);
    for (std::size_t i = 0; i < c.pods.size(); ++i)
        QVERIFY2(p.sim().outcomes()[i].state != core::PodState::Pending, c.pods[i].name.c_str());
    // No pool adds a node: nothing to submit.
    NodesAnswer none = *a;
    for (auto& pool : none.pools) pool.nodes.clear();
    QCOMPARE(*plan::capacity::addedNodesManifest(r, none, core::KubeVersion::newest(), diags), std::string());

    // n0 as a template: one Node named n0 (the pool), with n0's 2 cpu.
    const auto text = plan::capacity::nodeTemplateOf(c, "n0");
    QVERIFY(text);
    core::Cluster scratch;
    const auto pool = plan::capacity::readNodePool(scratch, *text, "n0", core::KubeVersion::newest(), diags);
    QVERIFY2(pool, diags.firstErrors(3).c_str());
    QCOMPARE(pool->name, std::string("n0"));
    QCOMPARE(pool->node.allocatable.milliCpu, std::int64_t{2000});
    QVERIFY(!plan::capacity::nodeTemplateOf(c, "nope"));
}

// A node picked as the model of a pool keeps its price annotation, so the price strategy can
// use a model node as it uses a Node file (the template is written back and read again).
void TestNodes::modelNodeKeepsItsPrice() {
    io::Diagnostics diags;
    plan::Plan p(testlib::planInput(R"(apiVersion: v1
kind: Node
metadata:
  name: priced
  labels: {kubernetes.io/hostname: priced}
  annotations: {berth.dev/price-per-hour: "0.42"}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
)"));
    p.runToEnd();
    const auto text = plan::capacity::nodeTemplateOf(p.cluster(), "priced");
    QVERIFY(text);
    core::Cluster scratch;
    const auto pool = plan::capacity::readNodePool(scratch, *text, "priced", core::KubeVersion::newest(), diags);
    QVERIFY2(pool, diags.firstErrors(3).c_str());
    QVERIFY(pool->pricePerHour);
    QCOMPARE(*pool->pricePerHour, 0.42);
    QCOMPARE(pool->node.allocatable.milliCpu, std::int64_t{4000});
}

void TestNodes::oneFewerLeavesAPodPending() {
    // The answer's one-fewer runs: four small nodes leave one app pod pending.
    io::Diagnostics diags;
    const auto a = ask(kCluster, {kSmall, kBig}, "least-waste", diags);
    QVERIFY(a);
    QCOMPARE(a->pools[0].count, std::int64_t{5});
    QCOMPARE(a->pools[0].pendingWithOneFewer, std::int64_t{1});
    QVERIFY(a->pools[0].pendingExample.rfind("default/app-", 0) == 0);
    QCOMPARE(a->pools[1].pendingWithOneFewer, std::int64_t{0});  // no node of big: no check
}

void TestNodes::limitStopsUnverified() {
    // --max-nodes 3 of small: three more app pods placed, two left with their FitError.
    io::Diagnostics diags;
    const auto a = ask(kCluster, {kSmall}, "least-waste", diags, 0, 3);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(counts(*a), (std::vector<std::int64_t>{3}));
    QVERIFY(!a->verified);
    QCOMPARE(a->unplaceable.size(), std::size_t{2});
    QVERIFY(a->unplaceable[0].message.find("still pending (the limit of 3 added nodes)") == 0);
    QVERIFY(a->unplaceable[0].message.find("Insufficient cpu") != std::string::npos);
}

void TestNodes::nothingPending() {
    io::Diagnostics diags;
    const auto a = ask("apiVersion: v1\nkind: Node\nmetadata: {name: n0}\nstatus: {allocatable: {cpu: \"1\"}}\n",
                       {kSmall}, "least-waste", diags);
    QVERIFY(a);
    QCOMPARE(a->nodesAdded(), std::int64_t{0});
    QVERIFY(a->verified);
    QCOMPARE(a->runs, std::int64_t{1});
}

void TestNodes::badInput_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("tmpl");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("message");
    QTest::newRow("not a node") << "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n"
                                << "least-waste"
                                << "t0.yaml:1:1: error: Pod default/p: a template holds one Node, not a Pod";
    QTest::newRow("two objects") << QString::fromUtf8(std::string(kSmall) + "---\n" + kBig) << "least-waste"
                                 << "t0.yaml:9:1: error: Node big: a template holds one Node, and this is a second object";
    QTest::newRow("unknown strategy") << kSmall << "cheapest"
                                      << "--strategy: error: unknown strategy \"cheapest\" (least-waste, most-pods, "
                                         "least-nodes or price)";
    QTest::newRow("price without a price")
        << "apiVersion: v1\nkind: Node\nmetadata: {name: free}\nstatus: {allocatable: {cpu: \"1\"}}\n" << "price"
        << "t0.yaml:1:1: error: Node free: the price strategy needs a price on every template: annotation "
           "berth.dev/price-per-hour";
    QTest::newRow("bad price") << "apiVersion: v1\nkind: Node\nmetadata:\n  name: odd\n  annotations: "
                                  "{berth.dev/price-per-hour: cheap}\n"
                               << "least-waste"
                               << "t0.yaml:1:1: error: Node odd: metadata.annotations[berth.dev/price-per-hour]: a "
                                  "price per hour is a non-negative number, got \"cheap\"";
    // clang-format on
}

void TestNodes::badInput() {
    QFETCH(QString, tmpl);
    QFETCH(QString, strategy);
    QFETCH(QString, message);
    io::Diagnostics diags;
    QVERIFY(!ask(kCluster, {tmpl.toStdString()}, strategy.toStdString(), diags));
    QVERIFY(diags.hasErrors());
    QCOMPARE(QString::fromStdString(diags.items.front().toString()), message);
}

void TestNodes::jsonShape() {
    io::Diagnostics diags;
    const auto a = ask(kCluster, {kSmall, kBig}, "least-nodes", diags);
    QVERIFY(a);
    QCOMPARE(plan::capacity::nodesReport(*a, plan::capacity::ReportFormat::Json),
             std::string(R"({"strategy":"least-nodes","add":[{"pool":"big","count":1,"costPerHour":0.45}],)"
                         R"("totalCostPerHour":0.45,"unplaceable":[],"verified":true})"
                         "\n"));
}

namespace {

/// A random cluster: 1 or 2 nodes, sometimes a DaemonSet, and 1 to 3 Deployments whose
/// replicas do not all fit: random requests, sometimes a hostname anti-affinity. And one
/// random template every pod fits on (4 to 8 cpu, 16Gi).
struct RandomCase {
    std::string cluster;
    int templateZone = 0;
    int templateCpu = 4;
};

RandomCase randomCase(testlib::SeededPicks& pick) {
    RandomCase c;
    std::string y;
    for (int i = pick(1, 2); i > 0; --i) {
        testlib::NodeText n;
        n.name = "n" + std::to_string(i);
        n.zone = pick(0, 1);
        n.cpu = pick(1, 4);
        y += testlib::nodeManifest(n);
    }
    if (pick(0, 1) == 1)
        y += "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: kube-system}\nspec:\n"
             "  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec:\n"
             "      containers: " +
             testlib::containers(pick(1, 5) * 100) + "\n---\n";
    for (int d = pick(1, 3); d > 0; --d) {
        const std::string app = "app" + std::to_string(d);
        const bool apart = pick(0, 3) == 0;
        const int replicas = apart ? pick(3, 7) : pick(6, 18);
        const int milliCpu = pick(1, 15) * 100;
        const int memoryMi = pick(1, 8) * 256;
        const std::string spec = (apart ? testlib::hostnameAntiAffinityLine(app) : std::string()) +
                                 "      containers: " + testlib::containers(milliCpu, memoryMi) + "\n";
        y += testlib::deploymentManifest(app, replicas, spec) + "---\n";
    }
    c.cluster = y;
    c.templateCpu = pick(4, 8);
    c.templateZone = pick(0, 1);
    return c;
}

/// `k` nodes of a pool named `pool` (zone z<zone>, `cpu` cpu, 16Gi), written by hand as the
/// answer names them.
std::string poolNodes(const std::string& pool, int zone, int cpu, std::int64_t k) {
    std::ostringstream y;
    for (std::int64_t i = 1; i <= k; ++i)
        y << "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: " << pool << "-" << i
          << "\n  labels: {kubernetes.io/hostname: " << pool << "-" << i << ", topology.kubernetes.io/zone: z" << zone
          << "}\nstatus: {allocatable: {cpu: \"" << cpu << "\", memory: 16Gi, pods: \"110\"}}\n";
    return y.str();
}

std::string nodeTemplate(const std::string& pool, int zone, int cpu) {
    return "apiVersion: v1\nkind: Node\nmetadata:\n  name: " + pool + "\n  labels: {topology.kubernetes.io/zone: z" +
           std::to_string(zone) + "}\nstatus: {allocatable: {cpu: \"" + std::to_string(cpu) +
           "\", memory: 16Gi, pods: \"110\"}}\n";
}

/// Pods pending at the end of a plain run of `cluster`, DaemonSet pods left out.
std::int64_t pendingAfterPlainRun(const std::string& cluster, std::uint64_t seed) {
    std::string error;
    const auto plan = plan::runPlanToEnd(testlib::planInput(cluster, seed), {}, error);
    if (!plan) return -1;
    std::int64_t pending = 0;
    const core::Cluster& cl = plan->cluster();
    for (std::size_t i = 0; i < cl.pods.size(); ++i) {
        const bool daemon = !cl.pods[i].ownerReferences.empty() && cl.pods[i].ownerReferences[0].kind == "DaemonSet";
        if (!cl.podRemoved[i] && !daemon && plan->sim().outcomes()[i].state == core::PodState::Pending) ++pending;
    }
    return pending;
}

}  // namespace

void TestNodes::sameAsAddingNodesOneByOne_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("seed");
    for (int s = 1; s <= 25; ++s) QTest::newRow(("cluster " + std::to_string(s)).c_str()) << s;
    // clang-format on
}

void TestNodes::sameAsAddingNodesOneByOne() {
    QFETCH(int, seed);
    testlib::SeededPicks pick(static_cast<std::mt19937::result_type>(seed));
    const RandomCase c = randomCase(pick);
    const auto runSeed = static_cast<std::uint64_t>(seed);
    io::Diagnostics diags;
    const auto answer =
        ask(c.cluster, {nodeTemplate("pool", c.templateZone, c.templateCpu)}, "least-waste", diags, runSeed);
    QVERIFY2(answer, diags.firstErrors(3).c_str());

    // Brute force: 0, 1, 2, ... pool nodes in the manifests, each a plain run to the end,
    // until no pod but a DaemonSet's stays pending.
    std::int64_t k = 0;
    for (; k <= 60; ++k) {
        const std::int64_t pending =
            pendingAfterPlainRun(c.cluster + poolNodes("pool", c.templateZone, c.templateCpu, k), runSeed);
        QVERIFY(pending >= 0);
        if (pending == 0) break;
    }
    QVERIFY(answer->verified);
    QCOMPARE(answer->pools[0].count, k);
    QVERIFY(answer->unplaceable.empty());
}

void TestNodes::twoPoolsCheckedByPlainRuns_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("seed");
    QTest::addColumn<QString>("strategy");
    for (int s = 1; s <= 12; ++s)
        QTest::newRow(("cluster " + std::to_string(s)).c_str()) << s << (s % 2 ? "least-waste" : "least-nodes");
    // clang-format on
}

void TestNodes::twoPoolsCheckedByPlainRuns() {
    // Two pools of random sizes in both zones: the answer's mix, written by hand into the
    // manifests, places every pod in a plain run, and one node fewer of either pool does not.
    QFETCH(int, seed);
    QFETCH(QString, strategy);
    testlib::SeededPicks pick(static_cast<std::mt19937::result_type>(seed + 100));
    const RandomCase c = randomCase(pick);
    const int otherCpu = pick(2, 12);
    const auto runSeed = static_cast<std::uint64_t>(seed);
    io::Diagnostics diags;
    const auto a = ask(
        c.cluster, {nodeTemplate("p", c.templateZone, c.templateCpu), nodeTemplate("q", 1 - c.templateZone, otherCpu)},
        strategy.toStdString(), diags, runSeed);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QVERIFY(a->verified);
    auto withMix = [&](std::int64_t p, std::int64_t q) {
        return c.cluster + poolNodes("p", c.templateZone, c.templateCpu, p) +
               poolNodes("q", 1 - c.templateZone, otherCpu, q);
    };
    const std::int64_t p = a->pools[0].count, q = a->pools[1].count;
    QCOMPARE(pendingAfterPlainRun(withMix(p, q), runSeed), std::int64_t{0});
    if (p > 0) QCOMPARE(pendingAfterPlainRun(withMix(p - 1, q), runSeed), a->pools[0].pendingWithOneFewer);
    if (q > 0) QCOMPARE(pendingAfterPlainRun(withMix(p, q - 1), runSeed), a->pools[1].pendingWithOneFewer);
    if (p > 0) QVERIFY(a->pools[0].pendingWithOneFewer > 0);
    if (q > 0) QVERIFY(a->pools[1].pendingWithOneFewer > 0);
}

QTEST_GUILESS_MAIN(TestNodes)
#include "tst_nodes.moc"
