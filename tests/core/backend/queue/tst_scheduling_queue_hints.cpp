// The scheduling queue of the newer releases (v1.37.2 backend/queue): backoff by
// UnschedulableCount (1.35), the backoffQ of SchedulerPopFromBackoffQ (1.33: 1 s windows,
// priority order inside a window, the error queue, Pop from backoffQ) and QueueingHints
// (1.32: the rejecting plugins' hints, the replay of in-flight events). Time is a
// SimulatedClock advanced with no-op events; hints come from a stub that records its calls.

#include <QtTest/QtTest>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/backend/queue/scheduling_queue.h"
#include "core/framework/plugins/queuesort/priority_sort.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

QueueSettings newest() {
    QueueSettings s;
    s.noRejectorsToBackoff = true;
    s.queueingHints = true;
    s.popFromBackoffQ = true;
    s.backoffByUnschedulableCount = true;
    return s;
}

struct Fixture {
    explicit Fixture(QueueSettings settings = newest()) : sort(args, tc.handle) {
        tc.node("n1").cpu("4").memory("8Gi").add();
        queue = std::make_unique<SchedulingQueue>(sort, clock, settings, nullptr);
        queue->setHintFn([this](std::string_view plugin, const Pod&, const ClusterEvent&, const EventObjects&) {
            hinted.push_back(std::string(plugin));
            return std::find(queueing.begin(), queueing.end(), std::string(plugin)) != queueing.end()
                       ? QueueingHint::Queue
                       : QueueingHint::Skip;
        });
    }
    void advanceTo(SimTime t) {
        clock.scheduleAt(t, [] {});
        while (clock.nextTime() >= 0 && clock.nextTime() <= t) clock.runNext();
    }
    const Pod& pod(const std::string& name, std::int32_t priority = 0) { return tc.pod(name).priority(priority).add(); }
    QueuedPodInfo pop(const Pod& expected) {
        auto info = queue->pop();
        if (!info || info->pod != &expected) qFatal("did not pop %s", expected.name.c_str());
        return *info;
    }
    void fail(QueuedPodInfo info, std::vector<std::string> plugins) {
        info.unschedulablePlugins = std::move(plugins);
        queue->addUnschedulableIfNotPresent(std::move(info), queue->schedulingCycle());
    }
    QString where(const Pod& p) const { return queueLocationName(queue->location(p)); }

    TestCluster tc{*KubeVersion::parse("1.37")};
    PluginArgs args;
    PrioritySort sort;
    SimulatedClock clock;
    std::unique_ptr<SchedulingQueue> queue;
    std::vector<std::string> queueing;  // plugins whose hint says Queue
    std::vector<std::string> hinted;    // the hints asked, in order
};

}  // namespace

class TestSchedulingQueueHints : public QObject {
    Q_OBJECT
private slots:
    void backoffByCount_data();
    void backoffByCount();
    void windowsAndPriority();
    void popFromBackoffQ();
    void hintsOnEvents_data();
    void hintsOnEvents();
    void inFlightEventsReplayed_data();
    void inFlightEventsReplayed();
};

void TestSchedulingQueueHints::backoffByCount_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Outcomes of successive attempts (U: a plugin rejected it, E: an error), then the backoff
    // the last failure starts (initial 1 s, max 10 s, no window alignment here).
    QTest::addColumn<QString>("outcomes");
    QTest::addColumn<bool>("byCount");
    QTest::addColumn<qint64>("wantMs");
    // < 1.35: every attempt counts; the 4th failure backs off 1 s * 2^3 = 8 s.
    QTest::newRow("attempts: UEEU")  << "UEEU" << false << qint64(8000);
    // 1.35: unschedulable attempts only: U, U -> 2; errors reset to 0 by the last U: 1 s * 2 = 2 s.
    QTest::newRow("count: UEEU")     << "UEEU" << true  << qint64(2000);
    // Two errors in a row win over the one unschedulable attempt: 1 s * 2 = 2 s.
    QTest::newRow("count: UEE")      << "UEE"  << true  << qint64(2000);
    // Three unschedulable attempts: 1 s * 2^2 = 4 s.
    QTest::newRow("count: UUU")      << "UUU"  << true  << qint64(4000);
    // clang-format on
}

