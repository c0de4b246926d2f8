// The planner's session through the real controller and worker thread: edits recorded in
// the history, undo/redo replaying the plan deterministically, session files, exports equal
// to berthctl's output, refusals to overwrite, and bad YAML that never changes anything.

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include "app/session/session_document.h"
#include "app/simulation_controller.h"
#include "berthctl_process.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

/// What the views show: enough to tell two plans apart.
struct Picture {
    QList<PodRow> pods;
    QList<NodeRow> nodes;
    bool operator==(const Picture&) const = default;
};

Picture picture(SimulationController& c) { return {c.pods()->rows(), c.nodes()->rows()}; }

QString describe(const Picture& p) {
    QStringList out;
    for (const PodRow& r : p.pods)
        out << QStringLiteral("%1 %2 %3").arg(r.key, PodListModel::phaseName(r.phase), r.node);
    return out.join(QStringLiteral("; "));
}

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

/// Applies an edit through `act` and waits for the worker's answer; true when applied.
template <typename F>
bool edit(SimulationController& c, F act, QString* error = nullptr) {
    QSignalSpy ok(&c, &SimulationController::editApplied);
    QSignalSpy failed(&c, &SimulationController::editFailed);
    // The worker answers an edit, then flushes a batch that shows it: wait for that batch.
    QSignalSpy stats(&c, &SimulationController::statsChanged);
    qsizetype statsAtAnswer = -1;
    QObject context;
    QObject::connect(&c, &SimulationController::editApplied, &context, [&] { statsAtAnswer = stats.count(); });
    QObject::connect(&c, &SimulationController::editFailed, &context, [&] { statsAtAnswer = stats.count(); });
    act();
    if (!failed.isEmpty()) {  // refused by the controller itself: no batch follows
        if (error) *error = failed.first().at(2).toString();
        return false;
    }
    if (!QTest::qWaitFor([&] { return statsAtAnswer >= 0 && stats.count() > statsAtAnswer; }, 10000)) return false;
    if (!failed.isEmpty() && error) *error = failed.first().at(2).toString();
    return !ok.isEmpty();
}

bool runToEnd(SimulationController& c) {
    QSignalSpy finished(&c, &SimulationController::runFinished);
    c.runToEnd();
    return finished.wait(30000);
}

bool waitReplay(SimulationController& c, const std::function<void()>& act) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    act();
    return loaded.wait(10000) && QTest::qWaitFor([&] { return !c.busy(); }, 5000);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool exportTo(SimulationController& c, const QString& path, const QString& format, const QString& ns = {},
              bool overwrite = false, QString* error = nullptr) {
    QSignalSpy done(c.session(), &SessionController::exportFinished);
    const QString refused = c.session()->exportPlacements(QUrl::fromLocalFile(path), format, ns, overwrite);
    if (!refused.isEmpty()) {
        if (error) *error = refused;
        return false;
    }
    if (!done.wait(30000)) return false;
    const QString err = done.first().at(1).toString();
    if (error) *error = err;
    return err.isEmpty();
}

}  // namespace

class TestSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(QFile::exists(kSmall)); }

    void undoRedoReplaysDeterministically() {
        SimulationController c;
        QAbstractItemModelTester tester(c.session()->history(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(load(c, kSmall));
        QVERIFY(!c.session()->canUndo() && !c.session()->canRedo());
        QVERIFY(runToEnd(c));
        const Picture beforeDrain = picture(c);

        // A drain after the run: node-b1's pods are evicted, the Deployment recreates its own.
        QVERIFY(edit(c, [&] { c.planner()->drainNode(QStringLiteral("node-b1")); }));
        QCOMPARE(c.session()->history()->rowCount(), 1);
        QVERIFY(c.session()->canUndo());
        QVERIFY(c.session()->history()->edits()[0].atStep > 0);  // recorded where the run had got to
        const Picture afterDrain = picture(c);
        QVERIFY(afterDrain != beforeDrain);
        QVERIFY(runToEnd(c));
        const Picture afterRun = picture(c);

        // A second edit, then back twice and forward twice.
        QVERIFY(edit(c, [&] {
            c.planner()->scaleWorkload(QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("web"),
                                       2);
        }));
        const Picture afterScale = picture(c);
        QCOMPARE(c.session()->history()->rowCount(), 2);

        QVERIFY(waitReplay(c, [&] { c.session()->undo(); }));
        QCOMPARE(c.session()->history()->appliedCount(), 1);
        QVERIFY2(picture(c) == afterRun, qPrintable(describe(picture(c)) + "\n vs \n" + describe(afterRun)));
        QVERIFY(waitReplay(c, [&] { c.session()->undo(); }));
        QCOMPARE(c.session()->history()->appliedCount(), 0);
        QVERIFY(!c.session()->canUndo() && c.session()->canRedo());
        QVERIFY2(picture(c) == beforeDrain, qPrintable(describe(picture(c)) + "\n vs \n" + describe(beforeDrain)));

        QVERIFY(waitReplay(c, [&] { c.session()->redo(); }));
        QVERIFY2(picture(c) == afterDrain, qPrintable(describe(picture(c)) + "\n vs \n" + describe(afterDrain)));
        QVERIFY(runToEnd(c));
        QVERIFY(picture(c) == afterRun);
        QVERIFY(waitReplay(c, [&] { c.session()->redo(); }));
        QVERIFY(picture(c) == afterScale);
        QVERIFY(!c.session()->canRedo());

        // A new edit after an undo drops the redo tail.
        QVERIFY(waitReplay(c, [&] { c.session()->undo(); }));
        QVERIFY(edit(c, [&] { c.planner()->cordonNode(QStringLiteral("node-a1")); }));
        QCOMPARE(c.session()->history()->rowCount(), 2);
        QCOMPARE(c.session()->history()->edits()[1].kind, berth::plan::EditKind::Cordon);
        QVERIFY(!c.session()->canRedo());
    }

    void everyEditKindIsRecorded() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        QVERIFY(edit(c, [&] { c.planner()->cordonNode(QStringLiteral("node-a1")); }));
        QVERIFY(edit(c, [&] { c.planner()->uncordonNode(QStringLiteral("node-b2")); }));
        QVERIFY(edit(c, [&] {
            c.planner()->addNodePool(QStringLiteral("node-a1"), 3, QStringLiteral("zone-c"), QStringLiteral("pool-c"));
        }));
        QCOMPARE(c.nodes()->indexOf(QStringLiteral("pool-c-3")) >= 0, true);
        QVERIFY(edit(c, [&] {
            c.planner()->setNodeLabels(QStringLiteral("pool-c-1"), {{QStringLiteral("disk"), QStringLiteral("ssd")}});
        }));
        QVERIFY(edit(c, [&] {
            c.planner()->setNodeTaints(QStringLiteral("pool-c-2"),
                                       {QVariantMap{{QStringLiteral("key"), QStringLiteral("gpu")},
                                                    {QStringLiteral("effect"), QStringLiteral("NoSchedule")}}});
        }));
        const int row = c.nodes()->indexOf(QStringLiteral("pool-c-2"));
        QCOMPARE(c.nodes()->rows()[row].taints, QStringLiteral("gpu:NoSchedule"));
        QVERIFY(edit(c, [&] { c.planner()->pinPod(QStringLiteral("default/cache"), QStringLiteral("node-a2")); }));
        QCOMPARE(c.inspector()->podDetails(QStringLiteral("default/cache")).value(QStringLiteral("node")).toString(),
                 QStringLiteral("node-a2"));
        // What the Workload menu acts on: the Deployment, not the ReplicaSet that owns the pod.
        const auto web = std::find_if(c.pods()->rows().begin(), c.pods()->rows().end(),
                                      [](const PodRow& r) { return r.key.startsWith(QStringLiteral("default/web-")); });
        QVERIFY(web != c.pods()->rows().end());
        QCOMPARE(c.inspector()->podDetails(web->key).value(QStringLiteral("owner")).toString(),
                 QStringLiteral("Deployment/web"));
        QVERIFY(edit(c, [&] {
            c.planner()->deleteWorkload(QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("web"));
        }));
        QVERIFY(std::none_of(c.pods()->rows().begin(), c.pods()->rows().end(), [](const PodRow& r) {
            return r.key.startsWith(QStringLiteral("default/web-")) && r.phase != PodPhaseUi::Evicted;
        }));
        QVERIFY(edit(c, [&] { c.planner()->deleteNode(QStringLiteral("pool-c-3")); }));
        QCOMPARE(c.session()->history()->rowCount(), 8);

        // Refusals leave the history alone.
        QString error;
        QVERIFY(!edit(
            c, [&] { c.planner()->cordonNode(QStringLiteral("no-such-node")); }, &error));
        QVERIFY(error.contains(QStringLiteral("no node")));
        QVERIFY(!edit(
            c, [&] { c.planner()->pinPod(QStringLiteral("default/cache"), QStringLiteral("node-a1")); }, &error));
        QCOMPARE(c.session()->history()->rowCount(), 8);

        // Replaying the whole list from scratch gives the same plan.
        const Picture now = picture(c);
        QVERIFY(waitReplay(c, [&] { c.session()->revertTo(0); }));
        QVERIFY(waitReplay(c, [&] { c.session()->revertTo(8); }));
        QVERIFY2(picture(c) == now, qPrintable(describe(picture(c)) + "\n vs \n" + describe(now)));
    }

    void badYamlNeverChangesTheSession() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        QVERIFY(edit(c, [&] { c.planner()->cordonNode(QStringLiteral("node-a1")); }));
        const Picture before = picture(c);
        const QByteArray session = sessionToJson(c.session()->planSession()->document());

        const char* bad[] = {
            "apiVersion: v1\nkind: Pod\nmetadata: {name: x\n",  // YAML syntax
            "apiVersion: v1\nkind: Pod\nmetadata: {name: y}\nspec:\n  containers:\n  - name: c\n"
            "    resources: {requests: {cpu: lots}}\n",                                               // bad quantity
            "apiVersion: v1\nkind: Pod\nmetadata: {name: cache}\nspec: {containers: [{name: c}]}\n",  // duplicate
            "apiVersion: v1\nkind: Pod\nmetadata: {name: ok1}\nspec: {containers: [{name: c}]}\n---\n"
            "apiVersion: v1\nkind: Node\nmetadata: {name: n9}\nstatus: {allocatable: {cpu: lots}}\n",  // one bad of two
            "",                                                                                        // nothing
        };
        for (const char* text : bad) {
            QString error;
            QVERIFY2(!edit(
                         c, [&] { c.planner()->submitYaml(QString::fromUtf8(text)); }, &error),
                     text);
            QVERIFY2(!error.isEmpty(), text);
            QVERIFY(!c.planner()->validateYaml(QString::fromUtf8(text)).isEmpty() || QByteArray(text).isEmpty() ||
                    error.contains(QStringLiteral("cache")));
        }
        QCOMPARE(sessionToJson(c.session()->planSession()->document()), session);
        QVERIFY(picture(c) == before);

        // A good one is submitted and queued.
        QVERIFY(edit(c, [&] {
            c.planner()->submitYaml(
                QStringLiteral("apiVersion: v1\nkind: Pod\nmetadata: {name: extra, namespace: tools}\n"
                               "spec: {containers: [{name: c, resources: {requests: {cpu: 100m}}}]}\n"));
        }));
        QCOMPARE(c.pods()->rowCount(), before.pods.size() + 1);
        QVERIFY(c.pods()->indexOf(QStringLiteral("tools/extra")) >= 0);
    }

    void saveAndOpenRoundTrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.berth.json"));
        SimulationController a;
        a.session()->setSeed(11);
        QVERIFY(load(a, kSmall));
        QVERIFY(edit(a, [&] { a.planner()->cordonNode(QStringLiteral("node-a1")); }));
        // A whole-group edit: saved with its parts, read back the same (the documents compare).
        QVERIFY(edit(a, [&] {
            a.planner()->labelNodes({QStringLiteral("node-a2"), QStringLiteral("node-b1")}, QStringLiteral("team"),
                                    QStringLiteral("blue"));
        }));
        QVERIFY(edit(a, [&] {
            a.planner()->scaleWorkload(QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("web"),
                                       8);
        }));
        QVERIFY(edit(a, [&] {
            a.planner()->submitYaml(QStringLiteral(
                "apiVersion: v1\nkind: Pod\nmetadata: {name: extra}\nspec: {containers: [{name: c}]}\n"));
        }));
        QVERIFY(waitReplay(a, [&] { a.session()->undo(); }));  // the session keeps the undone edit for redo
        QVERIFY(a.session()->planSession()->dirty());
        QCOMPARE(a.session()->saveSession(QUrl::fromLocalFile(path), false), QString());
        QVERIFY(!a.session()->planSession()->dirty());

        const QJsonObject json = QJsonDocument::fromJson(readAll(path)).object();
        QCOMPARE(json.value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(json.value(QStringLiteral("seed")).toInt(), 11);
        QCOMPARE(json.value(QStringLiteral("applied")).toInt(), 3);
        const QJsonObject group = json.value(QStringLiteral("edits")).toArray().at(1).toObject();
        QCOMPARE(group.value(QStringLiteral("op")).toString(), QStringLiteral("group"));
        QCOMPARE(group.value(QStringLiteral("title")).toString(), QStringLiteral("Label team=blue on 2 nodes"));
        QCOMPARE(group.value(QStringLiteral("edits")).toArray().size(), 2);

        SimulationController b;
        QVERIFY(waitReplay(b, [&] { QCOMPARE(b.session()->openSession(QUrl::fromLocalFile(path)), QString()); }));
        QCOMPARE(b.session()->planSession()->document(), a.session()->planSession()->document());
        QVERIFY2(picture(b) == picture(a), qPrintable(describe(picture(b)) + "\n vs \n" + describe(picture(a))));
        QVERIFY(b.session()->canRedo());
        QVERIFY(waitReplay(b, [&] { b.session()->redo(); }));
        QVERIFY(b.pods()->indexOf(QStringLiteral("default/extra")) >= 0);

        // Saving over another file needs the overwrite flag; saving to the session's own file does not.
        const QString other = dir.filePath(QStringLiteral("other.json"));
        QFile f(other);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("keep") == 4);
        f.close();
        QVERIFY(!b.session()->saveSession(QUrl::fromLocalFile(other), false).isEmpty());
        QCOMPARE(readAll(other), QByteArray("keep"));
        QCOMPARE(b.session()->saveSession(QUrl::fromLocalFile(path), false), QString());
        QCOMPARE(b.session()->saveSession(QUrl::fromLocalFile(other), true), QString());

        // Not a session: refused, nothing changes.
        QVERIFY(!b.session()->openSession(QUrl::fromLocalFile(kSmall)).isEmpty());
    }

    // Node > Cordon N nodes: one edit of the history; one Undo takes back all of it.
    void groupIsOneUndoStep() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        const QStringList nodes{QStringLiteral("node-a1"), QStringLiteral("node-a2"), QStringLiteral("node-b1")};
        const auto cordoned = [&c](const QString& n) {
            return c.nodes()->index(c.nodes()->indexOf(n)).data(NodeListModel::CordonedRole).toBool();
        };
        QVERIFY(edit(c, [&] { c.planner()->editNodes(PlannerActions::EditKind::Cordon, nodes); }));
        QCOMPARE(c.session()->history()->appliedCount(), 1);
        for (const QString& n : nodes) QVERIFY2(cordoned(n), qPrintable(n));
        QVERIFY(waitReplay(c, [&] { c.session()->undo(); }));
        QCOMPARE(c.session()->history()->appliedCount(), 0);
        for (const QString& n : nodes) QVERIFY2(!cordoned(n), qPrintable(n));
        QVERIFY(waitReplay(c, [&] { c.session()->redo(); }));
        for (const QString& n : nodes) QVERIFY2(cordoned(n), qPrintable(n));
    }

    void exportEqualsBerthctl_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("option");
        QTest::newRow("pods") << QStringLiteral("pods") << QStringLiteral("yaml");
        QTest::newRow("bindings") << QStringLiteral("bindings") << QStringLiteral("bindings");
        QTest::newRow("json") << QStringLiteral("json") << QStringLiteral("json");
    }

    void exportEqualsBerthctl() {
        QFETCH(QString, format);
        QFETCH(QString, option);
        QTemporaryDir dir;
        SimulationController c;
        c.session()->setSeed(42);
        QVERIFY(load(c, kSmall));
        // The export does not depend on how far the on-screen run has got.
        c.step();
        const QString out = dir.filePath(QStringLiteral("export"));
        QString error;
        QVERIFY2(exportTo(c, out, format, {}, false, &error), qPrintable(error));
        const QByteArray expected =
            berthctl({QStringLiteral("schedule"), QStringLiteral("--seed"), QStringLiteral("42"), QStringLiteral("-o"), option,
                      QStringLiteral("-f"), kSmall});
        QVERIFY(!expected.isEmpty());
        QCOMPARE(readAll(out), expected);
    }

    void exportRefusesToOverwrite() {
        QTemporaryDir dir;
        SimulationController c;
        QVERIFY(load(c, kSmall));
        const QString out = dir.filePath(QStringLiteral("pods.yaml"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("mine") == 4);
        f.close();
        QString error;
        QVERIFY(!exportTo(c, out, QStringLiteral("pods"), {}, false, &error));
        QVERIFY(error.contains(QStringLiteral("exists")));
        QCOMPARE(readAll(out), QByteArray("mine"));
        QVERIFY(!exportTo(c, out, QStringLiteral("nonsense"), {}, true, &error));
        QVERIFY2(exportTo(c, out, QStringLiteral("csv"), {}, true, &error), qPrintable(error));
        const QByteArray csv = readAll(out);
        QVERIFY(csv.startsWith("namespace,name,owner,state,node"));
        QVERIFY(csv.contains("default,huge,,pending,,"));
        // No temporary file left beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("pods.yaml")});
    }

    void exportOneNamespace() {
        QTemporaryDir dir;
        SimulationController c;
        QVERIFY(load(c, kSmall));
        QVERIFY(edit(c, [&] {
            c.planner()->submitYaml(QStringLiteral("apiVersion: v1\nkind: Pod\nmetadata: {name: extra, namespace: tools}\n"
                                        "spec: {containers: [{name: c}]}\n"));
        }));
        QString error;
        const QString all = dir.filePath(QStringLiteral("all.yaml")), tools = dir.filePath(QStringLiteral("tools.yaml"));
        QVERIFY2(exportTo(c, all, QStringLiteral("bindings"), {}, false, &error), qPrintable(error));
        QVERIFY2(exportTo(c, tools, QStringLiteral("bindings"), QStringLiteral("tools"), false, &error), qPrintable(error));
        QVERIFY(readAll(all).contains("name: extra") && readAll(all).contains("name: cache"));
        QVERIFY(readAll(tools).contains("name: extra") && !readAll(tools).contains("name: cache"));
    }

    void autosaveWritesWhenChanged() {
        QTemporaryDir dir;
        qputenv("BERTH_AUTOSAVE_MS", "50");
        {
            SimulationController c;
            QVERIFY(c.session()->enableAutosave(dir.path()));
            QVERIFY(!c.session()->planSession()->restoreAvailable());
            QVERIFY(load(c, kSmall));
            QTest::qWait(150);
            QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("autosave.json"))));  // nothing done yet
            QVERIFY(edit(c, [&] { c.planner()->cordonNode(QStringLiteral("node-a1")); }));
            QTRY_VERIFY(QFile::exists(dir.filePath(QStringLiteral("autosave.json"))));
            // A second instance on the same folder neither autosaves nor steals the file.
            SimulationController other;
            QVERIFY(!other.session()->enableAutosave(dir.path()));
        }
        // A clean exit leaves nothing to restore.
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("autosave.json"))));
        SimulationController next;
        QVERIFY(next.session()->enableAutosave(dir.path()));
        QVERIFY(!next.session()->planSession()->restoreAvailable());
        qunsetenv("BERTH_AUTOSAVE_MS");
    }
};

QTEST_MAIN(TestSession)
#include "tst_session.moc"
