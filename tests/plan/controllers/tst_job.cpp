// The Job controller on the simulated clock (job.cpp with core's pod lifetimes): a Job's pods
// whose template carries berth.dev/duration run that long once bound and then succeed; their
// room is freed (pods waiting for it are moved as for an assigned pod's delete) and the Job
// makes its next pods, parallelism at a time, until completions succeeded. Run through
// plan::Plan, which attaches the controllers as berthctl does. Binding takes 10 ms (the
// default bind latency), so a pod popped at t binds at t + 10 ms.

#include <QTest>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "plan/plan.h"

using namespace berth;

namespace {

constexpr core::SimTime kS = core::kSecond;
constexpr core::SimTime kMs = core::kMillisecond;

const char* kNode = R"(apiVersion: v1
kind: Node
metadata: {name: a1, labels: {kubernetes.io/hostname: a1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
)";

/// A Job etl of pods of `cpu` cpu running `duration`; a negative `completions` leaves the
/// field out (a work queue).
std::string job(int parallelism, int completions, const char* cpu, const char* duration) {
    return std::string(R"(apiVersion: batch/v1
kind: Job
metadata: {name: etl, namespace: default}
spec:
  parallelism: )") + std::to_string(parallelism) +
           (completions < 0 ? std::string() : "\n  completions: " + std::to_string(completions)) + R"(
  template:
    metadata: {annotations: {berth.dev/duration: )" +
           duration + R"(}}
    spec:
      restartPolicy: Never
      containers: [{name: c, resources: {requests: {cpu: ")" +
           cpu + "\"}}}]\n";
}

/// A Deployment web of no replicas (the timeline scales it) of pods of 2 cpu.
const char* kWeb = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 0
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}, annotations: {berth.dev/duration: 5s}}
    spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
)";

std::shared_ptr<plan::PlanInput> input(std::vector<std::string> manifests) {
    auto in = std::make_shared<plan::PlanInput>();
    for (std::size_t i = 0; i < manifests.size(); ++i)
        in->manifests.push_back({"m" + std::to_string(i) + ".yaml", std::move(manifests[i])});
    in->seed = 3;
    return in;
}

/// The events of `type` while `p` runs to the end: (time, pod name).
std::vector<std::pair<core::SimTime, std::string>> runRecording(plan::Plan& p, core::EventType type) {
    std::vector<std::pair<core::SimTime, std::string>> out;
    p.sim().setEventListener([&](const core::SimEvent& e) {
        if (e.type == type) out.emplace_back(e.time, p.cluster().pods[e.pod].name);
    });
    p.runToEnd();
    p.sim().setEventListener({});
    return out;
}

/// Adds to `in`'s timeline the delete, at `at`, of the first pod a plan of `in` has (the Job's
/// first: every plan of one input names it alike); returns its name.
std::string deleteFirstPodAt(const std::shared_ptr<plan::PlanInput>& in, core::SimTime at) {
    plan::Plan first(in);
    plan::TimedEdit del;
    del.at = at;
    del.edit.kind = plan::EditKind::DeletePod;
    del.edit.ns = "default";
    del.edit.name = first.cluster().pods.at(0).name;
    in->timeline = {del};
    return del.edit.name;
}

std::vector<core::SimTime> timesOf(const std::vector<std::pair<core::SimTime, std::string>>& events) {
    std::vector<core::SimTime> out;
    for (const auto& e : events) out.push_back(e.first);
    return out;
}

}  // namespace

class TestJob : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void podsSucceedAndTheJobMakesTheNext() {
        // parallelism 2, completions 5, pods of 1 cpu running 30 s on a 2-cpu node.
        // t = 0: two pods, bound at 10 ms, succeed at 30.010 s. The first to succeed: 1
        // succeeded, 1 active, the Job wants min(2, 5 - 1) = 2 active: a third pod, popped at
        // once (beside the second, which is still running: 1 + 1 cpu) and bound at 30.020 s;
        // then the second succeeds (same time, a later event): a fourth, bound at 30.020 s.
        // Both succeed at 60.020 s: after the third, 3 succeeded and 1 active, the Job wants
        // min(2, 2) = 2: a fifth, bound at 60.030 s; after the fourth, 4 succeeded, it wants
        // min(2, 1) = 1, which it has. The fifth succeeds at 90.030 s: 5 succeeded, done.
        plan::Plan p(input({kNode, job(2, 5, "1", "30s")}));
        QVERIFY(p.ok());
        const auto succeeded = runRecording(p, core::EventType::PodSucceeded);
        QCOMPARE(timesOf(succeeded), (std::vector<core::SimTime>{30 * kS + 10 * kMs, 30 * kS + 10 * kMs,
                                                                 60 * kS + 20 * kMs, 60 * kS + 20 * kMs,
                                                                 90 * kS + 30 * kMs}));
        QCOMPARE(p.cluster().pods.size(), std::size_t{5});
        for (const core::Pod& pod : p.cluster().pods) {
            QCOMPARE(p.sim().outcome(pod).state, core::PodState::Succeeded);
            QCOMPARE(pod.phase, core::PodPhase::Succeeded);
            QCOMPARE(p.cluster().pool.str(p.sim().outcome(pod).node), std::string_view("a1"));
        }
        // The node is empty again, and the run ends with the last completion.
        QCOMPARE(p.sim().nodeInfo(p.cluster().pool.find("a1"))->podCount(), std::size_t{0});
        QCOMPARE(p.sim().clock().now(), 90 * kS + 30 * kMs);
    }

    void aCompletionFreesRoomForAWaitingPod() {
        // The Job's one pod takes a1's 2 cpu from 10 ms to 10.010 s. At 1 s web is scaled to
        // 1: its pod (2 cpu) fails at 1 s (Insufficient cpu) and waits. At 10.010 s the Job's
        // pod succeeds: AssignedPodDelete moves web's pod (its 1 s backoff long over) to
        // activeQ; it fits and binds at 10.020 s, after 2 attempts. Deployments' pods restart:
        // the template's berth.dev/duration is ignored, with a warning, and web's pod runs on.
        auto in = input({kNode, job(1, 1, "2", "10s"), kWeb});
        plan::TimedEdit scale;
        scale.at = 1 * kS;
        scale.edit.kind = plan::EditKind::ScaleWorkload;
        scale.edit.workloadKind = core::WorkloadKind::Deployment;
        scale.edit.ns = "default";
        scale.edit.name = "web";
        scale.edit.replicas = 1;
        in->timeline = {scale};
        plan::Plan p(in);
        QVERIFY(p.ok());
        std::string warnings;
        for (const auto& d : p.load().diagnostics.items) warnings += d.message + "\n";
        QVERIFY2(warnings.find("ignored: only a Job's pods complete; a Deployment's are restarted") !=
                     std::string::npos,
                 warnings.c_str());
        const auto bound = runRecording(p, core::EventType::PodBound);
        QCOMPARE(bound.size(), std::size_t{2});
        QCOMPARE(bound[0].first, 10 * kMs);  // the Job's pod
        QCOMPARE(bound[1].first, 10 * kS + 20 * kMs);
        QVERIFY(bound[1].second.rfind("web-", 0) == 0);
        const core::Pod* web = p.cluster().findPod("default/" + bound[1].second);
        QVERIFY(web);
        QCOMPARE(p.sim().outcome(*web).state, core::PodState::Bound);
        QCOMPARE(p.sim().outcome(*web).attempts, 2);
        QCOMPARE(p.sim().clock().now(), 10 * kS + 20 * kMs);
    }

    void aDeletedPodsCompletionIsCancelled() {
        // The Job's pod (bound at 10 ms, due to succeed at 10.010 s) is deleted at 5 s: its
        // completion is cancelled; the Job (0 succeeded, 0 active) makes a replacement, bound
        // at 5.010 s, which succeeds at 15.010 s. One success, the Job is done.
        auto in = input({kNode, job(1, 1, "1", "10s")});
        const std::string deleted = deleteFirstPodAt(in, 5 * kS);
        plan::Plan p(in);
        const auto succeeded = runRecording(p, core::EventType::PodSucceeded);
        QVERIFY(p.timedEditErrors().empty());
        QCOMPARE(succeeded.size(), std::size_t{1});
        QCOMPARE(succeeded[0].first, 15 * kS + 10 * kMs);
        QVERIFY(succeeded[0].second != deleted);
        QCOMPARE(p.sim().outcome(p.cluster().pods[0]).state, core::PodState::Evicted);
        QCOMPARE(p.cluster().pods.size(), std::size_t{2});
    }

    void aDeletedSucceededPodStaysCounted() {
        // parallelism 2, completions 3, pods of 1 cpu running 10 s. The first two bind at 10 ms
        // and succeed at 10.010 s: after the first, 1 succeeded and 1 active, the Job wants
        // min(2, 3 - 1) = 2 and makes a third (bound at 10.020 s); after the second, 2
        // succeeded, 1 active: min(2, 1) = 1, none. At 15 s the first (succeeded) pod is
        // deleted: the Job counted it into status.succeeded (job_controller.go
        // trackJobStatusAndRemoveFinalizers), so it still has 2 succeeded and 1 active and
        // makes no pod (counting only the pods still there, 1 succeeded would want
        // min(2, 2) = 2: a fourth pod). The third succeeds at 20.020 s: 3, done.
        auto in = input({kNode, job(2, 3, "1", "10s")});
        const std::string deleted = deleteFirstPodAt(in, 15 * kS);
        plan::Plan p(in);
        const auto succeeded = runRecording(p, core::EventType::PodSucceeded);
        QVERIFY(p.timedEditErrors().empty());
        QCOMPARE(timesOf(succeeded),
                 (std::vector<core::SimTime>{10 * kS + 10 * kMs, 10 * kS + 10 * kMs, 20 * kS + 20 * kMs}));
        QCOMPARE(p.cluster().pods.size(), std::size_t{3});
        // The deleted one is gone (reported evicted, on the node it ran on); the others succeeded.
        QCOMPARE(p.cluster().pods[0].name, deleted);
        QCOMPARE(p.sim().outcome(p.cluster().pods[0]).state, core::PodState::Evicted);
        QCOMPARE(p.cluster().pool.str(p.sim().outcome(p.cluster().pods[0]).node), std::string_view("a1"));
        QCOMPARE(p.sim().outcome(p.cluster().pods[1]).state, core::PodState::Succeeded);
        QCOMPARE(p.sim().outcome(p.cluster().pods[2]).state, core::PodState::Succeeded);
    }

    void aWorkQueueStopsAtTheFirstSuccess() {
        // parallelism 2, no completions (a work queue): both pods bind at 10 ms and succeed at
        // 30.010 s. After the first, 1 succeeded: job_controller.go manageJob wants no more
        // than the pods still active (1); after the second, none. Two pods in all.
        plan::Plan p(input({kNode, job(2, -1, "1", "30s")}));
        QVERIFY(p.ok());
        const auto succeeded = runRecording(p, core::EventType::PodSucceeded);
        QCOMPARE(timesOf(succeeded), (std::vector<core::SimTime>{30 * kS + 10 * kMs, 30 * kS + 10 * kMs}));
        QCOMPARE(p.cluster().pods.size(), std::size_t{2});
    }

    void theEventSaysHowLongThePodRan() {
        // The PodSucceeded event names the node whose room is free and the lifetime: 1.5 s.
        plan::Plan p(input({kNode, job(1, 1, "1", "1500ms")}));
        QVERIFY(p.ok());
        std::vector<std::string> messages;
        p.sim().setEventListener([&](const core::SimEvent& e) {
            if (e.type == core::EventType::PodSucceeded) messages.push_back(e.message);
        });
        p.runToEnd();
        p.sim().setEventListener({});
        QCOMPARE(messages, (std::vector<std::string>{"succeeded after 1.5s; its room on node a1 is free"}));
    }

    void singlePassPlaysNoLifetimes() {
        // --single-pass: each pending pod tried once, binds complete, nothing else: the Job's
        // two pods stay bound and no third is made.
        plan::Plan p(input({kNode, job(2, 5, "1", "30s")}));
        QVERIFY(p.ok());
        std::size_t completions = 0;
        p.sim().setEventListener([&](const core::SimEvent& e) {
            if (e.type == core::EventType::PodSucceeded) ++completions;
        });
        p.sim().runSinglePass();
        p.sim().setEventListener({});
        QCOMPARE(completions, std::size_t{0});
        QCOMPARE(p.cluster().pods.size(), std::size_t{2});
        for (const core::Pod& pod : p.cluster().pods) QCOMPARE(p.sim().outcome(pod).state, core::PodState::Bound);
    }

    void sameInputSameTimes() {
        // Deterministic: two runs of one input give the same completions, pods and times.
        const auto in = input({kNode, job(2, 4, "1", "1m30s")});
        plan::Plan a(in), b(in);
        QCOMPARE(runRecording(a, core::EventType::PodSucceeded), runRecording(b, core::EventType::PodSucceeded));
        QCOMPARE(a.steps(), b.steps());
    }

    void badDurationsAreErrors_data() {
        QTest::addColumn<QString>("duration");
        QTest::addColumn<QString>("message");
        QTest::newRow("no unit") << "\"30\"" << "time: missing unit in duration \"30\"";
        QTest::newRow("negative") << "-5s" << "a duration must not be negative";
    }
    void badDurationsAreErrors() {
        QFETCH(QString, duration);
        QFETCH(QString, message);
        plan::Plan p(input({kNode, job(1, 1, "1", duration.toUtf8().constData())}));
        QVERIFY(p.load().diagnostics.hasErrors());
        const std::string errors = p.load().diagnostics.firstErrors(3);
        QVERIFY2(errors.find(message.toStdString()) != std::string::npos, errors.c_str());
        QVERIFY(p.cluster().workloads.empty());  // the Job is skipped
    }
};

QTEST_GUILESS_MAIN(TestJob)
#include "tst_job.moc"
