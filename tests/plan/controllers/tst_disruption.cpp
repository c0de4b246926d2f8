// plan::syncDisruptionBudgets: each PodDisruptionBudget's status computed from the plan's pods
// as pkg/controller/disruption/disruption.go computes it. Every expected number is derived by
// hand in the row's comment.

#include <QTest>

#include "plan/controllers/disruption.h"
#include "plan/plan.h"

using namespace berth;

namespace {

// Two nodes of 4 cpu; a Deployment "web" of 4 replicas (100m each, app=web) whose pods are
// pending until the plan runs; two pods no controller owns (app=bare) bound to n1.
const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 4
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, resources: {requests: {cpu: 100m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: bare-1, labels: {app: bare}}
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: bare-2, labels: {app: bare}}
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
)";

std::string budget(const std::string& app, const std::string& spec, const std::string& status = {}) {
    std::string out =
        "---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: pdb, namespace: default}\n"
        "spec:\n  selector: {matchLabels: {app: " +
        app + "}}\n  " + spec + "\n";
    if (!status.empty()) out += "status: " + status + "\n";
    return out;
}

std::unique_ptr<plan::Plan> load(const std::string& text, io::Diagnostics* diags = nullptr) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", text});
    in.tieBreak = core::TieBreak::Name;
    auto p = std::make_unique<plan::Plan>(in);
    if (diags) *diags = p->load().diagnostics;
    return p;
}

}  // namespace

