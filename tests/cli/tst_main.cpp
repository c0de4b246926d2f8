// berthctl as a CI job runs it: the binary, its exit status, its standard output and error.

#include <QProcess>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestMain : public QObject {
    Q_OBJECT
private slots:
    void versionNamesTheProjectAndTheDefaultRelease();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out, err;
    };
    Run berthctl(const QStringList& args);
};

TestMain::Run TestMain::berthctl(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(BERTHCTL_PATH), args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit) return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void TestMain::versionNamesTheProjectAndTheDefaultRelease() {
    const Run r = berthctl({u"--version"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("berthctl " BERTH_VERSION " (kube-scheduler 1.37, default --kube-version)\n"));
    QVERIFY(r.err.isEmpty());
    QVERIFY(berthctl({u"--help"_s}).out.contains("--version"));
}

QTEST_GUILESS_MAIN(TestMain)
#include "tst_main.moc"
