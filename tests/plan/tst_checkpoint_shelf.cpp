// plan::CheckpointShelf: plans parked at steps of a run, for time travel (issue 17). A checkpoint
// taken from the shelf and run on must bind exactly as the straight run did (same bindings
// export, byte for byte), with the run's edits re-applied after it; the shelf hands out the
// nearest checkpoint at or below a step, drops the ones an edit made obsolete, and keeps within
// its size.

#include <QFile>
#include <QTest>

#include "plan/checkpoint_shelf.h"
#include "plan/plan_export.h"

using namespace berth;
using plan::CheckpointShelf;
using plan::EditKind;
using plan::PlanEdit;

namespace {

// Six 2-cpu nodes. "low" (priority 10) fills them with 12 x 900m (two a node, 200m left
// over each): 24 steps, 12 cycles and 12 binds. "high" (priority 1000, 1500m) has no pods
// until the edits scale it to 4 mid-run: each then preempts on some node, the budget of
// "low" (minAvailable 9) letting only some go at a time. Preemption, nominations, PDB
// checks, backoff and requeues all happen in the first few dozen steps.
const char* kCluster = R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 10
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: low, namespace: default}
spec:
  replicas: 12
  selector: {matchLabels: {app: low}}
  template:
    metadata: {labels: {app: low}}
    spec: {priorityClassName: low, containers: [{name: c, resources: {requests: {cpu: 900m}}}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: high, namespace: default}
spec:
  replicas: 0
  selector: {matchLabels: {app: high}}
  template:
    metadata: {labels: {app: high}}
    spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: 1500m}}}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: low, namespace: default}
spec: {minAvailable: 9, selector: {matchLabels: {app: low}}}
)";

std::string nodes() {
    std::string text;
    for (int i = 1; i <= 6; ++i)
        text += "---\napiVersion: v1\nkind: Node\nmetadata: {name: n" + std::to_string(i) +
                ", labels: {kubernetes.io/hostname: n" + std::to_string(i) +
                "}}\nstatus: {allocatable: {cpu: \"2\", memory: 8Gi, pods: \"110\"}}\n";
    return text;
}

std::shared_ptr<const plan::PlanInput> preemptionInput(std::uint64_t seed) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", std::string(kCluster) + nodes()});
    in.seed = seed;
    return std::make_shared<const plan::PlanInput>(in);
}

std::shared_ptr<const plan::PlanInput> demoInput(std::uint64_t seed) {
    QFile f(QStringLiteral(BERTH_SOURCE_DIR "/resources/demo/demo-cluster.yaml"));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read the demo cluster");
    plan::PlanInput in;
    in.manifests.push_back({"demo-cluster.yaml", f.readAll().toStdString()});
    in.seed = seed;
    return std::make_shared<const plan::PlanInput>(in);
}

PlanEdit edit(EditKind kind, std::uint64_t atStep, const char* node = "") {
    PlanEdit e;
    e.kind = kind;
    e.atStep = atStep;
    e.node = node;
    return e;
}

PlanEdit scale(std::uint64_t atStep, const char* name, std::int32_t replicas) {
    PlanEdit e = edit(EditKind::ScaleWorkload, atStep);
    e.ns = "default";
    e.name = name;
    e.replicas = replicas;
    return e;
}

/// The preemption cluster's edits: mid-run, while pods are pending, nominated and binding.
std::vector<PlanEdit> preemptionEdits() {
    return {edit(EditKind::Cordon, 9, "n1"), scale(21, "low", 14), scale(26, "high", 4),
            edit(EditKind::Drain, 34, "n2"), edit(EditKind::Uncordon, 34, "n1")};
}

std::string bindings(plan::Plan& p) {
    // The bindings, and the report (every pod's node or reason, attempts, nominations).
    return plan::exportText(p, plan::ExportFormat::BindingsYaml, {}) +
           plan::exportText(p, plan::ExportFormat::ReportJson, {});
}

/// The run's edits after `applied` (those a checkpoint does not hold), re-applied on the way.
std::vector<PlanEdit> remaining(const std::vector<PlanEdit>& edits, std::size_t applied) {
    return {edits.begin() + static_cast<std::ptrdiff_t>(applied), edits.end()};
}

}  // namespace

class TestCheckpointShelf : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void restoredRunBindsAsStraightRun_data();
    void restoredRunBindsAsStraightRun();
    void takeGivesNearestAtOrBelow();
    void truncateDropsCheckpointsPastTheEdit();
    void keepsWithinItsSize();
};

void TestCheckpointShelf::restoredRunBindsAsStraightRun_data() {
    QTest::addColumn<bool>("demo");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<bool>("withEdits");
    QTest::addColumn<quint64>("spacing");
    // clang-format off
    // Every checkpoint of the run (spacing 1: one at each step up to 60, the rest of the run
    // after it) runs on to the end; each must give the straight run's bindings.
    QTest::newRow("preemption, no edits")    << false << quint64{1} << false << quint64{1};
    QTest::newRow("preemption, edits")       << false << quint64{1} << true  << quint64{1};
    QTest::newRow("preemption, edits, seed") << false << quint64{7} << true  << quint64{1};
    // The demo cluster (30 nodes, its DaemonSets and Deployments): every 5th step.
    QTest::newRow("demo")                    << true  << quint64{3} << false << quint64{5};
    QTest::newRow("demo, edits")             << true  << quint64{3} << true  << quint64{5};
    // clang-format on
}

