// plan::Plan: the planner's edits applied to a loaded cluster and replayed from the edit list.
// Replay from the same input and seed must rebuild exactly the same plan; a refused edit
// (bad YAML, unknown node) must change nothing.

#include <QTest>

#include <cstring>

#include "plan/plan.h"
#include "plan/plan_export.h"
#include "plan/controllers/workloads.h"

using namespace berth;
using plan::EditKind;
using plan::PlanEdit;

namespace {

// Two nodes in zone-a; a Deployment of 4 (1 cpu each) and a plain pod.
const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: a1, labels: {topology.kubernetes.io/zone: zone-a, kubernetes.io/hostname: a1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: a2, labels: {topology.kubernetes.io/zone: zone-a, kubernetes.io/hostname: a2}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 4
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: solo, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: 500m}}}]}
)";

plan::PlanInput input(std::uint64_t seed = 3) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", kCluster});
    in.seed = seed;
    return in;
}

PlanEdit nodeEdit(EditKind kind, const char* node) {
    PlanEdit e;
    e.kind = kind;
    e.node = node;
    return e;
}

std::size_t livePods(plan::Plan& p) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < p.cluster().pods.size(); ++i) n += p.cluster().podRemoved[i] ? 0 : 1;
    return n;
}

}  // namespace

class TestPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void replayRebuildsTheSamePlan() {
        // Edits made part-way through a run, recorded at their step counts.
        plan::Plan live(input());
        QVERIFY(live.ok());
        std::vector<PlanEdit> edits;
        auto apply = [&](PlanEdit e) {
            e.atStep = live.steps();
            QCOMPARE(live.apply(e), std::string());
            edits.push_back(e);
        };
        live.stepTo(3);
        PlanEdit pool = nodeEdit(EditKind::AddNodePool, "a1");
        pool.count = 2;
        pool.zone = "zone-b";
        pool.namePrefix = "b";
        apply(pool);
        live.stepTo(6);
        apply(nodeEdit(EditKind::Drain, "a1"));
        live.sim().run();
        const std::string expected = plan::exportText(live, plan::ExportFormat::ReportJson, {});

