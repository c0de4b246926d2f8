// plan::capacity::compareConfigurations: the same plan under LeastAllocated and
// MostAllocated. Expected placements and figures are derived by hand in the comments.

#include <QTest>

#include "plan/capacity/compare.h"
#include "plan/capacity/compare_report.h"

using namespace berth;
using plan::capacity::CompareAnswer;

namespace {

// n1, n2: 4 cpu / 8Gi; n3: 500m / 8Gi (too small for the pods); all in zone z. Two pending
// pods of 1 cpu / 1Gi.
const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {topology.kubernetes.io/zone: z}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {topology.kubernetes.io/zone: z}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n3, labels: {topology.kubernetes.io/zone: z}}
status: {allocatable: {cpu: 500m, memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p1, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: p2, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
)";

std::string config(const char* strategy) {
    return std::string(R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: )") +
           strategy + R"(
        resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}]
)";
}

std::optional<CompareAnswer> compare(io::Diagnostics& diags, std::string second = config("MostAllocated")) {
    auto in = std::make_shared<plan::PlanInput>();
    in->manifests.push_back({"cluster.yaml", kCluster});
    in->tieBreak = core::TieBreak::Name;
    // The scores below are derived with BalancedAllocation's formula of 1.26 to 1.35.
    in->version = *core::KubeVersion::parse("1.35");
    plan::capacity::CompareRequest r;
    r.configs.push_back({"least", "least.yaml", config("LeastAllocated")});
    r.configs.push_back({"most", "most.yaml", std::move(second)});
    return plan::capacity::compareConfigurations(in, {}, r, diags);
}

}  // namespace

class TestCompare : public QObject {
    Q_OBJECT
private slots:
    void leastSpreadsMostPacks();
    void badConfiguration();
    void measuresThePlanAlone();
    void movesAreCountedPerConfiguration();
};

