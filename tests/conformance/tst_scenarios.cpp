// Every scenario of tests/conformance/scenarios/, twice: the decisions of upstream kube-scheduler
// v1.26.15 (scenarios/*.expected.jsonl, --kube-version 1.26) and of v1.37.2 (written by the
// oracle of tests/oracle into scenarios-1.37/, Berth's default version), reproduced line for
// line (--tie-break name --percentage-of-nodes-to-score 100 --single-pass --no-preemption
// --admission none: the files are read by the manifest loader alone, and no admission runs, as
// none ran when upstream decided them).

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

#include "core/simulation.h"
#include "testlib/simulation_watch.h"
#include "io/manifest_loader.h"
#include "io/trace_writer.h"

using namespace berth;
namespace fs = std::filesystem;

class TestScenarios : public QObject {
    Q_OBJECT
private slots:
    void singlePass_data();
    void singlePass();
};

namespace {

std::vector<std::string> readLines(const fs::path& p) {
    std::ifstream in(p);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) lines.push_back(l);
    return lines;
}

}  // namespace

void TestScenarios::singlePass_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("version");  // empty: Berth's default (newest) version
    const fs::path dir = fs::path(BERTH_CONFORMANCE_DIR) / "scenarios";
    // The expected files of each release, for the same scenario files.
    const std::pair<const char*, const char*> sets[] = {{"scenarios", "1.26"}, {"scenarios-1.37", ""}};
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
            expected.replace_extension(".expected.jsonl");
            if (!fs::exists(expected)) continue;
            const std::string row = std::string(*version ? version : "default") + "/" + f.stem().string();
            QTest::newRow(row.c_str()) << QString::fromStdString(f.string()) << QString::fromStdString(expected.string())
                                       << QString(version);
            ++found[k];
        }
    }
    QVERIFY2(found[0] >= 6, "tests/conformance/scenarios not found");
    QVERIFY2(found[1] >= 6, "tests/conformance/scenarios-1.37 not found");
    // clang-format on
}

void TestScenarios::singlePass() {
    QFETCH(QString, yaml);
    QFETCH(QString, expected);
    QFETCH(QString, version);
    // The 1.37 files are decided by Berth's default version, which must be 1.37.
    QCOMPARE(QString::fromStdString(core::KubeVersion{}.toString()), QString("1.37"));
    core::Cluster cluster;
    io::LoadResult load;
    io::LoadOptions lo;
    lo.version = version.isEmpty() ? core::KubeVersion{} : *core::KubeVersion::parse(version.toStdString());
    io::loadManifestFile(yaml.toStdString(), cluster, load, lo);
    io::validateCluster(cluster, load);
    for (const auto& d : load.diagnostics.items) qWarning("%s", d.toString().c_str());
    QVERIFY(!load.diagnostics.hasErrors());

    core::SchedulerOptions so;
    so.version = lo.version;
    so.tieBreak = core::TieBreak::Name;
    so.percentageOfNodesToScore = 100;
    so.preemption = false;
    so.trace = true;
    testlib::CheckedSimulation sim(cluster, load.config.value_or(core::SchedulerConfiguration{}), so);
    std::string error;
    QVERIFY2(sim.init(error), error.c_str());
    std::vector<std::string> got;
    sim.setTraceListener([&](const core::CycleTrace& t) { got.push_back(io::traceToJsonLine(t)); });
    sim.runSinglePass();

    const auto want = readLines(expected.toStdString());
    int mismatches = 0;
    for (std::size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
        const std::string w = i < want.size() ? want[i] : "<missing>";
        const std::string g = i < got.size() ? got[i] : "<missing>";
        bool same = w == g;
        // A SchedulerError message only has to match its prefix.
        if (!same && w.find("\"message\":\"SchedulerError:") != std::string::npos &&
            g.find("\"message\":\"SchedulerError:") != std::string::npos)
            same = w.substr(0, w.find("\"message\"")) == g.substr(0, g.find("\"message\""));
        if (!same && mismatches++ < 5)
            qWarning("line %zu differs\n  want: %s\n  got:  %s", i + 1, w.c_str(), g.c_str());
    }
    QCOMPARE(got.size(), want.size());
    QCOMPARE(mismatches, 0);
}

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