void TestCheckpointShelf::restoredRunBindsAsStraightRun() {
    QFETCH(bool, demo);
    QFETCH(quint64, seed);
    QFETCH(bool, withEdits);
    QFETCH(quint64, spacing);
    const auto input = demo ? demoInput(seed) : preemptionInput(seed);
    std::vector<PlanEdit> edits;
    if (withEdits && demo)
        edits = {edit(EditKind::Drain, 40, "compute-a-1"), edit(EditKind::Cordon, 70, "compute-b-2")};
    if (withEdits && !demo) edits = preemptionEdits();

    plan::Plan straight(input);
    QVERIFY(straight.ok());
    QCOMPARE(straight.replay(edits, plan::Plan::kToEnd), std::string());
    const std::string expected = bindings(straight);
    const std::uint64_t last = std::min<std::uint64_t>(straight.steps(), 60 * spacing);
    QVERIFY(last >= 24);  // the run is long enough to hold the edits and preemptions

    CheckpointShelf shelf({spacing, 1000, 1000});
    shelf.reset(input, edits);
    shelf.fill(last);
    shelf.waitUntilBuilt();
    const std::vector<std::uint64_t> steps = shelf.steps();
    QCOMPARE(steps.size(), static_cast<std::size_t>(last / spacing + 1));
    for (std::uint64_t at : steps) {
        auto cp = shelf.take(at);
        QVERIFY(cp && cp->plan);
        QCOMPARE(cp->plan->steps(), at);
        QCOMPARE(cp->plan->replay(remaining(edits, cp->editsApplied), plan::Plan::kToEnd), std::string());
        QCOMPARE(cp->plan->steps(), straight.steps());
        const std::string got = bindings(*cp->plan);
        if (got != expected) QFAIL(qPrintable(QStringLiteral("the checkpoint at step %1 bound differently").arg(at)));
    }
}

void TestCheckpointShelf::takeGivesNearestAtOrBelow() {
    const auto input = preemptionInput(1);  // 24 steps: 12 cycles, 12 binds
    CheckpointShelf shelf({5, 1000, 1000});
    shelf.reset(input, {});
    // The run went on past step 18: checkpoints at 0, 5, 10, 15.
    shelf.fill(18);
    shelf.waitUntilBuilt();
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 5, 10, 15}));
    QCOMPARE(shelf.take(13)->plan->steps(), std::uint64_t{10});  // the nearest at or below 13
    QVERIFY(!shelf.take(9, 6));                                   // 5 is below minSteps 6, 15 above 9
    QCOMPARE(shelf.take(9, 5)->plan->steps(), std::uint64_t{5});
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 15}));
    // A plan of the run parked at step 7 is handed out again, as it was.
    plan::Plan p(input);
    p.stepTo(7);
    auto own = std::make_unique<plan::Plan>(input);
    own->stepTo(7);
    shelf.park({std::move(own), 0});
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 7, 15}));
    auto back = shelf.take(14);
    QCOMPARE(back->plan->steps(), std::uint64_t{7});
    QCOMPARE(bindings(*back->plan), bindings(p));
}

void TestCheckpointShelf::truncateDropsCheckpointsPastTheEdit() {
    const auto input = preemptionInput(1);
    CheckpointShelf shelf({5, 1000, 1000});
    std::vector<PlanEdit> edits;
    shelf.reset(input, edits);
    shelf.fill(15);
    shelf.waitUntilBuilt();
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 5, 10, 15}));
    // An edit made at step 10 (the playback stepped back there): 15 held the old future.
    edits.push_back(edit(EditKind::Cordon, 10, "n3"));
    shelf.truncate(10, edits);
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 5, 10}));
    // The run goes on to 20: the new checkpoints hold the edit, the one at 10 does not yet.
    shelf.fill(20);
    shelf.waitUntilBuilt();
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 5, 10, 15, 20}));
    QCOMPARE(shelf.take(20)->editsApplied, std::size_t{1});
    QCOMPARE(shelf.take(10)->editsApplied, std::size_t{0});
    // A new run drops everything.
    shelf.reset(input, {});
    QVERIFY(shelf.steps().empty());
}

void TestCheckpointShelf::keepsWithinItsSize() {
    const auto input = preemptionInput(1);
    // Spacing 2 to step 12: 7 slots, but only 4 plans kept. Each eviction drops the plan
    // nearest its predecessor (ties: the first such), never step 0's. Built in order 0, 2,
    // 4, 6; 8 makes five: gaps 2 2 2 2, 2 goes -> 0 4 6 8; 10: gaps 4 2 2 2, 6 goes ->
    // 0 4 8 10; 12: gaps 4 4 2 2, 10 goes.
    CheckpointShelf shelf({2, 1000, 4});
    shelf.reset(input, {});
    shelf.fill(12);
    shelf.waitUntilBuilt();
    QCOMPARE(shelf.steps(), (std::vector<std::uint64_t>{0, 4, 8, 12}));
    // The spacing grows with the run to keep to `built`: 20 steps / 4 -> 5 apart, step 0 too.
    CheckpointShelf wide({1, 4, 1000});
    wide.reset(input, {});
    wide.fill(20);
    wide.waitUntilBuilt();
    QCOMPARE(wide.steps(), (std::vector<std::uint64_t>{0, 5, 10, 15, 20}));
}

QTEST_GUILESS_MAIN(TestCheckpointShelf)
#include "tst_checkpoint_shelf.moc"