class TestDisruption : public QObject {
    Q_OBJECT
private slots:
    void scaledValue_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<int>("value");
        QTest::addColumn<bool>("percent");
        QTest::addColumn<int>("total");
        QTest::addColumn<bool>("roundUp");
        QTest::addColumn<int>("expected");
        QTest::newRow("integer as is") << 7 << false << 3 << true << 7;
        QTest::newRow("50% of 5 up: 2.5 -> 3") << 50 << true << 5 << true << 3;
        QTest::newRow("50% of 5 down: 2.5 -> 2") << 50 << true << 5 << false << 2;
        QTest::newRow("30% of 4 up: 1.2 -> 2") << 30 << true << 4 << true << 2;
        QTest::newRow("100% of 3") << 100 << true << 3 << true << 3;
        QTest::newRow("0% of 9") << 0 << true << 9 << true << 0;
    }
    void scaledValue() {
        QFETCH(int, value);
        QFETCH(bool, percent);
        QFETCH(int, total);
        QFETCH(bool, roundUp);
        QFETCH(int, expected);
        QCOMPARE(plan::scaledValue(core::IntOrPercent{value, percent}, total, roundUp), expected);
    }

    void status_data() {
        QTest::addColumn<QString>("pdb");
        QTest::addColumn<bool>("run");  // run the plan to the end (the web pods bound) first
        QTest::addColumn<int>("expectedPods");
        QTest::addColumn<int>("currentHealthy");
        QTest::addColumn<int>("desiredHealthy");
        QTest::addColumn<int>("disruptionsAllowed");
        // Integer minAvailable: expected = the matched pods (4, pending or not); healthy = the
        // bound ones. Pending: 0 - 2 < 0 -> 0 allowed. Bound: 4 - 2 = 2.
        QTest::newRow("minAvailable 2, pods pending")
            << QString::fromStdString(budget("web", "minAvailable: 2")) << false << 4 << 0 << 2 << 0;
        QTest::newRow("minAvailable 2, pods bound")
            << QString::fromStdString(budget("web", "minAvailable: 2")) << true << 4 << 4 << 2 << 2;
        // Percent minAvailable: expected = the Deployment's replicas (4); desired =
        // ceil(60% of 4 = 2.4) = 3; allowed 4 - 3 = 1.
        QTest::newRow("minAvailable 60%")
            << QString::fromStdString(budget("web", "minAvailable: 60%")) << true << 4 << 4 << 3 << 1;
        // Percent minAvailable before the pods are bound: desired 3, healthy 0 -> 0.
        QTest::newRow("minAvailable 60%, pods pending")
            << QString::fromStdString(budget("web", "minAvailable: 60%")) << false << 4 << 0 << 3 << 0;
        // maxUnavailable 1: expected 4 (scale), desired 4 - 1 = 3, allowed 4 - 3 = 1.
        QTest::newRow("maxUnavailable 1")
            << QString::fromStdString(budget("web", "maxUnavailable: 1")) << true << 4 << 4 << 3 << 1;
        // maxUnavailable 30%: ceil(1.2) = 2 unavailable, desired 4 - 2 = 2, allowed 2.
        QTest::newRow("maxUnavailable 30%")
            << QString::fromStdString(budget("web", "maxUnavailable: 30%")) << true << 4 << 4 << 2 << 2;
        // maxUnavailable 0: desired 4, allowed 0.
        QTest::newRow("maxUnavailable 0")
            << QString::fromStdString(budget("web", "maxUnavailable: 0")) << true << 4 << 4 << 4 << 0;
        // Pods no controller owns count for an integer minAvailable: expected 2, healthy 2
        // (bound in the file), desired 1 -> 1 allowed.
        QTest::newRow("bare pods, minAvailable 1")
            << QString::fromStdString(budget("bare", "minAvailable: 1")) << false << 2 << 2 << 1 << 1;
        // ... but not for maxUnavailable: getExpectedScale skips them, so expected 0, desired
        // max(0, 0 - 1) = 0, and a budget expecting no pods allows nothing.
        QTest::newRow("bare pods, maxUnavailable 1")
            << QString::fromStdString(budget("bare", "maxUnavailable: 1")) << false << 0 << 2 << 0 << 0;
        // No status and no pods: expected 0 -> 0 allowed, computed (not taken from nowhere).
        QTest::newRow("no status, no pods")
            << QString::fromStdString(budget("none", "minAvailable: 2")) << true << 0 << 0 << 2 << 0;
        // A given status whose pods are not in the plan is kept as given.
        QTest::newRow("explicit status, no matching pods")
            << QString::fromStdString(budget("none", "minAvailable: 2",
                                             "{disruptionsAllowed: 3, currentHealthy: 5, desiredHealthy: 2, expectedPods: 5}"))
            << true << 5 << 5 << 2 << 3;
        // A given status over the plan's pods is recomputed: 4 bound - 2 = 2, not the 0 given.
        QTest::newRow("explicit status, matching pods")
            << QString::fromStdString(budget("web", "minAvailable: 2",
                                             "{disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 9, expectedPods: 9}"))
            << true << 4 << 4 << 2 << 2;
    }
    void status() {
        QFETCH(QString, pdb);
        QFETCH(bool, run);
        QFETCH(int, expectedPods);
        QFETCH(int, currentHealthy);
        QFETCH(int, desiredHealthy);
        QFETCH(int, disruptionsAllowed);
        io::Diagnostics diags;
        auto p = load(std::string(kCluster) + pdb.toStdString(), &diags);
        QVERIFY2(!diags.hasErrors(), diags.firstErrors(3).c_str());
        QVERIFY(p->ok());
        if (run) p->runToEnd();
        p->sim().syncDisruptionBudgets();
        const core::PodDisruptionBudget& b = p->cluster().pdbs.at(0);
        QCOMPARE(b.expectedPods, expectedPods);
        QCOMPARE(b.currentHealthy, currentHealthy);
        QCOMPARE(b.desiredHealthy, desiredHealthy);
        QCOMPARE(b.disruptionsAllowed, disruptionsAllowed);
    }

    // The status follows the pods while the plan runs: deleting one bound web pod leaves 3
    // healthy (minAvailable 2 -> 1 allowed) until its replacement is bound (4 -> 2 again).
    void followsThePods() {
        auto p = load(std::string(kCluster) + budget("web", "minAvailable: 2"));
        p->runToEnd();
        core::Cluster& c = p->cluster();
        const core::Pod* victim = nullptr;
        for (const auto& pod : c.pods)
            if (!c.podRemoved[pod.id] && pod.name.rfind("web-", 0) == 0 && pod.nodeName != core::kEmptySym) victim = &pod;
        QVERIFY(victim);
        p->sim().evictPod(*victim, "test");
        QCOMPARE(c.pdbs[0].currentHealthy, 3);
        QCOMPARE(c.pdbs[0].disruptionsAllowed, 1);
        p->runToEnd();
        p->sim().syncDisruptionBudgets();
        QCOMPARE(c.pdbs[0].currentHealthy, 4);
        QCOMPARE(c.pdbs[0].disruptionsAllowed, 2);
    }

    // The spec as the API has it: an int, a percent string; the API server's refusals.
    void readsTheSpec() {
        auto p = load(std::string(kCluster) + budget("web", "minAvailable: 25%"));
        const auto& b = p->cluster().pdbs.at(0);
        QVERIFY(b.minAvailable && b.minAvailable->percent && b.minAvailable->value == 25);
        QVERIFY(!b.maxUnavailable);
        QVERIFY(!b.givenStatus);
        auto q = load(std::string(kCluster) + budget("web", "maxUnavailable: 3", "{disruptionsAllowed: 1}"));
        const auto& c = q->cluster().pdbs.at(0);
        QVERIFY(c.maxUnavailable && !c.maxUnavailable->percent && c.maxUnavailable->value == 3);
        QVERIFY(c.givenStatus);
        QCOMPARE(c.givenStatus->disruptionsAllowed, 1);
        for (const char* bad : {"minAvailable: \"3\"", "minAvailable: 150%", "maxUnavailable: -1", "minAvailable: x%",
                                "minAvailable: 1\n  maxUnavailable: 1"}) {
            io::Diagnostics diags;
            load(std::string(kCluster) + budget("web", bad), &diags);
            QVERIFY2(diags.hasErrors(), bad);
        }
    }
};

QTEST_GUILESS_MAIN(TestDisruption)
#include "tst_disruption.moc"