        std::string error;
        const auto replayed = plan::exportPlan(std::make_shared<const plan::PlanInput>(input()), edits,
                                               plan::ExportFormat::ReportJson, {}, error);
        QVERIFY2(replayed, error.c_str());
        QCOMPARE(*replayed, expected);
        // The pool's nodes carry the zone and their own hostname.
        QVERIFY(expected.find("\"name\":\"b-2\"") != std::string::npos);
    }

    void progressFollowsLoadReplayAndRun() {
        core::Progress progress;
        plan::Plan p(std::make_shared<const plan::PlanInput>(input()), &progress);
        QVERIFY(p.ok());
        // Loading counts bytes, separators included: all of them once loaded.
        QCOMPARE(progress.phase(), core::Progress::Phase::Loading);
        QCOMPARE(progress.total(), std::uint64_t{std::strlen(kCluster)});
        QCOMPARE(progress.done(), progress.total());
        // Replaying to a recorded step counts steps.
        QCOMPARE(p.replay({}, 3), std::string());
        QCOMPARE(progress.phase(), core::Progress::Phase::Replaying);
        QCOMPARE(progress.done(), std::uint64_t{3});
        QCOMPARE(progress.total(), std::uint64_t{3});
        // Running to the end counts the pods the queue settles: of the 5 pods (web x4, solo),
        // 3 were tried in those 3 steps; the rest (and any a flush brings back) settle now.
        p.runToEnd();
        QVERIFY(p.sim().idle());
        QCOMPARE(progress.phase(), core::Progress::Phase::Scheduling);
        QVERIFY(progress.total() >= 2);
        QCOMPARE(progress.done(), progress.total());
        QVERIFY(!p.cancelled());
    }

    void cancelStopsAndKeepsNothing() {
        const auto in = std::make_shared<const plan::PlanInput>(input());
        // Cancelled during the load: no simulation, and cancelled() says why.
        core::Progress cancelled;
        cancelled.cancel();
        plan::Plan p(in, &cancelled);
        QVERIFY(p.cancelled());
        QVERIFY(!p.ok());
        QCOMPARE(p.error(), std::string(plan::Plan::kCancelled));
        // Cancelled after the load: the replay stops before its first step.
        core::Progress later;
        plan::Plan q(in, &later);
        QVERIFY(q.ok());
        later.cancel();
        QCOMPARE(q.replay({}, plan::Plan::kToEnd), std::string(plan::Plan::kCancelled));
        QCOMPARE(q.steps(), std::uint64_t{0});
        QVERIFY(q.cancelled());
        // An export cancelled produces nothing and says so.
        std::string error;
        QVERIFY(!plan::exportPlanTexts(in, {}, {plan::ExportFormat::ReportJson}, {}, error, &cancelled));
        QCOMPARE(error, std::string(plan::Plan::kCancelled));
        // Not cancelled: the same export as without a progress; every writer counts what it
        // writes (4 cpu of nodes for 4.5 cpu of pods: 4 of the 5 are placed; the reports list
        // all 5, the bindings the 4 placed).
        const std::pair<plan::ExportFormat, std::uint64_t> counted[] = {{plan::ExportFormat::PodsYaml, 4},
                                                                        {plan::ExportFormat::BindingsYaml, 4},
                                                                        {plan::ExportFormat::ReportJson, 5},
                                                                        {plan::ExportFormat::ReportCsv, 5}};
        plan::Plan ran(in);
        ran.runToEnd();
        for (const auto& [format, objects] : counted) {
            core::Progress exporting;
            const auto with = plan::exportPlanTexts(in, {}, {format}, {}, error, &exporting);
            const auto without = plan::exportPlan(in, {}, format, {}, error);
            QVERIFY(with && without);
            QCOMPARE(with->front(), *without);
            QCOMPARE(exporting.phase(), core::Progress::Phase::Writing);
            QCOMPARE(exporting.total(), objects);
            QCOMPARE(exporting.done(), exporting.total());
            // Cancelled while writing: the writer stops after its first object, writes nothing.
            core::Progress stopping;
            stopping.cancel();
            QCOMPARE(plan::exportText(ran, format, {}, &stopping), std::string());
            QCOMPARE(stopping.done(), std::uint64_t{1});
        }
    }

    // A scale edit stays within the pods Berth plans (plan::kMaxPlannedPods): a bigger one is
    // refused with a reason, the plan unchanged.
    void scaleBeyondThePlannedPodsIsRefused() {
        plan::Plan p(input());
        PlanEdit scale;
        scale.kind = EditKind::ScaleWorkload;
        scale.ns = "default";
        scale.name = "web";
        scale.replicas = static_cast<std::int32_t>(plan::kMaxPlannedPods) + 1;
        const std::size_t before = livePods(p);
        QVERIFY(p.apply(scale).find("at most " + std::to_string(plan::kMaxPlannedPods)) != std::string::npos);
        QCOMPARE(livePods(p), before);
        scale.replicas = 6;
        QCOMPARE(p.apply(scale), std::string());
        QCOMPARE(livePods(p), before + 2);
    }

    void nodeLabelsAndTaints() {
        plan::Plan p(input());
        PlanEdit labels = nodeEdit(EditKind::SetNodeLabels, "a2");
        labels.labels = {{"disk", "ssd"}};
        QCOMPARE(p.apply(labels), std::string());
        PlanEdit taints = nodeEdit(EditKind::SetNodeTaints, "a2");
        taints.taints = {{"gpu", "", "NoSchedule"}};
        QCOMPARE(p.apply(taints), std::string());
        const core::Node* n = p.cluster().findNode(p.cluster().pool.find("a2"));
        QVERIFY(n);
        QCOMPARE(n->labels.size(), std::size_t{1});
        QCOMPARE(n->taints.size(), std::size_t{1});
        labels.labels = {{"bad key!", "x"}};
        QVERIFY(p.apply(labels).find("label key") != std::string::npos);
        QCOMPARE(p.cluster().findNode(p.cluster().pool.find("a2"))->labels.size(), std::size_t{1});
        taints.taints = {{"gpu", "", "Sometimes"}};
        QVERIFY(p.apply(taints).find("effect") != std::string::npos);
        QCOMPARE(p.cluster().findNode(p.cluster().pool.find("a2"))->taints.size(), std::size_t{1});
    }

    // Whole-group actions: several node edits as one Group, applied together, or refused as
    // a whole (the plan unchanged) when any part would be refused.
    void groupAppliesAllOrNothing() {
        plan::Plan p(input());
        const auto unschedulable = [&p](const char* name) {
            return p.cluster().findNode(p.cluster().pool.find(name))->unschedulable;
        };
        // a2 does not exist twice, and "x9" not at all: refused before a1 is cordoned.
        for (const auto& bad : {std::vector<PlanEdit>{nodeEdit(EditKind::Cordon, "a1"), nodeEdit(EditKind::Cordon, "x9")},
                                std::vector<PlanEdit>{nodeEdit(EditKind::Cordon, "a1"), nodeEdit(EditKind::Drain, "a1")},
                                std::vector<PlanEdit>{}}) {
            QVERIFY(!p.apply(plan::groupEdit(bad, "bad")).empty());
            QVERIFY(!unschedulable("a1"));
        }
        // A bad label on the second node refuses the first node's cordon too.
        PlanEdit label = nodeEdit(EditKind::SetNodeLabels, "a2");
        label.labels = {{"bad key!", "x"}};
        const std::string refused = p.apply(plan::groupEdit({nodeEdit(EditKind::Cordon, "a1"), label}, "mixed"));
        QVERIFY2(refused.find("a2: invalid label key") == 0, refused.c_str());
        QVERIFY(!unschedulable("a1"));
        // Not a node edit: refused.
        PlanEdit scale;
        scale.kind = EditKind::ScaleWorkload;
        QVERIFY(p.apply(plan::groupEdit({scale, nodeEdit(EditKind::Cordon, "a1")}, "scale")).find("node edits only") !=
                std::string::npos);
        // Both cordoned by one edit; its history line is the title.
        const PlanEdit both = plan::groupEdit({nodeEdit(EditKind::Cordon, "a1"), nodeEdit(EditKind::Cordon, "a2")},
                                              "Cordon 2 nodes");
        QCOMPARE(p.apply(both), std::string());
        QVERIFY(unschedulable("a1") && unschedulable("a2"));
        QCOMPARE(plan::describeEdit(both), std::string("Cordon 2 nodes"));
        QCOMPARE(std::string(plan::editKindName(EditKind::Group)), std::string("group"));
        // Replayed from the edit list: the same.
        plan::Plan again(input());
        QCOMPARE(again.replay({both}, plan::Plan::kToEnd), std::string());
        QVERIFY(again.cluster().findNode(again.cluster().pool.find("a2"))->unschedulable);
    }

    void deleteWorkloadCascades() {
        plan::Plan p(input());
        QCOMPARE(livePods(p), std::size_t{5});  // 4 web + solo
        PlanEdit del;
        del.kind = EditKind::DeleteWorkload;
        del.workloadKind = core::WorkloadKind::Deployment;
        del.ns = "default";
        del.name = "web";
        QCOMPARE(p.apply(del), std::string());
        QCOMPARE(livePods(p), std::size_t{1});
        QVERIFY(p.cluster().workloads.empty());  // the Deployment and its ReplicaSet
        p.sim().run();
        QCOMPARE(livePods(p), std::size_t{1});  // nothing recreates them
        QVERIFY(!p.apply(del).empty());
    }

    void pinBypassesTheScheduler() {
        plan::Plan p(input());
        PlanEdit pin = nodeEdit(EditKind::PinPod, "a2");
        pin.ns = "default";
        pin.name = "solo";
        QCOMPARE(p.apply(pin), std::string());
        const core::Pod* solo = p.cluster().findPod(p.cluster().pool.find("default"), "solo");
        QVERIFY(solo);
        QCOMPARE(p.cluster().pool.str(solo->nodeName), std::string_view("a2"));
        QCOMPARE(p.sim().outcome(*solo).state, core::PodState::Preexisting);
        QVERIFY(!p.apply(pin).empty());  // no longer pending
    }

    void submittedYamlIsAllOrNothing() {
        plan::Plan p(input());
        const std::size_t pods = p.cluster().pods.size(), nodes = p.cluster().nodes.size();
        PlanEdit bad;
        bad.kind = EditKind::SubmitYaml;
        bad.fileName = "bad.yaml";
        bad.yaml =
            "apiVersion: v1\nkind: Pod\nmetadata: {name: fine}\nspec: {containers: [{name: c}]}\n---\n"
            "apiVersion: v1\nkind: Node\nmetadata: {name: n3}\nstatus: {allocatable: {cpu: lots}}\n";
        const std::string err = p.apply(bad);
        QVERIFY(err.find("bad.yaml:") != std::string::npos);  // file:line:col
        QCOMPARE(p.cluster().pods.size(), pods);
        QCOMPARE(p.cluster().nodes.size(), nodes);
        QVERIFY(!p.load().sourceTexts.count("bad.yaml"));

        PlanEdit good;
        good.kind = EditKind::SubmitYaml;
        good.fileName = "more.yaml";
        good.yaml =
            "apiVersion: v1\nkind: Node\nmetadata: {name: n3}\nstatus: {allocatable: {cpu: \"4\", pods: \"10\"}}\n---\n"
            "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  replicas: 2\n"
            "  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n"
            "    spec: {containers: [{name: c}]}\n";
        QCOMPARE(p.apply(good), std::string());
        QCOMPARE(p.cluster().nodes.size(), nodes + 1);
        QVERIFY(p.cluster().findPod(p.cluster().pool.find("default"), "db-1"));
        p.sim().run();
        QCOMPARE(p.sim().outcome(*p.cluster().findPod(p.cluster().pool.find("default"), "db-1")).state,
                 core::PodState::Bound);
        QVERIFY(!p.apply(good).empty());  // the same file name again
    }

    void submittedPodsAreAdmitted() {
        // Edit > Submit YAML (and the template palette, which submits YAML) goes through the
        // API server: a submitted Pod gets the plan's admission against the plan's classes
        // and limit ranges, and one the API server rejects refuses the whole submission.
        plan::PlanInput in = input();
        in.manifests.push_back({"admission.yaml", R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: LimitRange
metadata: {name: d, namespace: default}
spec: {limits: [{type: Container, defaultRequest: {cpu: 300m}}]}
)"});
        plan::Plan p(in);
        const std::size_t pods = p.cluster().pods.size();
        PlanEdit refused;
        refused.kind = EditKind::SubmitYaml;
        refused.fileName = "typo.yaml";
        refused.yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: fine}\nspec: {containers: [{name: c}]}\n---\n"
                       "apiVersion: v1\nkind: Pod\nmetadata: {name: urgent}\nspec: {priorityClassName: hihg, "
                       "containers: [{name: c}]}\n";
        QCOMPARE(p.apply(refused),
                 std::string("typo.yaml: pods \"urgent\" is forbidden: no PriorityClass with name hihg was found"));
        QCOMPARE(p.cluster().pods.size(), pods);

        PlanEdit good = refused;
        good.fileName = "urgent.yaml";
        // The class may come in the same submission.
        good.yaml = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: hihg}\nvalue: 7\n---\n" +
                    refused.yaml;
        QCOMPARE(p.apply(good), std::string());
        const core::Pod* urgent = p.cluster().findPod(p.cluster().pool.find("default"), "urgent");
        QVERIFY(urgent);
        QCOMPARE(urgent->priority, 7);
        // LimitRanger: cpu 300m; DefaultTolerationSeconds: two tolerations.
        QCOMPARE(urgent->derived.requests.milliCpu, 300);
        QCOMPARE(urgent->tolerations.size(), std::size_t(2));

        // With admission off (berthctl --admission none), a submitted Pod is taken as written.
        in.admitManifests = false;
        plan::Plan off(in);
        QCOMPARE(off.apply(refused), std::string());
        QCOMPARE(off.cluster().findPod(off.cluster().pool.find("default"), "fine")->derived.requests.milliCpu, 0);
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
