// PlanQuestion, the capacity controllers' one way to ask a question off the GUI thread: the
// outcome (answer, error, cancelled) reaches the owner's thread through the matching callback,
// and the outcome of a question replaced by a newer one is dropped. The work here is a stand-in
// (an int answer), so each outcome is produced on purpose.

#include <QCoreApplication>
#include <QTest>
#include <QThread>

#include "app/capacity/plan_question.h"
#include "app/models/operation_list_model.h"

using namespace berth;
using namespace berth::app;

namespace {

/// What reached the owner's thread, in order: "answer 7", "error boom", "cancelled".
struct Outcomes {
    QStringList seen;
    bool runningAtOutcome = false;
};

/// Asks `q` a question whose work is `work`, recording its outcome in `out`.
template <class Work>
void ask(PlanQuestion& q, OperationListModel& ops, Outcomes& out, Work work) {
    q.ask<int>(
        ops, QStringLiteral("a question"), std::move(work),
        [&q, &out](int answer) {
            out.runningAtOutcome = q.running();
            out.seen << QStringLiteral("answer %1").arg(answer);
            q.finished();
        },
        [&q, &out](const QString& error) {
            out.runningAtOutcome = q.running();
            out.seen << QStringLiteral("error %1").arg(error);
            q.finished();
        },
        [&q, &out] {
            out.runningAtOutcome = q.running();
            out.seen << QStringLiteral("cancelled");
        });
}

/// Work that waits until it is cancelled (drop() or Cancel in the operations), then answers
/// `answer` all the same.
auto untilCancelled(int answer) {
    return [answer](core::Progress& progress, std::string&) -> std::optional<int> {
        while (!progress.cancelled()) QThread::msleep(1);
        return answer;
    };
}

}  // namespace

class TestPlanQuestion : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void answerReachesTheOwner() {
        QObject owner;
        OperationListModel ops;
        PlanQuestion q(&owner);
        Outcomes out;
        ask(q, ops, out, [](core::Progress&, std::string&) -> std::optional<int> { return 7; });
        QVERIFY(q.running());
        QCOMPARE(ops.count(), 1);  // listed with the long operations
        QVERIFY(QTest::qWaitFor([&] { return !out.seen.isEmpty(); }, 30000));
        QCOMPARE(out.seen, QStringList{QStringLiteral("answer 7")});
        QVERIFY(out.runningAtOutcome);  // the owner ends it (finished()) when it shows the answer
        QVERIFY(!q.running());
    }

    void errorReachesTheOwner() {
        QObject owner;
        OperationListModel ops;
        PlanQuestion q(&owner);
        Outcomes out;
        ask(q, ops, out, [](core::Progress&, std::string& error) -> std::optional<int> {
            error = "boom";
            return std::nullopt;
        });
        QVERIFY(QTest::qWaitFor([&] { return !out.seen.isEmpty(); }, 30000));
        QCOMPARE(out.seen, QStringList{QStringLiteral("error boom")});
    }

    void cancelFromTheOperationsIsCancelled() {
        QObject owner;
        OperationListModel ops;
        PlanQuestion q(&owner);
        Outcomes out;
        // No answer and no error, cancelled: the owner hears "cancelled", not running any more.
        ask(q, ops, out, [](core::Progress& progress, std::string& error) -> std::optional<int> {
            while (!progress.cancelled()) QThread::msleep(1);
            error = "stopped";  // an error of a cancelled question is not shown
            return std::nullopt;
        });
        ops.cancelAll();
        QVERIFY(QTest::qWaitFor([&] { return !out.seen.isEmpty(); }, 30000));
        QCOMPARE(out.seen, QStringList{QStringLiteral("cancelled")});
        QVERIFY(!out.runningAtOutcome);
        QVERIFY(!q.running());
    }

    void aNewerQuestionDropsTheOlderAnswer() {
        QObject owner;
        OperationListModel ops;
        PlanQuestion q(&owner);
        Outcomes out;
        ask(q, ops, out, untilCancelled(1));  // answers 1 once drop() cancels it: dropped
        q.drop();
        QVERIFY(!q.running());
        ask(q, ops, out, [](core::Progress&, std::string&) -> std::optional<int> { return 2; });
        // Both jobs have posted their outcome once both operations left the list (a job's
        // progress finishes after its post).
        QVERIFY(QTest::qWaitFor([&] { return ops.count() == 0; }, 30000));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(out.seen, QStringList{QStringLiteral("answer 2")});
    }

    void destroyedWhileRunningStopsTheWork() {
        OperationListModel ops;
        Outcomes out;
        {
            QObject owner;
            PlanQuestion q(&owner);  // as in the controllers: destroyed before its owner
            ask(q, ops, out, untilCancelled(3));
        }  // cancelled and waited for (else this never returns); the owner's posted answer is gone
        QCOMPARE(ops.count(), 1);  // still listed until the next poll notices it finished
        QVERIFY(QTest::qWaitFor([&] { return ops.count() == 0; }, 30000));
        QVERIFY(out.seen.isEmpty());
    }
};

QTEST_MAIN(TestPlanQuestion)
#include "tst_plan_question.moc"
