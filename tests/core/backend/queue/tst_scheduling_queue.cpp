// The scheduling queue with v1.26 semantics (UPSTREAM 1.1-1.5, 1.7): activeQ ordered by
// PrioritySort, backoffQ ordered by backoff expiry, the unschedulable pool, moveRequestCycle,
// event-driven requeueing through each plugin's registered events, the periodic flushes and
// scheduling gates. Time is a SimulatedClock advanced with no-op events; rows taken from
// upstream's scheduling_queue_test.go say so.

#include <QtTest/QtTest>

#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/backend/queue/scheduling_queue.h"
#include "core/framework/plugins/queuesort/priority_sort.h"
#include "core/framework/plugins/schedulinggates/scheduling_gates.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

/// A queue over a v1.26 TestCluster, with the real PrioritySort and SchedulingGates plugins.
struct Fixture {
    explicit Fixture(QueueSettings settings = {}) : sort(args, tc.handle), gates(args, tc.handle) {
        tc.node("n1").cpu("4").memory("8Gi").add();
        queue = std::make_unique<SchedulingQueue>(sort, clock, settings, [this](const Pod& p) {
            SchedulingQueue::PreEnqueueVerdict v;
            const Status s = gates.preEnqueue(p);
            if (!s.isSuccess()) {
                v.admitted = false;
                v.plugin = std::string(gates.name());
                v.message = s.message(tc.cluster.pool);
            }
            return v;
        });
    }

    /// Moves simulated time to `t` by running a no-op event there.
    void advanceTo(SimTime t) {
        clock.scheduleAt(t, [] {});
        while (clock.nextTime() >= 0 && clock.nextTime() <= t) clock.runNext();
    }
    void advanceBy(SimTime d) { advanceTo(clock.now() + d); }

    const Pod& pod(const std::string& name, std::int32_t priority = 0) { return tc.pod(name).priority(priority).add(); }

    /// Pops the head of activeQ, which must be `expected`.
    QueuedPodInfo popExpecting(const Pod& expected) {
        auto info = queue->pop();
        if (!info) qFatal("activeQ empty, expected %s", expected.name.c_str());
        if (info->pod != &expected) qFatal("popped %s, expected %s", info->pod->name.c_str(), expected.name.c_str());
        return *info;
    }
    /// The failure handler: back to the queue with these rejector plugins, at the current cycle.
    void fail(QueuedPodInfo info, std::vector<std::string> plugins) {
        info.unschedulablePlugins = std::move(plugins);
        queue->addUnschedulableIfNotPresent(std::move(info), queue->schedulingCycle());
    }
    /// Pops `p` and fails it while a move request arrives during its cycle: it lands in backoffQ.
    void popAndBackoff(const Pod& p, std::vector<std::string> plugins = {"NodeResourcesFit"}) {
        QueuedPodInfo info = popExpecting(p);
        queue->moveAllToActiveOrBackoffQueue(events::NodeAdd);
        fail(std::move(info), std::move(plugins));
    }
    /// Pops `p` and fails it with no move request: it lands in the unschedulable pool.
    void popAndPark(const Pod& p, std::vector<std::string> plugins = {"NodeResourcesFit"}) {
        fail(popExpecting(p), std::move(plugins));
    }

    QString where(const Pod& p) const { return queueLocationName(queue->location(p)); }

    TestCluster tc{*KubeVersion::parse("1.26")};
    PluginArgs args;
    PrioritySort sort;
    SchedulingGates gates;
    SimulatedClock clock;
    std::unique_ptr<SchedulingQueue> queue;
};

QString names(const std::vector<const QueuedPodInfo*>& infos) {
    QStringList out;
    for (const auto* i : infos) out << QString::fromStdString(i->pod->name);
    return out.join(' ');
}

QString popAll(SchedulingQueue& q) {
    QStringList out;
    while (auto info = q.pop()) out << QString::fromStdString(info->pod->name);
    return out.join(' ');
}

const ClusterEvent& eventNamed(const QString& name) {
    if (name == "NodeAdd") return events::NodeAdd;
    if (name == "NodeSpecUnschedulableChange") return events::NodeSpecUnschedulableChange;
    if (name == "NodeAllocatableChange") return events::NodeAllocatableChange;
    if (name == "NodeLabelChange") return events::NodeLabelChange;
    if (name == "NodeTaintChange") return events::NodeTaintChange;
    if (name == "AssignedPodAdd") return events::AssignedPodAdd;
    if (name == "AssignedPodDelete") return events::AssignedPodDelete;
    if (name == "UnschedulableTimeout") return events::UnschedulableTimeout;
    qFatal("unknown event %s", qPrintable(name));
    return events::UnschedulableTimeout;
}

std::vector<std::string> toStd(const QStringList& l) {
    std::vector<std::string> out;
    for (const auto& s : l) out.push_back(s.toStdString());
    return out;
}

}  // namespace

