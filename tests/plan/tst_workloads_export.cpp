// The "workloads" export (berthctl -o workloads): the owning workloads as loaded, with the
// planned replica count, and the placed standalone Pods with spec.nodeName; never the pods
// a controller made, nor a workload another loaded workload owns.

#include <QTest>

#include "plan/plan_export.h"

using namespace berth;

namespace {

const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default, uid: abc, resourceVersion: "7"}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
status: {replicas: 2}
---
apiVersion: v1
kind: Pod
metadata: {name: solo, namespace: other}
spec: {containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
)";

std::string exportWorkloads(const std::vector<plan::PlanEdit>& edits, std::string_view ns = {}) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", kCluster});
    std::string error;
    auto text = plan::exportPlan(std::make_shared<const plan::PlanInput>(in), edits, plan::ExportFormat::WorkloadsYaml,
                                 ns, error);
    if (!text) qFatal("%s", error.c_str());
    return *text;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

class TestWorkloadsExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void workloadsAndStandalonePods() {
        const std::string yaml = exportWorkloads({});
        QCOMPARE(count(yaml, "kind: Deployment"), 1);
        QCOMPARE(count(yaml, "kind: Pod"), 1);  // solo only: web's pods are the Deployment's
        QVERIFY(yaml.find("name: solo") != std::string::npos);
        QVERIFY(yaml.find("nodeName: n1") != std::string::npos);
        QVERIFY(yaml.find("replicas: 2") != std::string::npos);
        // Server-owned fields are not given back.
        QVERIFY(yaml.find("resourceVersion") == std::string::npos);
        QVERIFY(yaml.find("uid:") == std::string::npos);
        QVERIFY(yaml.find("status") == std::string::npos);
        // Sorted by namespace: default/web before other/solo.
        QVERIFY(yaml.find("name: web") < yaml.find("name: solo"));
    }

    void scaledReplicasAndNamespace() {
        plan::PlanEdit scale;
        scale.kind = plan::EditKind::ScaleWorkload;
        scale.workloadKind = core::WorkloadKind::Deployment;
        scale.ns = "default";
        scale.name = "web";
        scale.replicas = 5;
        const std::string yaml = exportWorkloads({scale});
        QVERIFY(yaml.find("replicas: 5") != std::string::npos);
        const std::string other = exportWorkloads({scale}, "other");
        QCOMPARE(count(other, "kind: Deployment"), 0);
        QCOMPARE(count(other, "kind: Pod"), 1);
    }

    void csvPathBeside() {
        QCOMPARE(plan::placementsCsvPathFor("/tmp/plan.yaml"), std::string("/tmp/plan.placements.csv"));
        QCOMPARE(plan::placementsCsvPathFor("/tmp/plan"), std::string("/tmp/plan.placements.csv"));
        QCOMPARE(plan::placementsCsvPathFor("/tmp/a.b/plan"), std::string("/tmp/a.b/plan.placements.csv"));
        QCOMPARE(plan::placementsCsvPathFor("/tmp/.hidden"), std::string("/tmp/.hidden.placements.csv"));
    }

    // File > Export: the extension typed in the save dialog decides where it can.
    void formatForFile_data() {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("chosen");
        QTest::addColumn<QString>("expected");
        // clang-format off
        QTest::newRow("csv wins over json")      << "/tmp/out.csv"    << "json"      << "csv";
        QTest::newRow("JSON, any case")          << "/tmp/out.JSON"   << "pods"      << "json";
        QTest::newRow("yaml keeps a YAML choice")<< "/tmp/out.yaml"   << "bindings"  << "bindings";
        QTest::newRow("yml keeps workloads")     << "/tmp/out.yml"    << "workloads" << "workloads";
        // A report format cannot be written to .yaml: the first YAML format (Pods) instead.
        QTest::newRow("yaml after csv: pods")    << "/tmp/out.yaml"   << "csv"       << "pods";
        QTest::newRow("no extension keeps")      << "/tmp/out"        << "csv"       << "csv";
        QTest::newRow("hidden file keeps")       << "/tmp/.csv"       << "json"      << "json";
        QTest::newRow("dot in the folder only")  << "/tmp/a.csv/out"  << "json"      << "json";
        QTest::newRow("unknown extension keeps") << "/tmp/out.txt"    << "bindings"  << "bindings";
        // clang-format on
    }
    void formatForFile() {
        QFETCH(QString, fileName);
        QFETCH(QString, chosen);
        QFETCH(QString, expected);
        const auto format = plan::parseExportFormat(chosen.toStdString());
        QVERIFY(format.has_value());
        QCOMPARE(QString::fromStdString(std::string(
                     plan::exportFormatName(plan::exportFormatForFile(fileName.toStdString(), *format)))),
                 expected);
    }
};

QTEST_GUILESS_MAIN(TestWorkloadsExport)
#include "tst_workloads_export.moc"
