// berthctl --extender-record FILE and --extender-replay FILE: a run records its extender calls
// into a recording file (written whole at the end of the run), a replay of it runs with the
// same output, and a replay file that is missing or is no recording stops the run before
// anything is scheduled, naming the file.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QByteArray kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: node-a}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
)";

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run berthctl(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(BERTHCTL_PATH), args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit) return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

}  // namespace

class TestExtenderFlags : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& text) {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) return {};
        return path;
    }

private slots:
    void recordThenReplay() {
        const QString cluster = write("cluster.yaml", kCluster);
        const QString recording = m_dir.filePath("calls.json");
        const Run plain = berthctl({"schedule", "-f", cluster});
        const Run recorded = berthctl({"schedule", "-f", cluster, "--extender-record", recording});
        QCOMPARE(recorded.exitCode, 0);
        QCOMPARE(recorded.out, plain.out);
        QFile f(recording);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["kind"].toString(), QString("BerthExtenderRecording"));
        QVERIFY(doc["calls"].isArray());
        const Run replayed = berthctl({"schedule", "-f", cluster, "--extender-replay", recording});
        QCOMPARE(replayed.exitCode, 0);
        QCOMPARE(replayed.out, plain.out);
    }

    void capacityRecordsToo() {
        // web asks 1 of n1's 4 cpu: 3 more copies of it fit, recorded or replayed.
        const QString cluster = write("cluster.yaml", kCluster);
        const QString tmpl = write("web.yaml",
                                   "apiVersion: v1\nkind: Pod\nmetadata: {name: t, namespace: default}\n"
                                   "spec: {containers: [{name: c, resources: {requests: {cpu: \"1\"}}}]}\n");
        const QString recording = m_dir.filePath("capacity-calls.json");
        const QStringList fit{"capacity", "fit", "-f", cluster, "--template", tmpl, "-o", "json"};
        const Run recorded = berthctl(fit + QStringList{"--extender-record", recording});
        QCOMPARE(recorded.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(recorded.out).object()["fits"].toInt(), 3);
        QVERIFY(QFile::exists(recording));
        const Run replayed = berthctl(fit + QStringList{"--extender-replay", recording});
        QCOMPARE(replayed.out, recorded.out);
    }

    void replayFileProblems_data() {
        QTest::addColumn<QByteArray>("text");  // empty: no file at all
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QByteArray() << "cannot read the extender recording";
        QTest::newRow("not a recording") << QByteArray(R"({"kind":"List","items":[]})")
                                         << "not an extender recording (kind BerthExtenderRecording with calls)";
    }
    void replayFileProblems() {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const QString cluster = write("cluster.yaml", kCluster);
        const QString path = text.isEmpty() ? m_dir.filePath("absent.json") : write("bad.json", text);
        const Run r = berthctl({"schedule", "-f", cluster, "--extender-replay", path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains((path + ": " + message).toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void recordAndReplayExcludeEachOther() {
        const QString cluster = write("cluster.yaml", kCluster);
        const Run r =
            berthctl({"schedule", "-f", cluster, "--extender-record", "a.json", "--extender-replay", "b.json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--extender-record and --extender-replay exclude each other"));
    }
};

QTEST_GUILESS_MAIN(TestExtenderFlags)
#include "tst_extender_flags.moc"
