// Every scenario of tests/conformance/loop-timed/: a loop scenario with a timeline of cluster
// events (NAME.timeline.yaml), run as `berthctl schedule -f NAME.yaml --timeline
// NAME.timeline.yaml --tie-break name --admission none --kube-version 1.26 -o json` runs it
// (a plan with the timeline's timed edits), against the final state its README derives by
// hand from upstream v1.26.15 (the Go oracle cannot play timelines yet).

#include <QtTest/QtTest>

#include <QJsonDocument>
#include <QJsonObject>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/report_writer.h"
#include "plan/plan.h"
#include "plan/timeline_file.h"
#include "testlib/loop_report.h"

using namespace berth;
namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

class TestLoopTimedScenarios : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void finalState_data() {
        QTest::addColumn<QString>("stem");  // the folder's NAME, as a path without extension
        const fs::path dir = fs::path(BERTH_CONFORMANCE_DIR) / "loop-timed";
        std::vector<fs::path> stems;
        for (const auto& e : fs::directory_iterator(dir)) {
            const std::string name = e.path().filename().string();
            const std::string suffix = ".expected.json";
            if (name.size() > suffix.size() && name.ends_with(suffix))
                stems.push_back(dir / name.substr(0, name.size() - suffix.size()));
        }
        std::sort(stems.begin(), stems.end());
        QVERIFY2(!stems.empty(), "tests/conformance/loop-timed scenarios not found");
        for (const fs::path& s : stems)
            QTest::newRow(s.filename().string().c_str()) << QString::fromStdString(s.string());
    }

    void finalState() {
        QFETCH(QString, stem);
        const std::string base = stem.toStdString();
        auto in = std::make_shared<plan::PlanInput>();
        in->manifests.push_back({base + ".yaml", readAll(base + ".yaml")});
        in->version = *core::KubeVersion::parse("1.26");
        in->tieBreak = core::TieBreak::Name;
        in->admitManifests = false;
        in->run.checkInvariants = true;
        io::Diagnostics d;
        in->timeline = plan::readTimelineFile(readAll(base + ".timeline.yaml"), base + ".timeline.yaml", d);
        QVERIFY2(!d.hasErrors() && !in->timeline.empty(), d.firstErrors(3).c_str());
        plan::Plan p(in);
        QVERIFY2(p.ok() && !p.load().diagnostics.hasErrors(), p.load().diagnostics.firstErrors(3).c_str());
        p.runToEnd();
        QVERIFY(p.timedEditErrors().empty());
        const std::vector<std::string> violations = p.sim().checkInvariants();
        QVERIFY2(violations.empty(), violations.empty() ? "" : violations[0].c_str());

        const QJsonObject got = QJsonDocument::fromJson(QByteArray::fromStdString(io::reportJson(p.sim()))).object();
        const QJsonObject want =
            QJsonDocument::fromJson(QByteArray::fromStdString(readAll(base + ".expected.json"))).object();
        QVERIFY(!want.isEmpty());
        // Every pod of the report is expected: the timeline's effects leave no pod unchecked.
        QCOMPARE(got["pods"].toArray().size(), want["pods"].toArray().size());
        const QString difference = testlib::loopReportDifference(got, want);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(TestLoopTimedScenarios)
#include "tst_loop_timed_scenarios.moc"