class TestSchedulingQueue : public QObject {
    Q_OBJECT
private slots:
    void popOrder_data();
    void popOrder();
    void requeuedPodSortsByItsNewTimestamp();
    void backoffFlow_data();
    void backoffFlow();
    void calculateBackoffDuration_data();
    void calculateBackoffDuration();
    void backoffQOrdering();
    void flushBackoffQCompleted_data();
    void flushBackoffQCompleted();
    void moveRequestCycle_data();
    void moveRequestCycle();
    void eventRequeue_data();
    void eventRequeue();
    void preCheckSelectsPods_data();
    void preCheckSelectsPods();
    void unschedulablePluginsClearedAtPop();
    void flushUnschedulablePodsLeftover_data();
    void flushUnschedulablePodsLeftover();
    void gatedPods();
    void assignedPodAdded_data();
    void assignedPodAdded();
    void removeDoneUpdate();
    void addUnschedulableIfNotPresentIgnoresQueuedPods();
    void moveListenerReportsReasons();
};

// --- activeQ order -----------------------------------------------------------------------

void TestSchedulingQueue::popOrder_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Pods "name:priority" added at t=0 in this order; expected pop order.
    QTest::addColumn<QStringList>("pods");
    QTest::addColumn<QString>("expected");
    // PrioritySort: higher priority first (TestPriorityQueue_Add: hpp, then mpp, then up).
    QTest::newRow("priority first") << QStringList{"mpp:500", "up:0", "hpp:1000"} << "hpp mpp up";
    // Equal priority: arrival order (same timestamp, so the sequence decides).
    QTest::newRow("fifo among equals") << QStringList{"a:0", "b:0", "c:0"} << "a b c";
    // Negative priorities sort below the default 0.
    QTest::newRow("negative priority") << QStringList{"neg:-5", "zero:0"} << "zero neg";
    // Priority, then arrival, interleaved.
    QTest::newRow("mixed") << QStringList{"a:5", "b:10", "c:5", "d:10"} << "b d a c";
    // clang-format on
}

void TestSchedulingQueue::popOrder() {
    QFETCH(QStringList, pods);
    QFETCH(QString, expected);
    Fixture f;
    for (const auto& spec : pods) {
        const auto parts = spec.split(':');
        f.queue->add(f.pod(parts[0].toStdString(), parts[1].toInt()));
    }
    QCOMPARE(f.queue->activeCount(), static_cast<std::size_t>(pods.size()));
    QCOMPARE(names(f.queue->activePods()), expected);
    QCOMPARE(popAll(*f.queue), expected);
    // Every pop is a new scheduling cycle.
    QCOMPARE(f.queue->schedulingCycle(), std::int64_t(pods.size()));
}

void TestSchedulingQueue::requeuedPodSortsByItsNewTimestamp() {
    Fixture f;
    const Pod& a = f.pod("a");
    const Pod& b = f.pod("b");
    const Pod& c = f.pod("c");
    f.queue->add(a);  // t=0
    f.advanceTo(100 * kMillisecond);
    f.queue->add(b);  // t=0.1s
    f.advanceTo(200 * kMillisecond);
    // a fails at t=0.2s: AddUnschedulableIfNotPresent refreshes its Timestamp to 0.2s, so once
    // back in activeQ it sorts after b (0.1s) although it was added first.
    f.popAndBackoff(a);
    QCOMPARE(f.where(a), QString("backoffQ"));
    f.advanceTo(1200 * kMillisecond);  // 0.2s + 1s backoff
    f.queue->flushBackoffQCompleted();
    f.advanceTo(1500 * kMillisecond);
    f.queue->add(c);  // t=1.5s: after a
    QCOMPARE(popAll(*f.queue), QString("b a c"));
}

// --- backoff -----------------------------------------------------------------------------

void TestSchedulingQueue::backoffFlow_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // TestBackOffFlow: the n-th failed attempt backs off initial * 2^(n-1), capped at max.
    QTest::addColumn<int>("attempt");
    QTest::addColumn<qint64>("initialMs");
    QTest::addColumn<qint64>("maxMs");
    QTest::addColumn<qint64>("wantBackoffMs");
    QTest::newRow("attempt 1: 1s") << 1 << qint64(1000) << qint64(10000) << qint64(1000);
    QTest::newRow("attempt 2: 2s") << 2 << qint64(1000) << qint64(10000) << qint64(2000);
    QTest::newRow("attempt 3: 4s") << 3 << qint64(1000) << qint64(10000) << qint64(4000);
    QTest::newRow("attempt 4: 8s") << 4 << qint64(1000) << qint64(10000) << qint64(8000);
    // 16s would exceed podMaxBackoffSeconds: capped at 10s from here on.
    QTest::newRow("attempt 5: 10s") << 5 << qint64(1000) << qint64(10000) << qint64(10000);
    QTest::newRow("attempt 6: 10s") << 6 << qint64(1000) << qint64(10000) << qint64(10000);
    QTest::newRow("attempt 7: 10s") << 7 << qint64(1000) << qint64(10000) << qint64(10000);
    // podInitialBackoffSeconds=2, podMaxBackoffSeconds=5: 2, 4, then capped at 5.
    QTest::newRow("custom 2s/5s attempt 2") << 2 << qint64(2000) << qint64(5000) << qint64(4000);
    QTest::newRow("custom 2s/5s attempt 3") << 3 << qint64(2000) << qint64(5000) << qint64(5000);
    // clang-format on
}

