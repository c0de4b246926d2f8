// plan::TimedEditPlayer through plan::Plan (issue 17): edits on the simulated clock are
// applied when the run reaches their time, as one step of the plan; the loop's own steps
// before them are unchanged; a replay (time travel, undo) applies them at the same step; an
// edit that cannot be applied when its time comes is reported with where it was written, and
// the run goes on.

#include <QTest>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "plan/plan.h"
#include "testlib/one_node_cluster.h"

using namespace berth;
using plan::EditKind;
using plan::PlanEdit;
using plan::TimedEdit;

namespace {

constexpr core::SimTime kS = core::kSecond;
constexpr core::SimTime kMs = core::kMillisecond;

// One 2-cpu node and a Deployment of 4 pods of 1 cpu: two fit, two wait (testlib).
const char* kCluster = testlib::kOneNodeFourWebPods;

TimedEdit timed(core::SimTime at, EditKind kind, std::string node, std::string source = "t.yaml:1") {
    TimedEdit t;
    t.at = at;
    t.edit.kind = kind;
    t.edit.node = std::move(node);
    t.source = std::move(source);
    return t;
}

/// At `at`, a pool of one copy of a1 named b-1.
TimedEdit addB1(core::SimTime at) {
    TimedEdit t = timed(at, EditKind::AddNodePool, "a1");
    t.edit.namePrefix = "b";
    t.edit.count = 1;
    return t;
}

std::shared_ptr<const plan::PlanInput> input(std::vector<TimedEdit> timeline) {
    auto in = std::make_shared<plan::PlanInput>();
    in->manifests.push_back({"cluster.yaml", kCluster});
    in->seed = 5;
    in->timeline = std::move(timeline);
    return in;
}

/// "node" per live web pod, sorted: where the Deployment's pods are ("" pending).
std::vector<std::string> placements(plan::Plan& p) {
    std::vector<std::string> out;
    const core::Cluster& c = p.cluster();
    for (std::size_t i = 0; i < c.pods.size(); ++i)
        if (!c.podRemoved[i]) out.push_back(std::string(c.pool.str(p.sim().outcome(c.pods[i]).node)));
    std::sort(out.begin(), out.end());
    return out;
}

bool hasNode(plan::Plan& p, std::string_view name) {
    const core::Sym sym = p.cluster().pool.find(name);
    return sym != core::kNoSym && p.cluster().findNode(sym) != nullptr;
}

struct TimedStep {
    std::uint64_t step;
    core::SimTime now;
    std::size_t edits;
};

/// Runs `p` to the end; the steps that applied timed edits.
std::vector<TimedStep> runRecordingTimedSteps(plan::Plan& p) {
    std::vector<TimedStep> out;
    while (p.step())
        if (!p.timedEditsOfLastStep().empty())
            out.push_back({p.steps(), p.sim().clock().now(), p.timedEditsOfLastStep().size()});
    return out;
}

}  // namespace

