// The planner's checks through the real controller and worker thread
// (simulation_controller_planner.cpp): the verdict of a pending pod dropped on a node (a
// request answered by the worker with the core plugins' own reasons), a template from the
// palette submitted and scheduled, and the label/taint syntax checks of the node dialogs.

#include <QSignalSpy>
#include <QTest>

#include <algorithm>

#include "app/simulation_controller.h"
#include "app/workload_template.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

bool load(SimulationController& c) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({kSmall});
    return loaded.wait(10000);
}

QVariantMap askVerdict(SimulationController& c, const QString& pod, const QString& node) {
    QSignalSpy answered(c.planner(), &PlannerActions::podNodeVerdict);
    c.planner()->checkPodOnNode(pod, node);
    if (!answered.wait(10000)) return {};
    return answered.first().first().toMap();
}

}  // namespace

class TestPlanner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void verdict_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QString>("pod");
        QTest::addColumn<QString>("node");
        QTest::addColumn<bool>("fits");
        QTest::addColumn<QString>("rejectedBy");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("error");
        // Nothing has run yet: every pod of the file is pending, every node empty.
        QTest::newRow("fits") << "default/worker" << "node-a1" << true << "" << "" << "";
        QTest::newRow("cordoned") << "default/worker" << "node-b2" << false << "NodeUnschedulable"
                                  << "node(s) were unschedulable" << "";
        // 64 cpu on an 8-cpu node: NodeResourcesFit.
        QTest::newRow("too big") << "default/huge" << "node-b1" << false << "NodeResourcesFit" << "Insufficient cpu" << "";
        QTest::newRow("no node") << "default/worker" << "nope" << false << "" << "" << "no node nope in the scheduler's snapshot";
        QTest::newRow("no pod") << "default/nope" << "node-a1" << false << "" << "" << "no pod default/nope";
    }
    void verdict() {
        QFETCH(QString, pod);
        QFETCH(QString, node);
        QFETCH(bool, fits);
        QFETCH(QString, rejectedBy);
        QFETCH(QString, reason);
        QFETCH(QString, error);
        SimulationController c;
        QVERIFY(load(c));
        const int pending = c.status()->pendingCount();
        const QVariantMap v = askVerdict(c, pod, node);
        QVERIFY(!v.isEmpty());
        QCOMPARE(v.value("pod").toString(), pod);
        QCOMPARE(v.value("node").toString(), node);
        QCOMPARE(v.value("error").toString(), error);
        QCOMPARE(v.value("fits").toBool(), fits);
        QCOMPARE(v.value("rejectedBy").toString(), rejectedBy);
        QCOMPARE(v.value("reason").toString(), reason);
        if (error.isEmpty()) {
            // Every Filter plugin's own verdict, the rejecting one among them.
            const QVariantList plugins = v.value("plugins").toList();
            QVERIFY(plugins.size() >= 5);
            const bool named = std::any_of(plugins.begin(), plugins.end(), [&](const QVariant& p) {
                return p.toMap().value("plugin").toString() == rejectedBy && p.toMap().value("verdict").toInt() == static_cast<int>(PlannerActions::PluginVerdict::PluginFail);
            });
            QCOMPARE(named, !fits);
        }
        // Asking changed nothing: no edit, no attempt.
        QCOMPARE(c.session()->history()->rowCount(), 0);
        QCOMPARE(c.status()->attempts(), 0);
        QCOMPARE(c.status()->pendingCount(), pending);
    }

    void onlyTheNewestRequestIsAnswered() {
        SimulationController c;
        QVERIFY(load(c));
        QSignalSpy answered(c.planner(), &PlannerActions::podNodeVerdict);
        c.planner()->checkPodOnNode("default/worker", "node-b2");
        c.planner()->checkPodOnNode("default/worker", "node-a1");
        QVERIFY(answered.wait(10000));
        QTest::qWait(100);
        QCOMPARE(answered.size(), 1);
        QCOMPARE(answered.first().first().toMap().value("node").toString(), QString("node-a1"));
    }

    void boundPodsAreNotChecked() {
        SimulationController c;
        QVERIFY(load(c));
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.runToEnd();
        QVERIFY(finished.wait(30000));
        const QVariantMap v = askVerdict(c, "default/worker", "node-a1");
        QVERIFY2(v.value("error").toString().contains("is not pending"), qPrintable(v.value("error").toString()));
        // huge stays pending: still checkable after the run.
        QCOMPARE(askVerdict(c, "default/huge", "node-a1").value("reason").toString(), QString("Insufficient cpu"));
    }

    void paletteDeploymentIsScheduled() {
        // A Deployment from the palette dropped on zone-b: 3 replicas, each with the zone's
        // required affinity; node-b2 is cordoned, so all land on node-b1.
        SimulationController c;
        QVERIFY(load(c));
        const QVariantMap form{{"kind", "Deployment"}, {"name", "api"},     {"namespace", "default"},
                               {"replicas", 3},        {"cpu", "200m"},     {"memory", "256Mi"},
                               {"groupKey", "topology.kubernetes.io/zone"}, {"groupValue", "zone-b"}};
        QVERIFY(WorkloadTemplate::formProblems(form).isEmpty());
        const QString yaml = WorkloadTemplate::toYaml(form);
        QVERIFY(c.planner()->validateYaml(yaml).isEmpty());
        QSignalSpy applied(&c, &SimulationController::editApplied);
        c.planner()->submitYaml(yaml);
        QVERIFY(applied.wait(10000));
        QCOMPARE(c.session()->history()->rowCount(), 1);
        QSignalSpy finished(&c, &SimulationController::runFinished);
        c.runToEnd();
        QVERIFY(finished.wait(30000));
        int api = 0;
        for (const PodRow& r : c.pods()->rows()) {
            if (!r.key.startsWith("default/api-")) continue;
            ++api;
            QCOMPARE(r.phase, PodPhaseUi::Bound);
            QCOMPARE(r.node, QString("node-b1"));
            QCOMPARE(c.inspector()->podDetails(r.key).value("owner").toString(), QString("Deployment/api"));
        }
        QCOMPARE(api, 3);
    }

    void labelAndTaintChecks() {
        SimulationController c;
        QVERIFY(load(c));
        QVERIFY(c.planner()->labelProblems({{"disk", "ssd"}, {"example.com/tier", ""}}).isEmpty());
        QCOMPARE(c.planner()->labelProblems({{"-disk", "ssd"}}).size(), 1);
        QCOMPARE(c.planner()->labelProblems({{"disk", "s s"}}).size(), 1);
        const QVariantMap gpu{{"key", "gpu"}, {"value", ""}, {"effect", "NoSchedule"}};
        QVERIFY(c.planner()->taintProblems({gpu}).isEmpty());
        QVERIFY(c.planner()->taintProblems({gpu, gpu}).join('\n').contains("twice"));
        QVERIFY(c.planner()->taintProblems({QVariantMap{{"key", "gpu"}, {"effect", "Sometimes"}}}).join('\n').contains("effect 'Sometimes'"));

        // What the dialogs start from, and what they write back.
        QCOMPARE(c.planner()->nodeLabels("node-a1").value("topology.kubernetes.io/zone").toString(), QString("zone-a"));
        QVERIFY(c.planner()->nodeTaints("node-a1").isEmpty());
        QSignalSpy applied(&c, &SimulationController::editApplied);
        c.planner()->setNodeTaints("node-a1", {gpu, QVariantMap{{"key", "team"}, {"value", "ml"}, {"effect", "NoExecute"}}});
        QVERIFY(applied.wait(10000));
        QTRY_COMPARE(c.planner()->nodeTaints("node-a1").size(), 2);
        const QVariantMap team = c.planner()->nodeTaints("node-a1").at(1).toMap();
        QCOMPARE(team.value("key").toString(), QString("team"));
        QCOMPARE(team.value("value").toString(), QString("ml"));
        QCOMPARE(team.value("effect").toString(), QString("NoExecute"));
        // The taint now rejects the worker there, with the plugin's reason.
        const QVariantMap v = askVerdict(c, "default/worker", "node-a1");
        QCOMPARE(v.value("rejectedBy").toString(), QString("TaintToleration"));
        QVERIFY(v.value("reason").toString().startsWith("node(s) had untolerated taint"));
    }
};

QTEST_MAIN(TestPlanner)
#include "tst_planner.moc"