void TestSchedulingQueue::backoffFlow() {
    QFETCH(int, attempt);
    QFETCH(qint64, initialMs);
    QFETCH(qint64, maxMs);
    QFETCH(qint64, wantBackoffMs);
    QueueSettings settings;
    settings.podInitialBackoff = initialMs * kMillisecond;
    settings.podMaxBackoff = maxMs * kMillisecond;
    Fixture f(settings);
    const Pod& p = f.pod("test-pod");
    f.queue->add(p);
    for (int i = 1; i <= attempt; ++i) {
        const SimTime failedAt = f.clock.now();
        QueuedPodInfo info = f.popExpecting(p);
        QCOMPARE(info.attempts, i);
        f.fail(std::move(info), {"NodeResourcesFit"});
        // An event happens: the pod is still backing off, so it goes to backoffQ.
        f.queue->moveAllToActiveOrBackoffQueue(events::UnschedulableTimeout);
        QCOMPARE(f.where(p), QString("backoffQ"));
        const SimTime backoff = f.queue->nextBackoffExpiry() - failedAt;
        if (i == attempt) QCOMPARE(backoff, wantBackoffMs * kMillisecond);
        // An early flush leaves it there; a flush at the deadline moves it to activeQ.
        f.advanceBy(kMillisecond);
        f.queue->flushBackoffQCompleted();
        QCOMPARE(f.where(p), QString("backoffQ"));
        f.advanceTo(failedAt + backoff);
        f.queue->flushBackoffQCompleted();
        QCOMPARE(f.where(p), QString("activeQ"));
    }
}

void TestSchedulingQueue::calculateBackoffDuration_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // TestPriorityQueue_calculateBackoffDuration: the doubling never overflows.
    QTest::addColumn<qint64>("initialNs");
    QTest::addColumn<qint64>("maxNs");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<qint64>("want");
    QTest::newRow("normal") << qint64(1) << qint64(32) << 16 << qint64(32);
    QTest::newRow("overflow_32bit") << qint64(1) << qint64(std::numeric_limits<std::int32_t>::max()) << 32
                                    << qint64(std::numeric_limits<std::int32_t>::max());
    QTest::newRow("overflow_64bit") << qint64(1) << std::numeric_limits<qint64>::max() << 64
                                    << std::numeric_limits<qint64>::max();
    // Attempts 0 (a gated pod never popped) still computes the initial backoff.
    QTest::newRow("zero attempts") << qint64(1000) << qint64(10000) << 0 << qint64(1000);
    // clang-format on
}

void TestSchedulingQueue::calculateBackoffDuration() {
    QFETCH(qint64, initialNs);
    QFETCH(qint64, maxNs);
    QFETCH(int, attempts);
    QFETCH(qint64, want);
    QueueSettings settings;
    settings.podInitialBackoff = initialNs;
    settings.podMaxBackoff = maxNs;
    Fixture f(settings);
    QueuedPodInfo info;
    info.timestamp = 0;
    info.attempts = attempts;
    QCOMPARE(f.queue->backoffTime(info), want);
}

void TestSchedulingQueue::backoffQOrdering() {
    Fixture f;
    const Pod& a = f.pod("a", 100);
    const Pod& b = f.pod("b", 1);
    const Pod& c = f.pod("c", 50);
    f.queue->add(a);
    f.queue->add(b);
    f.queue->add(c);
    // a: attempt 1 fails at t=0 -> expires 1s; then a second attempt at t=1s -> expires 3s.
    f.popAndBackoff(a);
    f.advanceTo(kSecond);
    f.queue->flushBackoffQCompleted();
    // Now activeQ is a (100), c (50), b (1).
    f.popAndBackoff(a);  // a is the head again (priority 100): expires 1s + 2s = 3s
    f.advanceTo(1500 * kMillisecond);
    f.popAndBackoff(c);  // expires 2.5s
    f.advanceTo(1700 * kMillisecond);
    f.popAndBackoff(b);  // expires 2.7s
    // backoffQ is ordered by expiry, not by priority: c (2.5s), b (2.7s), a (3s).
    QCOMPARE(names(f.queue->backoffPods()), QString("c b a"));
    QCOMPARE(f.queue->nextBackoffExpiry(), 2500 * kMillisecond);
}

