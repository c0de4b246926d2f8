// Every scenario of tests/conformance/loop/: the final state upstream kube-scheduler v1.26.15
// reached running its whole loop (queue, backoff, preemption, asynchronous binding), as
// `berthctl schedule -f NAME.yaml --tie-break name --admission none --kube-version 1.26 -o json`
// reports it; and
// the final state v1.37.2 reached (loop-1.37/, written by tests/oracle) as Berth's default
// version reports it (the same command without --kube-version). Upstream decided them with the
// scheduler alone, no API server, so its pods had no admission: they are run with
// `--admission none`, and admission can grow without moving these answers.

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <filesystem>
#include <optional>

#include "core/simulation.h"
#include "testlib/simulation_watch.h"
#include "plan/cluster_setup.h"
#include "io/manifest_loader.h"
#include "io/report_writer.h"

using namespace berth;
namespace fs = std::filesystem;

class TestLoopScenarios : public QObject {
    Q_OBJECT
private slots:
    void finalState_data();
    void finalState();
    void berthctlReportsTheSame_data() { finalState_data(); }
    void berthctlReportsTheSame();
    void deterministicEvents();
    void berthctlEventsAreByteIdentical();
};

void TestLoopScenarios::finalState_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("version");  // empty: Berth's default (newest) version
    const fs::path dir = fs::path(BERTH_CONFORMANCE_DIR) / "loop";
    // The expected files of each release, for the same scenario files.
    const std::pair<const char*, const char*> sets[] = {{"loop", "1.26"}, {"loop-1.37", ""}};
    std::vector<fs::path> files;
    if (fs::exists(dir))
        for (const auto& e : fs::directory_iterator(dir))
            if (e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    int found[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        const auto& [folder, version] = sets[k];
        for (const auto& f : files) {
            fs::path expected = fs::path(BERTH_CONFORMANCE_DIR) / folder / f.filename();
            expected.replace_extension(".expected.json");
            if (!fs::exists(expected)) continue;
            const std::string row = std::string(*version ? version : "default") + "/" + f.stem().string();
            QTest::newRow(row.c_str()) << QString::fromStdString(f.string()) << QString::fromStdString(expected.string())
                                       << QString(version);
            ++found[k];
        }
    }
    QVERIFY2(found[0] >= 3, "tests/conformance/loop scenarios not found");
    QVERIFY2(found[1] >= 3, "tests/conformance/loop-1.37 scenarios not found");
    // clang-format on
}

namespace {

/// `version` empty: Berth's default version.
QJsonObject runToJson(const std::string& yaml, const QString& version, std::string* eventsOut = nullptr) {
    core::Cluster cluster;
    io::LoadResult load;
    io::LoadOptions lo;
    lo.version = version.isEmpty() ? core::KubeVersion{} : *core::KubeVersion::parse(version.toStdString());
    io::loadManifestFile(yaml, cluster, load, lo);
    // As berthctl --admission none does (seed 0): the scenarios' pods were never admitted.
    plan::finishLoading(cluster, load, 0, lo.version, /*admitManifests=*/false);
    if (load.diagnostics.hasErrors()) return {};
    core::SchedulerOptions so;
    so.version = lo.version;
    so.tieBreak = core::TieBreak::Name;
    testlib::CheckedSimulation sim(cluster, load.config.value_or(core::SchedulerConfiguration{}), so);
    std::string error;
    if (!sim.init(error)) return {};
    plan::attachControllers(sim, 0, lo.version);  // as a plan does: workloads and disruption controllers
    if (eventsOut)
        sim.setEventListener([&](const core::SimEvent& e) {
            *eventsOut += std::to_string(e.time) + " " + core::eventTypeName(e.type) + " " + std::to_string(e.pod) +
                          " " + std::to_string(e.node) + " " + e.message + "\n";
        });
    sim.run();
    return QJsonDocument::fromJson(QByteArray::fromStdString(io::reportJson(sim))).object();
}

}  // namespace

