// The planner with scheduler extenders (issue 18), through the real controller and worker
// thread, against the Go test extender (tests/extender/testserver, started and stopped by the
// test; every wait bounded): the app calls the configuration's extenders live and records
// every call and answer; the session file keeps the recording, and the session reopened with
// no extender running replays it to the same bindings; a call the recording lacks and an
// extender that does not answer are errors on the pods that say so; the inspector shows the
// extender's filter verdict and its raw and weighted scores.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "app/simulation_controller.h"
#include "test_extender_server.h"

using namespace berth::app;

namespace {

// Four 1-cpu nodes and three pods of 600m: one pod per node. The test extender's "ok" mode
// fails node-fail-2 in filter and scores a node by the last digit of its name, so with weight
// 2 node-7 gets 7 x 2 x 10 = 140 extra points, node-3 60, node-1 20, and the pods take node-7,
// node-3 and node-1 in turn (each node is full after one pod; node-fail-2 never passes).
QByteArray cluster(const std::string& urlPrefix) {
    QByteArray text = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
extenders:
- urlPrefix: URL
  filterVerb: filter
  prioritizeVerb: prioritize
  weight: 2
  nodeCacheCapable: true
)";
    text.replace("URL", QByteArray::fromStdString(urlPrefix));
    for (const char* node : {"node-1", "node-fail-2", "node-3", "node-7"})
        text += QByteArray("---\napiVersion: v1\nkind: Node\nmetadata: {name: ") + node +
                "}\nstatus: {allocatable: {cpu: \"1\", memory: 4Gi, pods: \"10\"}}\n";
    for (const char* pod : {"web-1", "web-2", "web-3"})
        text += QByteArray("---\napiVersion: v1\nkind: Pod\nmetadata: {name: ") + pod +
                ", namespace: default}\nspec: {containers: [{name: c, resources: {requests: {cpu: 600m}}}]}\n";
    return text;
}

bool runToEnd(SimulationController& c) {
    QSignalSpy finished(&c, &SimulationController::runFinished);
    c.runToEnd();
    return finished.wait(60000);
}

/// Runs `act` (a load, an open) and waits until the plan it builds is on show.
bool waitReplay(SimulationController& c, const std::function<void()>& act) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    act();
    return loaded.wait(30000) && QTest::qWaitFor([&] { return !c.busy(); }, 30000);
}

/// Each pod's node ("" for none), in the pod list's order: the plan's bindings.
QStringList bindings(SimulationController& c) {
    QStringList out;
    for (const PodRow& r : c.pods()->rows()) out << r.key + QStringLiteral(" -> ") + r.node;
    return out;
}

QStringList messages(SimulationController& c) {
    QStringList out;
    for (const PodRow& r : c.pods()->rows()) out << r.message;
    return out;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() ? path : QString();
}

}  // namespace

