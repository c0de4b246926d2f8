// plan::recordPlanStep: a plan's steps on its run's timeline; the steps that were timed edits
// carry a Timed mark each, at their simulated time, numbered in time order, once however often
// the step is re-run.

#include <QTest>

#include "plan/plan.h"
#include "plan/timeline_steps.h"
#include "testlib/one_node_cluster.h"

using namespace berth;

namespace {

plan::TimedEdit timed(core::SimTime at, plan::EditKind kind, const char* node) {
    plan::TimedEdit t;
    t.at = at;
    t.edit.kind = kind;
    t.edit.node = node;
    return t;
}

std::shared_ptr<const plan::PlanInput> input() {
    auto in = std::make_shared<plan::PlanInput>();
    in->manifests.push_back({"cluster.yaml", testlib::kOneNodeFourWebPods});
    // Two edits at 20 s (one step), one at 30 s (another).
    in->timeline = {timed(20 * core::kSecond, plan::EditKind::Cordon, "a1"),
                    timed(20 * core::kSecond, plan::EditKind::Uncordon, "a1"),
                    timed(30 * core::kSecond, plan::EditKind::Cordon, "a1")};
    return in;
}

std::vector<plan::TimelineMark> editMarks(const plan::RunTimeline& timeline) {
    std::vector<plan::TimelineMark> out;
    for (const plan::TimelineMark& m : timeline.marks())
        if (m.kind == plan::TimelineMark::Kind::Timed) out.push_back(m);
    return out;
}

}  // namespace

class TestTimelineSteps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timedEditsAreMarkedOnceAtTheirStep() {
        plan::RunTimeline timeline;
        plan::Plan p(input());
        std::uint64_t at20 = 0, at30 = 0;
        while (p.step()) {
            plan::recordPlanStep(p, timeline, p.steps(), {});
            if (!p.timedEditsOfLastStep().empty())
                (p.sim().clock().now() == 20 * core::kSecond ? at20 : at30) = p.steps();
        }
        // Between them the uncordon's node event sends the two waiting pods back, to fail again.
        QVERIFY(at20 != 0 && at30 > at20 + 1);
        const std::vector<plan::TimelineMark> marks = editMarks(timeline);
        QCOMPARE(marks.size(), std::size_t{3});
        QCOMPARE(marks[0].step, at20);
        QCOMPARE(marks[1].step, at20);
        QCOMPARE(marks[0].time, 20 * core::kSecond);
        QCOMPARE(marks[2].step, at30);
        QCOMPARE(marks[2].time, 30 * core::kSecond);
        // Each names its timed edit: the input's in time order (equal times as written).
        QCOMPARE(marks[0].pod, 0u);
        QCOMPARE(marks[1].pod, 1u);
        QCOMPARE(marks[2].pod, 2u);
        QCOMPARE(timeline.timeAt(at30), 30 * core::kSecond);

        // Time travel: the same plan re-run from t = 0 over the same timeline adds nothing.
        plan::Plan again(input());
        while (again.step()) plan::recordPlanStep(again, timeline, again.steps(), {});
        QCOMPARE(editMarks(timeline).size(), std::size_t{3});
    }
};

QTEST_GUILESS_MAIN(TestTimelineSteps)
#include "tst_timeline_steps.moc"