void TestLoopScenarios::finalState() {
    QFETCH(QString, yaml);
    QFETCH(QString, expected);
    QFETCH(QString, version);
    // The 1.37 files are decided by Berth's default version, which must be 1.37.
    QCOMPARE(QString::fromStdString(core::KubeVersion{}.toString()), QString("1.37"));
    QFile f(expected);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject want = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject got = runToJson(yaml.toStdString(), version);
    QVERIFY2(!got.isEmpty(), "scenario failed to load or run");

    QHash<QString, QJsonObject> gotPods;
    for (const auto& v : got["pods"].toArray()) gotPods.insert(v.toObject()["pod"].toString(), v.toObject());
    for (const auto& v : want["pods"].toArray()) {
        const QJsonObject w = v.toObject();
        const QString name = w["pod"].toString();
        QVERIFY2(gotPods.contains(name), qPrintable("missing pod " + name));
        const QJsonObject g = gotPods[name];
        for (auto it = w.begin(); it != w.end(); ++it)
            QVERIFY2(g[it.key()] == it.value(),
                     qPrintable(name + "." + it.key() + ": want " + it.value().toVariant().toString() + ", got " +
                                g[it.key()].toVariant().toString()));
    }
    QStringList wantEvicted, gotEvicted;
    for (const auto& v : want["evicted"].toArray()) wantEvicted << v.toString();
    for (const auto& v : got["evicted"].toArray()) gotEvicted << v.toString();
    wantEvicted.sort();
    gotEvicted.sort();
    QCOMPARE(gotEvicted, wantEvicted);
}

namespace {

/// Runs the real berthctl binary; its standard output, or nullopt when it failed.
std::optional<QByteArray> berthctl(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(BERTHCTL_PATH), args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("berthctl %s failed: %s", qPrintable(args.join(' ')), p.readAllStandardError().constData());
        return std::nullopt;
    }
    return p.readAllStandardOutput();
}

}  // namespace

void TestLoopScenarios::berthctlReportsTheSame() {
    // The scenarios' own command line gives exactly the report the library pipeline gives,
    // so finalState() holds for `berthctl schedule -f NAME.yaml --tie-break name
    // --admission none [--kube-version 1.26] -o json`.
    QFETCH(QString, yaml);
    QFETCH(QString, version);
    // --check: the invariants hold too (berthctl exits 5 otherwise).
    QStringList args{"schedule", "-f", yaml, "--tie-break", "name", "--admission", "none", "-o", "json", "--check"};
    if (!version.isEmpty()) args << "--kube-version" << version;
    const auto out = berthctl(args);
    QVERIFY(out && !out->isEmpty());
    const QJsonObject cli = QJsonDocument::fromJson(*out).object();
    const QJsonObject lib = runToJson(yaml.toStdString(), version);
    QVERIFY(!lib.isEmpty());
    QCOMPARE(QJsonDocument(cli).toJson(), QJsonDocument(lib).toJson());
}

void TestLoopScenarios::berthctlEventsAreByteIdentical() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString yaml =
        QString::fromStdString((fs::path(BERTH_CONFORMANCE_DIR) / "loop" / "pdb-violation.yaml").string());
    QByteArray streams[2];
    for (int i = 0; i < 2; ++i) {
        const QString events = dir.filePath(QString("events-%1.jsonl").arg(i));
        QVERIFY(berthctl({"schedule", "-f", yaml, "--seed", "7", "--events", events, "-o", "none"}));
        QFile f(events);
        QVERIFY(f.open(QIODevice::ReadOnly));
        streams[i] = f.readAll();
    }
    QVERIFY(streams[0].count('\n') > 5);
    QCOMPARE(streams[0], streams[1]);
}

void TestLoopScenarios::deterministicEvents() {
    // The same input and seed give byte-identical event streams.
    const std::string yaml = (fs::path(BERTH_CONFORMANCE_DIR) / "loop" / "basic-preemption.yaml").string();
    std::string a, b;
    runToJson(yaml, "1.26", &a);
    runToJson(yaml, "1.26", &b);
    QVERIFY(!a.empty());
    QCOMPARE(QString::fromStdString(a), QString::fromStdString(b));
}

QTEST_GUILESS_MAIN(TestLoopScenarios)
#include "tst_loop_scenarios.moc"
