// SimulatedClock: the event list every timed behaviour of the loop runs on (backoff flushes,
// bind latency, permit timeouts). Events run in (time, sequence) order, like ns-3's scheduler:
// equal times run in the order they were scheduled, scheduling in the past clamps to now, and
// cancelled events are skipped without advancing time.

#include <QtTest/QtTest>

#include <cstdint>
#include <string>
#include <vector>

#include "core/clock/simulated_clock.h"

using namespace berth::core;

namespace {

/// Runs every event; each event appends "label@time" (time in ms) to the returned trace.
QString drain(SimulatedClock& clock, std::vector<std::string>& log) {
    while (clock.runNext()) {}
    QStringList parts;
    for (const auto& s : log) parts << QString::fromStdString(s);
    return parts.join(' ');
}

std::string stamp(const char* label, const SimulatedClock& c) {
    return std::string(label) + "@" + std::to_string(c.now() / kMillisecond);
}

}  // namespace

class TestSimulatedClock : public QObject {
    Q_OBJECT
private slots:
    void ordering_data();
    void ordering();
    void scheduleAfterIsRelativeToNow();
    void scheduleInThePastClampsToNow();
    void eventsScheduledFromAnActionAtTheSameTimeRunLast();
    void cancel_data();
    void cancel();
    void cancelFromInsideAnAction();
    void nextTimeAndEmpty();
    void runNextOnEmptyClock();
};

void TestSimulatedClock::ordering_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Each row schedules events "a", "b", "c", ... at the given absolute times (ms), in that
    // order, and expects the run order "label@time".
    QTest::addColumn<QList<qint64>>("times");
    QTest::addColumn<QString>("expected");
    // Later time runs later whatever the scheduling order.
    QTest::newRow("by time") << QList<qint64>{30, 10, 20} << "b@10 c@20 a@30";
    // Equal times run in scheduling order (the sequence number breaks the tie).
    QTest::newRow("ties by sequence") << QList<qint64>{5, 5, 5} << "a@5 b@5 c@5";
    // Mixed: the two events at 10 keep their relative order around the one at 7.
    QTest::newRow("mixed") << QList<qint64>{10, 7, 10, 0} << "d@0 b@7 a@10 c@10";
    // Time 0 is a valid time (the simulation's start).
    QTest::newRow("all at zero") << QList<qint64>{0, 0} << "a@0 b@0";
    // clang-format on
}

void TestSimulatedClock::ordering() {
    QFETCH(QList<qint64>, times);
    QFETCH(QString, expected);
    SimulatedClock clock;
    std::vector<std::string> log;
    static const char* labels[] = {"a", "b", "c", "d", "e", "f"};
    for (int i = 0; i < times.size(); ++i) {
        const char* label = labels[i];
        clock.scheduleAt(times[i] * kMillisecond, [&clock, &log, label] { log.push_back(stamp(label, clock)); });
    }
    QCOMPARE(drain(clock, log), expected);
}

void TestSimulatedClock::scheduleAfterIsRelativeToNow() {
    SimulatedClock clock;
    std::vector<std::string> log;
    // At t=100ms, "b" is scheduled 50ms later -> 150ms; "c" (absolute 120ms, scheduled before
    // "b" ran) comes in between.
    clock.scheduleAt(100 * kMillisecond, [&] {
        log.push_back(stamp("a", clock));
        clock.scheduleAfter(50 * kMillisecond, [&] { log.push_back(stamp("b", clock)); });
    });
    clock.scheduleAt(120 * kMillisecond, [&] { log.push_back(stamp("c", clock)); });
    QCOMPARE(drain(clock, log), QString("a@100 c@120 b@150"));
    QCOMPARE(clock.now(), 150 * kMillisecond);
}

void TestSimulatedClock::scheduleInThePastClampsToNow() {
    SimulatedClock clock;
    std::vector<std::string> log;
    // Time never goes back: an event asked for t=10ms while now is 40ms runs at 40ms, after
    // the events already scheduled at 40ms.
    clock.scheduleAt(40 * kMillisecond, [&] {
        log.push_back(stamp("a", clock));
        clock.scheduleAt(10 * kMillisecond, [&] { log.push_back(stamp("late", clock)); });
    });
    clock.scheduleAt(40 * kMillisecond, [&] { log.push_back(stamp("b", clock)); });
    QCOMPARE(drain(clock, log), QString("a@40 b@40 late@40"));
}

void TestSimulatedClock::eventsScheduledFromAnActionAtTheSameTimeRunLast() {
    SimulatedClock clock;
    std::vector<std::string> log;
    // scheduleAfter(0) from inside an action gets a larger sequence number than every event
    // already queued for the same instant.
    clock.scheduleAt(0, [&] {
        log.push_back(stamp("a", clock));
        clock.scheduleAfter(0, [&] { log.push_back(stamp("a2", clock)); });
    });
    clock.scheduleAt(0, [&] { log.push_back(stamp("b", clock)); });
    QCOMPARE(drain(clock, log), QString("a@0 b@0 a2@0"));
}

