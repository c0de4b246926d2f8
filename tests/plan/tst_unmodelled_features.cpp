// plan::warnUnmodelledBatching: upstream's OpportunisticBatching (1.35+) is named on the
// configuration that would make it matter, and only there. It matters when a profile leaves pods
// signable (no PodTopologySpread default constraints, podtopologyspread/plugin.go SignPod) and a
// cycle scores a sample of the nodes (numFeasibleNodesToFind below the node count).

#include <QTest>

#include <string>

#include "plan/plan.h"

using namespace berth;

namespace {

std::string nodes(int n) {
    std::string s;
    for (int i = 0; i < n; ++i)
        s += "apiVersion: v1\nkind: Node\nmetadata: {name: n" + std::to_string(i) +
             "}\nstatus: {allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n---\n";
    return s +
           "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\n"
           "spec: {containers: [{name: c, resources: {requests: {cpu: 100m}}}]}\n";
}

const char* kNoSpreadDefaults = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: PodTopologySpread
    args: {defaultingType: List, defaultConstraints: []}
)";

const char* kSpreadDisabled = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    multiPoint:
      disabled: [{name: PodTopologySpread}]
)";

const char* kNoSpreadDefaultsAllNodes = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodesToScore: 100
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: PodTopologySpread
    args: {defaultingType: List, defaultConstraints: []}
)";

int batchingWarnings(int nodeCount, const char* config, int minor = 37) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", nodes(nodeCount)});
    if (config) {
        in.configText = config;
        in.configName = "config.yaml";
    }
    in.version.minor = minor;
    plan::Plan p(std::make_shared<const plan::PlanInput>(std::move(in)));
    int n = 0;
    for (const auto& d : p.load().diagnostics.items)
        if (d.message.find("OpportunisticBatching") != std::string::npos) {
            if (d.severity != io::Severity::Warning || d.file != "config.yaml" || d.line == 0) return -1;
            ++n;
        }
    return n;
}

}  // namespace

class TestUnmodelledFeatures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void batching_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("minor");
        QTest::addColumn<int>("warnings");
        // 120 nodes: adaptive percentage 50 - 120/125 = 50 %, 60 nodes, raised to the minimum
        // of 100 (schedule_one.go numFeasibleNodesToFind): a sample of 100 of 120.
        QTest::newRow("no spread defaults, sampled") << 120 << kNoSpreadDefaults << 37 << 1;
        QTest::newRow("spread disabled, sampled") << 120 << kSpreadDisabled << 37 << 1;
        QTest::newRow("1.35 is the first release with the gate on") << 120 << kNoSpreadDefaults << 35 << 1;
        QTest::newRow("1.34 has no batching") << 120 << kNoSpreadDefaults << 34 << 0;
        // The default profile's system constraints make every pod unsignable.
        QTest::newRow("default profile") << 120 << static_cast<const char*>(nullptr) << 37 << 0;
        // Under 100 nodes every node is scored: the batch's list is what a full pass finds.
        QTest::newRow("99 nodes, all scored") << 99 << kNoSpreadDefaults << 37 << 0;
        QTest::newRow("percentageOfNodesToScore 100") << 120 << kNoSpreadDefaultsAllNodes << 37 << 0;
    }
    void batching() {
        QFETCH(int, nodes);
        QFETCH(QString, config);
        QFETCH(int, minor);
        QFETCH(int, warnings);
        const std::string text = config.toStdString();
        QCOMPARE(batchingWarnings(nodes, config.isNull() ? nullptr : text.c_str(), minor), warnings);
    }
};

QTEST_APPLESS_MAIN(TestUnmodelledFeatures)
#include "tst_unmodelled_features.moc"
