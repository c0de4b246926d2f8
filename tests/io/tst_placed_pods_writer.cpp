// `berthctl -o yaml` (src/io/placed_pods_writer.cpp): placed pods are written as the user
// wrote them, with spec.nodeName set and server-owned fields removed, ready for kubectl apply;
// controller-made pods come from their workload's template with the controller's metadata.
#include <QtTest/QtTest>

#include <map>
#include <string>

#include <yaml-cpp/yaml.h>

#include "core/simulation.h"
#include "io/manifest_loader.h"
#include "io/placed_pods_writer.h"
#include "plan/controllers/workloads.h"

using namespace berth;

namespace {

constexpr const char* kInput = R"(apiVersion: v1
kind: Node
metadata:
  name: node-a
  labels: {kubernetes.io/hostname: node-a, pool: general}
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  uid: 0b3c-1111
  resourceVersion: "4711"
  creationTimestamp: "2026-01-01T00:00:00Z"
  annotations: {team: storefront}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions: [{key: pool, operator: In, values: [general]}]
  tolerations: [{key: dedicated, operator: Exists}]
  volumes: [{name: cache, emptyDir: {}}]
  containers:
  - name: app
    image: nginx:1.27
    env: [{name: MODE, value: prod}]
    resources: {requests: {cpu: 500m, memory: 1Gi}}
status:
  phase: Pending
  conditions: [{type: PodScheduled, status: "False", reason: Unschedulable}]
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: listed}
  spec:
    containers: [{name: c, image: busybox, command: [sleep, "3600"]}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: api, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata:
      labels: {app: api}
      annotations: {prometheus.io/scrape: "true"}
    spec:
      containers:
      - name: api
        image: api:2
        args: [--port, "8080"]
        resources: {requests: {cpu: 100m}}
)";

struct Run {
    core::Cluster cluster;
    io::LoadResult load;
    std::unique_ptr<core::Simulation> sim;
    std::string yaml;
};

void runAll(Run& r) {
    io::LoadOptions options;
    options.keepSourceText = true;
    io::loadManifestText(kInput, "input.yaml", r.cluster, r.load, options);
    QVERIFY2(!r.load.diagnostics.hasErrors(),
             r.load.diagnostics.items.empty() ? "" : r.load.diagnostics.items.front().toString().c_str());
    io::addImplicitNamespaces(r.cluster);
    plan::expandWorkloads(r.cluster, 1, core::KubeVersion::newest(), r.load.diagnostics);
    core::SchedulerOptions so;
    so.tieBreak = core::TieBreak::Name;
    r.sim = std::make_unique<core::Simulation>(r.cluster, core::SchedulerConfiguration{}, so);
    std::string error;
    QVERIFY2(r.sim->init(error), error.c_str());
    r.sim->runSinglePass();
    r.yaml = io::placedPodsYaml(*r.sim, r.load.sourceTexts);
}

std::map<std::string, YAML::Node> byName(const std::string& text) {
    std::map<std::string, YAML::Node> out;
    for (const auto& doc : YAML::LoadAll(text)) out[doc["metadata"]["name"].as<std::string>()] = doc;
    return out;
}

}  // namespace

class TestPlacedPodsWriter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ownDocumentKeepsEverythingAndGainsNodeName() {
        Run r;
        runAll(r);
        const auto pods = byName(r.yaml);
        QCOMPARE(pods.size(), std::size_t(3));
        const YAML::Node web = pods.at("web");
        QCOMPARE(web["spec"]["nodeName"].as<std::string>(), std::string("node-a"));
        // Fields the scheduler never reads survive: env, volumes, annotations.
        QCOMPARE(web["spec"]["containers"][0]["env"][0]["value"].as<std::string>(), std::string("prod"));
        QCOMPARE(web["spec"]["volumes"][0]["name"].as<std::string>(), std::string("cache"));
        QCOMPARE(web["metadata"]["annotations"]["team"].as<std::string>(), std::string("storefront"));
        QCOMPARE(web["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
                    ["nodeSelectorTerms"][0]["matchExpressions"][0]["key"]
                        .as<std::string>(),
                 std::string("pool"));
        QCOMPARE(web["spec"]["tolerations"][0]["key"].as<std::string>(), std::string("dedicated"));
        // What the API server owns is gone, so `kubectl apply` can create it.
        QVERIFY(!web["status"]);
        QVERIFY(!web["metadata"]["uid"]);
        QVERIFY(!web["metadata"]["resourceVersion"]);
        QVERIFY(!web["metadata"]["creationTimestamp"]);
    }