void TestCompare::leastSpreadsMostPacks() {
    io::Diagnostics diags;
    const auto a = compare(diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(a->configs.size(), std::size_t{2});
    // The most common requests are the pods': 1 cpu / 1Gi.
    QCOMPARE(a->referenceMilliCpu, std::int64_t{1000});
    QCOMPARE(a->referenceMemory, std::int64_t{1} << 30);
    // p1: n1 and n2 tie (empty), the name tie-break takes n1. p2 under LeastAllocated: n2
    // scores (75 + 87) / 2 = 81 against n1's (50 + 75) / 2 = 62 -> n2. Under MostAllocated n1
    // scores (50 + 25) / 2 = 37 against n2's 18, and BalancedAllocation gives n1 87, n2 93:
    // n1 124 > n2 111 -> n1.
    const auto& least = a->configs[0];
    const auto& most = a->configs[1];
    QCOMPARE(least.pending, std::int64_t{0});
    QCOMPARE(least.placed, std::int64_t{2});
    QCOMPARE(least.nodesUsed, std::int64_t{2});
    QCOMPARE(least.nodesEmpty, std::int64_t{1});
    QCOMPARE(most.nodesUsed, std::int64_t{1});
    QCOMPARE(most.nodesEmpty, std::int64_t{2});
    // 2 cpu of 8.5 requested in zone z either way.
    QCOMPARE(least.utilization.at("cpu").at("z").requested, std::int64_t{2000});
    QCOMPARE(least.utilization.at("cpu").at("z").allocatable, std::int64_t{8500});
    // More reference pods: least n1 3, n2 3; most n1 2, n2 4; n3 none (500m free).
    QCOMPARE(least.moreReferencePods.at("n1"), std::int64_t{3});
    QCOMPARE(most.moreReferencePods.at("n1"), std::int64_t{2});
    QCOMPARE(most.moreReferencePods.at("n2"), std::int64_t{4});
    QCOMPARE(most.moreReferencePods.at("n3"), std::int64_t{0});
    // Stranded: n3's whole 500m and 8Gi, in both.
    QCOMPARE(least.strandedMilliCpu, std::int64_t{500});
    QCOMPARE(most.strandedMemory, std::int64_t{8} << 30);
    QCOMPARE(a->moved.size(), std::size_t{1});
    QCOMPARE(a->moved[0].pod, std::string("default/p2"));
    QCOMPARE(a->moved[0].from, std::string("n2"));
    QCOMPARE(a->moved[0].to, std::string("n1"));
    QCOMPARE(a->moved[0].config, std::string("most"));

    const std::string json = plan::capacity::compareReport(*a, plan::capacity::ReportFormat::Json);
    QVERIFY2(json.find(R"("name":"least","pending":0,"placed":2,"nodesUsed":2,"nodesEmpty":1,)"
                       R"("utilization":{"cpu":{"z":0.2353},"memory":{"z":0.0833}})") != std::string::npos,
             json.c_str());
    QVERIFY2(json.find(R"("stranded":{"cpu":"500m","memory":"8Gi"})") != std::string::npos, json.c_str());
    QVERIFY2(json.find(R"("moved":[{"pod":"default/p2","from":"n2","to":"n1","config":"most"}])") != std::string::npos,
             json.c_str());
}

void TestCompare::badConfiguration() {
    io::Diagnostics diags;
    QVERIFY(!compare(diags,
                     "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                     "profiles:\n- plugins:\n    score:\n      enabled: [{name: Nope}]\n"));
    QVERIFY(diags.hasErrors());
    QCOMPARE(diags.items.front().file, std::string("most.yaml"));
    QVERIFY2(diags.items.front().message.find("Nope") != std::string::npos, diags.items.front().message.c_str());
}

// The plan under its own configuration (LeastAllocated), measured alone: the figures of the
// "least" column above, and a report without a comparison.
void TestCompare::measuresThePlanAlone() {
    auto in = std::make_shared<plan::PlanInput>();
    in->manifests.push_back({"cluster.yaml", kCluster});
    in->tieBreak = core::TieBreak::Name;
    in->version = *core::KubeVersion::parse("1.35");
    in->configText = config("LeastAllocated");
    io::Diagnostics diags;
    const auto a =
        plan::capacity::measurePlanCapacity(in, {}, "plan", "topology.kubernetes.io/zone", std::nullopt, diags);
    QVERIFY2(a, diags.firstErrors(3).c_str());
    QCOMPARE(a->configs.size(), std::size_t{1});
    QVERIFY(a->moved.empty());
    const auto& plan = a->configs[0];
    QCOMPARE(plan.name, std::string("plan"));
    // p1 on n1, p2 on n2, as under "least" above; n3 empty.
    QCOMPARE(plan.placed, std::int64_t{2});
    QCOMPARE(plan.nodesUsed, std::int64_t{2});
    QCOMPARE(plan.nodesEmpty, std::int64_t{1});
    QCOMPARE(plan.utilization.at("cpu").at("z").requested, std::int64_t{2000});
    QCOMPARE(plan.moreReferencePods.at("n1"), std::int64_t{3});
    QCOMPARE(plan.moreReferencePods.at("n2"), std::int64_t{3});
    QCOMPARE(plan.strandedMilliCpu, std::int64_t{500});

    // 2000 / 8500 = 23.5%; no "placed differently" section.
    const std::string md = plan::capacity::compareReport(*a, plan::capacity::ReportFormat::Markdown);
    QVERIFY2(md.rfind("## Capacity\n", 0) == 0, md.c_str());
    QVERIFY2(md.find("| z | 23.5% |") != std::string::npos, md.c_str());
    QVERIFY2(md.find("differently") == std::string::npos, md.c_str());

    // Grouped by a label no node has: one group, "", of all 8.5 cpu.
    const auto byPool = plan::capacity::measurePlanCapacity(in, {}, "plan", "pool", {{250, 512LL << 20}}, diags);
    QVERIFY(byPool);
    QCOMPARE(byPool->configs[0].utilization.at("cpu").size(), std::size_t{1});
    QCOMPARE(byPool->configs[0].utilization.at("cpu").at("").allocatable, std::int64_t{8500});
    // The reference pod asked for: 250m / 512Mi; n3 (500m free) takes 2 of those.
    QCOMPARE(byPool->referenceMilliCpu, std::int64_t{250});
    QCOMPARE(byPool->configs[0].moreReferencePods.at("n3"), std::int64_t{2});

    // A plan that does not run: nothing, with the reason.
    in->configText =
        "kind: KubeSchedulerConfiguration\napiVersion: kubescheduler.config.k8s.io/v1\n"
        "profiles:\n- plugins:\n    score:\n      enabled: [{name: Nope}]\n";
    io::Diagnostics bad;
    QVERIFY(!plan::capacity::measurePlanCapacity(in, {}, "plan", "pool", std::nullopt, bad));
    QVERIFY(bad.hasErrors());
}

void TestCompare::movesAreCountedPerConfiguration() {
    // The report's headline over moves built by hand: with two configurations a move is a pod;
    // with three, a pod that moved under both others is two moves, so the headline counts each
    // configuration's moves (ns/a and ns/b under most: 2; ns/a under rtc: 1), never "3 pods".
    CompareAnswer a;
    a.configs.resize(3);
    a.configs[0].name = "default";
    a.configs[1].name = "most";
    a.configs[2].name = "rtc";
    a.moved = {{"ns/a", "most", "n1", "n2"}, {"ns/a", "rtc", "n1", ""}, {"ns/b", "most", "", "n3"}};
    const std::string text = plan::capacity::compareReport(a, plan::capacity::ReportFormat::Table);
    QVERIFY2(text.find("Placed differently from default: 2 pods under most, 1 under rtc:\n"
                       "  ns/a (most): n1 -> n2\n  ns/a (rtc): n1 -> pending\n  ns/b (most): pending -> n3\n") !=
                 std::string::npos,
             text.c_str());

    a.configs.pop_back();
    a.moved = {{"ns/a", "most", "n1", "n2"}};
    const std::string two = plan::capacity::compareReport(a, plan::capacity::ReportFormat::Table);
    QVERIFY2(two.find("1 pod is placed differently from default:\n") != std::string::npos, two.c_str());
}

QTEST_APPLESS_MAIN(TestCompare)
#include "tst_compare.moc"