void TestSchedulingQueue::flushBackoffQCompleted_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // a, b, c fail with one attempt each at 0s, 0.5s and 0.9s: they expire at 1s, 1.5s, 1.9s.
    QTest::addColumn<qint64>("flushAtMs");
    QTest::addColumn<QString>("active");
    QTest::addColumn<QString>("backoff");
    QTest::newRow("before the first expiry") << qint64(999) << "" << "a b c";
    // boTime.After(now) is false at the deadline itself: a expired pod moves.
    QTest::newRow("exactly at a's deadline") << qint64(1000) << "a" << "b c";
    QTest::newRow("between b and c") << qint64(1600) << "a b" << "c";
    QTest::newRow("all expired") << qint64(5000) << "a b c" << "";
    // clang-format on
}

void TestSchedulingQueue::flushBackoffQCompleted() {
    QFETCH(qint64, flushAtMs);
    QFETCH(QString, active);
    QFETCH(QString, backoff);
    Fixture f;
    const Pod& a = f.pod("a", 30);
    const Pod& b = f.pod("b", 20);
    const Pod& c = f.pod("c", 10);
    for (const Pod* p : {&a, &b, &c}) f.queue->add(*p);
    f.popAndBackoff(a);
    f.advanceTo(500 * kMillisecond);
    f.popAndBackoff(b);
    f.advanceTo(900 * kMillisecond);
    f.popAndBackoff(c);
    f.advanceTo(flushAtMs * kMillisecond);
    f.queue->flushBackoffQCompleted();
    QCOMPARE(names(f.queue->activePods()), active);
    QCOMPARE(names(f.queue->backoffPods()), backoff);
}

// --- moveRequestCycle ----------------------------------------------------------------------

void TestSchedulingQueue::moveRequestCycle_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Pod p is popped (its cycle) and fails with rejector NodeResourcesFit. Where it lands
    // depends on whether a move request arrived at or after its cycle (moveRequestCycle >=
    // podSchedulingCycle -> backoffQ, else the unschedulable pool).
    QTest::addColumn<QString>("before");  // what happens before p is popped
    QTest::addColumn<QString>("during");  // what happens during p's cycle
    QTest::addColumn<QStringList>("plugins");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no move request") << "" << "" << QStringList{"NodeResourcesFit"} << "unschedulablePods";
    // A move during the cycle may have made p schedulable: retry after backoff.
    QTest::newRow("move during the cycle") << "" << "NodeAdd" << QStringList{"NodeResourcesFit"} << "backoffQ";
    // Even an event p's plugins did not register for sets moveRequestCycle.
    QTest::newRow("unrelated move during the cycle") << "" << "NodeTaintChange" << QStringList{"NodeResourcesFit"}
                                                     << "backoffQ";
    // A move before p was popped is older than p's cycle.
    QTest::newRow("move before the pop") << "NodeAdd" << "" << QStringList{"NodeResourcesFit"} << "unschedulablePods";
    // AssignedPodAdded goes through movePodsToActiveOrBackoffQueue even when no pending pod
    // has a matching affinity term, so every bound pod is a move request (v1.26
    // scheduling_queue.go; upstream Test_InFlightPods "when SchedulingQueueHint is disabled,
    // which queue to enqueue Pod should be decided without SchedulingQueueHint": AssignedPodAdd
    // during the cycle -> backoffQ).
    QTest::newRow("assigned pod added during the cycle") << "" << "AssignedPodAdded" << QStringList{"NodeResourcesFit"}
                                                         << "backoffQ";
    // flushUnschedulablePodsLeftover with nothing old enough moves nothing and records nothing.
    QTest::newRow("leftover flush with nothing to move") << "" << "Leftover" << QStringList{"NodeResourcesFit"}
                                                         << "unschedulablePods";
    // v1.26: a pod without rejector plugins (an error) still goes to the unschedulable pool
    // when no move request came ([ver >= ~1.29] it would go to backoffQ).
    QTest::newRow("error without plugins, no move") << "" << "" << QStringList{} << "unschedulablePods";
    // clang-format on
}

void TestSchedulingQueue::moveRequestCycle() {
    QFETCH(QString, before);
    QFETCH(QString, during);
    QFETCH(QStringList, plugins);
    QFETCH(QString, expected);
    Fixture f;
    const Pod& p = f.pod("p");
    const Pod& bound = f.tc.pod("bound").label("app", "web").on("n1").add();
    f.queue->add(p);
    auto act = [&](const QString& what) {
        if (what.isEmpty()) return;
        if (what == "AssignedPodAdded")
            f.queue->assignedPodAdded(bound, [](const Pod&, const Pod&) { return true; });
        else if (what == "Leftover")
            f.queue->flushUnschedulablePodsLeftover();
        else
            f.queue->moveAllToActiveOrBackoffQueue(eventNamed(what));
    };
    act(before);
    QueuedPodInfo info = f.popExpecting(p);
    act(during);
    f.fail(std::move(info), toStd(plugins));
    QCOMPARE(f.where(p), expected);
}

// --- event-driven requeue --------------------------------------------------------------------

