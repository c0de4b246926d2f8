// plan::RunTimeline: the scrubber's marks (binds, failures, preemptions, edits) and the
// simulated time of each step. Steps re-run after a step back add nothing; an edit made at an
// earlier step drops the future it replaced.

#include <QTest>

#include "plan/run_timeline.h"

using namespace berth;
using plan::RunTimeline;
using plan::TimelineMark;
using Kind = TimelineMark::Kind;

namespace {

core::SimEvent simEvent(core::EventType type, core::SimTime time, std::uint32_t pod) {
    core::SimEvent e;
    e.type = type;
    e.time = time;
    e.pod = pod;
    return e;
}

/// Three steps: step 1 pops pod 0 and binds it at 1 s; step 2 fails pod 1 (unschedulable) at
/// 2 s and nominates it (preemption); step 3 queues pod 2 at 3 s (no mark).
RunTimeline threeSteps() {
    RunTimeline t;
    t.record(simEvent(core::EventType::PodPopped, core::kSecond, 0), 1);
    t.record(simEvent(core::EventType::PodBound, core::kSecond, 0), 1);
    t.stepDone(1, core::kSecond);
    t.record(simEvent(core::EventType::PodUnschedulable, 2 * core::kSecond, 1), 2);
    t.record(simEvent(core::EventType::PodNominated, 2 * core::kSecond, 1), 2);
    t.stepDone(2, 2 * core::kSecond);
    t.record(simEvent(core::EventType::PodQueued, 3 * core::kSecond, 2), 3);
    t.stepDone(3, 3 * core::kSecond, {0, 1, 1});  // pod 2 backing off, pod 1 unschedulable
    return t;
}

}  // namespace

class TestRunTimeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void marksTheStepsThatMadeThem() {
        const RunTimeline t = threeSteps();
        QCOMPARE(t.recordedSteps(), std::uint64_t{3});
        const std::vector<TimelineMark> expected{{1, core::kSecond, Kind::Bind, 0},
                                                 {2, 2 * core::kSecond, Kind::Failure, 1},
                                                 {2, 2 * core::kSecond, Kind::Preemption, 1}};
        QCOMPARE(t.marks(), expected);
        QCOMPARE(t.timeAt(0), core::SimTime{0});
        QCOMPARE(t.timeAt(2), 2 * core::kSecond);
        QCOMPARE(t.timeAt(99), 3 * core::kSecond);  // past the run: its last time
        // What a listener holding steps 0..1 lacks: the marks of step 2 on, the times of 2, 3.
        QCOMPARE(t.marksFrom(2).size(), std::size_t{2});
        QCOMPARE(t.timesFrom(2), (std::vector<core::SimTime>{2 * core::kSecond, 3 * core::kSecond}));
        QVERIFY(t.timesFrom(4).empty());
        QCOMPARE(t.depthsFrom(3), (std::vector<plan::QueueDepth>{{0, 1, 1}}));
        QCOMPARE(t.depthsFrom(0).size(), std::size_t{4});
    }

    void rerunStepsAddNothing() {
        RunTimeline t = threeSteps();
        // A step back to 1 and forward again: steps 2 and 3 come again with the same events.
        t.record(simEvent(core::EventType::PodUnschedulable, 2 * core::kSecond, 1), 2);
        t.stepDone(2, 2 * core::kSecond);
        t.record(simEvent(core::EventType::PodBound, 5 * core::kSecond, 3), 3);
        t.stepDone(3, 3 * core::kSecond);
        QCOMPARE(t.marks().size(), std::size_t{3});
        QCOMPARE(t.recordedSteps(), std::uint64_t{3});
        // Step 4 is new: its bind counts.
        t.record(simEvent(core::EventType::PodBound, 4 * core::kSecond, 2), 4);
        t.stepDone(4, 4 * core::kSecond);
        QCOMPARE(t.marks().back(), (TimelineMark{4, 4 * core::kSecond, Kind::Bind, 2}));
    }

    void editDropsTheFutureItReplaced() {
        RunTimeline t = threeSteps();
        // Stepped back to 1, an edit (at 1.5 s): steps 2 and 3 and their marks are gone.
        t.truncate(1);
        t.addEdit(1, core::kSecond + core::kSecond / 2);
        QCOMPARE(t.recordedSteps(), std::uint64_t{1});
        const std::vector<TimelineMark> expected{{1, core::kSecond, Kind::Bind, 0},
                                                 {1, core::kSecond + core::kSecond / 2, Kind::Edit, 0xFFFFFFFFu}};
        QCOMPARE(t.marks(), expected);
        // The new step 2 records again.
        t.record(simEvent(core::EventType::PodBindFailed, 7 * core::kSecond, 4), 2);
        t.stepDone(2, 7 * core::kSecond);
        QVERIFY(t.marks().back().kind == Kind::Failure);
        QCOMPARE(t.timeAt(2), 7 * core::kSecond);
    }

    void editsOfAReplayGoAfterTheirStep() {
        // A replay records its steps first and adds its edits after: an edit at step 1 goes
        // between step 1's bind and step 2's failure.
        RunTimeline t = threeSteps();
        t.addEdit(1, t.timeAt(1));
        QCOMPARE(t.marks().size(), std::size_t{4});
        QCOMPARE(t.marks()[1], (TimelineMark{1, core::kSecond, Kind::Edit, 0xFFFFFFFFu}));
        QVERIFY(t.marks()[2].kind == Kind::Failure);
    }

    void timedEditsAreNumberedInOrder() {
        // Timed edits at steps 2 and 3 are the input's first and second (indices 0 and 1).
        // Stepped back to 2 and an edit made there: step 3's is gone, so the next timed edit
        // the plan takes (at a new step 3) is the second again.
        RunTimeline t = threeSteps();
        t.addTimedEdit(2, 2 * core::kSecond);
        t.addTimedEdit(3, 3 * core::kSecond);
        QCOMPARE(t.marks().back(), (TimelineMark{3, 3 * core::kSecond, Kind::Timed, 1}));
        t.truncate(2);
        t.addEdit(2, 2 * core::kSecond);
        t.stepDone(3, 5 * core::kSecond);
        t.addTimedEdit(3, 5 * core::kSecond);
        QCOMPARE(t.marks().back(), (TimelineMark{3, 5 * core::kSecond, Kind::Timed, 1}));
    }

    void gapsRepeatTheLastTime() {
        // Steps taken while nobody recorded (none here) then step 3 at 9 s: 1 and 2 keep t = 0.
        RunTimeline t;
        t.stepDone(3, 9 * core::kSecond);
        QCOMPARE(t.recordedSteps(), std::uint64_t{3});
        QCOMPARE(t.timeAt(2), core::SimTime{0});
        QCOMPARE(t.timeAt(3), 9 * core::kSecond);
        t.clear();
        QCOMPARE(t.recordedSteps(), std::uint64_t{0});
        QVERIFY(t.marks().empty());
    }
};

QTEST_GUILESS_MAIN(TestRunTimeline)
#include "tst_run_timeline.moc"