void TestSchedulingQueueHints::backoffByCount() {
    QFETCH(QString, outcomes);
    QFETCH(bool, byCount);
    QFETCH(qint64, wantMs);
    QueueSettings s;
    s.noRejectorsToBackoff = true;
    s.backoffByUnschedulableCount = byCount;
    Fixture f(s);
    const Pod& p = f.pod("p");
    f.queue->add(p);
    SimTime t = 0;
    for (QChar o : outcomes) {
        t += 100 * kSecond;  // far past any backoff
        f.advanceTo(t);
        f.queue->flushBackoffQCompleted();
        f.queue->moveAllToActiveOrBackoffQueue(events::UnschedulableTimeout);
        f.fail(f.pop(p), o == 'U' ? std::vector<std::string>{"NodeResourcesFit"} : std::vector<std::string>{});
    }
    QCOMPARE(f.queue->backoffTime(*f.queue->info(p)) - t, wantMs * kMillisecond);
}

void TestSchedulingQueueHints::windowsAndPriority() {
    // low fails at 0.3 s, high (priority 10) at 0.6 s, each after its first attempt (1 s backoff).
    // Expiries 1.3 s and 1.6 s truncate to the same window, 1.0 s: high sorts first. They stay
    // backing off while the expiry is not before the current window's start: still at 1.5 s
    // (window 1.0 s), done at 2.0 s, when both move to activeQ in that order.
    Fixture f;
    const Pod& low = f.pod("low");
    const Pod& high = f.pod("high", 10);
    f.queue->add(low);
    f.queue->add(high);
    QueuedPodInfo hi = f.pop(high);
    QueuedPodInfo lo = f.pop(low);
    f.advanceTo(300 * kMillisecond);
    f.queue->moveAllToActiveOrBackoffQueue(events::UnschedulableTimeout);  // in flight: replayed
    f.fail(std::move(lo), {"NodeResourcesFit"});
    f.advanceTo(600 * kMillisecond);
    f.fail(std::move(hi), {"NodeResourcesFit"});
    QCOMPARE(f.where(low), QString("backoffQ"));
    QCOMPARE(f.where(high), QString("backoffQ"));
    QCOMPARE(f.queue->backoffTime(*f.queue->info(low)), kSecond);
    QCOMPARE(f.queue->backoffTime(*f.queue->info(high)), kSecond);
    QCOMPARE(f.queue->backoffPods().front()->pod, &high);
    f.advanceTo(1500 * kMillisecond);
    f.queue->flushBackoffQCompleted();
    QCOMPARE(f.where(high), QString("backoffQ"));
    f.advanceTo(2 * kSecond);
    f.queue->flushBackoffQCompleted();
    QCOMPARE(f.where(high), QString("activeQ"));
    QCOMPARE(f.where(low), QString("activeQ"));
    QCOMPARE(f.queue->activePods().front()->pod, &high);
}

void TestSchedulingQueueHints::popFromBackoffQ() {
    // activeQ empty: Pop hands out backoffQ's head although it is backing off; a pod that failed
    // with an error waits in the error queue, which Pop never takes from.
    Fixture f;
    const Pod& rejected = f.pod("rejected");
    const Pod& errored = f.pod("errored");
    f.queue->add(rejected);
    f.queue->add(errored);
    QueuedPodInfo r = f.pop(rejected);
    QueuedPodInfo e = f.pop(errored);
    f.queue->moveAllToActiveOrBackoffQueue(events::UnschedulableTimeout);
    f.fail(std::move(r), {"NodeResourcesFit"});
    f.fail(std::move(e), {});
    QCOMPARE(f.where(rejected), QString("backoffQ"));
    QCOMPARE(f.where(errored), QString("backoffQ"));
    QVERIFY(f.queue->hasPoppable());
    QCOMPARE(f.pop(rejected).attempts, 2);
    QVERIFY(!f.queue->hasPoppable());
    QVERIFY(!f.queue->pop());
}

