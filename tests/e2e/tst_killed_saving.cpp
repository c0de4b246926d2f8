// The real `berth` binary killed (SIGKILL) while it saves: a `--script` timer makes it edit
// the plan (cordon and uncordon node-a1 in turn) and, on every tick, save the session and
// export the placements over the same two files, while the autosave writes every 50 ms. The
// test kills it at several moments and then finds every file whole: the session and the
// autosave parse as a session whose edits are the cordon / uncordon run made so far, and the
// export is byte for byte the one the app writes each time (a cordon moves no bound pod).
// The next start then offers the autosaved work back (--restore-check). "At once" kills as soon
// as a save holds an edit.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

QProcessEnvironment env(const QString& dir) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    e.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
    e.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir);
    e.insert(QStringLiteral("XDG_CONFIG_HOME"), dir);
    e.insert(QStringLiteral("BERTH_AUTOSAVE_DIR"), dir + QStringLiteral("/autosave"));
    e.insert(QStringLiteral("BERTH_AUTOSAVE_MS"), QStringLiteral("50"));
    return e;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Empty when `bytes` is a whole session file whose edits alternate cordon / uncordon of
/// node-a1 from a cordon; otherwise what is wrong.
QString sessionProblem(const QByteArray& bytes) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("not JSON (%1 bytes): %2").arg(bytes.size()).arg(error.errorString());
    const QJsonObject session = doc.object();
    if (session.value(QStringLiteral("version")).toInt() != 1) return QStringLiteral("no version 1");
    const QJsonArray edits = session.value(QStringLiteral("edits")).toArray();
    for (qsizetype i = 0; i < edits.size(); ++i) {
        const QJsonObject e = edits[i].toObject();
        const QString op = i % 2 == 0 ? QStringLiteral("cordon") : QStringLiteral("uncordon");
        if (e.value(QStringLiteral("op")).toString() != op || e.value(QStringLiteral("node")).toString() != "node-a1")
            return QStringLiteral("edit %1 is not %2 node-a1").arg(i).arg(op);
    }
    return {};
}

}  // namespace

class TestKilledSaving : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killedWhileSaving_data() {
        QTest::addColumn<int>("killAfterMs");  // after the first export is seen
        QTest::newRow("at once") << 0;
        QTest::newRow("0.3 s") << 300;
        QTest::newRow("0.9 s") << 900;
        QTest::newRow("2 s") << 2000;
    }
    void killedWhileSaving() {
        QFETCH(int, killAfterMs);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString session = dir.filePath(QStringLiteral("plan.berth.json"));
        const QString exported = dir.filePath(QStringLiteral("placements.yaml"));
        const QString autosave = dir.filePath(QStringLiteral("autosave/autosave.json"));
        const QString script = dir.filePath(QStringLiteral("save.js"));
        {
            // One line (each line is one expression): a 10 ms Timer whose ticks edit, save and
            // export. After the run, so the placements are final.
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Text));
            const QString tick =
                QStringLiteral("(function() { var n = 0; var t = Qt.createQmlObject('import QtQuick; Timer { interval: "
                               "10; repeat: true; running: true }', window); t.triggered.connect(function() { "
                               "if (n++ % 2 === 0) controller.planner.cordonNode(\"node-a1\"); "
                               "else controller.planner.uncordonNode(\"node-a1\"); "
                               "controller.session.saveSession(\"%1\", true); "
                               "controller.session.exportPlacements(\"%2\", \"pods\", \"\", true); }); })()\n");
            f.write("// after run\n");
            f.write(tick.arg(QUrl::fromLocalFile(session).toString(), QUrl::fromLocalFile(exported).toString())
                        .toUtf8());
        }
        QProcess app;
        app.setProcessEnvironment(env(dir.path()));
        app.start(QStringLiteral(BERTH_BINARY), {kSmall, QStringLiteral("--run"), QStringLiteral("--script"), script});
        QVERIFY2(app.waitForStarted(10000), qPrintable(app.errorString()));
        // The first export, read while the app goes on writing: with atomic writes, whole.
        QTRY_VERIFY2_WITH_TIMEOUT(QFile::exists(exported), qPrintable(app.readAllStandardError()), 60000);
        const QByteArray reference = readAll(exported);
        QVERIFY(reference.contains("kind: Pod"));
        // An edit reaches the history once the worker has applied it, so the first tick's save
        // may hold no edit yet (under load the first export can land before the second tick):
        // wait for a save that holds one, then for the chosen moment.
        QTRY_VERIFY_WITH_TIMEOUT(
            !QJsonDocument::fromJson(readAll(session)).object().value(QStringLiteral("edits")).toArray().isEmpty(),
            30000);
        QTest::qWait(killAfterMs);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(autosave), 30000);
        app.kill();
        QVERIFY(app.waitForFinished(10000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);

        // Each file is one whole generation: no cut, no mix. (Temporary files may be left.)
        QCOMPARE(readAll(exported), reference);
        const QByteArray saved = readAll(session);
        QVERIFY2(sessionProblem(saved).isEmpty(), qPrintable(sessionProblem(saved)));
        QVERIFY(!QJsonDocument::fromJson(saved).object().value(QStringLiteral("edits")).toArray().isEmpty());
        const QByteArray autosaved = readAll(autosave);
        QVERIFY2(sessionProblem(autosaved).isEmpty(), qPrintable(sessionProblem(autosaved)));

        // The next start offers the autosaved edits back.
        QProcess check;
        check.setProcessEnvironment(env(dir.path()));
        check.start(QStringLiteral(BERTH_BINARY), {QStringLiteral("--restore-check")});
        QVERIFY(check.waitForFinished(30000));
        const QByteArray out = check.readAllStandardOutput() + check.readAllStandardError();
        QVERIFY2(check.exitCode() == 0 && out.contains("restore available"), out.constData());
        const QByteArray recovered = readAll(dir.filePath(QStringLiteral("autosave/recovered.json")));
        QVERIFY2(sessionProblem(recovered).isEmpty(), qPrintable(sessionProblem(recovered)));
        QVERIFY(!QJsonDocument::fromJson(recovered).object().value(QStringLiteral("edits")).toArray().isEmpty());
    }
};

QTEST_MAIN(TestKilledSaving)
#include "tst_killed_saving.moc"
