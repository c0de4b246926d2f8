// plan::RunMetrics: upstream's scheduler metrics over simulated time, from the event stream,
// and their Prometheus text (berthctl schedule --metrics). The counts agree with the run's own
// outcome; the same run gives the same text.

#include <QTest>

#include <algorithm>

#include "core/simulation.h"
#include "plan/plan.h"
#include "plan/run_metrics.h"

using namespace berth;

namespace {

// Two 1-cpu nodes; "a" and "b" ask 1 cpu each, "big" 2 cpus (fits no node). All three are
// queued at load (t = 0) and popped at t = 0; a and b bind 10 ms later (the bind latency).
const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
status: {allocatable: {cpu: "1", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: a, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: big, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
)";

struct Run {
    std::unique_ptr<plan::Plan> plan;
    std::unique_ptr<plan::RunMetrics> metrics;
};

Run run() {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", kCluster});
    Run r{std::make_unique<plan::Plan>(in), nullptr};
    core::Simulation& sim = r.plan->sim();
    r.metrics = std::make_unique<plan::RunMetrics>(sim);
    sim.setEventListener([m = r.metrics.get()](const core::SimEvent& e) { m->onEvent(e); });
    sim.run();
    r.metrics->finish();
    return r;
}

const core::Pod& pod(plan::Plan& p, const char* name) {
    const auto& pods = p.cluster().pods;
    const auto it = std::find_if(pods.begin(), pods.end(), [&](const core::Pod& x) { return x.name == name; });
    if (it == pods.end()) qFatal("no pod %s", name);
    return *it;
}

}  // namespace

class TestRunMetrics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsAgreeWithTheRun() {
        Run r = run();
        const auto& samples = r.metrics->samples();
        QVERIFY(samples.size() >= 2);
        // t = 0: the three cycles (big unschedulable), nothing bound yet.
        QCOMPARE(samples[0].time, core::SimTime{0});
        QCOMPARE(samples[0].bound, std::int64_t{0});
        QCOMPARE(samples[0].attempts.at("default-scheduler")[plan::RunMetrics::Unschedulable], std::int64_t{1});
        // t = 10 ms: a and b bound.
        QCOMPARE(samples[1].time, 10 * core::kMillisecond);
        QCOMPARE(samples[1].bound, std::int64_t{2});
        QCOMPARE(samples[1].attempts.at("default-scheduler")[plan::RunMetrics::Scheduled], std::int64_t{2});
        // The end: as many unschedulable attempts as big's attempts; the queue as it is.
        const plan::RunMetrics::Sample& last = samples.back();
        core::Simulation& sim = r.plan->sim();
        QCOMPARE(last.attempts.at("default-scheduler")[plan::RunMetrics::Unschedulable],
                 std::int64_t{sim.outcome(pod(*r.plan, "big")).attempts});
        QCOMPARE(last.attempts.at("default-scheduler")[plan::RunMetrics::Error], std::int64_t{0});
        QCOMPARE(last.active, std::int64_t(sim.queue().activeCount()));
        QCOMPARE(last.backoff, std::int64_t(sim.queue().backoffCount()));
        QCOMPARE(last.unschedulable, std::int64_t(sim.queue().unschedulableCount()));
        QCOMPARE(last.active + last.backoff + last.unschedulable, std::int64_t{1});  // big waits
        // a and b: one attempt each, 10 ms from enqueue to bind.
        QCOMPARE(r.metrics->attemptsPerPod().count, std::uint64_t{2});
        QCOMPARE(r.metrics->attemptsPerPod().counts[0], std::uint64_t{2});  // le="1"
        QCOMPARE(r.metrics->schedulingDuration().size(), std::size_t{1});
        const plan::RunMetrics::Histogram& d = r.metrics->schedulingDuration().at(1);
        QCOMPARE(d.counts[0], std::uint64_t{2});  // le="0.01"
        QCOMPARE(d.sum, 0.02);
    }

    void prometheusText() {
        Run r = run();
        const std::string text = r.metrics->prometheusText();
        const QString t = QString::fromStdString(text);
        // Each series: its first value, then a line where it changed (ms of simulated time).
        for (const char* line :
             {"# TYPE scheduler_schedule_attempts_total counter\n",
              "scheduler_schedule_attempts_total{profile=\"default-scheduler\",result=\"scheduled\"} 0 0\n"
              "scheduler_schedule_attempts_total{profile=\"default-scheduler\",result=\"scheduled\"} 2 10\n",
              "scheduler_schedule_attempts_total{profile=\"default-scheduler\",result=\"error\"} 0 0\n",
              "# TYPE scheduler_pending_pods gauge\n", "berth_pods_bound_total 0 0\nberth_pods_bound_total 2 10\n",
              "# TYPE scheduler_pod_scheduling_attempts histogram\n",
              "scheduler_pod_scheduling_attempts_bucket{le=\"1\"} 2 ",
              "scheduler_pod_scheduling_attempts_bucket{le=\"16\"} 2 ",
              "scheduler_pod_scheduling_sli_duration_seconds_bucket{attempts=\"1\",le=\"0.01\"} 2 ",
              "scheduler_pod_scheduling_sli_duration_seconds_bucket{attempts=\"1\",le=\"5242.88\"} 2 ",
              "scheduler_pod_scheduling_sli_duration_seconds_sum{attempts=\"1\"} 0.02 ",
              "scheduler_pod_scheduling_sli_duration_seconds_count{attempts=\"1\"} 2 "})
            QVERIFY2(t.contains(QString::fromUtf8(line)), line);
        // Deterministic: the same run, the same text.
        QCOMPARE(run().metrics->prometheusText(), text);
    }
};

QTEST_GUILESS_MAIN(TestRunMetrics)
#include "tst_run_metrics.moc"
