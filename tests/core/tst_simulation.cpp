// The facade's run loop on simulated time (UPSTREAM 1, 2.8, 2.9): a single pass against the
// whole loop with its requeues and periodic flushes (backoffQ every 1 s, leftovers every 30 s),
// a pod that fits nowhere, and the same event stream for the same seed. Timings are read from
// the event stream: a flush tick lands on whole seconds because the ticks are armed at t=0.

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/simulation.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"
#include "testlib/simulation_watch.h"

using namespace berth::core;
using namespace berth::testlib;

class TestSimulation : public QObject {
    Q_OBJECT

private slots:
    void singlePassVsFullLoop_data();
    void singlePassVsFullLoop();
    void fitsNowhere_data();
    void fitsNowhere();
    void sameSeedSameEventStream();
    void leftoverFlushRetriesAfterTheClusterChanged();
    void clearedNominationRequeuesLowerOrEqualPods();
};

// --- single pass vs the full loop ------------------------------------------------------------

void TestSimulation::singlePassVsFullLoop_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // n1 (2 cpu) holds `low` (priority 0, 2 cpu); `hi` (priority 100, 2 cpu) is pending. The
    // first attempt preempts `low` and nominates n1 (no preemption part in the text: PostFilter
    // succeeded). A single pass stops there; the loop retries hi after its 1 s backoff (the
    // victim's deletion during hi's own cycle is a move request -> backoffQ) and binds it to
    // its nominated node, which v1.26 leaves set.
    QTest::addColumn<bool>("singlePass");
    QTest::addColumn<QString>("hiState");
    QTest::addColumn<QString>("hiNode");
    QTest::addColumn<QString>("hiMessage");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<int>("scheduled");
    QTest::newRow("single pass") << true << "pending" << "" << "0/1 nodes are available: 1 Insufficient cpu." << 1 << 0;
    QTest::newRow("full loop") << false << "bound" << "n1" << "" << 2 << 1;
    // clang-format on
}

void TestSimulation::singlePassVsFullLoop() {
    QFETCH(bool, singlePass);
    QFETCH(QString, hiState);
    QFETCH(QString, hiNode);
    QFETCH(QString, hiMessage);
    QFETCH(int, attempts);
    QFETCH(int, scheduled);
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& low = tc.pod("low").cpu("2").priority(0).startTime(100).on("n1").add();
    const Pod& hi = tc.pod("hi").cpu("2").priority(100).add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
    const RunStats stats = singlePass ? sim.runSinglePass() : sim.run();
    QCOMPARE(stateOf(sim, hi), hiState);
    QCOMPARE(nodeOf(sim, tc.cluster, hi), hiNode);
    QCOMPARE(nominatedOf(sim, tc.cluster, hi), QString("n1"));
    QCOMPARE(messageOf(sim, hi), hiMessage);
    QCOMPARE(stateOf(sim, low), QString("evicted"));
    QCOMPARE(static_cast<int>(stats.attempts), attempts);
    QCOMPARE(static_cast<int>(stats.scheduled), scheduled);
    QCOMPARE(sim.outcome(hi).attempts, attempts);
    if (!singlePass) {
        // handleSchedulingFailure requeues first, then records the nomination.
        QCOMPARE(
            rec.of("hi", {EventType::PodNominated, EventType::PodBackoff, EventType::PodPopped, EventType::PodBound}),
            (QStringList{"0 PodPopped hi", "0 PodBackoff hi | ScheduleAttemptFailure", "0 PodNominated hi n1",
                         "1000 PodPopped hi", "1010 PodBound hi n1"}));
        QCOMPARE(rec.of("low", {EventType::PodEvicted}),
                 QStringList{"0 PodEvicted low n1 | preempted by default/hi on node n1"});
    }
}

// --- a pod that fits nowhere -----------------------------------------------------------------

