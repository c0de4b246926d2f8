// Predict mode (issue 17): the verdict on the class's guess for a cycle, from the trace only
// (explainPrediction), and the Prediction object's rules: a guess only before the outcome,
// revealed at the outcome, forgotten by the next cycle, counted once.

#include <QSignalSpy>
#include <QTest>

#include "app/playback/prediction.h"

using namespace berth::app;

namespace {

NodeTraceUi scored(const QString& name, qint64 fit) {
    NodeTraceUi n;
    n.node = name;
    n.evaluated = n.feasible = true;
    // NodeResourcesFit (weight 1) as given, BalancedAllocation 100 (weight 1), TaintToleration 100 (weight 3).
    n.scores = {{QStringLiteral("NodeResourcesFit"), fit, fit, 1, fit},
                {QStringLiteral("NodeResourcesBalancedAllocation"), 100, 100, 1, 100},
                {QStringLiteral("TaintToleration"), 0, 100, 3, 300}};
    n.total = fit + 100 + 300;
    return n;
}

/// default/p over x (fit 50: total 450), y (fit 100: total 500, chosen), z (rejected by
/// TaintToleration) and w (never filtered). "tie": x at 500 too. "single": only y fits
/// (not scored). "none": no node fits.
CycleTraceUi trace(const QString& variant) {
    CycleTraceUi t;
    t.pod = QStringLiteral("default/p");
    t.attempt = 1;
    NodeTraceUi z;
    z.node = QStringLiteral("z");
    z.evaluated = true;
    z.filterPlugin = QStringLiteral("TaintToleration");
    z.filterCode = QStringLiteral("UnschedulableAndUnresolvable");
    z.reasons = {QStringLiteral("node(s) had untolerated taint {dedicated: gpu}")};
    NodeTraceUi w;
    w.node = QStringLiteral("w");
    t.nodes = {scored(QStringLiteral("x"), variant == QLatin1String("tie") ? 100 : 50), scored(QStringLiteral("y"), 100), z, w};
    t.scored = true;
    t.chosen = QStringLiteral("y");
    if (variant == QLatin1String("single")) {
        t.nodes[0] = z;
        t.nodes[0].node = QStringLiteral("x");
        t.scored = false;
    }
    if (variant == QLatin1String("none")) {
        t.nodes[0] = t.nodes[1] = z;
        t.nodes[0].node = QStringLiteral("x");
        t.nodes[1].node = QStringLiteral("y");
        t.chosen.clear();
        t.scored = false;
    }
    return t;
}

}  // namespace

class TestPrediction : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void verdict_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("guess");
        QTest::addColumn<bool>("none");
        QTest::addColumn<QString>("expected");
        // clang-format off
        QTest::newRow("highest total") << "base" << "y" << false << "Right: y has the highest total (500).";
        // x: 50 + 100 + 300 = 450 against y's 500; NodeResourcesFit is the only plugin apart (100 vs 50).
        QTest::newRow("lower total") << "base" << "x" << false
            << "Not this time: x fits, but y scored higher (500 against 450). NodeResourcesFit made the difference: 100 against 50 (weighted).";
        QTest::newRow("rejected") << "base" << "z" << false
            << "Not this time: z was rejected by TaintToleration (node(s) had untolerated taint {dedicated: gpu}); the scheduler chose y.";
        QTest::newRow("never filtered") << "base" << "w" << false
            << "Not this time: w was never filtered (the scheduler stops once it has found enough feasible nodes); the scheduler chose y.";
        QTest::newRow("tie, the other") << "tie" << "x" << false
            << "Not quite: x and y tie at 500, and selectHost picked y at random (seeded). A fair guess.";
        QTest::newRow("tie, the winner") << "tie" << "y" << false
            << "Right, with luck: 2 nodes tie at 500 and selectHost picked y at random (seeded).";
        QTest::newRow("only one fits") << "single" << "y" << false << "Right: y is the only node that fits.";
        QTest::newRow("none, guessed none") << "none" << "" << true << "Right: no node fits default/p.";
        QTest::newRow("none, guessed a node") << "none" << "z" << false
            << "Not this time: no node fits default/p; z was rejected by TaintToleration (node(s) had untolerated taint {dedicated: gpu}).";
        QTest::newRow("fits, guessed none") << "base" << "" << true << "Not this time: y fits, and the scheduler chose it.";
        QTest::newRow("no guess") << "base" << "" << false << "";
        // clang-format on
    }
    void verdict() {
        QFETCH(QString, variant);
        QFETCH(QString, guess);
        QFETCH(bool, none);
        QFETCH(QString, expected);
        QCOMPARE(explainPrediction(trace(variant), guess, none), expected);
    }

    // A guess is taken at Pop, Filter and Score only; Select reveals it; the tally counts it
    // once however often the outcome is shown; the next cycle forgets it.
    void guessRevealAndTally() {
        CyclePlayback cycle;
        Prediction p;
        p.setCycle(&cycle);
        p.pick(QStringLiteral("x"));  // off: ignored
        QVERIFY(p.guess().isEmpty());
        p.setEnabled(true);
        QVERIFY(!p.open());  // nothing on stage
        cycle.showCycle(trace(QStringLiteral("base")), true);
        QVERIFY(p.open());
        QVERIFY(cycle.advance() && cycle.advance());  // Filter, Score
        p.pick(QStringLiteral("x"));
        QCOMPARE(p.guess(), QStringLiteral("x"));
        QVERIFY(!p.revealed());
        QVERIFY(cycle.advance());  // Select
        QVERIFY(!p.open());
        p.pick(QStringLiteral("y"));  // too late
        QCOMPARE(p.guess(), QStringLiteral("x"));
        QVERIFY(p.revealed());
        QVERIFY(!p.correct());
        QVERIFY(p.verdict().startsWith(QStringLiteral("Not this time: x fits")));
        QVERIFY(cycle.advance());  // Assume: still revealed, counted once
        QVERIFY(cycle.retreat());
        QCOMPARE(p.guesses(), 1);
        QCOMPARE(p.right(), 0);

        CycleTraceUi second = trace(QStringLiteral("none"));
        second.attempt = 2;
        cycle.showCycle(second, true);
        QVERIFY(p.guess().isEmpty());  // a new cycle
        p.pickNone();
        QVERIFY(cycle.advance() && cycle.advance());  // Filter, Failed
        QCOMPARE(cycle.phase(), int(CyclePlayback::Failed));
        QVERIFY(p.correct());
        QCOMPARE(p.guesses(), 2);
        QCOMPARE(p.right(), 1);
        p.setEnabled(false);
        QCOMPARE(p.guesses(), 0);
        QVERIFY(!p.revealed());
    }
};

QTEST_MAIN(TestPrediction)
#include "tst_prediction.moc"