    void listItemIsFoundAndNamespaceIsExplicit() {
        Run r;
        runAll(r);
        const YAML::Node listed = byName(r.yaml).at("listed");
        QCOMPARE(listed["kind"].as<std::string>(), std::string("Pod"));
        QCOMPARE(listed["metadata"]["namespace"].as<std::string>(), std::string("default"));
        QCOMPARE(listed["spec"]["containers"][0]["command"][1].as<std::string>(), std::string("3600"));
        QCOMPARE(listed["spec"]["nodeName"].as<std::string>(), std::string("node-a"));
    }

    void controllerPodComesFromTheTemplate() {
        Run r;
        runAll(r);
        const auto pods = byName(r.yaml);
        auto it = std::find_if(pods.begin(), pods.end(), [](const auto& kv) { return kv.first.starts_with("api-"); });
        QVERIFY(it != pods.end());
        const YAML::Node api = it->second;
        QCOMPARE(api["apiVersion"].as<std::string>(), std::string("v1"));
        QCOMPARE(api["metadata"]["namespace"].as<std::string>(), std::string("shop"));
        QCOMPARE(api["metadata"]["labels"]["app"].as<std::string>(), std::string("api"));
        QCOMPARE(api["metadata"]["annotations"]["prometheus.io/scrape"].as<std::string>(), std::string("true"));
        QCOMPARE(api["metadata"]["ownerReferences"][0]["kind"].as<std::string>(), std::string("ReplicaSet"));
        QCOMPARE(api["metadata"]["ownerReferences"][0]["name"].as<std::string>(), std::string("api"));
        QVERIFY(api["metadata"]["ownerReferences"][0]["controller"].as<bool>());
        QCOMPARE(api["spec"]["containers"][0]["args"][1].as<std::string>(), std::string("8080"));
        QCOMPARE(api["spec"]["nodeName"].as<std::string>(), std::string("node-a"));
        // DefaultTolerationSeconds admission added its two tolerations.
        QCOMPARE(api["spec"]["tolerations"].size(), std::size_t(2));
        QCOMPARE(api["spec"]["tolerations"][0]["tolerationSeconds"].as<int>(), 300);
    }

    void withoutSourceTextTheModelIsWritten() {
        Run r;
        runAll(r);
        const std::string fromModel = io::placedPodsYaml(*r.sim, {});
        const YAML::Node web = byName(fromModel).at("web");
        QCOMPARE(web["spec"]["nodeName"].as<std::string>(), std::string("node-a"));
        QCOMPARE(web["spec"]["containers"][0]["resources"]["requests"]["cpu"].as<std::string>(), std::string("500m"));
        QCOMPARE(web["spec"]["tolerations"][0]["operator"].as<std::string>(), std::string("Exists"));
        QCOMPARE(web["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
                    ["nodeSelectorTerms"][0]["matchExpressions"][0]["values"][0]
                        .as<std::string>(),
                 std::string("general"));
    }

    void stringsThatLookLikeOtherTypesStayQuoted() {
        // kubectl reads YAML 1.1: an unquoted true or 3600 would no longer be a string.
        Run r;
        runAll(r);
        QVERIFY2(r.yaml.find("prometheus.io/scrape: \"true\"") != std::string::npos, r.yaml.c_str());
        QVERIFY2(r.yaml.find("- \"3600\"") != std::string::npos, r.yaml.c_str());
        QVERIFY2(r.yaml.find("- \"8080\"") != std::string::npos, r.yaml.c_str());
    }

    void outputIsDeterministic() {
        Run a, b;
        runAll(a);
        runAll(b);
        QCOMPARE(a.yaml, b.yaml);
    }
};

QTEST_GUILESS_MAIN(TestPlacedPodsWriter)
#include "tst_placed_pods_writer.moc"
