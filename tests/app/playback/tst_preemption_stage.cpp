// Preemption as a stage of the playback (issue 17): after Filter finds no node, PostFilter's
// DefaultPreemption is shown as upstream runs it — the dry run's candidates and their
// victims (Candidates), pickOneNodeForPreemption's criteria in order (PickNode), the victims
// deleted (Evict), the nomination (Failed) — and the preemptor's later attempt starts from
// the nominated node. Until Evict the canvas still draws the victims on their node (the
// models already count them evicted), so Filter is drawn against the node as it was.
// First on a hand-made trace, then through the real controller and worker on the lesson
// cluster resources/lessons/priority-preemption.yaml.

#include <QSignalSpy>
#include <QTest>

#include "app/canvas/canvas_layout.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kLesson = QStringLiteral(BERTH_SOURCE_DIR "/resources/lessons/priority-preemption.yaml");

NodeTraceUi failedNode(const QString& name) {
    NodeTraceUi n;
    n.node = name;
    n.evaluated = true;
    n.filterPlugin = QStringLiteral("NodeResourcesFit");
    n.filterCode = QStringLiteral("Unschedulable");
    n.reasons = {QStringLiteral("Insufficient cpu")};
    return n;
}

/// The lesson's first cycle as the core records it: payments (3 cpu, priority 1000) fits
/// none of a, b, c. Candidates: a (both 100s must go), b (b1 goes; web-b, 500, is
/// reprieved); c is ruled out (its 2000 pod stays, 1 cpu is too little). Criteria 1 and 2
/// tie a and b; criterion 3 (sum of priorities) keeps b.
CycleTraceUi preemptionTrace() {
    CycleTraceUi t;
    t.podId = 9;
    t.pod = QStringLiteral("default/payments");
    t.attempt = 1;
    t.filterPlugins = {QStringLiteral("NodeResourcesFit")};
    t.nodes = {failedNode(QStringLiteral("a")), failedNode(QStringLiteral("b")), failedNode(QStringLiteral("c"))};
    t.message = QStringLiteral("0/3 nodes are available: 3 Insufficient cpu.");
    PreemptionUi& p = t.preemption;
    p.ran = true;
    p.potentialNodes = 3;
    p.numCandidatesWanted = 3;
    p.candidates = {{QStringLiteral("a"), {{QStringLiteral("default/a1"), 100, false}, {QStringLiteral("default/a2"), 100, false}}, 0},
                    {QStringLiteral("b"), {{QStringLiteral("default/b1"), 100, false}}, 0}};
    p.rejected = {{QStringLiteral("c"), QStringLiteral("Insufficient cpu")}};
    p.pick = {{QStringLiteral("fewest PodDisruptionBudget violations"), {QStringLiteral("a"), QStringLiteral("b")}},
              {QStringLiteral("lowest priority of the most important victim"), {QStringLiteral("a"), QStringLiteral("b")}},
              {QStringLiteral("smallest sum of victim priorities"), {QStringLiteral("b")}}};
    p.nominated = QStringLiteral("b");
    return t;
}

QList<int> phasesOf(CyclePlayback& cycle) {
    QList<int> phases{cycle.phase()};
    while (cycle.advance()) phases << cycle.phase();
    return phases;
}

bool stepPhase(SimulationController& c) {
    const int before = c.revision();
    QSignalSpy changed(c.cycle(), &CyclePlayback::changed);
    c.stepPhase();
    if (changed.count() > 0) return true;
    return QTest::qWaitFor([&] { return !c.stepPending() && (c.revision() > before || changed.count() > 0); }, 10000);
}