void TestSchedulingQueue::eventRequeue_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // p failed at t=0 (first attempt, backoff 1s) with these rejector plugins and sits in the
    // unschedulable pool. Then the event fires (at t=0.5s while still backing off, or at t=2s
    // after the backoff), with a preCheck that passes or not. v1.26 podMatchesEvent: the pod
    // moves iff it has no rejector plugins or one of them registered a matching event
    // (EventsToRegister, UPSTREAM 1.5).
    QTest::addColumn<QStringList>("plugins");
    QTest::addColumn<QString>("event");
    QTest::addColumn<bool>("preCheck");
    QTest::addColumn<bool>("backoffDone");
    QTest::addColumn<QString>("expected");

    // NodeResourcesFit registers Pod/Delete: a deleted assigned pod frees resources.
    QTest::newRow("fit: assigned pod deleted") << QStringList{"NodeResourcesFit"} << "AssignedPodDelete" << true << true
                                               << "activeQ";
    // Same, but still backing off: backoffQ instead of activeQ.
    QTest::newRow("fit: assigned pod deleted, backing off") << QStringList{"NodeResourcesFit"} << "AssignedPodDelete"
                                                            << true << false << "backoffQ";
    QTest::newRow("fit: node added") << QStringList{"NodeResourcesFit"} << "NodeAdd" << true << true << "activeQ";
    QTest::newRow("fit: allocatable changed") << QStringList{"NodeResourcesFit"} << "NodeAllocatableChange" << true << true
                                              << "activeQ";
    // NodeAffinity registers Node Add|Update only: a pod delete cannot help.
    QTest::newRow("affinity: assigned pod deleted") << QStringList{"NodeAffinity"} << "AssignedPodDelete" << true << true
                                                    << "unschedulablePods";
    QTest::newRow("affinity: node added") << QStringList{"NodeAffinity"} << "NodeAdd" << true << true << "activeQ";
    QTest::newRow("affinity: node labels changed") << QStringList{"NodeAffinity"} << "NodeLabelChange" << true << true
                                                   << "activeQ";
    // Any one matching plugin is enough.
    QTest::newRow("affinity+fit: assigned pod deleted") << QStringList{"NodeAffinity", "NodeResourcesFit"}
                                                        << "AssignedPodDelete" << true << true << "activeQ";
    // Empty UnschedulablePlugins (failed for a reason no plugin owns): moved by any event.
    QTest::newRow("no plugins: assigned pod deleted") << QStringList{} << "AssignedPodDelete" << true << true << "activeQ";
    QTest::newRow("no plugins: taint changed") << QStringList{} << "NodeTaintChange" << true << true << "activeQ";
    // The preCheck (node-add admission check) filters before podMatchesEvent.
    QTest::newRow("preCheck refuses") << QStringList{"NodeAffinity"} << "NodeAdd" << false << true << "unschedulablePods";
    QTest::newRow("preCheck refuses, no plugins") << QStringList{} << "NodeAdd" << false << true << "unschedulablePods";
    // NodeUnschedulable registers Node Add|UpdateNodeTaint (uncordon is a taint-class update).
    QTest::newRow("unschedulable: uncordoned") << QStringList{"NodeUnschedulable"} << "NodeSpecUnschedulableChange" << true
                                               << true << "activeQ";
    QTest::newRow("unschedulable: labels changed") << QStringList{"NodeUnschedulable"} << "NodeLabelChange" << true << true
                                                   << "unschedulablePods";
    QTest::newRow("unschedulable: assigned pod deleted") << QStringList{"NodeUnschedulable"} << "AssignedPodDelete" << true
                                                         << true << "unschedulablePods";
    // TaintToleration registers Node Add|Update.
    QTest::newRow("taints: taint changed") << QStringList{"TaintToleration"} << "NodeTaintChange" << true << true
                                           << "activeQ";
    QTest::newRow("taints: assigned pod deleted") << QStringList{"TaintToleration"} << "AssignedPodDelete" << true << true
                                                  << "unschedulablePods";
    // InterPodAffinity registers Pod All and Node Add|UpdateNodeLabel.
    QTest::newRow("interpod: assigned pod deleted") << QStringList{"InterPodAffinity"} << "AssignedPodDelete" << true
                                                    << true << "activeQ";
    QTest::newRow("interpod: allocatable changed") << QStringList{"InterPodAffinity"} << "NodeAllocatableChange" << true
                                                   << true << "unschedulablePods";
    // PodTopologySpread registers Pod All and Node Add|Delete|UpdateNodeLabel.
    QTest::newRow("spread: assigned pod deleted") << QStringList{"PodTopologySpread"} << "AssignedPodDelete" << true << true
                                                  << "activeQ";
    QTest::newRow("spread: taint changed") << QStringList{"PodTopologySpread"} << "NodeTaintChange" << true << true
                                           << "unschedulablePods";
    // NodePorts registers Pod Delete: a freed host port.
    QTest::newRow("ports: assigned pod deleted") << QStringList{"NodePorts"} << "AssignedPodDelete" << true << true
                                                 << "activeQ";
    // A plugin without EventsToRegister is registered for every event.
    QTest::newRow("custom plugin: any event") << QStringList{"CustomPlugin"} << "NodeTaintChange" << true << true
                                              << "activeQ";
    // The wildcard UnschedulableTimeout moves everyone.
    QTest::newRow("affinity: wildcard") << QStringList{"NodeAffinity"} << "UnschedulableTimeout" << true << true
                                        << "activeQ";
    // clang-format on
}