void TestSimulation::fitsNowhere_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Two empty 4-cpu nodes, a pod asking for 8 cpu. Nobody has a lower priority, so
    // preemption finds no victims; the text is the FitError plus the PostFilter message.
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("message");
    // v1.26 appends the preemption part with " %v.": the text ends "..".
    QTest::newRow("1.26") << "1.26"
                          << "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No "
                             "preemption victims found for incoming pod..";
    // >= 1.29: the PostFilter part is appended with a space only.
    QTest::newRow("1.30") << "1.30"
                          << "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No "
                             "preemption victims found for incoming pod.";
    // clang-format on
}

void TestSimulation::fitsNowhere() {
    QFETCH(QString, version);
    QFETCH(QString, message);
    TestCluster tc(versionOf(version));
    tc.node("n1").cpu("4").memory("8Gi").add();
    tc.node("n2").cpu("4").memory("8Gi").add();
    const Pod& big = tc.pod("big").cpu("8").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions(version));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
    const RunStats stats = sim.run();
    QCOMPARE(stateOf(sim, big), QString("pending"));
    QCOMPARE(messageOf(sim, big), message);
    QCOMPARE(nominatedOf(sim, tc.cluster, big), QString());
    // One attempt, then it waits in the unschedulable pool: no event will move it, and the
    // loop is idle (nothing active, backing off or binding).
    QCOMPARE(static_cast<int>(stats.attempts), 1);
    QCOMPARE(static_cast<int>(stats.unschedulable), 1);
    QCOMPARE(whereIs(sim, big), QString("unschedulablePods"));
    QVERIFY(sim.idle());
    QCOMPARE(rec.of("big", {EventType::PodUnschedulable}), QStringList{"0 PodUnschedulable big | " + message});
}

// --- the same seed, the same run -------------------------------------------------------------

void TestSimulation::sameSeedSameEventStream() {
    // Two runs with the same seed produce byte-identical event streams (random tie-breaks,
    // preemption offsets and injected failures all come from the seeded rng); another seed
    // gives another stream.
    auto runOnce = [](std::uint64_t seed) {
        TestCluster tc(versionOf("1.26"));
        for (int i = 1; i <= 4; ++i) tc.node("n" + std::to_string(i)).cpu("4").memory("8Gi").add();
        for (int i = 1; i <= 4; ++i)
            tc.pod("low" + std::to_string(i)).cpu("3").priority(1).startTime(i).on("n" + std::to_string(i)).add();
        for (int i = 0; i < 6; ++i) tc.pod("p" + std::to_string(i)).cpu("1").priority(i % 3 == 0 ? 100 : 0).add();
        for (int i = 0; i < 2; ++i) tc.pod("big" + std::to_string(i)).cpu("4").priority(50).add();
        CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.26", TieBreak::Random, seed));
        std::string err;
        if (!sim.init(err)) qFatal("%s", err.c_str());
        BindingSettings bs;
        bs.failureProbability = 0.3;
        sim.setBindingSettings(bs);
        EventRecorder rec(sim, tc.cluster);
        sim.run();
        return rec.all();
    };
    const QString a = runOnce(7);
    const QString b = runOnce(7);
    QVERIFY(!a.isEmpty());
    QCOMPARE(a, b);
    QVERIFY(runOnce(8) != a);
}

// --- the leftover flush ----------------------------------------------------------------------

void TestSimulation::leftoverFlushRetriesAfterTheClusterChanged() {
    // `far` fails NodeAffinity. A pod bound afterwards (AssignedPodAdd, not an event
    // NodeAffinity registers) leaves it parked, but upstream's leftover flush retries it once
    // it has sat podMaxInUnschedulablePodsDuration (5 min); after that retry nothing changed,
    // so the run is over.
    TestCluster tc(versionOf("1.26"));
    tc.node("n1").cpu("2").memory("4Gi").add();
    const Pod& far = tc.pod("far").cpu("1").nodeSelector("zone", "elsewhere").priority(10).add();
    const Pod& near = tc.pod("near").cpu("1").add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions());
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
    sim.run();
    QCOMPARE(stateOf(sim, near), QString("bound"));
    QCOMPARE(stateOf(sim, far), QString("pending"));
    QCOMPARE(sim.outcome(far).attempts, 2);
    QCOMPARE(rec.of("far", {EventType::PodUnschedulable}).size(), 2);
    QVERIFY(sim.clock().now() >= 5 * 60 * kSecond);
    QVERIFY(sim.clock().now() <= 5 * 60 * kSecond + 31 * kSecond);
    QVERIFY(sim.idle());
}
// --- a nomination cleared --------------------------------------------------------------------

