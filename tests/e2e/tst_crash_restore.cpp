// Crash recovery, end to end: the real `berth` binary makes an edit (--cordon), autosaves
// it, is killed with SIGKILL, and the next start offers to restore it (--restore-check).
// A clean exit, by contrast, leaves nothing to restore.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

QProcessEnvironment env(const QTemporaryDir& dir) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    e.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
    e.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
    e.insert(QStringLiteral("BERTH_AUTOSAVE_DIR"), dir.filePath(QStringLiteral("autosave")));
    e.insert(QStringLiteral("BERTH_AUTOSAVE_MS"), QStringLiteral("200"));
    return e;
}

/// Runs `berth --restore-check`: its exit code (0: restore offered) and output.
std::pair<int, QByteArray> restoreCheck(const QTemporaryDir& dir) {
    QProcess p;
    p.setProcessEnvironment(env(dir));
    p.start(QStringLiteral(BERTH_BINARY), {QStringLiteral("--restore-check")});
    if (!p.waitForFinished(30000)) return {-1, {}};
    return {p.exitCode(), p.readAllStandardOutput() + p.readAllStandardError()};
}

}  // namespace

class TestCrashRestore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killedSessionIsOffered() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString autosave = dir.filePath(QStringLiteral("autosave/autosave.json"));
        QProcess app;
        app.setProcessEnvironment(env(dir));
        app.start(QStringLiteral(BERTH_BINARY), {kSmall, QStringLiteral("--cordon"), QStringLiteral("node-a1")});
        QVERIFY2(app.waitForStarted(10000), qPrintable(app.errorString()));
        // The edit is autosaved within a couple of periods.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(autosave), 30000);
        app.kill();  // SIGKILL: no destructors, no clean-up
        QVERIFY(app.waitForFinished(10000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFile::exists(autosave));

        const auto [code, out] = restoreCheck(dir);
        QVERIFY2(code == 0, out.constData());
        QVERIFY(out.contains("restore available"));
        const QString recovered = dir.filePath(QStringLiteral("autosave/recovered.json"));
        QFile f(recovered);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject session = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(session.value(QStringLiteral("version")).toInt(), 1);
        const QJsonArray edits = session.value(QStringLiteral("edits")).toArray();
        QCOMPARE(edits.size(), 1);
        QCOMPARE(edits[0].toObject().value(QStringLiteral("op")).toString(), QStringLiteral("cordon"));
        QCOMPARE(edits[0].toObject().value(QStringLiteral("node")).toString(), QStringLiteral("node-a1"));
        // Still offered until restored or discarded, even across more starts.
        QCOMPARE(restoreCheck(dir).first, 0);
    }

    void cleanExitLeavesNothing() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // --screenshot quits through the event loop once the run is done: a clean exit.
        QProcess app;
        app.setProcessEnvironment(env(dir));
        app.start(QStringLiteral(BERTH_BINARY),
                  {kSmall, QStringLiteral("--cordon"), QStringLiteral("node-a1"), QStringLiteral("--run"),
                   QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("shot.png"))});
        QVERIFY(app.waitForStarted(10000));
        QVERIFY(app.waitForFinished(120000));
        QVERIFY2(app.exitStatus() == QProcess::NormalExit && app.exitCode() == 0,
                 app.readAllStandardError().constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("autosave/autosave.json"))));
        QCOMPARE(restoreCheck(dir).first, 3);
    }
};

QTEST_MAIN(TestCrashRestore)
#include "tst_crash_restore.moc"