void TestSchedulingQueue::eventRequeue() {
    QFETCH(QStringList, plugins);
    QFETCH(QString, event);
    QFETCH(bool, preCheck);
    QFETCH(bool, backoffDone);
    QFETCH(QString, expected);
    Fixture f;
    const Pod& p = f.pod("p");
    f.queue->add(p);
    f.popAndPark(p, toStd(plugins));
    QCOMPARE(f.where(p), QString("unschedulablePods"));
    f.advanceTo(backoffDone ? 2 * kSecond : 500 * kMillisecond);
    int checked = 0;
    f.queue->moveAllToActiveOrBackoffQueue(eventNamed(event), [&](const Pod&) {
        ++checked;
        return preCheck;
    });
    QCOMPARE(checked, 1);
    QCOMPARE(f.where(p), expected);
}

void TestSchedulingQueue::preCheckSelectsPods_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // TestMoveAllToActiveOrBackoffQueue_PreEnqueueChecks: p0..p4 (priority 0..4) are parked
    // with a plugin registered for every event; the move takes only the pods the preCheck
    // accepts, into backoffQ in expiry order.
    QTest::addColumn<int>("check");
    QTest::addColumn<QString>("want");
    QTest::newRow("nil PreEnqueueCheck") << 0 << "p0 p1 p2 p3 p4";
    QTest::newRow("move Pods with priority greater than 2") << 1 << "p2 p3 p4";
    QTest::newRow("move Pods with even priority and greater than 2") << 2 << "p2 p4";
    QTest::newRow("move Pods with even and negative priority") << 3 << "";
    // clang-format on
}

void TestSchedulingQueue::preCheckSelectsPods() {
    QFETCH(int, check);
    QFETCH(QString, want);
    Fixture f;
    std::vector<const Pod*> pods;
    for (int i = 0; i < 5; ++i) pods.push_back(&f.pod("p" + std::to_string(i), i));
    // Failed one after the other, 1ms apart, so their expiries are ordered p0 < ... < p4.
    for (const Pod* p : pods) {
        f.queue->add(*p);
        f.popAndPark(*p, {"CustomPlugin"});
        f.advanceBy(kMillisecond);
    }
    std::function<bool(const Pod&)> preCheck;
    if (check == 1) preCheck = [](const Pod& p) { return p.priority >= 2; };
    if (check == 2) preCheck = [](const Pod& p) { return p.priority % 2 == 0 && p.priority >= 2; };
    if (check == 3) preCheck = [](const Pod& p) { return p.priority % 2 == 0 && p.priority < 0; };
    f.queue->moveAllToActiveOrBackoffQueue(events::NodeAdd, preCheck);
    QCOMPARE(names(f.queue->backoffPods()), want);
}

void TestSchedulingQueue::unschedulablePluginsClearedAtPop() {
    Fixture f;
    const Pod& p = f.pod("p");
    f.queue->add(p);
    f.popAndPark(p, {"NodeAffinity", "TaintToleration"});
    QCOMPARE(f.queue->info(p)->unschedulablePlugins, (std::vector<std::string>{"NodeAffinity", "TaintToleration"}));
    f.advanceTo(2 * kSecond);
    f.queue->moveAllToActiveOrBackoffQueue(events::NodeAdd);
    // [ver 1.26] Pop clears UnschedulablePlugins; only a FitError refills them (UPSTREAM 1.2).
    QueuedPodInfo again = f.popExpecting(p);
    QVERIFY(again.unschedulablePlugins.empty());
    QCOMPARE(again.attempts, 2);
    QCOMPARE(again.initialAttemptTimestamp, SimTime(0));
}

// --- flushUnschedulablePodsLeftover ---------------------------------------------------------