/// The node card (by node name) each pod chip is drawn on, as the canvas lays them out now.
QHash<QString, QString> chipsOnCards(SimulationController& c) {
    const QList<NodeRow>& nodes = c.nodes()->rows();
    CanvasLayoutInput in{nodes, c.pods()->rows(), QString(), QString(), 1000, 700, 0, 0};
    const QHash<QString, QString> held = c.cycle()->heldVictims();
    for (auto it = held.constBegin(); it != held.constEnd(); ++it)
        for (int i = 0; i < nodes.size(); ++i)
            if (nodes[i].name == it.value()) in.heldOnNode.insert(it.key(), i);
    const CanvasLayout l = layoutCanvas(in);
    QHash<QString, QString> on;
    for (const GroupBox& g : l.bands)
        for (const CardBox& card : g.cards)
            for (const ChipBox& chip : card.chips) on.insert(in.pods[chip.podRow].key, nodes[card.nodeRow].name);
    return on;
}

}  // namespace

class TestPreemptionStage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The path through the phases, each phase's upstream function, the canvas marks and
    // the victims outlined, and what the narration names.
    void stagesOfAPreemption() {
        CyclePlayback cycle;
        cycle.showCycle(preemptionTrace(), true);
        QCOMPARE(phasesOf(cycle), (QList<int>{CyclePlayback::Pop, CyclePlayback::Filter, CyclePlayback::Candidates,
                                              CyclePlayback::PickNode, CyclePlayback::Evict, CyclePlayback::Failed}));
        // Back to Candidates, checking each phase on the way.
        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Evict));
        QCOMPARE(cycle.stage(), QStringLiteral("prepareCandidate"));
        QVERIFY(cycle.heldVictims().isEmpty());  // deleted now: drawn gone
        QVERIFY(cycle.victims().isEmpty());
        QCOMPARE(cycle.marks().size(), 1);  // only the chosen node, with the winner's border
        QVERIFY(cycle.marks().value(QStringLiteral("b")).winner);
        QVERIFY2(cycle.narration().contains(QStringLiteral("the victims on b are deleted (default/b1)")),
                 qPrintable(cycle.narration()));

        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::PickNode));
        QCOMPARE(cycle.stage(), QStringLiteral("pickOneNodeForPreemption"));
        QCOMPARE(cycle.heldVictims(), (QHash<QString, QString>{{QStringLiteral("default/b1"), QStringLiteral("b")}}));
        QCOMPARE(cycle.victims(), (QSet<QString>{QStringLiteral("default/b1")}));  // the chosen node's only
        QCOMPARE(cycle.marks().value(QStringLiteral("a")).mark, CyclePlayback::CandidateMark);
        QVERIFY(!cycle.marks().value(QStringLiteral("a")).winner);
        QVERIFY(cycle.marks().value(QStringLiteral("b")).winner);
        QVERIFY(!cycle.marks().contains(QStringLiteral("c")));
        const QString pick = cycle.narration();
        QVERIFY2(pick.contains(QStringLiteral("compares the 2 candidates")), qPrintable(pick));
        QVERIFY2(pick.contains(QStringLiteral("1. fewest PodDisruptionBudget violations: a, b; "
                                              "2. lowest priority of the most important victim: a, b; "
                                              "3. smallest sum of victim priorities: b. It picks b.")),
                 qPrintable(pick));

        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Candidates));
        QCOMPARE(cycle.stage(), QStringLiteral("findCandidates"));
        QCOMPARE(cycle.victims(),
                 (QSet<QString>{QStringLiteral("default/a1"), QStringLiteral("default/a2"), QStringLiteral("default/b1")}));
        QCOMPARE(cycle.marks().value(QStringLiteral("a")).mark, CyclePlayback::CandidateMark);
        QCOMPARE(cycle.marks().value(QStringLiteral("a")).total, qint64(2));  // the card's "−2"
        QCOMPARE(cycle.marks().value(QStringLiteral("b")).mark, CyclePlayback::CandidateMark);
        QVERIFY(!cycle.marks().value(QStringLiteral("b")).winner);  // not picked yet
        QCOMPARE(cycle.marks().value(QStringLiteral("c")).mark, CyclePlayback::FailMark);
        const QString found = cycle.narration();
        QVERIFY2(found.contains(QStringLiteral("Candidates — a: default/a1 (priority 100), default/a2 (priority 100); "
                                               "b: default/b1 (priority 100).")),
                 qPrintable(found));
        QVERIFY2(found.contains(QStringLiteral("Ruled out — c (Insufficient cpu).")), qPrintable(found));

        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Filter));
        QCOMPARE(cycle.marks().value(QStringLiteral("b")).mark, CyclePlayback::FailMark);
        QCOMPARE(cycle.heldVictims().value(QStringLiteral("default/b1")), QStringLiteral("b"));

        // At the outcome: the nomination, the nominated node framed as the winner.
        cycle.showCycle(preemptionTrace(), false);
        QCOMPARE(cycle.phase(), int(CyclePlayback::Failed));
        QVERIFY(cycle.marks().value(QStringLiteral("b")).winner);
        QVERIFY(!cycle.marks().value(QStringLiteral("a")).winner);
        const QString failed = cycle.narration();
        QVERIFY2(failed.contains(QStringLiteral("default/payments now carries nominatedNodeName b")), qPrintable(failed));
        QVERIFY(!failed.contains(QStringLiteral("may nominate")));
    }

    // The preempt extenders trim the candidates before the pick; Candidates says what each
    // was asked and kept, or that its error was skipped (ignorable) or failed preemption.
    void extendersInTheCandidatesNarration() {
        CycleTraceUi t = preemptionTrace();
        t.preemption.extenders = {
            {QStringLiteral("http://a/x"), {QStringLiteral("a"), QStringLiteral("b")}, {QStringLiteral("b")}, {}, false},
            {QStringLiteral("http://b/x"), {QStringLiteral("b")}, {}, QStringLiteral("timeout"), true}};
        t.preemption.candidates.removeFirst();  // the pick saw b only
        CyclePlayback cycle;
        cycle.showCycle(t, true);
        QVERIFY(cycle.advance());  // Filter
        QVERIFY(cycle.advance());  // Candidates
        QCOMPARE(cycle.phase(), int(CyclePlayback::Candidates));
        const QString found = cycle.narration();
        QVERIFY2(found.contains(QStringLiteral("The extender http://a/x was asked about a, b and kept b. The extender "
                                               "http://b/x failed to answer (timeout); it is ignorable, so it is "
                                               "skipped. Candidates — b: default/b1 (priority 100).")),
                 qPrintable(found));
    }

    // Without candidates the path skips the pick and the eviction; without PostFilter it
    // goes from Filter to the failure; a pod that may not preempt says why.
    void shorterPaths() {
        CyclePlayback cycle;
        CycleTraceUi none = preemptionTrace();
        none.preemption.candidates.clear();
        none.preemption.pick.clear();
        none.preemption.nominated.clear();
        cycle.showCycle(none, true);
        QCOMPARE(phasesOf(cycle), (QList<int>{CyclePlayback::Pop, CyclePlayback::Filter, CyclePlayback::Candidates,
                                              CyclePlayback::Failed}));
        QVERIFY(cycle.narration().contains(QStringLiteral("Preemption found no node to free")));
        QVERIFY(cycle.retreat());
        QVERIFY(cycle.narration().contains(QStringLiteral("No node has a candidate")));
        QVERIFY(cycle.heldVictims().isEmpty());

        CycleTraceUi off = preemptionTrace();
        off.preemption = {};
        cycle.showCycle(off, true);
        QCOMPARE(phasesOf(cycle), (QList<int>{CyclePlayback::Pop, CyclePlayback::Filter, CyclePlayback::Failed}));

        CycleTraceUi never = none;
        never.preemption.notEligible = QStringLiteral("not eligible due to preemptionPolicy=Never.");
        cycle.showCycle(never, true);
        QVERIFY(cycle.advance() && cycle.advance());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Candidates));
        QVERIFY2(cycle.narration().contains(QStringLiteral("may not preempt (not eligible due to preemptionPolicy=Never.)")),
                 qPrintable(cycle.narration()));
    }

    // The lesson cluster through the real controller and worker: payments' first attempt
    // preempts batch-b1 on node-b (the trace is the core's), the canvas draws batch-b1 on
    // node-b until Evict, and the second attempt starts from the nomination and binds there.
    void lessonClusterEndToEnd() {
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({kLesson});
        QVERIFY(loaded.wait(10000));
        CyclePlayback* cycle = c.cycle();
        const QString payments = QStringLiteral("default/payments"), victim = QStringLiteral("default/batch-b1");
        for (int i = 0; i < 20 && !(cycle->pod() == payments && cycle->phase() == CyclePlayback::Pop); ++i)
            QVERIFY(stepPhase(c));
        QCOMPARE(cycle->trace().attempt, 1);
        const PreemptionUi& p = cycle->trace().preemption;
        QVERIFY(p.ran);
        QCOMPARE(p.nominated, QStringLiteral("node-b"));
        QCOMPARE(p.candidates.size(), 2);
        QCOMPARE(p.rejected, (QList<QPair<QString, QString>>{{QStringLiteral("node-c"), QStringLiteral("Insufficient cpu")}}));
        QCOMPARE(p.pick.size(), 3);
        QCOMPARE(p.pick.last().criterion, QStringLiteral("smallest sum of victim priorities"));
        QCOMPARE(p.chosen()->victims.size(), 1);
        QCOMPARE(p.chosen()->victims.front().pod, victim);
        // The models already say evicted; the canvas still draws it on node-b.
        QCOMPARE(c.pods()->index(c.pods()->indexOf(victim)).data(PodListModel::PhaseRole).toString(),
                 QStringLiteral("Evicted"));
        QCOMPARE(chipsOnCards(c).value(victim), QStringLiteral("node-b"));

        const QList<int> expected{CyclePlayback::Filter, CyclePlayback::Candidates, CyclePlayback::PickNode,
                                  CyclePlayback::Evict, CyclePlayback::Failed};
        for (int phase : expected) {
            QVERIFY(stepPhase(c));
            QCOMPARE(cycle->phase(), phase);
            QCOMPARE(cycle->pod(), payments);
            QCOMPARE(chipsOnCards(c).contains(victim), phase < CyclePlayback::Evict);
        }
        QVERIFY(cycle->marks().value(QStringLiteral("node-b")).winner);

        // Stepping back into the cycle draws the victim again; forward again, gone.
        QVERIFY(QTest::qWaitFor([&] { return c.playback()->canStepBack(); }, 1000));
        c.playback()->stepBack();
        QCOMPARE(cycle->phase(), int(CyclePlayback::Evict));
        c.playback()->stepBack();
        QCOMPARE(cycle->phase(), int(CyclePlayback::PickNode));
        QCOMPARE(chipsOnCards(c).value(victim), QStringLiteral("node-b"));
        QVERIFY(stepPhase(c) && stepPhase(c));
        QCOMPARE(cycle->phase(), int(CyclePlayback::Failed));

        // The preemptor's next attempt: nominated node first, placed there, then bound.
        for (int i = 0; i < 20 && !(cycle->pod() == payments && cycle->phase() == CyclePlayback::Pop); ++i)
            QVERIFY(stepPhase(c));
        QCOMPARE(cycle->trace().attempt, 2);
        QCOMPARE(cycle->trace().nominatedNode, QStringLiteral("node-b"));
        QVERIFY2(cycle->narration().contains(QStringLiteral("nominated node-b for it")), qPrintable(cycle->narration()));
        QCOMPARE(cycle->trace().chosen, QStringLiteral("node-b"));
        bool bound = false;
        for (int i = 0; i < 20 && !bound; ++i) {
            QVERIFY(stepPhase(c));
            bound = cycle->phase() == CyclePlayback::Bind && cycle->pod() == payments;
        }
        QVERIFY(bound);
        QCOMPARE(cycle->node(), QStringLiteral("node-b"));
    }
};

QTEST_MAIN(TestPreemptionStage)
#include "tst_preemption_stage.moc"