void TestSimulatedClock::cancel_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // Events a..d at 10, 20, 30, 40 ms; the listed ones (indexes) are cancelled before running.
    QTest::addColumn<QList<int>>("cancelled");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<qint64>("finalNowMs");
    QTest::newRow("none") << QList<int>{} << "a@10 b@20 c@30 d@40" << qint64(40);
    // A cancelled event is skipped; the others keep their times.
    QTest::newRow("middle") << QList<int>{1} << "a@10 c@30 d@40" << qint64(40);
    // Cancelling the last event: time stops at the last event that really ran.
    QTest::newRow("last") << QList<int>{3} << "a@10 b@20 c@30" << qint64(30);
    // Cancelling the same id twice is harmless.
    QTest::newRow("twice") << QList<int>{0, 0} << "b@20 c@30 d@40" << qint64(40);
    // Everything cancelled: nothing runs and time does not move.
    QTest::newRow("all") << QList<int>{0, 1, 2, 3} << "" << qint64(0);
    // clang-format on
}

void TestSimulatedClock::cancel() {
    QFETCH(QList<int>, cancelled);
    QFETCH(QString, expected);
    QFETCH(qint64, finalNowMs);
    SimulatedClock clock;
    std::vector<std::string> log;
    std::vector<std::uint64_t> ids;
    static const char* labels[] = {"a", "b", "c", "d"};
    for (int i = 0; i < 4; ++i) {
        const char* label = labels[i];
        ids.push_back(clock.scheduleAt((i + 1) * 10 * kMillisecond,
                                       [&clock, &log, label] { log.push_back(stamp(label, clock)); }));
    }
    for (int i : cancelled) clock.cancel(ids[static_cast<std::size_t>(i)]);
    QCOMPARE(clock.empty(), cancelled.size() > 0 && QSet<int>(cancelled.begin(), cancelled.end()).size() == 4);
    QCOMPARE(drain(clock, log), expected);
    QCOMPARE(clock.now(), finalNowMs * kMillisecond);
    QVERIFY(clock.empty());
    // Cancelling an id that already ran, or one never handed out, changes nothing.
    clock.cancel(ids[0]);
    clock.cancel(9999);
    QVERIFY(clock.empty());
    QCOMPARE(clock.nextTime(), SimTime(-1));
}

void TestSimulatedClock::cancelFromInsideAnAction() {
    SimulatedClock clock;
    std::vector<std::string> log;
    // A permit timeout cancelled by the event that allows the pod: "a" cancels "timeout".
    std::uint64_t timeout = 0;
    clock.scheduleAt(10 * kMillisecond, [&] {
        log.push_back(stamp("a", clock));
        clock.cancel(timeout);
    });
    timeout = clock.scheduleAt(20 * kMillisecond, [&] { log.push_back(stamp("timeout", clock)); });
    clock.scheduleAt(30 * kMillisecond, [&] { log.push_back(stamp("c", clock)); });
    QCOMPARE(drain(clock, log), QString("a@10 c@30"));
}

void TestSimulatedClock::nextTimeAndEmpty() {
    SimulatedClock clock;
    QVERIFY(clock.empty());
    QCOMPARE(clock.nextTime(), SimTime(-1));
    const auto first = clock.scheduleAt(5 * kSecond, [] {});
    clock.scheduleAt(7 * kSecond, [] {});
    QVERIFY(!clock.empty());
    // nextTime peeks without advancing.
    QCOMPARE(clock.nextTime(), 5 * kSecond);
    QCOMPARE(clock.now(), SimTime(0));
    // A cancelled head is skipped by nextTime too.
    clock.cancel(first);
    QCOMPARE(clock.nextTime(), 7 * kSecond);
    QVERIFY(!clock.empty());
    QVERIFY(clock.runNext());
    QCOMPARE(clock.now(), 7 * kSecond);
    QVERIFY(clock.empty());
    QCOMPARE(clock.nextTime(), SimTime(-1));
}

void TestSimulatedClock::runNextOnEmptyClock() {
    SimulatedClock clock;
    QVERIFY(!clock.runNext());
    QCOMPARE(clock.now(), SimTime(0));
    // runNext advances exactly to the event's time, one event per call.
    int ran = 0;
    clock.scheduleAfter(3 * kSecond, [&] { ++ran; });
    clock.scheduleAfter(3 * kSecond, [&] { ++ran; });
    QVERIFY(clock.runNext());
    QCOMPARE(ran, 1);
    QCOMPARE(clock.now(), 3 * kSecond);
    QVERIFY(clock.runNext());
    QCOMPARE(ran, 2);
    QVERIFY(!clock.runNext());
    QCOMPARE(clock.now(), 3 * kSecond);
}

QTEST_GUILESS_MAIN(TestSimulatedClock)
#include "tst_simulated_clock.moc"
