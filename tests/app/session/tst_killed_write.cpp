// A process killed (SIGKILL) in the middle of writing an export or the autosave leaves the
// previous file intact: this test runs itself as a child that writes large files over and over
// through the app's own writers — writeFileAtomically, as File > Export and Save use it, and
// Autosave::write — kills it at a random moment, and reads the file back. It must be one
// whole generation (the previous one or the new one), never a mix or a cut.

#include <QtTest/QtTest>

#include <QCryptographicHash>
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <csignal>

#include "app/session/atomic_file.h"
#include "app/session/autosave.h"

using namespace berth::app;

namespace {

constexpr qsizetype kSize = 16 * 1024 * 1024;  // large enough that a write takes a while

/// Generation `n`: a header line with its number and the body's SHA-1, then the body (bytes that
/// depend on n). intact() recognises exactly these.
QByteArray generation(int n) {
    QByteArray body(kSize, Qt::Uninitialized);
    quint32 x = 2654435761u * static_cast<quint32>(n + 1);
    for (qsizetype i = 0; i < body.size(); ++i) {
        x = x * 1664525u + 1013904223u;
        body[i] = static_cast<char>('a' + (x >> 24) % 26);
    }
    const QByteArray sha = QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
    return "generation " + QByteArray::number(n) + " " + sha + "\n" + body;
}

/// The generation the file holds, or -1 when it is not one whole generation.
int intact(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QByteArray all = f.readAll();
    const qsizetype nl = all.indexOf('\n');
    if (nl < 0) return -1;
    const QList<QByteArray> header = all.left(nl).split(' ');
    const QByteArray body = all.mid(nl + 1);
    if (header.size() != 3 || header[0] != "generation" || body.size() != kSize) return -1;
    if (QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex() != header[2]) return -1;
    return header[1].toInt();
}

/// The child: writes generations `first`, first + 1, ... to `path` until it is killed. `how`
/// "export": writeFileAtomically; "autosave": an Autosave of `path`'s folder (autosave.json).
int child(const QString& how, const QString& path, int first) {
    Autosave autosave(QFileInfo(path).absolutePath());
    if (how == "autosave" && !autosave.start()) return 2;
    for (int n = first;; ++n) {
        const QByteArray data = generation(n);
        const QString err = how == "export" ? writeFileAtomically(path, data, true) : autosave.write(data);
        if (!err.isEmpty()) return 3;
        fputs("w\n", stdout);  // one whole generation written
        fflush(stdout);
    }
}

}  // namespace

class TestKilledWrite : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killedMidWrite_data();
    void killedMidWrite();
};

void TestKilledWrite::killedMidWrite_data() {
    QTest::addColumn<QString>("how");
    QTest::newRow("export") << "export";
    QTest::newRow("autosave") << "autosave";
}

void TestKilledWrite::killedMidWrite() {
    QFETCH(QString, how);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const bool exporting = how == "export";
    const QString path = dir.filePath(exporting ? "placements.yaml" : "autosave.json");
    // What a person finds after the crash: the export itself; for the autosave, the file the
    // next start sets aside and offers to restore (recovered.json).
    const QString found = exporting ? path : dir.filePath("recovered.json");
    QCOMPARE(writeFileAtomically(path, generation(0), true), QString());  // the file before
    QRandomGenerator rng(15);
    for (int round = 1; round <= 6; ++round) {
        const int first = round * 1000;
        QProcess p;
        p.setProgram(QCoreApplication::applicationFilePath());
        p.setArguments({"--child", how, path, QString::number(first)});
        p.start();
        QVERIFY(p.waitForStarted());
        // A random moment: in the first write, or after a few.
        QTest::qWait(static_cast<int>(rng.bounded(10, 400)));
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        const int written = static_cast<int>(p.readAllStandardOutput().count('\n'));
        if (!exporting) {
            // The next start: the killed child's lock is stale and taken over.
            Autosave next(dir.path());
            QVERIFY(next.start());
            QVERIFY(next.restoreAvailable());
            next.finish();
        }
        const int generationFound = intact(found);
        qInfo("round %d: killed after %d whole writes; %s holds generation %d", round, written,
              qPrintable(QFileInfo(found).fileName()), generationFound);
        // Whole: one written before this child, or one it wrote (a kill between the rename
        // and its "w" line leaves one more than it reported).
        QVERIFY2(generationFound >= 0, qPrintable(QString("round %1: %2 is cut or mixed").arg(round).arg(found)));
        QVERIFY2(generationFound <= first + written,
                 qPrintable(QString("round %1: generation %2 of %3").arg(round).arg(generationFound).arg(first + written)));
    }
}

int main(int argc, char** argv) {
    if (argc == 5 && QByteArray(argv[1]) == "--child") {
        QCoreApplication app(argc, argv);
        return child(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]), QByteArray(argv[4]).toInt());
    }
    QCoreApplication app(argc, argv);
    TestKilledWrite t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_killed_write.moc"