void TestSchedulingQueue::flushUnschedulablePodsLeftover_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // p is parked at t=0 with NodeAffinity (no event will come); the flush runs at `atMs`.
    QTest::addColumn<qint64>("atMs");
    QTest::addColumn<QString>("expected");
    QTest::newRow("after 1 min") << qint64(60'000) << "unschedulablePods";
    // now - Timestamp must be strictly greater than podMaxInUnschedulablePodsDuration (5 min).
    QTest::newRow("exactly 5 min") << qint64(300'000) << "unschedulablePods";
    // One nanosecond more: moved as by the wildcard UnschedulableTimeout; backoff is long over.
    QTest::newRow("5 min + 1ns") << qint64(-1) << "activeQ";
    QTest::newRow("after 6 min") << qint64(360'000) << "activeQ";
    // clang-format on
}

void TestSchedulingQueue::flushUnschedulablePodsLeftover() {
    QFETCH(qint64, atMs);
    QFETCH(QString, expected);
    Fixture f;
    const Pod& p = f.pod("p");
    f.queue->add(p);
    f.popAndPark(p, {"NodeAffinity"});
    f.advanceTo(atMs < 0 ? 300 * kSecond + 1 : atMs * kMillisecond);
    f.queue->flushUnschedulablePodsLeftover();
    QCOMPARE(f.where(p), expected);
}

// --- scheduling gates -------------------------------------------------------------------------

void TestSchedulingQueue::gatedPods() {
    Fixture f;
    PodBuilder gb = f.tc.pod("gated");
    gb.raw().schedulingGates = {"example.com/g1", "example.com/g2"};
    const Pod& gated = gb.add();
    const Pod& free = f.pod("free");
    f.queue->add(gated);
    f.queue->add(free);
    // PreEnqueue refuses: the pod waits in the unschedulable pool, gated; it is no attempt.
    QCOMPARE(f.where(gated), QString("unschedulablePods"));
    const QueuedPodInfo* info = f.queue->info(gated);
    QVERIFY(info->gated);
    QCOMPARE(info->attempts, 0);
    QCOMPARE(QString::fromStdString(info->gatingMessage),
             QString("waiting for scheduling gates: [example.com/g1 example.com/g2]"));
    // runPreEnqueuePlugins records the gating plugin among the unschedulable plugins.
    QCOMPARE(info->unschedulablePlugins, std::vector<std::string>{"SchedulingGates"});
    QCOMPARE(popAll(*f.queue), QString("free"));
    QVERIFY(!f.queue->pop());
    // No event and no leftover flush lets it out while it is gated (PreEnqueue runs again).
    f.queue->moveAllToActiveOrBackoffQueue(events::NodeAdd);
    f.queue->moveAllToActiveOrBackoffQueue(events::UnschedulableTimeout);
    f.advanceTo(10 * 60 * kSecond);
    f.queue->flushUnschedulablePodsLeftover();
    QCOMPARE(f.where(gated), QString("unschedulablePods"));
    QVERIFY(f.queue->info(gated)->gated);
    QCOMPARE(f.queue->info(gated)->attempts, 0);
    // The gates are removed (a pod update): a gated pod is never backing off -> activeQ.
    f.tc.cluster.pods[gated.id].schedulingGates.clear();
    f.queue->update(gated);
    QCOMPARE(f.where(gated), QString("activeQ"));
    QVERIFY(!f.queue->info(gated)->gated);
    QVERIFY(f.queue->info(gated)->gatingMessage.empty());
    QueuedPodInfo popped = f.popExpecting(gated);
    QCOMPARE(popped.attempts, 1);
    QCOMPARE(popped.initialAttemptTimestamp, 10 * 60 * kSecond);
}

// --- assignedPodAdded ---------------------------------------------------------------------------

void TestSchedulingQueue::assignedPodAdded_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // A pending pod parked with InterPodAffinity; a pod with labels app=<label> gets bound.
    // Only pods whose *required* pod-affinity terms match the new pod move (v1.26
    // getUnschedulablePodsWithMatchingAffinityTerm).
    QTest::addColumn<QString>("affinity");  // "required", "preferred" or "none" (app=db)
    QTest::addColumn<QString>("boundLabel");
    QTest::addColumn<QString>("expected");
    QTest::newRow("required term matches") << "required" << "db" << "activeQ";
    QTest::newRow("required term does not match") << "required" << "web" << "unschedulablePods";
    QTest::newRow("preferred term only") << "preferred" << "db" << "unschedulablePods";
    QTest::newRow("no affinity") << "none" << "db" << "unschedulablePods";
    // clang-format on
}

void TestSchedulingQueue::assignedPodAdded() {
    QFETCH(QString, affinity);
    QFETCH(QString, boundLabel);
    QFETCH(QString, expected);
    Fixture f;
    PodBuilder b = f.tc.pod("pending");
    PodAffinityTerm term;
    term.selector = f.tc.selector({{"app", "db"}});
    term.topologyKey = f.tc.sym("kubernetes.io/hostname");
    if (affinity == "required") b.raw().affinity.podAffinity.required.push_back(term);
    if (affinity == "preferred") b.raw().affinity.podAffinity.preferred.push_back({10, term});
    const Pod& pending = b.add();
    const Pod& bound = f.tc.pod("bound").label("app", boundLabel.toStdString()).on("n1").add();
    f.queue->add(pending);
    f.popAndPark(pending, {"InterPodAffinity"});
    f.advanceTo(2 * kSecond);
    int asked = 0;
    f.queue->assignedPodAdded(bound, [&](const Pod& p, const Pod& a) {
        ++asked;
        for (const auto& t : p.affinity.podAffinity.required)
            if (t.selector && t.selector->matches(a.labels)) return true;
        return false;
    });
    // The matcher is only asked about pods that have required affinity terms.
    QCOMPARE(asked, affinity == "required" ? 1 : 0);
    QCOMPARE(f.where(pending), expected);
}

// --- remove / done / update -------------------------------------------------------------------

void TestSchedulingQueue::removeDoneUpdate() {
    Fixture f;
    const Pod& act = f.pod("act", 10);
    const Pod& back = f.pod("back", 5);
    const Pod& park = f.pod("park", 1);
    const Pod& unknown = f.pod("unknown");
    for (const Pod* p : {&act, &back, &park}) f.queue->add(*p);
    f.popAndBackoff(act);  // the head (priority 10) fails during a move request -> backoffQ
    QCOMPARE(f.where(act), QString("backoffQ"));
    f.popAndPark(back);
    QCOMPARE(f.where(back), QString("unschedulablePods"));
    QCOMPARE(f.where(park), QString("activeQ"));

    // update() of a pod in activeQ/backoffQ leaves it where it is.
    f.queue->update(park);
    f.queue->update(act);
    QCOMPARE(f.where(park), QString("activeQ"));
    QCOMPARE(f.where(act), QString("backoffQ"));
    // update() of a parked pod moves it: backoffQ while backing off (back failed at t=0)...
    f.queue->update(back);
    QCOMPARE(f.where(back), QString("backoffQ"));
    // ...and update() of a pod the queue does not know adds it.
    f.queue->update(unknown);
    QCOMPARE(f.where(unknown), QString("activeQ"));

    // remove() takes a pod out of whichever sub-queue holds it.
    f.queue->remove(act);
    f.queue->remove(park);
    QCOMPARE(f.where(act), QString("none"));
    QCOMPARE(f.where(park), QString("none"));
    QVERIFY(f.queue->info(act) == nullptr);
    QCOMPARE(f.queue->backoffCount(), std::size_t(1));
    QCOMPARE(names(f.queue->activePods()), QString("unknown"));
    f.queue->remove(act);  // twice: no-op

    // done() forgets a popped (bound) pod.
    (void)f.popExpecting(unknown);
    QCOMPARE(f.where(unknown), QString("inFlight"));
    f.queue->done(unknown);
    QCOMPARE(f.where(unknown), QString("none"));
    QVERIFY(f.queue->info(unknown) == nullptr);
    QCOMPARE(f.queue->activeCount() + f.queue->backoffCount() + f.queue->unschedulableCount(), std::size_t(1));

    // update() of a parked pod whose backoff is over goes straight to activeQ.
    f.advanceTo(5 * kSecond);
    f.queue->flushBackoffQCompleted();
    QueuedPodInfo b2 = f.popExpecting(back);
    f.fail(std::move(b2), {"NodeAffinity"});
    f.advanceTo(10 * kSecond);
    f.queue->update(back);
    QCOMPARE(f.where(back), QString("activeQ"));
}

void TestSchedulingQueue::addUnschedulableIfNotPresentIgnoresQueuedPods() {
    Fixture f;
    const Pod& p = f.pod("p");
    f.queue->add(p);
    QueuedPodInfo stale = f.popExpecting(p);
    f.queue->add(p);  // re-added meanwhile (e.g. an informer update)
    QCOMPARE(f.where(p), QString("activeQ"));
    // "Pod is already present in the active queue": nothing changes.
    f.fail(stale, {"NodeResourcesFit"});
    QCOMPARE(f.where(p), QString("activeQ"));
    QCOMPARE(f.queue->unschedulableCount(), std::size_t(0));
    QueuedPodInfo again = f.popExpecting(p);
    f.fail(again, {"NodeResourcesFit"});
    QCOMPARE(f.where(p), QString("unschedulablePods"));
    f.fail(again, {"NodeResourcesFit"});  // already in the pool: ignored
    QCOMPARE(f.queue->unschedulableCount(), std::size_t(1));
}

void TestSchedulingQueue::moveListenerReportsReasons() {
    Fixture f;
    QStringList log;
    f.queue->setMoveListener([&](const Pod& p, QueueLocation from, QueueLocation to, std::string_view reason) {
        log << QString("%1:%2->%3(%4)")
                   .arg(QString::fromStdString(p.name), QString::fromLatin1(queueLocationName(from)),
                        QString::fromLatin1(queueLocationName(to)),
                        QString::fromUtf8(reason.data(), static_cast<qsizetype>(reason.size())));
    });
    const Pod& p = f.pod("p");
    f.queue->add(p);
    f.popAndPark(p, {"NodeResourcesFit"});
    f.queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete);  // still backing off
    f.advanceTo(kSecond);
    f.queue->flushBackoffQCompleted();
    QCOMPARE(log,
             (QStringList{"p:none->activeQ(PodAdd)", "p:activeQ->inFlight(Pop)",
                          "p:inFlight->unschedulablePods(ScheduleAttemptFailure)",
                          "p:unschedulablePods->backoffQ(AssignedPodDelete)", "p:backoffQ->activeQ(BackoffComplete)"}));
}

QTEST_GUILESS_MAIN(TestSchedulingQueue)
#include "tst_scheduling_queue.moc"