void TestSimulation::clearedNominationRequeuesLowerOrEqualPods() {
    // v1.37.2 eventhandlers.go updatePodInSchedulingQueue: when a pending pod's nominated node
    // changes or is cleared, pods of lower or equal priority are moved with AssignedPodDelete
    // and the old pod (they had counted it on its nominated node). Found by the whole-loop
    // differential (seed 2,000,000,099). n1 (4 cpu) holds `low` (priority 0, 3 cpu).
    //  t=0  top (200, 3 cpu, preemptionPolicy Never) fails: 1 cpu free -> unschedulable pool.
    //       hi (100, 2 cpu) fails, preempts low, is nominated on n1; low's deletion (in hi's
    //       cycle) sends top and hi to backoffQ.
    //       waiter (50, 3 cpu) counts hi on n1 (priority >= its own): 4 - 2 = 2 free < 3 ->
    //       Insufficient cpu; no victims (hi is nominated, not running) -> unschedulable pool.
    //       activeQ empty: Pop takes backoffQ's head, top (higher priority): it ignores hi's
    //       lower nomination, 4 free >= 3 -> bound on n1. Its AssignedPodAdd moves nobody
    //       (NodeResourcesFit has no Pod Add hint from 1.32).
    //       hi: 1 free < 2, preemption finds only top (higher priority) -> no victims; the
    //       failure clears its nomination -> AssignedPodDelete(hi on n1) moves waiter (50 <=
    //       100) and hi itself (equal priority) to backoffQ. Without it both would wait for
    //       the 5-minute leftover flush.
    //       waiter retries: 1 free < 3 -> Insufficient cpu again; hi retries: 1 free < 2.
    TestCluster tc(versionOf("1.37"));
    tc.node("n1").cpu("4").memory("8Gi").add();
    tc.pod("low").cpu("3").priority(0).startTime(100).on("n1").add();
    const Pod& top = tc.pod("top").cpu("3").priority(200).add();
    tc.cluster.pods[top.id].preemptionPolicy = PreemptionPolicy::Never;
    const Pod& hi = tc.pod("hi").cpu("2").priority(100).add();
    tc.pod("waiter").cpu("3").priority(50).add();
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, simOptions("1.37"));
    std::string err;
    QVERIFY2(sim.init(err), err.c_str());
    EventRecorder rec(sim, tc.cluster);
    sim.run();
    const std::initializer_list<EventType> moves{EventType::PodPopped, EventType::PodBackoff, EventType::PodBound,
                                                 EventType::PodNominated};
    // Every step at t=0: with activeQ empty, Pop takes backoffQ's head at once (1.33+); top's
    // binding lands at 10 ms (the default bind latency).
    QCOMPARE(rec.of("top", moves), (QStringList{"0 PodPopped top", "0 PodBackoff top | AssignedPodDelete",
                                                "0 PodPopped top", "10 PodBound top n1"}));
    QCOMPARE(rec.of("hi", moves),
             (QStringList{"0 PodPopped hi", "0 PodBackoff hi | ScheduleAttemptFailure", "0 PodNominated hi n1",
                          "0 PodPopped hi", "0 PodBackoff hi | AssignedPodDelete", "0 PodPopped hi"}));
    QCOMPARE(rec.of("waiter", moves), (QStringList{"0 PodPopped waiter", "0 PodBackoff waiter | AssignedPodDelete",
                                                   "0 PodPopped waiter"}));
    QCOMPARE(nominatedOf(sim, tc.cluster, hi), QString());
    QCOMPARE(invariantViolations(sim), QStringList());
}

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
