// The inspector's tables (Filter, Score, why pending, node pods) on hand-made traces, and step
// mode through the real controller and worker: stepping one extension point at a time shows
// the Filter and Score results of a chosen pod. Every model runs under
// QAbstractItemModelTester.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include "app/engine/trace_store.h"
#include "app/inspector/filter_table_model.h"
#include "app/inspector/node_pods_model.h"
#include "app/inspector/score_table_model.h"
#include "app/inspector/why_pending_model.h"
#include "app/simulation_controller.h"

using namespace berth::app;
namespace core = berth::core;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");
constexpr auto kQtTest = QAbstractItemModelTester::FailureReportingMode::QtTest;

NodeTraceUi node(const char* name, bool feasible, const char* plugin = "", QStringList reasons = {}) {
    NodeTraceUi n;
    n.node = QLatin1String(name);
    n.evaluated = true;
    n.feasible = feasible;
    n.filterPlugin = QLatin1String(plugin);
    n.reasons = std::move(reasons);
    return n;
}

PluginScoreUi score(const char* plugin, qint64 raw, qint64 normalized, qint64 weight) {
    return PluginScoreUi{QLatin1String(plugin), raw, normalized, weight, normalized * weight};
}

/// Four nodes, three Filter plugins: a fits, b fails the second plugin, c fails the first,
/// d was never evaluated (enough feasible nodes were found first).
CycleTraceUi filterTrace() {
    CycleTraceUi t;
    t.podId = 7;
    t.pod = QStringLiteral("default/web");
    t.attempt = 1;
    t.filterPlugins = {QStringLiteral("NodeUnschedulable"), QStringLiteral("NodeResourcesFit"),
                       QStringLiteral("TaintToleration")};
    t.nodes << node("a", true) << node("b", false, "NodeResourcesFit", {QStringLiteral("Insufficient cpu")})
            << node("c", false, "NodeUnschedulable", {QStringLiteral("node(s) were unschedulable")});
    NodeTraceUi d;
    d.node = QStringLiteral("d");
    t.nodes << d;
    return t;
}

/// Two plugins, weights 1 and 2, three feasible nodes. Totals (sum of normalized x weight):
///   x: 40*1 + 50*2 = 140,  y: 100*1 + 100*2 = 300,  z: 0*1 + 20*2 = 40.
CycleTraceUi scoreTrace() {
    CycleTraceUi t;
    t.podId = 3;
    t.pod = QStringLiteral("default/api");
    t.scorePlugins = {QStringLiteral("NodeResourcesFit"), QStringLiteral("TaintToleration")};
    t.scored = true;
    t.chosen = QStringLiteral("y");
    auto add = [&](const char* name, qint64 n1, qint64 n2) {
        NodeTraceUi n = node(name, true);
        n.scores << score("NodeResourcesFit", n1 / 2, n1, 1) << score("TaintToleration", n2, n2, 2);
        n.total = n1 + 2 * n2;
        t.nodes << n;
    };
    add("x", 40, 50);
    add("y", 100, 100);
    add("z", 0, 20);
    return t;
}

/// One stepPhase() and the playback change that answers it (locally or from the worker).
bool stepPhase(SimulationController& c) {
    QSignalSpy changed(c.cycle(), &CyclePlayback::changed);
    c.stepPhase();
    return changed.count() > 0 || changed.wait(5000);
}

}  // namespace