class TestSessionExtenders : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    // Live, then saved; reopened with the extender gone: replayed, the same bindings. The
    // inspector of web-1 (on node-7) shows the extender as a Filter column (node-fail-2
    // failed, "fail" in its name) and a Score column: node-7's raw 7, weighted 7 x 10 x 2.
    void recordSaveReopenReplay() {
        auto server = std::make_unique<berth::testlib::TestExtenderServer>();
        if (!server->error().isEmpty()) QSKIP(qPrintable(server->error()));
        const std::string url = server->url("ok");
        const QString file = writeFile(m_dir, QStringLiteral("cluster.yaml"), cluster(url));
        const QString session = m_dir.filePath(QStringLiteral("plan.berth"));
        QStringList live;
        {
            SimulationController c;
            QVERIFY(waitReplay(c, [&] { c.session()->loadFiles({file}); }));
            QCOMPARE(c.config()->extenders(), QStringList{QString::fromStdString(url)});
            QVERIFY(!c.config()->extendersReplayed());
            QCOMPARE(c.config()->extenderStatus(), QStringLiteral("Extenders: 1 live"));
            QVERIFY(runToEnd(c));
            live = bindings(c);
            QCOMPARE(live, (QStringList{"default/web-1 -> node-7", "default/web-2 -> node-3",
                                        "default/web-3 -> node-1"}));
            checkInspector(c, QString::fromStdString(url));
            QVERIFY(!server->requests().empty());
            QCOMPARE(c.session()->saveSession(QUrl::fromLocalFile(session), false), QString());
        }
        server.reset();  // no extender any more: only the recording can answer

        QFile f(session);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject recording =
            QJsonDocument::fromJson(f.readAll()).object()["extenders"].toObject()["recording"].toObject();
        QCOMPARE(recording["kind"].toString(), QStringLiteral("BerthExtenderRecording"));
        QVERIFY(!recording["calls"].toArray().isEmpty());

        // Opened with a recording: replayed, the same bindings as the live run, with nothing
        // listening.
        SimulationController c;
        QVERIFY(waitReplay(c, [&] { QCOMPARE(c.session()->openSession(QUrl::fromLocalFile(session)), QString()); }));
        QVERIFY(c.config()->extendersReplayed());
        QCOMPARE(c.config()->extenderStatus(), QStringLiteral("Extenders: 1 replayed"));
        QVERIFY(runToEnd(c));
        QCOMPARE(bindings(c), live);
        checkInspector(c, QString::fromStdString(url));
        // Live again: the extender is gone, and every pod says so.
        QVERIFY(waitReplay(c, [&] { QCOMPARE(c.config()->setExtendersReplayed(false), QString()); }));
        QVERIFY(!c.config()->extendersReplayed());
        QVERIFY(runToEnd(c));
        for (const QString& m : messages(c)) QVERIFY2(m.contains(QStringLiteral("connection refused")), qPrintable(m));
    }

    // A session whose recording lacks the calls (it holds one for another pod) makes every
    // pod say which answer is missing and what to do.
    void replayWithoutTheCallsSaysSo() {
        const std::string url = "http://127.0.0.1:1/ok";
        const QString file = writeFile(m_dir, QStringLiteral("nothing.yaml"), cluster(url));
        const QString session = m_dir.filePath(QStringLiteral("empty-recording.berth"));
        {
            SimulationController c;
            QVERIFY(waitReplay(c, [&] { c.session()->loadFiles({file}); }));
            QCOMPARE(c.session()->saveSession(QUrl::fromLocalFile(session), false), QString());
        }
        QFile f(session);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject call{{"extender", QString::fromStdString(url)}, {"verb", "filter"}, {"pod", "default/other"},
                               {"request", "{}"}, {"status", 200}, {"response", "{}"}};
        root["extenders"] = QJsonObject{
            {"recording", QJsonObject{{"kind", "BerthExtenderRecording"}, {"version", 1}, {"calls", QJsonArray{call}}}}};
        f.resize(0);
        f.write(QJsonDocument(root).toJson());
        f.close();

        SimulationController c;
        QVERIFY(waitReplay(c, [&] { QCOMPARE(c.session()->openSession(QUrl::fromLocalFile(session)), QString()); }));
        QVERIFY(c.config()->extendersReplayed());
        QVERIFY(runToEnd(c));
        for (const QString& m : messages(c))
            QVERIFY2(m.contains(QStringLiteral("the session's recording has no recorded answer to filter for pod "
                                               "default/web-")) &&
                         m.contains(QStringLiteral("choose Extenders: live")),
                     qPrintable(m));
    }

    // Nothing listens on port 1: every pod's message is the client's error, as upstream's.
    void unreachableExtenderOnEveryPod() {
        const QString file = writeFile(m_dir, QStringLiteral("unreachable.yaml"), cluster("http://127.0.0.1:1/ok"));
        SimulationController c;
        QVERIFY(waitReplay(c, [&] { c.session()->loadFiles({file}); }));
        QVERIFY(runToEnd(c));
        const QStringList m = messages(c);
        QCOMPARE(m.size(), 3);
        for (const QString& text : m)
            QVERIFY2(text.contains(QStringLiteral("Post \"http://127.0.0.1:1/ok/filter\"")) &&
                         text.contains(QStringLiteral("connection refused")),
                     qPrintable(text));
        c.inspector()->select({}, QStringLiteral("default/web-1"));
        QTRY_VERIFY_WITH_TIMEOUT(c.inspector()->hasTrace(), 10000);
        QVERIFY2(c.inspector()->fitError().contains(QStringLiteral("connection refused")),
                 qPrintable(c.inspector()->fitError()));
    }

private:
    /// web-1's last attempt in the inspector: the extender's Filter column and Score column.
    static void checkInspector(SimulationController& c, const QString& url) {
        Inspector* in = c.inspector();
        in->select({}, QStringLiteral("default/web-1"));
        QTRY_VERIFY_WITH_TIMEOUT(in->hasTrace() && in->chosen() == QLatin1String("node-7"), 10000);
        FilterTableModel* filter = in->filterTable();
        const int fx = filter->columnCount() - 1;  // the extender runs after the plugins
        QCOMPARE(filter->headerData(fx, Qt::Horizontal, Qt::DisplayRole).toString(), url);
        for (int row = 0; row < filter->rowCount(); ++row) {
            const QString node = filter->data(filter->index(row, 0), FilterTableModel::NodeRole).toString();
            QCOMPARE(filter->verdict(row, fx), node == QLatin1String("node-fail-2") ? FilterTableModel::Fail
                                                                                   : FilterTableModel::Pass);
        }
        ScoreTableModel* score = in->scoreTable();
        const int sx = score->columnCount() - 1;
        QCOMPARE(score->headerData(sx, Qt::Horizontal, Qt::DisplayRole).toString(), url);
        bool seen = false;
        for (int row = 0; row < score->rowCount(); ++row) {
            if (score->data(score->index(row, 0), ScoreTableModel::NodeRole).toString() != QLatin1String("node-7"))
                continue;
            const QModelIndex cell = score->index(row, sx);
            QCOMPARE(score->data(cell, ScoreTableModel::RawRole).toLongLong(), 7);
            QCOMPARE(score->data(cell, ScoreTableModel::WeightedRole).toLongLong(), 140);  // 7 x 10 x weight 2
            seen = true;
        }
        QVERIFY(seen);
    }
};

QTEST_MAIN(TestSessionExtenders)
#include "tst_session_extenders.moc"
