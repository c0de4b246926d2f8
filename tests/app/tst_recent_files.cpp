// File > Open Recent and the refusal of bad files. RecentFiles on its own (order, cap,
// persistence in a temporary INI file, never the user's settings), then through the real
// controller: a dropped or recent file that is bad or gone never replaces the plan on show.

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "app/session/recent_files.h"
#include "app/simulation_controller.h"

using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");

QStringList labels(const RecentFiles& r) {
    QStringList out;
    for (int i = 0; i < r.rowCount(); ++i) out << r.index(i).data(RecentFiles::LabelRole).toString();
    return out;
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return path;
}

}  // namespace

class TestRecentFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        // Anything that reaches for the default QSettings lands in a test location.
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
    }

    // add() puts an entry on top; adding a listed one moves it there; the list keeps the
    // newest kMaxEntries (8).
    void orderAndCap_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QStringList>("opened");  // file names, opened in this order
        QTest::addColumn<QStringList>("expected"); // the menu, top first
        QTest::newRow("newest first") << QStringList{"a.yaml", "b.yaml", "c.yaml"} << QStringList{"c.yaml", "b.yaml", "a.yaml"};
        QTest::newRow("reopen moves to top") << QStringList{"a.yaml", "b.yaml", "a.yaml"} << QStringList{"a.yaml", "b.yaml"};
        QTest::newRow("reopen top: no change") << QStringList{"a.yaml", "a.yaml"} << QStringList{"a.yaml"};
        // 10 files: the first two (0, 1) drop off, 9..2 stay.
        QStringList ten, kept;
        for (int i = 0; i < 10; ++i) ten << QStringLiteral("f%1.yaml").arg(i);
        for (int i = 9; i >= 2; --i) kept << QStringLiteral("f%1.yaml").arg(i);
        QTest::newRow("cap at 8") << ten << kept;
    }
    void orderAndCap() {
        QFETCH(QStringList, opened);
        QFETCH(QStringList, expected);
        RecentFiles r;
        QAbstractItemModelTester t(&r, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const QString& name : opened) r.add(RecentFiles::Manifests, {m_settingsDir.filePath(name)});
        QCOMPARE(labels(r), expected);
        QCOMPARE(r.count(), expected.size());
    }

    // A manifest set is one entry (its files together); a session is another kind.
    void kindsAndSets() {
        RecentFiles r;
        QAbstractItemModelTester t(&r, QAbstractItemModelTester::FailureReportingMode::QtTest);
        r.add(RecentFiles::Manifests, {QStringLiteral("/x/nodes.yaml"), QStringLiteral("/x/pods.yaml")});
        r.add(RecentFiles::Session, {QStringLiteral("/x/plan.berth.json")});
        r.add(RecentFiles::Manifests, {QStringLiteral("/x/nodes.yaml")});  // a different set
        QCOMPARE(labels(r), (QStringList{"nodes.yaml", "plan.berth.json", "nodes.yaml, pods.yaml"}));
        QVERIFY(r.isSession(1));
        QVERIFY(!r.isSession(2));
        QCOMPARE(r.index(1).data(RecentFiles::KindRole).toInt(), int(RecentFiles::Session));
        r.remove(0);
        QCOMPARE(labels(r), (QStringList{"plan.berth.json", "nodes.yaml, pods.yaml"}));
        r.clear();
        QCOMPARE(r.count(), 0);
    }

    // Entries whose files are gone are marked (the menu shows them disabled).
    void missingFiles() {
        QTemporaryDir dir;
        const QString kept = write(dir, QStringLiteral("kept.yaml"), "x");
        const QString gone = write(dir, QStringLiteral("gone.yaml"), "x");
        RecentFiles r;
        QAbstractItemModelTester t(&r, QAbstractItemModelTester::FailureReportingMode::QtTest);
        r.add(RecentFiles::Manifests, {kept, gone});
        r.add(RecentFiles::Manifests, {kept});
        QVERIFY(r.index(1).data(RecentFiles::ExistsRole).toBool());
        QVERIFY(QFile::remove(gone));
        QSignalSpy changed(&r, &QAbstractItemModel::dataChanged);
        r.refresh();
        QCOMPARE(changed.count(), 1);  // only the entry with the removed file
        QVERIFY(r.index(0).data(RecentFiles::ExistsRole).toBool());
        QVERIFY(!r.index(1).data(RecentFiles::ExistsRole).toBool());
        QCOMPARE(r.missingPaths(1), QStringList{gone});
        QVERIFY(r.missingPaths(0).isEmpty());
    }

    // Persisted: a second instance reading the same settings sees the same list; without
    // persistence nothing is written.
    void persistence() {
        const QString ini = m_settingsDir.filePath(QStringLiteral("recent.ini"));
        {
            RecentFiles scratch;  // in memory only
            scratch.add(RecentFiles::Manifests, {QStringLiteral("/tmp/never.yaml")});
        }
        QVERIFY(!QFile::exists(ini));
        {
            RecentFiles r;
            r.enablePersistence(ini);
            r.add(RecentFiles::Manifests, {QStringLiteral("/data/a.yaml")});
            r.add(RecentFiles::Session, {QStringLiteral("/data/s.json")});
        }
        RecentFiles again;
        QAbstractItemModelTester t(&again, QAbstractItemModelTester::FailureReportingMode::QtTest);
        again.enablePersistence(ini);
        QCOMPARE(labels(again), (QStringList{"s.json", "a.yaml"}));
        QVERIFY(again.isSession(0));
        again.clear();
        RecentFiles cleared;
        cleared.enablePersistence(ini);
        QCOMPARE(cleared.count(), 0);
    }

    // The file dialogs' folder: the home folder until one is chosen; kept with the list; the
    // home folder again once the folder is gone.
    void lastFolder() {
        QTemporaryDir chosen;
        QVERIFY(chosen.isValid());
        const QString ini = m_settingsDir.filePath(QStringLiteral("folder.ini"));
        {
            RecentFiles r;
            r.enablePersistence(ini);
            QCOMPARE(r.lastFolder(), QUrl::fromLocalFile(QDir::homePath()));
            QSignalSpy changed(&r, &RecentFiles::lastFolderChanged);
            r.setLastFolder(QUrl::fromLocalFile(chosen.path() + QStringLiteral("/sub/..")));
            QCOMPARE(changed.count(), 1);
            QCOMPARE(r.lastFolder(), QUrl::fromLocalFile(chosen.path()));
            r.setLastFolder(QUrl(QStringLiteral("https://example.com/")));  // not a folder here
            QCOMPARE(r.lastFolder(), QUrl::fromLocalFile(chosen.path()));
        }
        RecentFiles again;
        again.enablePersistence(ini);
        QCOMPARE(again.lastFolder(), QUrl::fromLocalFile(chosen.path()));
        QVERIFY(chosen.remove());
        QCOMPARE(again.lastFolder(), QUrl::fromLocalFile(QDir::homePath()));
    }

    // Through the controller: a good file loads and is listed; a bad one (syntax error, an
    // object with an error, an empty file, a wrong extension) is refused with its file and
    // line, and the plan on show stays.
    void badFilesNeverReplaceThePlan_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("mentions");  // in the first problem
        QTest::newRow("yaml syntax") << "broken.yaml" << QByteArray("apiVersion: v1\nkind: Node\nmetadata: {name: [x\n")
                                     << "broken.yaml:";
        QTest::newRow("bad quantity") << "bad.yaml"
                                      << QByteArray("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
                                                    "status:\n  allocatable: {cpu: lots}\n")
                                      << "bad.yaml:5";
        QTest::newRow("nothing to plan") << "empty.json" << QByteArray("{}") << "empty.json";
        QTest::newRow("not a manifest") << "notes.txt" << QByteArray("hello") << "notes.txt";
    }
    void badFilesNeverReplaceThePlan() {
        QFETCH(QString, name);
        QFETCH(QByteArray, text);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        const QString path = write(dir, name, text);
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->load({QUrl::fromLocalFile(kSmall)});
        QVERIFY(loaded.wait(10000));
        QCOMPARE(c.source(), QStringLiteral("small-cluster.yaml"));
        QCOMPARE(c.session()->recentFiles()->count(), 1);
        const int nodes = c.nodes()->rowCount();

        QSignalSpy failed(c.session(), &SessionController::openFailed);
        c.session()->openDropped({QUrl::fromLocalFile(path)});
        // Refused at once (not a manifest) or by the worker once it has read the file.
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
        const QStringList problems = failed.first().at(1).toStringList();
        QVERIFY(!problems.isEmpty());
        QVERIFY2(problems.first().contains(mentions), qPrintable(problems.join('\n')));
        QVERIFY2(c.statusText().contains(mentions), qPrintable(c.statusText()));
        // No reload: the same plan, the same recent list, nothing left busy.
        QVERIFY(!loaded.wait(300));
        QVERIFY(!c.busy());
        QCOMPARE(c.source(), QStringLiteral("small-cluster.yaml"));
        QCOMPARE(c.nodes()->rowCount(), nodes);
        QCOMPARE(c.session()->recentFiles()->count(), 1);
    }

    void dropAndReopenFromRecent() {
        QTemporaryDir dir;
        QFile small(kSmall);
        QVERIFY(small.open(QIODevice::ReadOnly));
        const QString copy = write(dir, QStringLiteral("dropped.yml"), small.readAll());
        SimulationController c;
        QSignalSpy loaded(&c, &SimulationController::loadedChanged);
        c.session()->openDropped({QUrl::fromLocalFile(copy)});
        QVERIFY(loaded.wait(10000));
        QCOMPARE(c.source(), QStringLiteral("dropped.yml"));
        c.session()->load({QUrl::fromLocalFile(kSmall)});
        QVERIFY(loaded.wait(10000));
        QCOMPARE(labels(*c.session()->recentFiles()), (QStringList{"small-cluster.yaml", "dropped.yml"}));

        c.session()->openRecent(1);  // dropped.yml again: back on top
        QVERIFY(loaded.wait(10000));
        QCOMPARE(c.source(), QStringLiteral("dropped.yml"));
        QCOMPARE(labels(*c.session()->recentFiles()), (QStringList{"dropped.yml", "small-cluster.yaml"}));

        // Gone since: refused with a message, removed from the list, the plan stays.
        QVERIFY(QFile::remove(copy));
        QSignalSpy failed(c.session(), &SessionController::openFailed);
        c.session()->openRecent(0);
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.first().at(0).toString().contains(QStringLiteral("dropped.yml")), qPrintable(failed.first().at(0).toString()));
        QCOMPARE(labels(*c.session()->recentFiles()), QStringList{"small-cluster.yaml"});
        QVERIFY(!loaded.wait(300));
        QCOMPARE(c.source(), QStringLiteral("dropped.yml"));
    }

private:
    QTemporaryDir m_settingsDir;
};

QTEST_GUILESS_MAIN(TestRecentFiles)
#include "tst_recent_files.moc"
