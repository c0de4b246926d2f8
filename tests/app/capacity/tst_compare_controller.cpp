// The Capacity panel's configurations side by side, C++ side: CompareController over the real
// SimulationController on the small test cluster with the examples' LeastAllocated and
// MostAllocated configurations (resources/examples/capacity). Under both, huge (64 cpu) stays
// pending and the other 8 pods are placed (6 web, cache, worker: 12 cpu of the 16 schedulable);
// the rest of the answer is the plan layer's, the one `berthctl capacity compare` prints.

#include <QSignalSpy>
#include <QTest>

#include "app/capacity/compare_controller.h"
#include "app/simulation_controller.h"
#include "plan/capacity/compare_report.h"

using namespace berth;
using namespace berth::app;

namespace {

const QString kSmall = QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml");
const QString kExamples = QStringLiteral(BERTH_SOURCE_DIR "/resources/examples/capacity/");

bool load(SimulationController& c, const QString& path) {
    QSignalSpy loaded(&c, &SimulationController::loadedChanged);
    c.session()->loadFiles({path});
    return loaded.wait(10000);
}

}  // namespace

class TestCompareController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void leastAgainstMost() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        CompareController& k = *c.compare();
        k.compare(QStringLiteral("topology.kubernetes.io/zone"));
        QCOMPARE(k.error(), QStringLiteral("add two or more KubeSchedulerConfiguration files to compare"));
        QCOMPARE(k.addConfigFile(QUrl::fromLocalFile(kExamples + "least-allocated.yaml")), QString());
        QCOMPARE(k.addConfigFile(QUrl::fromLocalFile(kExamples + "most-allocated.yaml")), QString());
        QCOMPARE(k.configs(), (QStringList{"least-allocated", "most-allocated"}));
        k.compare(QStringLiteral("topology.kubernetes.io/zone"));
        QVERIFY(k.computing());
        QVERIFY(QTest::qWaitFor([&] { return !k.computing(); }, 60000));
        QVERIFY2(k.valid(), qPrintable(k.error()));
        QCOMPARE(k.outcomes().size(), 2);
        for (const QVariant& o : k.outcomes()) {
            QCOMPARE(o.toMap().value("pending").toInt(), 1);
            QCOMPARE(o.toMap().value("placed").toInt(), 8);
        }
        QCOMPARE(k.groups(), (QStringList{"zone-a", "zone-b"}));
        QCOMPARE(k.utilization(QStringLiteral("cpu")).size(), 2);

        // The report is berthctl's on the same plan and files.
        plan::capacity::CompareRequest request;
        for (const char* name : {"least-allocated", "most-allocated"}) {
            QFile f(kExamples + name + ".yaml");
            QVERIFY(f.open(QIODevice::ReadOnly));
            request.configs.push_back({name, (kExamples + name + ".yaml").toStdString(), f.readAll().toStdString()});
        }
        io::Diagnostics diags;
        const auto direct =
            plan::capacity::compareConfigurations(c.session()->planSession()->input(), {}, request, diags);
        QVERIFY(direct);
        QCOMPARE(k.markdown().toStdString(),
                 plan::capacity::compareReport(*direct, plan::capacity::ReportFormat::Markdown));
        QCOMPARE(c.session()->history()->appliedCount(), 0);  // the plan on show is untouched
    }

    void aBadConfigurationIsAnError() {
        SimulationController c;
        QVERIFY(load(c, kSmall));
        CompareController& k = *c.compare();
        QCOMPARE(k.addConfigFile(QUrl::fromLocalFile(kExamples + "least-allocated.yaml")), QString());
        // A cluster manifest is no configuration.
        QCOMPARE(k.addConfigFile(QUrl::fromLocalFile(kSmall)), QString());
        k.compare({});
        QVERIFY(QTest::qWaitFor([&] { return !k.computing(); }, 60000));
        QVERIFY(!k.valid());
        QVERIFY2(k.error().contains(QStringLiteral("small-cluster.yaml")), qPrintable(k.error()));
        k.removeConfig(1);
        QCOMPARE(k.configs(), QStringList{"least-allocated"});
    }
};

QTEST_MAIN(TestCompareController)
#include "tst_compare_controller.moc"