void TestSchedulingQueueHints::hintsOnEvents_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // A pod parked by `rejectors`; `event` arrives with the hints of `queueing` saying Queue.
    // The pod is past its backoff (2 s after failing), so a move goes to activeQ.
    QTest::addColumn<QStringList>("rejectors");
    QTest::addColumn<QString>("event");
    QTest::addColumn<QStringList>("queueing");
    QTest::addColumn<QString>("asked");  // the hints asked
    QTest::addColumn<QString>("where");
    // NodeResourcesFit registers AssignedPod Delete (with a hint), not Add: no hint asked.
    QTest::newRow("Fit, pod added")        << QStringList{"NodeResourcesFit"} << "AssignedPodAdd"    << QStringList{"NodeResourcesFit"} << ""                 << "unschedulablePods";
    QTest::newRow("Fit, pod deleted")      << QStringList{"NodeResourcesFit"} << "AssignedPodDelete" << QStringList{"NodeResourcesFit"} << "NodeResourcesFit" << "activeQ";
    // InterPodAffinity's hint says Skip: the pod stays.
    QTest::newRow("affinity skips")        << QStringList{"InterPodAffinity"} << "AssignedPodAdd"    << QStringList{}                   << "InterPodAffinity" << "unschedulablePods";
    // Two rejectors: the first that says Queue moves it.
    QTest::newRow("second rejector")       << QStringList{"InterPodAffinity", "PodTopologySpread"} << "AssignedPodAdd" << QStringList{"PodTopologySpread"} << "InterPodAffinity PodTopologySpread" << "activeQ";
    // TaintToleration registers no pod event.
    QTest::newRow("taints, pod deleted")   << QStringList{"TaintToleration"}  << "AssignedPodDelete" << QStringList{"TaintToleration"}  << ""                 << "unschedulablePods";
    // The wildcard (UnschedulableTimeout) moves without asking.
    QTest::newRow("wildcard")              << QStringList{"TaintToleration"}  << "UnschedulableTimeout" << QStringList{}                << ""                 << "activeQ";
    // clang-format on
}

void TestSchedulingQueueHints::hintsOnEvents() {
    QFETCH(QStringList, rejectors);
    QFETCH(QString, event);
    QFETCH(QStringList, queueing);
    QFETCH(QString, asked);
    QFETCH(QString, where);
    Fixture f;
    const Pod& p = f.pod("p");
    f.queue->add(p);
    std::vector<std::string> plugins;
    for (const auto& r : rejectors) plugins.push_back(r.toStdString());
    f.fail(f.pop(p), plugins);
    QCOMPARE(f.where(p), QString("unschedulablePods"));
    f.advanceTo(2 * kSecond);
    for (const auto& q : queueing) f.queueing.push_back(q.toStdString());
    const ClusterEvent& e = event == "AssignedPodAdd"      ? events::AssignedPodAdd
                            : event == "AssignedPodDelete" ? events::AssignedPodDelete
                                                           : events::UnschedulableTimeout;
    f.queue->moveAllToActiveOrBackoffQueue(e);
    QStringList got;
    for (const auto& h : f.hinted) got << QString::fromStdString(h);
    QCOMPARE(got.join(' '), asked);
    QCOMPARE(f.where(p), where);
}

void TestSchedulingQueueHints::inFlightEventsReplayed_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // An assigned pod is deleted while p is in its cycle; p then fails by NodeResourcesFit.
    QTest::addColumn<bool>("fitQueues");
    QTest::addColumn<QString>("where");
    // The replayed event's hint says Queue: p backs off (1 s from its failure at 0 s).
    QTest::newRow("hint queues") << true  << "backoffQ";
    // It says Skip: p waits for another event.
    QTest::newRow("hint skips")  << false << "unschedulablePods";
    // clang-format on
}

void TestSchedulingQueueHints::inFlightEventsReplayed() {
    QFETCH(bool, fitQueues);
    QFETCH(QString, where);
    Fixture f;
    if (fitQueues) f.queueing.push_back("NodeResourcesFit");
    const Pod& p = f.pod("p");
    f.queue->add(p);
    QueuedPodInfo info = f.pop(p);
    f.queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete);
    QVERIFY(f.hinted.empty());  // nothing parked yet: recorded, not asked
    f.fail(std::move(info), {"NodeResourcesFit"});
    QCOMPARE(f.hinted.size(), std::size_t(1));
    QCOMPARE(f.where(p), where);
}

QTEST_GUILESS_MAIN(TestSchedulingQueueHints)
#include "tst_scheduling_queue_hints.moc"