class TestInspector : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void filterTableVerdicts_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<int>("row");
        QTest::addColumn<QStringList>("verdicts");  // Result column, then one per plugin
        QTest::newRow("a fits: every plugin passes") << 0 << QStringList{"Pass", "Pass", "Pass", "Pass"};
        // Upstream stops at the first failing plugin: pass, FAIL, not run.
        QTest::newRow("b fails the 2nd plugin") << 1 << QStringList{"Fail", "Pass", "Fail", "NotRun"};
        QTest::newRow("c fails the 1st plugin") << 2 << QStringList{"Fail", "Fail", "NotRun", "NotRun"};
        QTest::newRow("d not evaluated") << 3 << QStringList{"Skip", "Skip", "Skip", "Skip"};
    }
    void filterTableVerdicts() {
        QFETCH(int, row);
        QFETCH(QStringList, verdicts);
        FilterTableModel m;
        QAbstractItemModelTester t(&m, kQtTest);
        m.setTrace(filterTrace());
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), FilterTableModel::kFixedColumns + 3);
        QCOMPARE(m.headerData(FilterTableModel::kFixedColumns + 1, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("NodeResourcesFit"));
        // VerdictRole holds a FilterTableModel::Verdict: compared by its name.
        const QMetaEnum names = QMetaEnum::fromType<FilterTableModel::Verdict>();
        auto name = [&](int column) {
            return QString::fromLatin1(names.valueToKey(m.index(row, column).data(FilterTableModel::VerdictRole).toInt()));
        };
        QStringList got{name(FilterTableModel::ResultColumn)};
        for (int p = 0; p < 3; ++p) got << name(FilterTableModel::kFixedColumns + p);
        QCOMPARE(got, verdicts);
    }

    void filterTableUpdatesInPlace() {
        FilterTableModel m;
        QAbstractItemModelTester t(&m, kQtTest);
        m.setTrace(filterTrace());
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        CycleTraceUi next = filterTrace();
        next.nodes[1] = node("b", true);  // the same pod's next attempt: b now fits
        m.setTrace(next);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m.index(1, FilterTableModel::ResultColumn).data().toString(), QStringLiteral("fits"));
        m.setTrace(CycleTraceUi{});  // deselected: empty
        QCOMPARE(m.rowCount(), 0);
    }

    void scoreTable() {
        ScoreTableModel m;
        QAbstractItemModelTester t(&m, kQtTest);
        m.setTrace(scoreTrace());
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.columnCount(), ScoreTableModel::kFixedColumns + 2);
        // Highest total first: y 300, x 140, z 40.
        QCOMPARE(m.index(0, 0).data().toString(), QStringLiteral("y"));
        QCOMPARE(m.index(0, ScoreTableModel::TotalColumn).data().toLongLong(), 300);
        QCOMPARE(m.index(1, ScoreTableModel::TotalColumn).data().toLongLong(), 140);
        QCOMPARE(m.index(0, 0).data(ScoreTableModel::WinnerRole).toBool(), true);
        QCOMPARE(m.index(1, 0).data(ScoreTableModel::WinnerRole).toBool(), false);
        // x, TaintToleration: raw 50, normalized 50, weight 2 -> weighted 100.
        const QModelIndex xTaint = m.index(1, ScoreTableModel::kFixedColumns + 1);
        QCOMPARE(xTaint.data(ScoreTableModel::RawRole).toLongLong(), 50);
        QCOMPARE(xTaint.data(ScoreTableModel::WeightRole).toLongLong(), 2);
        QCOMPARE(xTaint.data(ScoreTableModel::WeightedRole).toLongLong(), 100);
        QCOMPARE(xTaint.data().toString(), QStringLiteral("50 → 50 ×2 = 100"));
        // Heat: (140 - 40) / (300 - 40).
        QCOMPARE(m.index(1, 0).data(ScoreTableModel::HeatRole).toDouble(), 100.0 / 260.0);
        // One feasible node: upstream does not score; the table is empty.
        CycleTraceUi single = scoreTrace();
        single.scored = false;
        m.setTrace(single);
        QCOMPARE(m.rowCount(), 0);
    }

    void whyPending() {
        WhyPendingModel m;
        QAbstractItemModelTester t(&m, kQtTest);
        CycleTraceUi tr = filterTrace();
        tr.nodes << node("e", false, "NodeResourcesFit", {QStringLiteral("Insufficient cpu"), QStringLiteral("Insufficient memory")});
        m.setTrace(tr);
        // b and e: Insufficient cpu (2); c: unschedulable (1); e: Insufficient memory (1).
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.index(0).data(WhyPendingModel::ReasonRole).toString(), QStringLiteral("Insufficient cpu"));
        QCOMPARE(m.index(0).data(WhyPendingModel::CountRole).toInt(), 2);
        QCOMPARE(m.nodeCount(), 5);
        // The next attempt: only c still rejects; rows are removed, not reset.
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
        CycleTraceUi next = filterTrace();
        next.nodes[1] = node("b", true);
        m.setTrace(next);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(m.index(0).data(WhyPendingModel::ReasonRole).toString(), QStringLiteral("node(s) were unschedulable"));
    }

    void nodePodsMerge() {
        NodePodsModel m;
        QAbstractItemModelTester t(&m, kQtTest);
        auto pod = [](quint32 id, qint32 nodeId, PodPhaseUi phase = PodPhaseUi::Bound) {
            PodRow r;
            r.id = id;
            r.key = QStringLiteral("default/p%1").arg(id);
            r.nodeId = nodeId;
            r.phase = phase;
            return r;
        };
        QList<PodRow> all{pod(0, 1), pod(1, 2), pod(2, 1, PodPhaseUi::Assumed), pod(3, -1, PodPhaseUi::Pending)};
        m.setPods(all, 1);
        QCOMPARE(m.rowCount(), 2);
        all[1].nodeId = 1;  // p1 moves onto node 1, p0 leaves it
        all[0].nodeId = 2;
        m.setPods(all, 1);
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.index(0).data().toString(), QStringLiteral("default/p1"));
        m.setPods(all, -1);
        QCOMPARE(m.rowCount(), 0);
    }

    void stepModeShowsFilterAndScore() {
        SimulationController c;
        Inspector* in = c.inspector();
        QAbstractItemModelTester t1(in->filterTable(), kQtTest);
        QAbstractItemModelTester t2(in->scoreTable(), kQtTest);
        QAbstractItemModelTester t3(in->whyPending(), kQtTest);
        QAbstractItemModelTester t4(in->nodePods(), kQtTest);
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->loadFiles({kSmall});
        QVERIFY(loaded.wait(10000));
        const QString target = QStringLiteral("default/cache");  // 1 cpu: fits the 3 schedulable nodes
        in->select({}, target);
        QVERIFY(!in->hasTrace());

        // Step one extension point at a time until the target's cycle starts.
        CyclePlayback* cycle = c.cycle();
        for (int i = 0; i < 200 && !(cycle->pod() == target && cycle->phase() == CyclePlayback::Pop); ++i) QVERIFY(stepPhase(c));
        QCOMPARE(cycle->pod(), target);
        QCOMPARE(cycle->stage(), QStringLiteral("scheduleOne"));
        QVERIFY(cycle->marks().isEmpty());  // nothing filtered yet
        // Until assume, the canvas keeps the pod in the queue's tray.
        QVERIFY(cycle->holdsBack(target));
        // The worker sent the selected pod's attempt with the same batch.
        QTRY_VERIFY_WITH_TIMEOUT(in->hasTrace(), 5000);

        QVERIFY(stepPhase(c));
        QCOMPARE(cycle->phase(), int(CyclePlayback::Filter));
        QCOMPARE(cycle->stage(), QStringLiteral("findNodesThatFitPod"));
        // 4 nodes; the cordoned node-b2 fails NodeUnschedulable, the other three pass.
        QCOMPARE(cycle->marks().size(), 4);
        QCOMPARE(cycle->marks().value(QStringLiteral("node-b2")).mark, CyclePlayback::FailMark);
        QCOMPARE(cycle->marks().value(QStringLiteral("node-a1")).mark, CyclePlayback::PassMark);
        FilterTableModel* ft = in->filterTable();
        QCOMPARE(ft->rowCount(), 4);
        QVERIFY(ft->columnCount() > FilterTableModel::kFixedColumns);
        int failed = 0;
        for (int r = 0; r < ft->rowCount(); ++r) {
            const int v = ft->index(r, FilterTableModel::ResultColumn).data(FilterTableModel::VerdictRole).toInt();
            if (v == FilterTableModel::Fail) {
                ++failed;
                QCOMPARE(ft->index(r, 0).data().toString(), QStringLiteral("node-b2"));
                QCOMPARE(ft->index(r, FilterTableModel::ResultColumn).data().toString(), QStringLiteral("NodeUnschedulable"));
            }
        }
        QCOMPARE(failed, 1);
        QCOMPARE(in->feasibleCount(), 3);

        QVERIFY(stepPhase(c));
        QCOMPARE(cycle->stage(), QStringLiteral("prioritizeNodes"));
        QVERIFY(in->scored());
        ScoreTableModel* st = in->scoreTable();
        QCOMPARE(st->rowCount(), 3);
        // Each row's total is the sum of its weighted plugin scores.
        for (int r = 0; r < st->rowCount(); ++r) {
            qint64 sum = 0;
            for (int col = ScoreTableModel::kFixedColumns; col < st->columnCount(); ++col)
                sum += st->index(r, col).data(ScoreTableModel::WeightedRole).toLongLong();
            QCOMPARE(st->index(r, ScoreTableModel::TotalColumn).data().toLongLong(), sum);
            QVERIFY(cycle->marks().value(st->index(r, 0).data().toString()).heat >= 0);
        }

        QVERIFY(stepPhase(c));
        QCOMPARE(cycle->stage(), QStringLiteral("selectHost"));
        const QString chosen = cycle->node();
        QCOMPARE(chosen, in->chosen());
        QVERIFY(cycle->marks().value(chosen).winner);
        QCOMPARE(st->index(0, 0).data(ScoreTableModel::WinnerRole).toBool(), true);  // the winner tops the table

        QVERIFY(stepPhase(c));
        QCOMPARE(cycle->stage(), QStringLiteral("assume"));
        QVERIFY(!cycle->holdsBack(target));
        QCOMPARE(c.pods()->index(c.pods()->indexOf(target)).data(PodListModel::PhaseRole).toString(), QStringLiteral("Assumed"));
        QVERIFY(!cycle->narration().isEmpty());

        // Keep stepping: the bind of the target shows as its own step, once activeQ is empty.
        bool boundShown = false;
        for (int i = 0; i < 300 && !boundShown; ++i) {
            QVERIFY(stepPhase(c));
            boundShown = cycle->phase() == CyclePlayback::Bind &&
                         c.pods()->index(c.pods()->indexOf(target)).data(PodListModel::PhaseRole).toString() == QLatin1String("Bound");
        }
        QVERIFY(boundShown);
        QCOMPARE(cycle->stage(), QStringLiteral("bind"));

        // The node view: the chosen node lists its pods.
        in->select(chosen, {});
        QVERIFY(in->nodePods()->rowCount() >= 1);
        bool listed = false;
        for (const PodRow& p : in->nodePods()->rows()) listed |= p.key == target;
        QVERIFY(listed);
    }

    // A tie at the top: scoreTrace with x raised to y's 300 (x: 100*1 + 100*2). The Score
    // narration names the tie, selectHost's names both nodes and says the pick is random and
    // seeded; without a tie it names the single winner. Stepping back from Select shows Score.
    void tieNarrationNamesEveryTiedNode() {
        CycleTraceUi t = scoreTrace();
        t.nodes[0].total = 300;
        CyclePlayback cycle;
        cycle.showCycle(t, true);
        QVERIFY(cycle.advance());  // Filter
        QVERIFY(cycle.advance());  // Score
        QVERIFY2(cycle.narration().contains(QStringLiteral("a tie between x, y")), qPrintable(cycle.narration()));
        QVERIFY(cycle.advance());  // Select
        const QString select = cycle.narration();
        QVERIFY2(select.contains(QStringLiteral("2 nodes tie at the highest total (300): x, y")), qPrintable(select));
        QVERIFY(select.contains(QStringLiteral("at random")) && select.contains(QStringLiteral("seeded")));
        QVERIFY(select.endsWith(QStringLiteral(": y.")));
        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Score));

        cycle.showCycle(scoreTrace(), false);  // no tie: y alone at 300
        QCOMPARE(cycle.phase(), int(CyclePlayback::Assume));
        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.narration(), QStringLiteral("selectHost picks y, the node with the highest total."));
    }

    // A scheduler extender after the Filter plugins (TraceStore's conversion of a core trace):
    // c passed NodeResourcesFit and the extender rejected it; a and b are scored, the
    // extender's 0..10 counting ×10 × weight 2. Playback: Filter (c still passes), then the
    // extenders' stage (c fails), then Score; back again the same way.
    void extenderStage() {
        core::CycleTrace ct;
        ct.pod = "default/gpu";
        ct.filterPlugins = {"NodeResourcesFit"};
        ct.scorePlugins = {"NodeResourcesFit"};
        core::ExtenderTrace x;
        x.extender = "http://gpu:8888";
        x.filtered = x.prioritized = true;
        x.weight = 2;
        ct.extenders = {x};
        for (const char* name : {"a", "b", "c"}) {
            core::NodeTrace n;
            n.node = name;
            n.evaluated = true;
            n.feasible = n.node != "c";
            if (!n.feasible) {
                n.filterPlugin = x.extender;
                n.filterCode = "Unschedulable";
                n.reasons = {"no free gpu"};
            } else {
                const std::int64_t raw = n.node == "a" ? 9 : 3;  // a: 9 → 90 ×2 = 180, b: 3 → 30 ×2 = 60
                n.scores = {{"NodeResourcesFit", 50, 50, 1, 50, false}, {x.extender, raw, raw * 10, 2, raw * 20, true}};
                n.total = 50 + raw * 20;
            }
            ct.nodes.push_back(n);
        }
        ct.scored = true;
        ct.chosen = "a";
        TraceStore store;
        store.record(5, ct, 1, 0);
        const CycleTraceUi t = store.toUi(5);
        QCOMPARE(t.filterPlugins, (QStringList{QStringLiteral("NodeResourcesFit"), QStringLiteral("http://gpu:8888")}));
        QCOMPARE(t.scorePlugins, (QStringList{QStringLiteral("NodeResourcesFit"), QStringLiteral("http://gpu:8888")}));
        QCOMPARE(t.filterExtenders, QStringList{QStringLiteral("http://gpu:8888")});
        QVERIFY(t.nodes[0].scores[1].extender);
        QVERIFY(t.rejectedByExtender(t.nodes[2]));

        FilterTableModel filter;
        QAbstractItemModelTester tester(&filter, kQtTest);
        filter.setTrace(t);
        QCOMPARE(filter.columnCount(), 5);  // Node, Result, Reason, NodeResourcesFit, the extender
        QCOMPARE(filter.verdict(2, 3), FilterTableModel::Pass);
        QCOMPARE(filter.verdict(2, 4), FilterTableModel::Fail);

        CyclePlayback cycle;
        cycle.showCycle(t, true);
        QVERIFY(cycle.advance());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Filter));
        QCOMPARE(cycle.marks().value(QStringLiteral("c")).mark, CyclePlayback::PassMark);
        QVERIFY2(cycle.narration().startsWith(QStringLiteral("The 1 Filter plugins ran on 3 of 3 nodes; 3 fit.")),
                 qPrintable(cycle.narration()));
        QVERIFY(cycle.advance());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Extenders));
        QCOMPARE(cycle.stage(), QStringLiteral("findNodesThatPassExtenders"));
        QCOMPARE(cycle.marks().value(QStringLiteral("c")).mark, CyclePlayback::FailMark);
        QVERIFY2(cycle.narration().contains(QStringLiteral("(http://gpu:8888) filtered the 3 nodes the plugins passed: "
                                                           "1 rejected, 2 fit.")),
                 qPrintable(cycle.narration()));
        QVERIFY(cycle.advance());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Score));
        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Extenders));
        QVERIFY(cycle.retreat());
        QCOMPARE(cycle.phase(), int(CyclePlayback::Filter));
    }

    void unschedulablePodExplained() {
        SimulationController c;
        Inspector* in = c.inspector();
        QAbstractItemModelTester t1(in->filterTable(), kQtTest);
        QAbstractItemModelTester t3(in->whyPending(), kQtTest);
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.session()->loadFiles({kSmall});
        QVERIFY(loaded.wait(10000));
        c.runToEnd();
        QVERIFY(finished.wait(20000));
        QVERIFY(!c.cycle()->active());  // a run to the end shows the net effect only
        // Selected after the run: the worker still has the pod's last attempt.
        in->select({}, QStringLiteral("default/huge"));
        QTRY_VERIFY_WITH_TIMEOUT(in->hasTrace(), 5000);
        QVERIFY2(in->fitError().startsWith(QStringLiteral("0/4 nodes are available")), qPrintable(in->fitError()));
        QCOMPARE(in->feasibleCount(), 0);
        QVERIFY(in->chosen().isEmpty());
        // 64 cpu: the three schedulable nodes lack cpu, the cordoned one is unschedulable.
        const auto& rows = in->whyPending()->rows();
        QVERIFY(!rows.isEmpty());
        QCOMPARE(rows.first().reason, QStringLiteral("Insufficient cpu"));
        QCOMPARE(rows.first().count, 3);
    }

    // The per-workload summary of a web pod, the plan run to the end: the six replicas two on
    // each schedulable node (tst_group_drain_controller's drainsAZone), so zone-a 4 and
    // zone-b 2; a pod no controller owns has none.
    void workloadSummary() {
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.session()->loadFiles({kSmall});
        QVERIFY(loaded.wait(10000));
        c.runToEnd();
        QVERIFY(finished.wait(20000));
        QString web;
        for (const PodRow& r : c.pods()->rows())
            if (r.key.startsWith(QStringLiteral("default/web-"))) web = r.key;
        const QVariantMap s = c.inspector()->workloadSummary(web);
        QCOMPARE(s.value("workload").toString(), QStringLiteral("Deployment/web"));
        QCOMPARE(s.value("placed").toInt(), 6);
        QCOMPARE(s.value("pending").toInt(), 0);
        const QVariantList zones = s.value("byZone").toList();
        QCOMPARE(zones.size(), 2);
        QCOMPARE(zones[0].toMap().value("zone").toString(), QStringLiteral("zone-a"));
        QCOMPARE(zones[0].toMap().value("count").toInt(), 4);
        QCOMPARE(zones[1].toMap().value("count").toInt(), 2);
        const QVariantList nodes = s.value("byNode").toList();
        QCOMPARE(nodes.size(), 3);
        for (const QVariant& n : nodes) QCOMPARE(n.toMap().value("count").toInt(), 2);
        QVERIFY(c.inspector()->workloadSummary(QStringLiteral("default/worker")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestInspector)
#include "tst_inspector.moc"