class TestTimedEdits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void appliedAtTheirTime() {
        // t = 0: web-* are popped, two fit on a1 (bound at 10 ms), two fail (unschedulable)
        // and the loop is idle. t = 20 s: b-1 joins; the NodeAdd event moves the two waiting
        // pods back (their 1 s backoff ended long ago), they fit on b-1 and bind at 20.010 s.
        plan::Plan p(input({addB1(20 * kS)}));
        QVERIFY(p.ok());
        const std::vector<TimedStep> timedSteps = runRecordingTimedSteps(p);
        QCOMPARE(timedSteps.size(), std::size_t{1});
        QCOMPARE(timedSteps[0].now, 20 * kS);
        QCOMPARE(timedSteps[0].edits, std::size_t{1});
        QCOMPARE(placements(p), (std::vector<std::string>{"a1", "a1", "b-1", "b-1"}));
        QCOMPARE(p.sim().clock().now(), 20 * kS + 10 * kMs);
        QVERIFY(p.timedEditErrors().empty());
    }

    void sameTimeEditsAreOneStepBeforeTheLoop() {
        // Both at t = 0, before the first cycle: a1 cordoned, b-1 added, in that order, in
        // the first step; the four pods then find only b-1: two bound there, two pending.
        plan::Plan p(input({timed(0, EditKind::Cordon, "a1"), addB1(0)}));
        const std::vector<TimedStep> timedSteps = runRecordingTimedSteps(p);
        QCOMPARE(timedSteps.size(), std::size_t{1});
        QCOMPARE(timedSteps[0].step, std::uint64_t{1});
        QCOMPARE(timedSteps[0].edits, std::size_t{2});
        QCOMPARE(placements(p), (std::vector<std::string>{"", "", "b-1", "b-1"}));
    }

    void loopEventsBeforeAnEditComeFirst() {
        // At 5 ms the two binds of t = 0 are still in flight (they end at 10 ms): b-1 joins
        // then, and its NodeAdd event moves the two waiting pods to backoffQ (1 s from their
        // failure); activeQ is empty, so backoffQ's head is popped at once (1.37), both fit
        // on b-1 at 5 ms and bind at 5 ms + 10 ms = 15 ms, after a1's two at 10 ms.
        plan::Plan p(input({addB1(5 * kMs)}));
        const std::vector<TimedStep> timedSteps = runRecordingTimedSteps(p);
        QCOMPARE(timedSteps.size(), std::size_t{1});
        QCOMPARE(timedSteps[0].now, 5 * kMs);
        QCOMPARE(placements(p), (std::vector<std::string>{"a1", "a1", "b-1", "b-1"}));
        QCOMPARE(p.sim().clock().now(), 15 * kMs);
    }

    void aFailedEditIsReportedAndTheRunGoesOn() {
        plan::Plan p(input({timed(3 * kS, EditKind::Cordon, "nowhere", "outage.yaml:7"), addB1(4 * kS)}));
        p.runToEnd();
        QCOMPARE(p.timedEditErrors(), (std::vector<std::string>{"outage.yaml:7: Cordon nowhere: no node nowhere"}));
        QCOMPARE(placements(p), (std::vector<std::string>{"a1", "a1", "b-1", "b-1"}));
    }

    void replayAppliesThemAtTheSameStep() {
        const auto in = input({addB1(20 * kS)});
        plan::Plan whole(in);
        const std::vector<TimedStep> timedSteps = runRecordingTimedSteps(whole);
        QCOMPARE(timedSteps.size(), std::size_t{1});
        const std::uint64_t k = timedSteps[0].step;

        // Time travel: a fresh plan stepped to just before the timed step has no b-1; one
        // step more, and it has, at 20 s.
        plan::Plan travel(in);
        travel.stepTo(k - 1);
        QVERIFY(travel.sim().clock().now() < 20 * kS);
        QVERIFY(!hasNode(travel, "b-1"));
        QVERIFY(travel.step());
        QCOMPARE(travel.sim().clock().now(), 20 * kS);
        QVERIFY(hasNode(travel, "b-1"));
        travel.runToEnd();
        QCOMPARE(placements(travel), placements(whole));
        QCOMPARE(travel.steps(), whole.steps());

        // A person's edit after the timed one (b-1 cordoned at its step): replayed twice, the
        // same plan; the two waiting pods stay pending.
        PlanEdit cordon;
        cordon.kind = EditKind::Cordon;
        cordon.node = "b-1";
        cordon.atStep = k;
        plan::Plan first(in), second(in);
        QCOMPARE(first.replay({cordon}, plan::Plan::kToEnd), std::string());
        QCOMPARE(second.replay({cordon}, plan::Plan::kToEnd), std::string());
        QCOMPARE(placements(first), (std::vector<std::string>{"", "", "a1", "a1"}));
        QCOMPARE(placements(second), placements(first));
        QCOMPARE(second.steps(), first.steps());
    }
};

QTEST_GUILESS_MAIN(TestTimedEdits)
#include "tst_timed_edits.moc"
