// The YAML manifest loader (io/manifest_loader.h): the conformance inputs load cleanly, API
// defaulting, every kind, node affinity parse rules, and every class of bad input reported
// with file, line, column, kind and name while the rest of the file still loads.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <memory>
#include <string>

#include "core/api/cluster.h"
#include "io/json_documents.h"
#include "io/manifest_loader.h"
#include "io/yaml_documents.h"

using namespace berth;

namespace {

constexpr qint64 kMi = 1024 * 1024;
constexpr qint64 kGi = 1024 * kMi;

// A cluster plus what loading it said. Cluster can neither be copied nor moved.
struct Loaded {
    std::unique_ptr<core::Cluster> cluster = std::make_unique<core::Cluster>();
    io::LoadResult result;

    std::vector<io::Diagnostic> of(io::Severity s) const {
        std::vector<io::Diagnostic> out;
        for (const auto& d : result.diagnostics.items)
            if (d.severity == s) out.push_back(d);
        return out;
    }
    std::vector<io::Diagnostic> errors() const { return of(io::Severity::Error); }
    std::vector<io::Diagnostic> warnings() const { return of(io::Severity::Warning); }
    QString all() const {
        QStringList lines;
        for (const auto& d : result.diagnostics.items) lines << QString::fromStdString(d.toString());
        return lines.join('\n');
    }
    const core::Pod* pod(std::string_view name, std::string_view ns = "default") const {
        return cluster->findPod(cluster->pool.find(ns), name);
    }
    const core::Node* node(std::string_view name) const { return cluster->findNode(cluster->pool.find(name)); }
    core::Sym sym(std::string_view s) const { return cluster->pool.find(s); }
};

std::unique_ptr<Loaded> load(const QString& text, const std::string& file = "test.yaml") {
    auto l = std::make_unique<Loaded>();
    io::loadManifestText(text.toStdString(), file, *l->cluster, l->result);
    return l;
}

// `kind:` lines at the start of a line, the way `grep -c '^kind: Pod$'` counts them.
int grepCount(const QString& text, const QString& kind) {
    return int(text.count(QRegularExpression("^kind: " + kind + "$", QRegularExpression::MultilineOption)));
}

QString readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

// A pod with one container `c` whose `resources` are `resources` (flow YAML, may be empty).
QString podWithResources(const QString& resources) {
    return QString(
               "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"
               "spec: {containers: [{name: c, image: app%1}]}\n")
        .arg(resources.isEmpty() ? QString() : ", resources: " + resources);
}

// A pod whose required node affinity is one term with `term` (flow YAML).
QString podWithTerm(const QString& term) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
           "  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: "
           "[" +
           term + "]}}}\n  containers: [{name: c, image: app}]\n";
}

const char* const kGoodPod =
    "apiVersion: v1\n"
    "kind: Pod\n"
    "metadata: {name: good}\n"
    "spec: {containers: [{name: c, image: app}]}\n";

}  // namespace

class TestManifestLoader : public QObject {
    Q_OBJECT

private slots:
    void conformanceFiles_data();
    void conformanceFiles();
    void podDefaults();
    void hostNetworkDefaultsHostPorts();
    void podLevelResources();
    void containerRequests_data();
    void containerRequests();
    void nodeAllocatable_data();
    void nodeAllocatable();
    void nodeFields();
    void podSpecFields();
    void tolerations_data();
    void tolerations();
    void nodeSelectorTerms_data();
    void nodeSelectorTerms();
    void labelSelectors_data();
    void labelSelectors();
    void otherKinds();
    void workloads();
    void listKinds();
    void sourcePositions();
    void jsonTreeMatchesYaml_data();
    void jsonTreeMatchesYaml();
    void jsonManifests();
    void anchorsAndAliases();
    void separatorsAndLineEndings();
    void emptyDocumentsIgnored();
    void startTimes_data();
    void startTimes();
    void unexpectedApiVersion();
    void badInput_data();
    void badInput();
    void allErrorsOfAFileAreReported();
    void malformedDocumentKeepsTheOthers();
    void unknownKindIsAWarning();
    void duplicateAcrossTexts();
    void podBoundToMissingNode();
    void implicitNamespaces();
    void unreadableFile();
    void configMostAllocated();
    void configDefaults();
    void badConfig_data();
    void badConfig();
    void schedulerConfigFile();
};

// ---------------------------------------------------------------------------------------------
// Conformance inputs

void TestManifestLoader::conformanceFiles_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("path");
    const QString conformance = QStringLiteral(BERTH_CONFORMANCE_DIR);
    int rows = 0;
    for (const QString& sub : {QStringLiteral("scenarios"), QStringLiteral("loop")}) {
        const QDir dir(conformance + "/" + sub);
        for (const QString& name : dir.entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
            QTest::newRow(qPrintable((sub == "loop" ? "loop/" : QString()) + name)) << dir.filePath(name);
            ++rows;
        }
    }
    QVERIFY2(rows >= 9, "tests/conformance is missing");
    // clang-format on
}

void TestManifestLoader::conformanceFiles() {
    QFETCH(QString, path);
    const QString text = readFile(path);
    QVERIFY(!text.isEmpty());
    Loaded l;
    io::LoadOptions options;
    options.version = core::KubeVersion{1, 26};
    io::loadManifestFile(path.toStdString(), *l.cluster, l.result, options);
    io::validateCluster(*l.cluster, l.result);
    QVERIFY2(l.result.diagnostics.items.empty(), qPrintable(l.all()));
    // Every `kind: Node` / `kind: Pod` document became an object, in file order.
    QCOMPARE(int(l.cluster->nodes.size()), grepCount(text, "Node"));
    QCOMPARE(int(l.cluster->pods.size()), grepCount(text, "Pod"));
    QCOMPARE(int(l.cluster->priorityClasses.size()), grepCount(text, "PriorityClass"));
    QCOMPARE(int(l.cluster->pdbs.size()), grepCount(text, "PodDisruptionBudget"));
    QCOMPARE(l.result.config.has_value(), grepCount(text, "KubeSchedulerConfiguration") == 1);
    // File order, checked where every pod is written `metadata: {name: ...}` (all of them here).
    const QRegularExpression podName("^kind: Pod\\nmetadata: \\{name: ([^,}]+)", QRegularExpression::MultilineOption);
    QStringList names;
    for (auto it = podName.globalMatch(text); it.hasNext();) names << it.next().captured(1);
    if (names.size() == int(l.cluster->pods.size()))
        for (int i = 0; i < names.size(); ++i)
            QCOMPARE(QString::fromStdString(l.cluster->pods[std::size_t(i)].name), names[i]);
}

// ---------------------------------------------------------------------------------------------
// Pods

void TestManifestLoader::podDefaults() {
    auto l = load(kGoodPod);
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* p = l->pod("good");
    QVERIFY(p);
    QCOMPARE(l->cluster->pool.str(p->ns), "default");                       // metadata.namespace
    QCOMPARE(l->cluster->pool.str(p->schedulerName), "default-scheduler");  // spec.schedulerName
    QCOMPARE(p->uid, std::string("uid-default-good"));                      // generated, stable
    QCOMPARE(p->nodeName, core::kEmptySym);                                 // pending
    QCOMPARE(p->phase, core::PodPhase::Pending);
    QCOMPARE(p->priority, 0);
    QCOMPARE(p->preemptionPolicy, core::PreemptionPolicy::PreemptLowerPriority);
    QVERIFY(!p->terminating);
    QVERIFY(!p->startTime.has_value());
    // computeDerived ran: no requests, so the non-zero defaults 100m and 200Mi.
    QCOMPARE(p->derived.nonZeroMilliCpu, core::kDefaultMilliCpuRequest);
    QCOMPARE(p->derived.nonZeroMemory, core::kDefaultMemoryRequest);
    QVERIFY(p->derived.requestsNothing);
}

// A host-network pod's ports without a hostPort get their containerPort (defaults.go
// defaultHostNetworkPorts), in containers and init containers; a given hostPort stays. Without
// hostNetwork nothing is defaulted. Found by the differential test (seed 17).
void TestManifestLoader::hostNetworkDefaultsHostPorts() {
    auto l = load(R"(
apiVersion: v1
kind: Pod
metadata: {name: host}
spec:
  hostNetwork: true
  initContainers:
  - {name: init, image: busybox, ports: [{containerPort: 9100}]}
  containers:
  - name: app
    image: app:1
    ports: [{containerPort: 80}, {containerPort: 81, hostPort: 8081}]
---
apiVersion: v1
kind: Pod
metadata: {name: plain}
spec:
  containers:
  - {name: app, image: app:1, ports: [{containerPort: 80}]}
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* host = l->pod("host");
    QVERIFY(host);
    QCOMPARE(host->containers[0].ports[0].hostPort, 80);
    QCOMPARE(host->containers[0].ports[1].hostPort, 8081);
    QCOMPARE(host->initContainers[0].ports[0].hostPort, 9100);
    const core::Pod* plain = l->pod("plain");
    QVERIFY(plain);
    QCOMPARE(plain->containers[0].ports[0].hostPort, 0);
}

// spec.resources is read as written (requests, limits, which keys are present); computeDerived
// then applies it from 1.34: pod-level cpu 1 replaces the container's 250m, memory from the
// pod-level limit (no container asks for memory), hugepages-2Mi 4Mi from the pod-level request.
void TestManifestLoader::podLevelResources() {
    auto l = load(R"(
apiVersion: v1
kind: Pod
metadata: {name: plr}
spec:
  resources:
    requests: {cpu: "1", hugepages-2Mi: 4Mi}
    limits: {memory: 2Gi, hugepages-2Mi: 4Mi}
  containers:
  - {name: app, image: app:1, resources: {requests: {cpu: 250m}}}
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* p = l->pod("plr");
    QVERIFY(p);
    const core::PodLevelResources& pl = p->podResources;
    QVERIFY(pl.hasCpuRequest && !pl.hasMemoryRequest && !pl.hasCpuLimit && pl.hasMemoryLimit);
    QCOMPARE(pl.requests.milliCpu, std::int64_t{1000});
    QCOMPARE(pl.limits.memory, std::int64_t{2} << 30);
    const core::Sym hugepages = l->sym("hugepages-2Mi");
    QCOMPARE(pl.requests.scalar(hugepages), std::int64_t{4} << 20);
    QVERIFY(p->derived.podLevelResources);
    QCOMPARE(p->derived.requests.milliCpu, std::int64_t{1000});
    QCOMPARE(p->derived.requests.memory, std::int64_t{2} << 30);
    QCOMPARE(p->derived.requests.scalar(hugepages), std::int64_t{4} << 20);
}

void TestManifestLoader::containerRequests_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("resources");
    QTest::addColumn<qint64>("milliCpu");
    QTest::addColumn<qint64>("memory");
    QTest::addColumn<qint64>("gpu");
    QTest::addColumn<bool>("hasCpu");
    QTest::addColumn<bool>("hasMemory");

    QTest::newRow("no resources") << "" << qint64(0) << qint64(0) << qint64(0) << false << false;
    QTest::newRow("requests") << "{requests: {cpu: 500m, memory: 1Gi}}" << qint64(500) << kGi << qint64(0)
                              << true << true;
    // Limits only: API defaulting copies each limit into the missing request.
    QTest::newRow("limits only") << "{limits: {cpu: \"2\", memory: 512Mi}}" << qint64(2000) << 512 * kMi
                                 << qint64(0) << true << true;
    // A request wins over its limit; memory has only a limit, so it is copied.
    QTest::newRow("request and limit mixed") << "{requests: {cpu: 250m}, limits: {cpu: \"1\", memory: 2Gi}}"
                                             << qint64(250) << 2 * kGi << qint64(0) << true << true;
    // An explicit 0 is still an entry (no non-zero default for scoring).
    QTest::newRow("explicit zero") << "{requests: {cpu: \"0\", memory: \"0\"}}" << qint64(0) << qint64(0)
                                   << qint64(0) << true << true;
    // A null quantity decodes as zero (Quantity.UnmarshalJSON), still an entry.
    QTest::newRow("null request") << "{requests: {cpu: null}}" << qint64(0) << qint64(0) << qint64(0) << true
                                  << false;
    // Extended resources in limits are defaulted the same way.
    QTest::newRow("gpu limit") << "{limits: {nvidia.com/gpu: 2}}" << qint64(0) << qint64(0) << qint64(2)
                               << false << false;
    // YAML integers and strings both work: 4 cores, 1e3 bytes.
    QTest::newRow("yaml numbers") << "{requests: {cpu: 4, memory: 1e3}}" << qint64(4000) << qint64(1000)
                                  << qint64(0) << true << true;
    // 1.5 cores = 1500m; 0.5Gi = 512Mi.
    QTest::newRow("fractions") << "{requests: {cpu: 1.5, memory: 0.5Gi}}" << qint64(1500) << 512 * kMi
                               << qint64(0) << true << true;
    // clang-format on
}

void TestManifestLoader::containerRequests() {
    QFETCH(QString, resources);
    QFETCH(qint64, milliCpu);
    QFETCH(qint64, memory);
    QFETCH(qint64, gpu);
    QFETCH(bool, hasCpu);
    QFETCH(bool, hasMemory);
    auto l = load(podWithResources(resources));
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* p = l->pod("p");
    QVERIFY(p);
    QCOMPARE(p->containers.size(), std::size_t(1));
    const core::Container& c = p->containers.front();
    QCOMPARE(c.requests.milliCpu, milliCpu);
    QCOMPARE(c.requests.memory, memory);
    const core::Sym gpuSym = l->sym("nvidia.com/gpu");
    QCOMPARE(gpuSym == core::kNoSym ? qint64(0) : c.requests.scalar(gpuSym), gpu);
    QCOMPARE(c.hasCpuRequest, hasCpu);
    QCOMPARE(c.hasMemoryRequest, hasMemory);
    QCOMPARE(p->derived.requests.milliCpu, milliCpu);  // one container: the pod's requests
}

// ---------------------------------------------------------------------------------------------
// Nodes

void TestManifestLoader::nodeAllocatable_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("status");
    QTest::addColumn<qint64>("milliCpu");
    QTest::addColumn<qint64>("memory");
    QTest::addColumn<qint64>("pods");
    QTest::addColumn<qint64>("storage");

    QTest::newRow("allocatable") << "{allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}" << qint64(4000)
                                 << 8 * kGi << qint64(110) << qint64(0);
    // No allocatable at all: API defaulting copies capacity.
    QTest::newRow("capacity only")
        << "{capacity: {cpu: 3500m, memory: 7Gi, pods: 110, ephemeral-storage: 50Gi}}" << qint64(3500)
        << 7 * kGi << qint64(110) << 50 * kGi;
    // Allocatable wins over capacity, even when it lists fewer resources.
    QTest::newRow("both") << "{capacity: {cpu: \"8\", memory: 16Gi}, allocatable: {cpu: 7500m}}"
                          << qint64(7500) << qint64(0) << qint64(0) << qint64(0);
    QTest::newRow("neither") << "{}" << qint64(0) << qint64(0) << qint64(0) << qint64(0);
    // clang-format on
}

void TestManifestLoader::nodeAllocatable() {
    QFETCH(QString, status);
    QFETCH(qint64, milliCpu);
    QFETCH(qint64, memory);
    QFETCH(qint64, pods);
    QFETCH(qint64, storage);
    auto l = load("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: " + status + "\n");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Node* n = l->node("n1");
    QVERIFY(n);
    QCOMPARE(n->allocatable.milliCpu, milliCpu);
    QCOMPARE(n->allocatable.memory, memory);
    QCOMPARE(n->allocatable.pods, pods);
    QCOMPARE(n->allocatable.ephemeralStorage, storage);
}

void TestManifestLoader::nodeFields() {
    auto l = load(R"(apiVersion: v1
kind: Node
metadata:
  name: n1
  labels: {zone: a, gen: "3"}
spec:
  unschedulable: true
  taints:
  - {key: dedicated, value: gpu, effect: NoSchedule}
  - {key: spot, effect: PreferNoSchedule}
  - {key: maint, value: "", effect: NoExecute}
status:
  allocatable: {cpu: "16", memory: 32Gi, nvidia.com/gpu: "2", pods: "110"}
  images:
  - {names: [registry/app:1, app:1], sizeBytes: 500000000}
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Node* n = l->node("n1");
    QVERIFY(n);
    QCOMPARE(n->nameSym, l->sym("n1"));
    QCOMPARE(n->labels.get(l->sym("zone")), l->sym("a"));
    QCOMPARE(n->labels.get(l->sym("gen")), l->sym("3"));
    QVERIFY(n->unschedulable);
    QCOMPARE(n->taints.size(), std::size_t(3));
    QCOMPARE(n->taints[0].key, l->sym("dedicated"));
    QCOMPARE(n->taints[0].value, l->sym("gpu"));
    QCOMPARE(n->taints[0].effect, core::TaintEffect::NoSchedule);
    QCOMPARE(n->taints[1].value, core::kEmptySym);
    QCOMPARE(n->taints[1].effect, core::TaintEffect::PreferNoSchedule);
    QCOMPARE(n->taints[2].effect, core::TaintEffect::NoExecute);
    QCOMPARE(n->allocatable.scalar(l->sym("nvidia.com/gpu")), qint64(2));
    QCOMPARE(n->images.size(), std::size_t(1));
    QCOMPARE(n->images[0].names.size(), std::size_t(2));
    QCOMPARE(n->images[0].names[1], std::string("app:1"));
    QCOMPARE(n->images[0].sizeBytes, qint64(500000000));
}

// ---------------------------------------------------------------------------------------------
// Pod spec fields

void TestManifestLoader::podSpecFields() {
    auto l = load(R"(apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  uid: abc-123
  generateName: web-
  labels: {app: web}
  deletionTimestamp: "2024-01-01T00:00:00Z"
  ownerReferences:
  - {apiVersion: apps/v1, kind: ReplicaSet, name: web-rs, uid: rs-1, controller: true}
spec:
  nodeName: n1
  schedulerName: my-scheduler
  priority: 100
  priorityClassName: high
  preemptionPolicy: Never
  nodeSelector: {disktype: ssd}
  schedulingGates: [{name: wait-for-quota}]
  overhead: {cpu: 250m, memory: 160Mi}
  initContainers:
  - {name: init, image: busybox, resources: {requests: {cpu: "1"}}}
  - name: sidecar
    image: proxy
    restartPolicy: Always
    resources: {requests: {cpu: 100m}}
    ports: [{containerPort: 15001, hostPort: 15001}]
  containers:
  - name: app
    image: app:1
    resources: {requests: {cpu: 500m, memory: 1Gi}}
    ports:
    - {containerPort: 80, hostPort: 8080, protocol: UDP, hostIP: 10.0.0.1}
    - {containerPort: 81}
  topologySpreadConstraints:
  - maxSkew: 2
    topologyKey: zone
    whenUnsatisfiable: ScheduleAnyway
    labelSelector: {matchLabels: {app: web}}
    minDomains: 3
    nodeAffinityPolicy: Ignore
    nodeTaintsPolicy: Honor
    matchLabelKeys: [pod-template-hash]
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: web}}
        topologyKey: kubernetes.io/hostname
        namespaces: [shop, other]
        matchLabelKeys: [version]
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 50
        podAffinityTerm:
          namespaceSelector: {}
          topologyKey: zone
          mismatchLabelKeys: [tenant]
status:
  phase: Running
  startTime: "2024-01-01T00:01:00Z"
  nominatedNodeName: n2
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* p = l->pod("web", "shop");
    QVERIFY(p);
    QCOMPARE(p->uid, std::string("abc-123"));
    QCOMPARE(p->generateName, std::string("web-"));
    QCOMPARE(p->labels.get(l->sym("app")), l->sym("web"));
    QVERIFY(p->terminating);
    QCOMPARE(p->ownerReferences.size(), std::size_t(1));
    QCOMPARE(p->ownerReferences[0].kind, std::string("ReplicaSet"));
    QCOMPARE(p->ownerReferences[0].name, std::string("web-rs"));
    QVERIFY(p->ownerReferences[0].controller);
    QCOMPARE(p->nodeName, l->sym("n1"));
    QCOMPARE(p->schedulerName, l->sym("my-scheduler"));
    QCOMPARE(p->priority, 100);
    QCOMPARE(p->priorityClassName, std::string("high"));
    QCOMPARE(p->preemptionPolicy, core::PreemptionPolicy::Never);
    QCOMPARE(p->nodeSelector.get(l->sym("disktype")), l->sym("ssd"));
    QCOMPARE(p->schedulingGates, std::vector<std::string>{"wait-for-quota"});
    QCOMPARE(p->overhead.milliCpu, qint64(250));
    QCOMPARE(p->overhead.memory, 160 * kMi);
    QCOMPARE(p->initContainers.size(), std::size_t(2));
    QVERIFY(!p->initContainers[0].restartPolicyAlways);
    QVERIFY(p->initContainers[1].restartPolicyAlways);
    QCOMPARE(p->containers.size(), std::size_t(1));
    const core::Container& app = p->containers[0];
    QCOMPARE(app.image, std::string("app:1"));
    QCOMPARE(app.ports.size(), std::size_t(2));
    QCOMPARE(app.ports[0].hostPort, 8080);
    QCOMPARE(app.ports[0].containerPort, 80);
    QCOMPARE(app.ports[0].protocol, l->sym("UDP"));
    QCOMPARE(app.ports[0].hostIP, l->sym("10.0.0.1"));
    QCOMPARE(app.ports[1].protocol, core::kEmptySym);  // defaulted by computeDerived
    // Newest version, sidecar-aware: containers 500m + sidecar 100m = 600m; the plain init
    // container needs 1000m + the sidecars started before it (none) = 1000m; max = 1000m;
    // plus 250m overhead = 1250m.
    QCOMPARE(p->derived.requests.milliCpu, qint64(1250));
    // Host ports: the app's 8080/UDP on 10.0.0.1 and the sidecar's 15001 (TCP, 0.0.0.0).
    QCOMPARE(p->derived.hostPorts.size(), std::size_t(2));

    QCOMPARE(p->topologySpreadConstraints.size(), std::size_t(1));
    const core::TopologySpreadConstraint& c = p->topologySpreadConstraints[0];
    QCOMPARE(c.maxSkew, 2);
    QCOMPARE(c.topologyKey, l->sym("zone"));
    QCOMPARE(c.whenUnsatisfiable, core::UnsatisfiableAction::ScheduleAnyway);
    QVERIFY(c.selector.has_value());
    QCOMPARE(c.minDomains, std::optional<std::int32_t>(3));
    QCOMPARE(c.nodeAffinityPolicy, std::optional<core::InclusionPolicy>(core::InclusionPolicy::Ignore));
    QCOMPARE(c.nodeTaintsPolicy, std::optional<core::InclusionPolicy>(core::InclusionPolicy::Honor));
    QCOMPARE(c.matchLabelKeys, std::vector<core::Sym>{l->sym("pod-template-hash")});

    const core::PodAffinityRules& anti = p->affinity.podAntiAffinity;
    QCOMPARE(anti.required.size(), std::size_t(1));
    QCOMPARE(anti.required[0].topologyKey, l->sym("kubernetes.io/hostname"));
    QCOMPARE(anti.required[0].namespaces, (std::vector<core::Sym>{l->sym("shop"), l->sym("other")}));
    QVERIFY(anti.required[0].selector.has_value());
    QVERIFY(!anti.required[0].namespaceSelector.has_value());  // absent: nil
    QCOMPARE(anti.required[0].matchLabelKeys, std::vector<core::Sym>{l->sym("version")});
    QCOMPARE(anti.preferred.size(), std::size_t(1));
    QCOMPARE(anti.preferred[0].weight, 50);
    QVERIFY(!anti.preferred[0].term.selector.has_value());          // absent: selects nothing
    QVERIFY(anti.preferred[0].term.namespaceSelector.has_value());  // {}: every namespace
    QVERIFY(anti.preferred[0].term.namespaceSelector->empty());
    QCOMPARE(anti.preferred[0].term.mismatchLabelKeys, std::vector<core::Sym>{l->sym("tenant")});
    QVERIFY(p->derived.hasAffinityTerms);
    QVERIFY(p->derived.hasRequiredAntiAffinity);

    QCOMPARE(p->phase, core::PodPhase::Running);
    // 2024-01-01T00:00:00Z is 1704067200 s after the epoch; plus one minute.
    QCOMPARE(p->startTime, std::optional<std::int64_t>(1704067260));
    QCOMPARE(p->nominatedNodeName, l->sym("n2"));
}

void TestManifestLoader::tolerations_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("toleration");
    QTest::addColumn<int>("op");      // core::TolerationOp
    QTest::addColumn<int>("effect");  // core::TaintEffect
    QTest::addColumn<bool>("hasSeconds");

    QTest::newRow("Equal") << "{key: a, operator: Equal, value: b, effect: NoSchedule}"
                           << int(core::TolerationOp::Equal) << int(core::TaintEffect::NoSchedule) << false;
    QTest::newRow("Exists") << "{key: a, operator: Exists}" << int(core::TolerationOp::Exists)
                            << int(core::TaintEffect::None) << false;
    // Omitted operator defaults to Equal; omitted effect matches every effect (None).
    QTest::newRow("no operator") << "{key: a, value: b}" << int(core::TolerationOp::Equal)
                                 << int(core::TaintEffect::None) << false;
    // An operator the API does not know tolerates nothing: kept as Unknown, not an error.
    QTest::newRow("unknown operator")
        << "{key: a, operator: Gt, value: \"3\"}" << int(core::TolerationOp::Unknown)
        << int(core::TaintEffect::None) << false;
    QTest::newRow("seconds") << "{key: a, operator: Exists, effect: NoExecute, tolerationSeconds: 300}"
                             << int(core::TolerationOp::Exists) << int(core::TaintEffect::NoExecute) << true;
    // clang-format on
}

void TestManifestLoader::tolerations() {
    QFETCH(QString, toleration);
    QFETCH(int, op);
    QFETCH(int, effect);
    QFETCH(bool, hasSeconds);
    auto l = load("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {tolerations: [" + toleration +
                  "], containers: []}\n");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* p = l->pod("p");
    QVERIFY(p);
    QCOMPARE(p->tolerations.size(), std::size_t(1));
    QCOMPARE(int(p->tolerations[0].op), op);
    QCOMPARE(int(p->tolerations[0].effect), effect);
    QCOMPARE(p->tolerations[0].seconds.has_value(), hasSeconds);
    if (hasSeconds) QCOMPARE(*p->tolerations[0].seconds, qint64(300));
}

// ---------------------------------------------------------------------------------------------
// Selectors

void TestManifestLoader::nodeSelectorTerms_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("term");
    QTest::addColumn<bool>("unparsable");
    QTest::addColumn<qint64>("number");  // Gt/Lt operand of the first expression

    // component-helpers nodeaffinity: In/NotIn need >= 1 value, Exists/DoesNotExist none,
    // Gt/Lt exactly one that strconv.ParseInt reads; keys and values must be label syntax.
    QTest::newRow("In") << "{matchExpressions: [{key: zone, operator: In, values: [a, b]}]}" << false
                        << qint64(0);
    QTest::newRow("NotIn") << "{matchExpressions: [{key: zone, operator: NotIn, values: [a]}]}" << false
                           << qint64(0);
    QTest::newRow("Exists") << "{matchExpressions: [{key: gpu, operator: Exists}]}" << false << qint64(0);
    QTest::newRow("DoesNotExist") << "{matchExpressions: [{key: gpu, operator: DoesNotExist}]}" << false
                                  << qint64(0);
    QTest::newRow("Gt 3") << "{matchExpressions: [{key: gen, operator: Gt, values: [\"3\"]}]}" << false
                          << qint64(3);
    QTest::newRow("Lt 7") << "{matchExpressions: [{key: gen, operator: Lt, values: [\"7\"]}]}" << false
                          << qint64(7);
    // "+7" parses as an integer but is no valid label value (must start alphanumeric).
    QTest::newRow("Lt +7") << "{matchExpressions: [{key: gen, operator: Lt, values: [\"+7\"]}]}" << true
                           << qint64(0);
    QTest::newRow("In without values")
        << "{matchExpressions: [{key: zone, operator: In, values: []}]}" << true << qint64(0);
    QTest::newRow("Exists with a value")
        << "{matchExpressions: [{key: gpu, operator: Exists, values: [x]}]}" << true << qint64(0);
    QTest::newRow("Gt two values") << "{matchExpressions: [{key: gen, operator: Gt, values: [\"1\", \"2\"]}]}"
                                   << true << qint64(0);
    QTest::newRow("Gt not a number") << "{matchExpressions: [{key: gen, operator: Gt, values: [three]}]}"
                                     << true << qint64(0);
    // "-1" parses as an integer but is no valid label value (must start alphanumeric).
    QTest::newRow("Gt negative") << "{matchExpressions: [{key: gen, operator: Gt, values: [\"-1\"]}]}" << true
                                 << qint64(0);
    QTest::newRow("unknown operator")
        << "{matchExpressions: [{key: gen, operator: Matches, values: [x]}]}" << true << qint64(0);
    QTest::newRow("bad key") << "{matchExpressions: [{key: \"a b\", operator: Exists}]}" << true << qint64(0);
    QTest::newRow("bad value") << "{matchExpressions: [{key: a, operator: In, values: [\"x y\"]}]}" << true
                               << qint64(0);
    // matchFields: metadata.name, In/NotIn, exactly one value.
    QTest::newRow("field In") << "{matchFields: [{key: metadata.name, operator: In, values: [n1]}]}" << false
                              << qint64(0);
    QTest::newRow("field NotIn") << "{matchFields: [{key: metadata.name, operator: NotIn, values: [n1]}]}"
                                 << false << qint64(0);
    QTest::newRow("field two values")
        << "{matchFields: [{key: metadata.name, operator: In, values: [n1, n2]}]}" << true << qint64(0);
    QTest::newRow("field Exists") << "{matchFields: [{key: metadata.name, operator: Exists}]}" << true
                                  << qint64(0);
    QTest::newRow("field other key") << "{matchFields: [{key: metadata.uid, operator: In, values: [x]}]}"
                                     << true << qint64(0);
    // One bad requirement spoils the whole term, also next to good ones.
    QTest::newRow("good and bad")
        << "{matchExpressions: [{key: zone, operator: In, values: [a]}], matchFields: "
           "[{key: metadata.name, operator: In, values: []}]}"
        << true << qint64(0);
    // clang-format on
}

void TestManifestLoader::nodeSelectorTerms() {
    QFETCH(QString, term);
    QFETCH(bool, unparsable);
    QFETCH(qint64, number);
    auto l = load(podWithTerm(term));
    // Never a load error: pods stored without validation can carry such terms.
    QVERIFY2(l->errors().empty(), qPrintable(l->all()));
    QCOMPARE(l->warnings().empty(), !unparsable);  // but the user hears about it
    const core::Pod* p = l->pod("p");
    QVERIFY(p);
    QVERIFY(p->affinity.node.required.has_value());
    QCOMPARE(p->affinity.node.required->terms.size(), std::size_t(1));
    const core::NodeSelectorTerm& t = p->affinity.node.required->terms[0];
    QCOMPARE(t.unparsable, unparsable);
    if (!t.expressions.empty()) QCOMPARE(t.expressions[0].number, number);
}

void TestManifestLoader::labelSelectors_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("selector");  // the labelSelector field, "" for none
    QTest::addColumn<bool>("present");
    QTest::addColumn<bool>("invalid");
    QTest::addColumn<int>("requirements");

    QTest::newRow("absent is nil") << "" << false << false << 0;
    QTest::newRow("null is nil") << "labelSelector: null, " << false << false << 0;
    QTest::newRow("{} selects everything") << "labelSelector: {}, " << true << false << 0;
    // matchLabels become In [value]; expressions are appended.
    QTest::newRow("labels and expressions")
        << "labelSelector: {matchLabels: {app: a, tier: b}, matchExpressions: [{key: c, operator: Exists}]}, "
        << true << false << 3;
    // Gt is valid for nodes, not in a metav1.LabelSelector.
    QTest::newRow("Gt is invalid")
        << "labelSelector: {matchExpressions: [{key: c, operator: Gt, values: [\"1\"]}]}, " << true << true
        << 1;
    QTest::newRow("NotIn without values")
        << "labelSelector: {matchExpressions: [{key: c, operator: NotIn, values: []}]}, " << true << true
        << 1;
    QTest::newRow("bad label value") << "labelSelector: {matchLabels: {app: \"a b\"}}, " << true << true << 1;
    // clang-format on
}

void TestManifestLoader::labelSelectors() {
    QFETCH(QString, selector);
    QFETCH(bool, present);
    QFETCH(bool, invalid);
    QFETCH(int, requirements);
    auto l = load("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  topologySpreadConstraints:\n  - {" +
                  selector + "maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n");
    QVERIFY2(l->errors().empty(), qPrintable(l->all()));
    QCOMPARE(l->warnings().empty(), !invalid);
    const core::Pod* p = l->pod("p");
    QVERIFY(p);
    const auto& sel = p->topologySpreadConstraints.at(0).selector;
    QCOMPARE(sel.has_value(), present);
    if (!sel) return;
    QCOMPARE(sel->invalid, invalid);
    QCOMPARE(int(sel->requirements.size()), requirements);
}

// ---------------------------------------------------------------------------------------------
// Other kinds

void TestManifestLoader::otherKinds() {
    auto l = load(R"(apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {team: a}}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec: {selector: {app: web}}
---
apiVersion: v1
kind: Service
metadata: {name: headless}
spec: {clusterIP: None}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
globalDefault: true
preemptionPolicy: Never
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web-pdb, namespace: shop}
spec: {minAvailable: 1, selector: {matchLabels: {app: web}}}
status: {disruptionsAllowed: 2, disruptedPods: {web-1: "2024-01-01T00:00:00Z", web-2: "2024-01-01T00:00:00Z"}}
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Namespace* ns = l->cluster->findNamespace(l->sym("shop"));
    QVERIFY(ns);
    QCOMPARE(ns->labels.get(l->sym("team")), l->sym("a"));
    // API defaulting labels every namespace with its own name.
    QCOMPARE(ns->labels.get(l->sym("kubernetes.io/metadata.name")), l->sym("shop"));

    QCOMPARE(l->cluster->services.size(), std::size_t(2));
    const core::Service& web = l->cluster->services[0];
    QCOMPARE(web.ns, l->sym("shop"));
    QVERIFY(web.selector.has_value());
    QCOMPARE(web.selector->get(l->sym("app")), l->sym("web"));
    QVERIFY(!l->cluster->services[1].selector.has_value());  // no spec.selector: nil
    QCOMPARE(l->cluster->services[1].ns, l->sym("default"));

    const core::PriorityClass* pc = l->cluster->findPriorityClass("high");
    QVERIFY(pc);
    QCOMPARE(pc->value, 1000);
    QVERIFY(pc->globalDefault);
    QCOMPARE(pc->preemptionPolicy, core::PreemptionPolicy::Never);

    QCOMPARE(l->cluster->pdbs.size(), std::size_t(1));
    const core::PodDisruptionBudget& pdb = l->cluster->pdbs[0];
    QCOMPARE(pdb.ns, l->sym("shop"));
    QCOMPARE(pdb.disruptionsAllowed, 2);
    QCOMPARE(pdb.disruptedPods, (std::vector<std::string>{"web-1", "web-2"}));
    QVERIFY(pdb.selector.has_value());
    QCOMPARE(pdb.selector->requirements.size(), std::size_t(1));
}

void TestManifestLoader::workloads() {
    auto l = load(R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: app, resources: {limits: {cpu: "1"}}}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  replicas: 3
  serviceName: db
  podManagementPolicy: Parallel
  selector: {matchLabels: {app: db}}
  template: {metadata: {labels: {app: db}}, spec: {containers: [{name: c, image: db}]}}
---
apiVersion: batch/v1
kind: Job
metadata: {name: batch}
spec:
  parallelism: 4
  template: {spec: {containers: [{name: c, image: job}]}}
---
apiVersion: batch/v1
kind: Job
metadata: {name: once}
spec:
  template: {spec: {containers: [{name: c, image: job}]}}
---
apiVersion: v1
kind: ReplicationController
metadata: {name: legacy}
spec:
  replicas: 0
  selector: {app: legacy}
  template: {metadata: {labels: {app: legacy}}, spec: {containers: [{name: c, image: app}]}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template: {metadata: {labels: {app: agent}}, spec: {tolerations: [{operator: Exists}], containers: [{name: c, image: agent}]}}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: rs}
spec:
  replicas: 2
  selector: {matchLabels: {app: rs}}
  template: {metadata: {labels: {app: rs}}, spec: {containers: [{name: c, image: app}]}}
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const auto& ws = l->cluster->workloads;
    QCOMPARE(ws.size(), std::size_t(7));
    QVERIFY(l->cluster->pods.empty());  // expansion is another module's job

    QCOMPARE(ws[0].kind, core::WorkloadKind::Deployment);
    QCOMPARE(ws[0].ns, l->sym("shop"));
    QCOMPARE(ws[0].replicas, 1);  // default
    QVERIFY(ws[0].uid.empty());   // expansion derives one
    QVERIFY(ws[0].selector.has_value());
    QCOMPARE(ws[0].podTemplate.ns, l->sym("shop"));
    QCOMPARE(ws[0].podTemplate.labels.get(l->sym("app")), l->sym("web"));
    QCOMPARE(ws[0].podTemplate.schedulerName, l->sym("default-scheduler"));
    // The template is defaulted like a pod: request from the limit, derived data computed.
    QCOMPARE(ws[0].podTemplate.containers.at(0).requests.milliCpu, qint64(1000));
    QCOMPARE(ws[0].podTemplate.derived.requests.milliCpu, qint64(1000));

    QCOMPARE(ws[1].kind, core::WorkloadKind::StatefulSet);
    QCOMPARE(ws[1].replicas, 3);
    QCOMPARE(ws[1].serviceName, std::string("db"));
    QCOMPARE(ws[1].podManagementPolicy, std::string("Parallel"));

    // Job: parallelism -> replicas; completions nil (-1) when only parallelism is given.
    QCOMPARE(ws[2].kind, core::WorkloadKind::Job);
    QCOMPARE(ws[2].replicas, 4);
    QCOMPARE(ws[2].completions, -1);
    QVERIFY(!ws[2].selector.has_value());
    // Neither given: both 1.
    QCOMPARE(ws[3].replicas, 1);
    QCOMPARE(ws[3].completions, 1);

    // ReplicationController: a plain map selector becomes In terms.
    QCOMPARE(ws[4].kind, core::WorkloadKind::ReplicationController);
    QCOMPARE(ws[4].replicas, 0);
    QVERIFY(ws[4].selector.has_value());
    QCOMPARE(ws[4].selector->requirements.size(), std::size_t(1));
    QCOMPARE(ws[4].selector->requirements[0].op, core::SelectorOp::In);

    QCOMPARE(ws[5].kind, core::WorkloadKind::DaemonSet);
    QCOMPARE(ws[5].podTemplate.tolerations.size(), std::size_t(1));
    QCOMPARE(ws[6].kind, core::WorkloadKind::ReplicaSet);
    QCOMPARE(ws[6].replicas, 2);
}

void TestManifestLoader::listKinds() {
    auto l = load(R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n1}
- apiVersion: v1
  kind: Pod
  metadata: {name: a}
  spec: {containers: []}
---
apiVersion: v1
kind: PodList
items:
- metadata: {name: b}
  spec: {containers: []}
- metadata: {name: c}
)");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    QCOMPARE(l->cluster->nodes.size(), std::size_t(1));
    // File order across both lists; typed list items take the list's kind and apiVersion.
    QCOMPARE(l->cluster->pods.size(), std::size_t(3));
    QCOMPARE(l->cluster->pods[0].name, std::string("a"));
    QCOMPARE(l->cluster->pods[1].name, std::string("b"));
    QCOMPARE(l->cluster->pods[2].name, std::string("c"));
    QCOMPARE(l->cluster->pods[0].source.line, 7);  // the item's `- apiVersion` line
    QCOMPARE(l->cluster->pods[0].source.column, 3);
}

void TestManifestLoader::sourcePositions() {
    // Comments, blank lines and separators before a document count in its line numbers.
    auto l = load(
        "# leading comment\n\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\n# note\n"
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n",
        "f.yaml");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    QCOMPARE(l->node("n1")->source.toString(), std::string("f.yaml:4:1"));
    QCOMPARE(l->pod("p")->source.toString(), std::string("f.yaml:9:1"));
}

// Two trees are the same when every node has the same type, text and 0-based position.
// Returns the first difference as a path, or "" when there is none.
static std::string treeDifference(const io::detail::DocNode& a, const io::detail::DocNode& b, const std::string& path) {
    auto where = [&](const io::detail::DocNode& n) {
        return std::to_string(n.line()) + ":" + std::to_string(n.column());
    };
    if (a.type() != b.type()) return path + ": type differs";
    if (a.line() != b.line() || a.column() != b.column()) return path + ": position " + where(a) + " vs " + where(b);
    if (a.scalar() != b.scalar())
        return path + ": \"" + std::string(a.scalar()) + "\" vs \"" + std::string(b.scalar()) + "\"";
    if (a.size() != b.size()) return path + ": size differs";
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string p = path + "[" + std::to_string(i) + "]";
        std::string d = a.isMap()
                            ? treeDifference(a.key(i), b.key(i), p + ".key") + treeDifference(a.value(i), b.value(i), p)
                            : treeDifference(a.item(i), b.item(i), p);
        if (!d.empty()) return d;
    }
    return {};
}

void TestManifestLoader::jsonTreeMatchesYaml_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // JSON is YAML: libyaml and the JSON fast path must build the same tree, positions
    // included (a collection at its bracket, a string at its opening quote), so diagnostics
    // and SourceRefs do not depend on which parser read a file.
    QTest::addColumn<QString>("json");
    QTest::newRow("kubectl List, indented") << QString(
        "{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"List\",\n    \"items\": [\n        {\n"
        "            \"kind\": \"Pod\",\n            \"metadata\": {\"name\": \"p\", \"labels\": {}},\n"
        "            \"spec\": {\"containers\": [], \"priority\": 10}\n        }\n    ]\n}\n");
    QTest::newRow("numbers keep their text") << QString("{\"a\": 1e3, \"b\": -0.5, \"c\": 0, \"d\": 12345678901234}");
    QTest::newRow("true false null") << QString("{\"t\": true, \"f\": false, \"n\": null, \"s\": \"null\"}");
    QTest::newRow("escapes") << QString("{\"k\\\"ey\": \"a\\\\b\\n\\u00e9\\t\", \"e\": \"\"}");
    QTest::newRow("compact, no blanks") << QString("{\"a\":[1,{\"b\":[]},\"x\"],\"c\":{}}");
    QTest::newRow("duplicate keys kept in order") << QString("{\"a\": 1, \"a\": 2}");
    QTest::newRow("CRLF line ends") << QString("{\r\n  \"a\": [\r\n    \"b\"\r\n  ]\r\n}\r\n");
    QTest::newRow("byte order mark") << QString("\xEF\xBB\xBF{\"a\": \"b\"}");
    QTest::newRow("top-level list") << QString("[{\"a\": 1}, 2]");
    // clang-format on
}

void TestManifestLoader::jsonTreeMatchesYaml() {
    QFETCH(QString, json);
    const std::string text = json.toStdString();
    const auto fast = io::detail::parseJsonDocument(text);
    QVERIFY(fast.has_value());
    QCOMPARE(fast->documents.size(), std::size_t(1));
    const auto pieces = io::detail::splitYamlDocuments(text);
    QCOMPARE(pieces.size(), std::size_t(1));
    const auto yaml = io::detail::parseYamlPiece(pieces[0]);
    QVERIFY(!yaml.failed);
    QCOMPARE(yaml.documents.size(), std::size_t(1));
    const std::string difference = treeDifference(fast->documents[0], yaml.documents[0], "$");
    QVERIFY2(difference.empty(), difference.c_str());
}

void TestManifestLoader::jsonManifests() {
    // A JSON List loads like its YAML twin; problems are reported at the JSON positions.
    auto l = load(
        "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n"
        "  {\"apiVersion\": \"v1\", \"kind\": \"Node\", \"metadata\": {\"name\": \"n1\"},\n"
        "   \"status\": {\"allocatable\": {\"cpu\": 4, \"memory\": \"8Gi\", \"pods\": \"110\"}}},\n"
        "  {\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"p\"},\n"
        "   \"spec\": {\"containers\": [{\"name\": \"c\", \"resources\": {\"requests\": {\"cpu\": \"1x\"}}}]}}\n"
        "]}\n",
        "f.json");
    QVERIFY2(l->node("n1"), qPrintable(l->all()));
    QCOMPARE(l->node("n1")->source.toString(), std::string("f.json:2:3"));
    QCOMPARE(l->node("n1")->allocatable.milliCpu, qint64(4000));
    const auto errors = l->errors();
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors[0].toString(),
             std::string("f.json:5:76: error: Pod default/p: spec.containers[0].resources.requests.cpu: "
                         "invalid quantity \"1x\""));
    QVERIFY(!l->pod("p"));

    // Not valid JSON (a missing bracket): read as YAML, which reports where it gave up.
    auto broken = load("{\"apiVersion\": \"v1\", \"kind\": \"Node\",\n \"metadata\": {\"name\": \"n\"}\n", "g.json");
    QCOMPARE(broken->errors().size(), std::size_t(1));
    QVERIFY2(broken->errors()[0].message.starts_with("invalid YAML"), qPrintable(broken->all()));
    QCOMPARE(broken->errors()[0].file, std::string("g.json"));
    QVERIFY(broken->errors()[0].line > 0);

    // Flow-style YAML that is not JSON (unquoted keys) still loads through the YAML path.
    auto flow = load("{apiVersion: v1, kind: Node, metadata: {name: n2}}\n", "h.yaml");
    QVERIFY2(flow->result.diagnostics.items.empty(), qPrintable(flow->all()));
    QVERIFY(flow->node("n2"));
}

void TestManifestLoader::anchorsAndAliases() {
    // An alias reads as its anchored node, as YAML::Load gives it (one shared node).
    auto l = load(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: &l {app: web}}\n"
        "spec:\n  nodeSelector: *l\n  containers: [{name: c, resources: {requests: &r {cpu: 250m}, limits: *r}}]\n");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    const core::Pod* p = l->pod("p");
    QVERIFY(p);
    QCOMPARE(p->nodeSelector.get(l->sym("app")), l->sym("web"));
    QCOMPARE(p->containers[0].requests.milliCpu, qint64(250));
}

void TestManifestLoader::separatorsAndLineEndings() {
    // `--- # comment` separates; `--- {inline}` starts a document on the marker line; CRLF.
    const QString text =
        "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n--- # second\n"
        "apiVersion: v1\nkind: Node\nmetadata: {name: n2}\n"
        "--- {apiVersion: v1, kind: Node, metadata: {name: n3}}\n";
    auto l = load(text, "f.yaml");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    QCOMPARE(l->cluster->nodes.size(), std::size_t(3));
    QCOMPARE(l->node("n2")->source.line, 5);
    QCOMPARE(l->node("n3")->source.line, 8);
    auto crlf = load(QString(text).replace("\n", "\r\n") + "---\r\nkind: Pod\r\nmetadata: {name: x}\r\n", "f.yaml");
    const auto errors = crlf->errors();
    QCOMPARE(crlf->cluster->nodes.size(), std::size_t(3));
    QCOMPARE(crlf->node("n2")->source.line, 5);
    QCOMPARE(errors.size(), std::size_t(1));  // the pod lacks apiVersion: line 10
    QCOMPARE(errors[0].line, 10);
}

void TestManifestLoader::emptyDocumentsIgnored() {
    auto l = load("---\n---\n# only a comment\n---\nnull\n---\n~\n---\n" + QString(kGoodPod) + "---\n");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    QCOMPARE(l->cluster->pods.size(), std::size_t(1));
}

void TestManifestLoader::startTimes_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("time");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("seconds");
    QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << true << qint64(0);
    QTest::newRow("before epoch") << "1969-12-31T23:59:59Z" << true << qint64(-1);
    // 2024-01-01 is day 19723 (x 86400 = 1704067200), plus 60 s.
    QTest::newRow("utc") << "2024-01-01T00:01:00Z" << true << qint64(1704067260);
    // 2024-02-29 is day 19723 + 31 + 28 = 19782 -> 1709164800; 12:00 -> +43200 =
    // 1709208000; +01:00 means an hour earlier in UTC -> 1709204400; the fraction is dropped.
    QTest::newRow("offset and fraction") << "2024-02-29T12:00:00.5+01:00" << true << qint64(1709204400);
    QTest::newRow("not a leap year") << "2023-02-29T00:00:00Z" << false << qint64(0);
    QTest::newRow("space instead of T") << "2024-01-01 00:00:00Z" << false << qint64(0);
    QTest::newRow("no zone") << "2024-01-01T00:00:00" << false << qint64(0);
    QTest::newRow("hour 24") << "2024-01-01T24:00:00Z" << false << qint64(0);
    // clang-format on
}

void TestManifestLoader::startTimes() {
    QFETCH(QString, time);
    QFETCH(bool, valid);
    QFETCH(qint64, seconds);
    auto l = load("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nstatus: {startTime: \"" + time + "\"}\n");
    QCOMPARE(l->errors().empty(), valid);
    if (!valid) return;
    QCOMPARE(l->pod("p")->startTime, std::optional<std::int64_t>(seconds));
}

void TestManifestLoader::unexpectedApiVersion() {
    // A known kind under another apiVersion is read anyway, with a warning.
    auto l = load("apiVersion: apps/v1\nkind: Pod\nmetadata: {name: p}\n");
    QVERIFY2(l->errors().empty(), qPrintable(l->all()));
    QCOMPARE(l->warnings().size(), std::size_t(1));
    QCOMPARE(l->warnings()[0].name, std::string("default/p"));
    QCOMPARE(l->warnings()[0].line, 1);
    QCOMPARE(l->warnings()[0].column, 13);  // "apiVersion: " is 12 characters
    QVERIFY(l->pod("p"));
}

// ---------------------------------------------------------------------------------------------
// Bad input: one bad document, then a good pod that must still load.

void TestManifestLoader::badInput_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("bad");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("message");  // a part of the message

    // Columns count from 1; each comment shows the text before the reported character.
    QTest::newRow("not a map") << "- apiVersion: v1\n- kind: Pod\n"
                               << 1 << 1 << ""
                               << ""
                               << "a document must be a map, got a list";
    QTest::newRow("scalar document") << "just text\n"
                                     << 1 << 1 << ""
                                     << ""
                                     << "a document must be a map, got a scalar";
    QTest::newRow("missing kind") << "apiVersion: v1\nmetadata: {name: nokind}\n"
                                  << 1 << 1 << ""
                                  << "nokind"
                                  << "kind: is required";
    QTest::newRow("missing apiVersion") << "kind: Pod\nmetadata: {name: noapi}\n"
                                        << 1 << 1 << "Pod"
                                        << "default/noapi"
                                        << "apiVersion: is required";
    QTest::newRow("kind not a string") << "apiVersion: v1\nkind: [Pod]\nmetadata: {name: x}\n"
                                       << 2 << 7 << ""
                                       << "x"
                                       << "kind: expected a string, got a list";
    QTest::newRow("missing metadata") << "apiVersion: v1\nkind: Node\n"
                                      << 1 << 1 << "Node"
                                      << ""
                                      << "metadata: is required";
    // "metadata: " is 10 characters: the map starts in column 11.
    QTest::newRow("missing name") << "apiVersion: v1\nkind: Pod\nmetadata: {namespace: x}\n"
                                  << 3 << 11 << "Pod"
                                  << ""
                                  << "metadata.name: is required";
    // "  containers: " is 14 characters.
    QTest::newRow("string for a list")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p1}\nspec:\n  containers: oops\n"
        << 5 << 15 << "Pod"
        << "default/p1"
        << "spec.containers: expected a list, got a scalar";
    // "  priority: " is 12 characters.
    QTest::newRow("non-integer priority")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p2}\nspec:\n  priority: high\n"
        << 5 << 13 << "Pod"
        << "default/p2"
        << "spec.priority: expected an integer, got \"high\"";
    QTest::newRow("fractional priority")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p2}\nspec:\n  priority: 1.5\n"
        << 5 << 13 << "Pod"
        << "default/p2"
        << "expected an integer, got \"1.5\"";
    // "metadata: {name: p5, labels: " is 29 characters.
    QTest::newRow("list for a map") << "apiVersion: v1\nkind: Pod\nmetadata: {name: p5, labels: [a, b]}\n"
                                    << 3 << 30 << "Pod"
                                    << "default/p5"
                                    << "metadata.labels: expected a map, got a list";
    // "      requests: {cpu: " is 22 characters.
    QTest::newRow("bad quantity") << "apiVersion: v1\nkind: Pod\nmetadata: {name: p3}\nspec:\n  "
                                     "containers:\n  - name: c\n    resources:\n"
                                     "      requests: {cpu: 2x}\n"
                                  << 8 << 23 << "Pod"
                                  << "default/p3"
                                  << "spec.containers[0].resources.requests.cpu: invalid quantity \"2x\"";
    // "      limits: {memory: " is 23 characters.
    QTest::newRow("negative limit") << "apiVersion: v1\nkind: Pod\nmetadata: {name: p3, namespace: "
                                       "ns}\nspec:\n  containers:\n  - name: c\n"
                                       "    resources:\n      limits: {memory: -1Gi}\n"
                                    << 8 << 24 << "Pod"
                                    << "ns/p3"
                                    << "limits.memory: quantity \"-1Gi\" must not be negative";
    // "status: {allocatable: {cpu: " is 28 characters.
    QTest::newRow("negative allocatable")
        << "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: \"-4\"}}\n"
        << 4 << 29 << "Node"
        << "n1"
        << "status.allocatable.cpu: quantity \"-4\" must not be negative";
    // "status: {capacity: {memory: " is 28 characters.
    QTest::newRow("bad capacity")
        << "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {capacity: {memory: lots}}\n"
        << 4 << 29 << "Node"
        << "n1"
        << "status.capacity.memory: invalid quantity \"lots\"";
    // "spec: {taints: [{key: a, effect: " is 33 characters.
    QTest::newRow("unknown taint effect")
        << "apiVersion: v1\nkind: Node\nmetadata: {name: n2}\nspec: {taints: [{key: a, effect: NoWay}]}\n"
        << 4 << 34 << "Node"
        << "n2"
        << "spec.taints[0].effect: unsupported value \"NoWay\"";
    // "spec: {taints: [" is 16 characters: the taint map starts at 17.
    QTest::newRow("taint without effect")
        << "apiVersion: v1\nkind: Node\nmetadata: {name: n2}\nspec: {taints: [{key: a}]}\n"
        << 4 << 17 << "Node"
        << "n2"
        << "spec.taints[0].effect: is required";
    // "  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: " is 55 characters.
    QTest::newRow("unknown whenUnsatisfiable")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p4}\nspec:\n  topologySpreadConstraints:\n"
           "  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: Maybe}\n"
        << 6 << 56 << "Pod"
        << "default/p4"
        << "spec.topologySpreadConstraints[0].whenUnsatisfiable: unsupported value \"Maybe\"";
    // "  - {maxSkew: " is 14 characters.
    QTest::newRow("zero maxSkew")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p4}\nspec:\n  topologySpreadConstraints:\n"
           "  - {maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n"
        << 6 << 15 << "Pod"
        << "default/p4"
        << "maxSkew: must be greater than zero";
    // "spec: {tolerations: [{key: a, operator: Exists, effect: " is 56 characters.
    QTest::newRow("unknown toleration effect")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p6}\nspec: {tolerations: [{key: a, operator: Exists, "
           "effect: "
           "Sometimes}]}\n"
        << 4 << 57 << "Pod"
        << "default/p6"
        << "spec.tolerations[0].effect: unsupported value \"Sometimes\"";
    // "spec: {preemptionPolicy: " is 25 characters.
    QTest::newRow("unknown preemptionPolicy")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p7}\nspec: {preemptionPolicy: Sometimes}\n"
        << 4 << 26 << "Pod"
        << "default/p7"
        << "spec.preemptionPolicy: unsupported value \"Sometimes\"";
    // "status: {phase: " is 16 characters.
    QTest::newRow("unknown phase")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p8}\nstatus: {phase: Sleeping}\n"
        << 4 << 17 << "Pod"
        << "default/p8"
        << "status.phase: unsupported value \"Sleeping\"";
    // "status: {startTime: " is 20 characters.
    QTest::newRow("bad startTime")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p9}\nstatus: {startTime: yesterday}\n"
        << 4 << 21 << "Pod"
        << "default/p9"
        << "status.startTime: invalid RFC 3339 time";
    // "spec: {affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [" is 81 characters.
    QTest::newRow("affinity term without topologyKey")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: pa}\n"
           "spec: {affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
           "{}}]}}}\n"
        << 4 << 82 << "Pod"
        << "default/pa"
        << "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: is "
           "required";
    // "spec: {replicas: " is 17 characters.
    QTest::newRow("negative replicas")
        << "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n"
           "spec: {replicas: -1, selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}}}\n"
        << 4 << 18 << "Deployment"
        << "default/d"
        << "spec.replicas: value -1 is out of range";
    QTest::newRow("workload without template")
        << "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: rs}\nspec: {replicas: 1, selector: {matchLabels: {a: b}}}\n"
        << 1 << 1 << "ReplicaSet"
        << "default/rs"
        << "spec.template: is required";
    // YAML forbids tabs for indentation: libyaml stops at the tab, with the message go-yaml
    // (and so kubectl) gives for it.
    QTest::newRow("malformed YAML") << "apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n"
                                    << 4 << 1 << ""
                                    << ""
                                    << "invalid YAML: found character that cannot start any token";
    // The API server's validation (pkg/apis/core/validation, pkg/apis/apps/validation), in its words.
    // "metadata: {name: " is 17 characters.
    QTest::newRow("name not DNS-1123")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: Web_1}\nspec: {containers: [{name: c, image: app}]}\n"
        << 3 << 18 << "Pod"
        << "default/Web_1"
        << "metadata.name: Invalid value: \"Web_1\": a lowercase RFC 1123 subdomain must consist of lower case "
           "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
           "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    // "metadata: {name: p, namespace: " is 31 characters.
    QTest::newRow("namespace not a DNS label")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: Shop}\nspec: {containers: [{name: c, image: app}]}\n"
        << 3 << 32 << "Pod"
        << "Shop/p"
        << "metadata.namespace: Invalid value: \"Shop\": a lowercase RFC 1123 label must consist of";
    // "metadata: {name: p, labels: {" is 29 characters.
    QTest::newRow("label value")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {app: \"web server\"}}\nspec: {containers: [{name: c, image: app}]}\n"
        << 3 << 30 << "Pod"
        << "default/p"
        << "metadata.labels: Invalid value: \"web server\": a valid label must be an empty string or consist of";
    // "      requests: {cpu: " is 22 characters.
    QTest::newRow("request above limit")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    resources:\n"
           "      requests: {cpu: \"2\"}\n      limits: {cpu: 1500m}\n"
        << 8 << 23 << "Pod"
        << "default/p"
        << "spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1500m";
    // Pod-level resources take cpu, memory and hugepages only (validatePodResourceName).
    // "    requests: {ephemeral-storage: " is 34 characters.
    QTest::newRow("pod-level ephemeral-storage")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resources:\n    requests: {ephemeral-storage: 1Gi}\n"
           "  containers:\n  - name: c\n"
        << 6 << 35 << "Pod"
        << "default/p"
        << "spec.resources.requests: Unsupported value: \"ephemeral-storage\": supported values: \"cpu\", \"hugepages-\", \"memory\"";
    // "    requests: {cpu: " is 20 characters.
    QTest::newRow("pod-level request above limit")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resources:\n    requests: {cpu: \"2\"}\n"
           "    limits: {cpu: 1}\n  containers:\n  - name: c\n"
        << 6 << 21 << "Pod"
        << "default/p"
        << "spec.resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1";
    // "    metadata: {labels: " is 23 characters.
    QTest::newRow("selector misses the template")
        << "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n"
           "  template:\n    metadata: {labels: {app: wbe, tier: front}}\n    spec: {containers: [{name: c, image: app}]}\n"
        << 7 << 24 << "Deployment"
        << "default/web"
        << "spec.template.metadata.labels: Invalid value: {\"app\":\"wbe\",\"tier\":\"front\"}: `selector` does not match template `labels`";
    QTest::newRow("selector required")
        << "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\n"
           "spec: {template: {spec: {containers: [{name: c, image: app}]}}}\n"
        << 4 << 7 << "StatefulSet"
        << "default/db"
        << "spec.selector: Required value";
    // "spec: {selector: " is 17 characters.
    QTest::newRow("empty selector")
        << "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: ds}\n"
           "spec: {selector: {}, template: {spec: {containers: [{name: c, image: app}]}}}\n"
        << 4 << 18 << "DaemonSet"
        << "default/ds"
        << "spec.selector: Invalid value: {}: empty selector is invalid for daemonset";
    // Strict field validation (tst_field_validation.cpp has the rest).
    // "  - {name: c, image: app, " is 26 characters.
    QTest::newRow("unknown field")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: c, image: app, resourses: {}}\n"
        << 6 << 27 << "Pod"
        << "default/p"
        << "unknown field \"spec.containers[0].resourses\"";
    // Same name twice: the second is rejected, naming where the first was.
    QTest::newRow("duplicate") << QString(kGoodPod).replace("good", "twice") + "---\n" +
                                      QString(kGoodPod).replace("good", "twice")
                               << 6 << 1 << "Pod"
                               << "default/twice"
                               << "already defined at bad.yaml:1:1";
    // clang-format on
}

void TestManifestLoader::badInput() {
    QFETCH(QString, bad);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QString, message);
    auto l = load(bad + "---\n" + kGoodPod, "bad.yaml");
    const auto errors = l->errors();
    QVERIFY2(errors.size() == 1, qPrintable(l->all()));
    const io::Diagnostic& e = errors.front();
    QCOMPARE(QString::fromStdString(e.file), QString("bad.yaml"));
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
    QCOMPARE(QString::fromStdString(e.kind), kind);
    QCOMPARE(QString::fromStdString(e.name), name);
    QVERIFY2(QString::fromStdString(e.message).contains(message), qPrintable(QString::fromStdString(e.toString())));
    // The bad object is skipped; the good pod after it loads.
    QVERIFY(l->pod("good") != nullptr);
    QVERIFY(l->node("n1") == nullptr && l->node("n2") == nullptr);
    QVERIFY(l->pod("p1") == nullptr && l->pod("p3") == nullptr && l->pod("p9") == nullptr);
}

void TestManifestLoader::allErrorsOfAFileAreReported() {
    // Three errors in one pod (all reported, pod skipped), one in a node, a good pod between.
    // The reader visits priority before containers; messages still come in file order.
    auto l = load(R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  containers: [{name: c, resources: {requests: {cpu: bad, memory: worse}}}]
  priority: x
---
apiVersion: v1
kind: Pod
metadata: {name: b}
---
apiVersion: v1
kind: Node
metadata: {name: n}
spec: {unschedulable: maybe}
)");
    const auto errors = l->errors();
    QCOMPARE(errors.size(), std::size_t(4));
    QCOMPARE(errors[0].line, 5);  // cpu
    QVERIFY(errors[0].message.find(".cpu:") != std::string::npos);
    QCOMPARE(errors[1].line, 5);  // memory, further right
    QVERIFY(errors[1].column > errors[0].column);
    QCOMPARE(errors[2].line, 6);   // priority
    QCOMPARE(errors[3].line, 15);  // unschedulable
    QCOMPARE(errors[3].message, std::string("spec.unschedulable: expected a boolean, got \"maybe\""));
    QCOMPARE(l->cluster->pods.size(), std::size_t(1));
    QCOMPARE(l->cluster->pods[0].name, std::string("b"));
    QVERIFY(l->cluster->nodes.empty());
}

void TestManifestLoader::malformedDocumentKeepsTheOthers() {
    auto l = load(R"(apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: broken
spec: [
---
apiVersion: v1
kind: Pod
metadata: {name: after}
spec: {containers: [{name: c, resources: {requests: {cpu: nope}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: last}
)");
    const auto errors = l->errors();
    QCOMPARE(errors.size(), std::size_t(2));
    QVERIFY(QString::fromStdString(errors[0].message).startsWith("invalid YAML"));
    QVERIFY(errors[0].line >= 7 && errors[0].line <= 9);
    // Line numbers after the broken document are still those of the file.
    QCOMPARE(errors[1].line, 13);
    QCOMPARE(errors[1].name, std::string("default/after"));
    QVERIFY(l->node("n1"));
    QVERIFY(l->pod("last"));
    QCOMPARE(l->cluster->pods.size(), std::size_t(1));
}

void TestManifestLoader::unknownKindIsAWarning() {
    auto l = load("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {a: b}\n---\n" + QString(kGoodPod));
    QVERIFY2(l->errors().empty(), qPrintable(l->all()));
    const auto warnings = l->warnings();
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings[0].kind, std::string("ConfigMap"));
    QCOMPARE(warnings[0].name, std::string("cfg"));
    QCOMPARE(warnings[0].line, 1);
    QVERIFY(QString::fromStdString(warnings[0].message).contains("unknown kind \"ConfigMap\""));
    QVERIFY(l->pod("good"));
}

void TestManifestLoader::duplicateAcrossTexts() {
    Loaded l;
    const std::string node = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n";
    io::loadManifestText(node, "a.yaml", *l.cluster, l.result);
    io::loadManifestText("# second file\n---\n" + node, "b.yaml", *l.cluster, l.result);
    const auto errors = l.errors();
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors[0].file, std::string("b.yaml"));
    QCOMPARE(errors[0].line, 3);
    QCOMPARE(errors[0].kind, std::string("Node"));
    QCOMPARE(errors[0].name, std::string("n1"));
    QVERIFY(QString::fromStdString(errors[0].message).contains("already defined at a.yaml:1:1"));
    QCOMPARE(l.cluster->nodes.size(), std::size_t(1));
    // Same name, another namespace or kind: no conflict.
    io::loadManifestText(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: n1}\n---\n"
        "apiVersion: v1\nkind: Pod\nmetadata: {name: n1, namespace: other}\n",
        "c.yaml", *l.cluster, l.result);
    QCOMPARE(l.errors().size(), std::size_t(1));
    QCOMPARE(l.cluster->pods.size(), std::size_t(2));
}

void TestManifestLoader::podBoundToMissingNode() {
    auto l = load(R"(apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: on-n1}
spec: {nodeName: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: lost}
spec: {nodeName: gone}
---
apiVersion: v1
kind: Pod
metadata: {name: done}
spec: {nodeName: gone}
status: {phase: Succeeded}
)",
                  "m.yaml");
    QVERIFY2(l->result.diagnostics.items.empty(), qPrintable(l->all()));
    io::validateCluster(*l->cluster, l->result);
    const auto errors = l->errors();
    QCOMPARE(errors.size(), std::size_t(1));  // `done` is terminal: ignored either way
    QCOMPARE(errors[0].file, std::string("m.yaml"));
    QCOMPARE(errors[0].line, 10);
    QCOMPARE(errors[0].kind, std::string("Pod"));
    QCOMPARE(errors[0].name, std::string("default/lost"));
    QVERIFY(QString::fromStdString(errors[0].message).contains("\"gone\" does not exist"));
}

void TestManifestLoader::implicitNamespaces() {
    auto l = load("apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n---\n" + QString(kGoodPod) +
                  "---\napiVersion: v1\nkind: Pod\nmetadata: {name: x, namespace: shop}\n");
    QCOMPARE(l->cluster->namespaces.size(), std::size_t(1));
    io::addImplicitNamespaces(*l->cluster);
    QCOMPARE(l->cluster->namespaces.size(), std::size_t(2));  // `default` added, `shop` kept
    const core::Namespace* def = l->cluster->findNamespace(l->sym("default"));
    QVERIFY(def);
    QCOMPARE(def->labels.get(l->sym("kubernetes.io/metadata.name")), l->sym("default"));
}

void TestManifestLoader::unreadableFile() {
    Loaded l;
    io::loadManifestFile("/nonexistent/berth.yaml", *l.cluster, l.result);
    const auto errors = l.errors();
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors[0].file, std::string("/nonexistent/berth.yaml"));
    QVERIFY(QString::fromStdString(errors[0].message).startsWith("cannot read file"));
    QTemporaryDir dir;
    io::loadManifestFile(dir.path().toStdString(), *l.cluster, l.result);
    QCOMPARE(l.errors().size(), std::size_t(2));
    QVERIFY(QString::fromStdString(l.errors()[1].message).contains("is a directory"));
}

// ---------------------------------------------------------------------------------------------
// KubeSchedulerConfiguration

void TestManifestLoader::configMostAllocated() {
    Loaded l;
    io::loadManifestFile(QStringLiteral(BERTH_CONFORMANCE_DIR "/scenarios/config-mostallocated.yaml").toStdString(),
                         *l.cluster, l.result);
    QVERIFY2(l.result.diagnostics.items.empty(), qPrintable(l.all()));
    QVERIFY(l.result.config.has_value());
    const core::SchedulerConfiguration& c = *l.result.config;
    QCOMPARE(c.source.line, 6);  // after the comment header and `---`
    QVERIFY(!c.percentageOfNodesToScore.has_value());
    QCOMPARE(c.podInitialBackoffSeconds, qint64(1));  // defaults
    QCOMPARE(c.podMaxBackoffSeconds, qint64(10));
    QCOMPARE(c.profiles.size(), std::size_t(1));
    const core::ProfileConfig& p = c.profiles[0];
    QCOMPARE(p.schedulerName, std::string("default-scheduler"));
    const core::PluginSet& score = p.plugins.at(core::ExtensionPoint::Score);
    QCOMPARE(score.enabled.size(), std::size_t(3));
    QCOMPARE(score.enabled[0].name, std::string("NodeResourcesFit"));
    QCOMPARE(score.enabled[0].weight, 5);
    QCOMPARE(score.enabled[1].name, std::string("TaintToleration"));
    QCOMPARE(score.enabled[1].weight, 1);
    QCOMPARE(score.enabled[2].name, std::string("InterPodAffinity"));
    QCOMPARE(score.enabled[2].weight, 4);
    QCOMPARE(score.disabled.size(), std::size_t(2));
    QCOMPARE(score.disabled[0].name, std::string("NodeResourcesBalancedAllocation"));
    QCOMPARE(score.disabled[0].weight, 0);  // not given
    QCOMPARE(score.disabled[1].name, std::string("ImageLocality"));
    QVERIFY(p.plugins.at(core::ExtensionPoint::Filter).enabled.empty());
    QVERIFY(p.plugins.multiPoint.enabled.empty());
    const core::NodeResourcesFitArgs& fit = p.args.nodeResourcesFit;
    QCOMPARE(fit.type, core::ScoringStrategyType::MostAllocated);
    QCOMPARE(fit.resources.size(), std::size_t(3));  // replaces the default cpu + memory
    QCOMPARE(fit.resources[0].name, std::string("cpu"));
    QCOMPARE(fit.resources[0].weight, qint64(2));
    QCOMPARE(fit.resources[1].name, std::string("memory"));
    QCOMPARE(fit.resources[1].weight, qint64(1));
    QCOMPARE(fit.resources[2].name, std::string("nvidia.com/gpu"));
    QCOMPARE(fit.resources[2].weight, qint64(3));
    // Untouched plugins keep their defaults.
    QCOMPARE(p.args.balancedAllocation.resources.size(), std::size_t(2));
    QCOMPARE(p.args.interPodAffinity.hardPodAffinityWeight, 1);
    QCOMPARE(p.args.defaultPreemption.minCandidateNodesPercentage, 10);
    QCOMPARE(p.args.defaultPreemption.minCandidateNodesAbsolute, 100);
    QCOMPARE(p.args.podTopologySpread.defaultingType, core::SpreadDefaulting::System);
    QCOMPARE(l.cluster->nodes.size(), std::size_t(10));  // the rest of the file loads too
}

void TestManifestLoader::configDefaults() {
    auto l = load(R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodesToScore: 100
podInitialBackoffSeconds: 2
podMaxBackoffSeconds: 20
profiles:
- percentageOfNodesToScore: 50
  plugins:
    multiPoint:
      enabled: [{name: MyPlugin, weight: 3}]
    filter:
      disabled: [{name: "*"}]
  pluginConfig:
  - name: NodeResourcesFit
    args:
      kind: NodeResourcesFitArgs
      ignoredResources: [example.com/foo]
      ignoredResourceGroups: [example.com]
      scoringStrategy:
        type: RequestedToCapacityRatio
        resources: [{name: cpu}, {name: memory, weight: 0}]
        requestedToCapacityRatio:
          shape: [{utilization: 0, score: 10}, {utilization: 100, score: 0}]
  - name: NodeResourcesBalancedAllocation
    args: {resources: [{name: cpu}, {name: nvidia.com/gpu, weight: 1}]}
  - name: PodTopologySpread
    args:
      defaultingType: List
      defaultConstraints:
      - {maxSkew: 3, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway}
      - {maxSkew: 5, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: ScheduleAnyway}
  - name: InterPodAffinity
    args: {hardPodAffinityWeight: 0, ignorePreferredTermsOfExistingPods: true}
  - name: NodeAffinity
    args:
      addedAffinity:
        requiredDuringSchedulingIgnoredDuringExecution:
          nodeSelectorTerms: [{matchExpressions: [{key: pool, operator: In, values: [a]}]}]
  - name: DefaultPreemption
    args: {minCandidateNodesPercentage: 0, minCandidateNodesAbsolute: 5}
  - name: VolumeBinding
    args: {bindTimeoutSeconds: 300}
)");
    QVERIFY2(l->errors().empty(), qPrintable(l->all()));
    QCOMPARE(l->warnings().size(), std::size_t(1));  // VolumeBinding args are not modelled
    QVERIFY(l->result.config.has_value());
    const core::SchedulerConfiguration& c = *l->result.config;
    QCOMPARE(c.percentageOfNodesToScore, std::optional<std::int32_t>(100));
    QCOMPARE(c.podInitialBackoffSeconds, qint64(2));
    QCOMPARE(c.podMaxBackoffSeconds, qint64(20));
    QCOMPARE(c.profiles.size(), std::size_t(1));
    const core::ProfileConfig& p = c.profiles[0];
    QCOMPARE(p.schedulerName, std::string("default-scheduler"));  // one unnamed profile
    QCOMPARE(p.percentageOfNodesToScore, std::optional<std::int32_t>(50));
    QCOMPARE(p.plugins.multiPoint.enabled.at(0).name, std::string("MyPlugin"));
    QCOMPARE(p.plugins.multiPoint.enabled.at(0).weight, 3);
    QCOMPARE(p.plugins.at(core::ExtensionPoint::Filter).disabled.at(0).name, std::string("*"));
    const auto& fit = p.args.nodeResourcesFit;
    QCOMPARE(fit.ignoredResources, std::vector<std::string>{"example.com/foo"});
    QCOMPARE(fit.ignoredResourceGroups, std::vector<std::string>{"example.com"});
    QCOMPARE(fit.type, core::ScoringStrategyType::RequestedToCapacityRatio);
    QCOMPARE(fit.resources.size(), std::size_t(2));
    QCOMPARE(fit.resources[0].weight, qint64(1));  // absent -> 1
    QCOMPARE(fit.resources[1].weight, qint64(1));  // 0 -> 1
    QCOMPARE(fit.shape.size(), std::size_t(2));
    QCOMPARE(fit.shape[0].score, 10);
    QCOMPARE(fit.shape[1].utilization, 100);
    QCOMPARE(p.args.balancedAllocation.resources.size(), std::size_t(2));
    QCOMPARE(p.args.balancedAllocation.resources[1].name, std::string("nvidia.com/gpu"));
    QCOMPARE(p.args.podTopologySpread.defaultingType, core::SpreadDefaulting::List);
    QCOMPARE(p.args.podTopologySpread.defaultConstraints.size(), std::size_t(2));
    QCOMPARE(p.args.podTopologySpread.defaultConstraints[1].maxSkew, 5);
    QCOMPARE(p.args.interPodAffinity.hardPodAffinityWeight, 0);
    QVERIFY(p.args.interPodAffinity.ignorePreferredTermsOfExistingPods);
    QVERIFY(p.args.nodeAffinity.addedAffinity.has_value());
    QCOMPARE(p.args.nodeAffinity.addedAffinity->required->terms.size(), std::size_t(1));
    QCOMPARE(p.args.defaultPreemption.minCandidateNodesPercentage, 0);
    QCOMPARE(p.args.defaultPreemption.minCandidateNodesAbsolute, 5);
}

void TestManifestLoader::badConfig_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("body");  // after apiVersion and kind (lines 1-2)
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");

    const QString fit = "profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n";  // lines 3-6
    // Ranges from validation.go / validation_pluginargs.go.
    QTest::newRow("percentage 150") << "percentageOfNodesToScore: 150\n"
                                    << 3 << "percentageOfNodesToScore: value 150 is out of range [0, 100]";
    QTest::newRow("profile percentage -1")
        << "profiles:\n- percentageOfNodesToScore: -1\n"
        << 4 << "profiles[0].percentageOfNodesToScore: value -1 is out of range [0, 100]";
    QTest::newRow("initial backoff 0") << "podInitialBackoffSeconds: 0\n" << 3 << "must be greater than 0";
    // max < initial: 5 < 10.
    QTest::newRow("max below initial")
        << "podInitialBackoffSeconds: 10\npodMaxBackoffSeconds: 5\n"
        << 4 << "podMaxBackoffSeconds: must be greater than or equal to podInitialBackoffSeconds";
    QTest::newRow("unknown field") << "percentageOfNodeToScore: 50\n"
                                   << 3 << "unknown field \"percentageOfNodeToScore\"";
    QTest::newRow("plugin weight 101")
        << "profiles:\n- plugins:\n    score:\n      enabled: [{name: A, weight: 101}]\n"
        << 6 << "profiles[0].plugins.score.enabled[0].weight: value 101 is out of range [0, 100]";
    QTest::newRow("unknown extension point") << "profiles:\n- plugins:\n    scoring: {}\n"
                                             << 5 << "profiles[0].plugins: unknown field \"scoring\"";
    QTest::newRow("plugin without name")
        << "profiles:\n- plugins:\n    filter:\n      disabled: [{weight: 1}]\n"
        << 6 << "disabled[0].name: is required";
    QTest::newRow("two unnamed profiles") << "profiles:\n- plugins: {}\n- plugins: {}\n"
                                          << 4 << "profiles[0].schedulerName: is required";
    QTest::newRow("duplicate profile") << "profiles:\n- schedulerName: a\n- schedulerName: a\n"
                                       << 5 << "profiles[1].schedulerName: duplicate value \"a\"";
    QTest::newRow("different queueSort") << "profiles:\n- schedulerName: a\n- schedulerName: b\n  plugins: "
                                            "{queueSort: {disabled: [{name: PrioritySort}]}}\n"
                                         << 5 << "queueSort must be the same for all profiles";
    QTest::newRow("duplicate pluginConfig")
        << "profiles:\n- pluginConfig:\n  - name: NodeAffinity\n  - name: NodeAffinity\n"
        << 6 << "duplicate plugin config for \"NodeAffinity\"";
    QTest::newRow("unknown strategy") << fit + "      scoringStrategy: {type: Balanced}\n"
                                      << 7 << "scoringStrategy.type: unsupported value \"Balanced\"";
    QTest::newRow("strategy without type") << fit + "      scoringStrategy: {resources: [{name: cpu}]}\n"
                                           << 7 << "scoringStrategy.type: unsupported value \"\"";
    QTest::newRow("resource weight 101")
        << fit + "      scoringStrategy: {type: MostAllocated, resources: [{name: cpu, weight: 101}]}\n"
        << 7 << "resource weight of cpu not in valid range (0, 100]";
    QTest::newRow("RTCR without shape") << fit + "      scoringStrategy: {type: RequestedToCapacityRatio}\n"
                                        << 7 << "requestedToCapacityRatio: is required";
    // 50 then 50: not strictly increasing.
    QTest::newRow("shape not increasing")
        << fit +
               "      scoringStrategy:\n        type: RequestedToCapacityRatio\n"
               "        requestedToCapacityRatio: {shape: [{utilization: 50, score: 1}, {utilization: 50, "
               "score: 2}]}\n"
        << 9 << "shape[1].utilization: values must be sorted in increasing order";
    QTest::newRow("shape score 11")
        << fit +
               "      scoringStrategy:\n        type: RequestedToCapacityRatio\n"
               "        requestedToCapacityRatio: {shape: [{utilization: 0, score: 11}]}\n"
        << 9 << "shape[0].score: value 11 is out of range [0, 10]";
    QTest::newRow("shape utilization 101")
        << fit +
               "      scoringStrategy:\n        type: RequestedToCapacityRatio\n"
               "        requestedToCapacityRatio: {shape: [{utilization: 101, score: 1}]}\n"
        << 9 << "shape[0].utilization: value 101 is out of range [0, 100]";
    QTest::newRow("empty shape") << fit +
                                        "      scoringStrategy:\n        type: RequestedToCapacityRatio\n"
                                        "        requestedToCapacityRatio: {shape: []}\n"
                                 << 9 << "shape: at least one point must be specified";
    QTest::newRow("resource group with slash") << fit + "      ignoredResourceGroups: [example.com/foo]\n"
                                               << 7 << "resource group name can't contain '/'";
    QTest::newRow("unknown args field") << fit + "      scoringStratgy: {}\n"
                                        << 7 << "unknown field \"scoringStratgy\"";
    QTest::newRow("args kind mismatch") << fit + "      kind: InterPodAffinityArgs\n"
                                        << 7 << "does not match plugin NodeResourcesFit";
    QTest::newRow("balanced weight 2")
        << "profiles:\n- pluginConfig:\n  - name: NodeResourcesBalancedAllocation\n    args: {resources: "
           "[{name: cpu, weight: 2}]}\n"
        << 6 << "resources[0].weight: must be 1";
    QTest::newRow("hardPodAffinityWeight 101")
        << "profiles:\n- pluginConfig:\n  - name: InterPodAffinity\n    args: {hardPodAffinityWeight: 101}\n"
        << 6 << "hardPodAffinityWeight: value 101 is out of range [0, 100]";
    QTest::newRow("preemption both zero") << "profiles:\n- pluginConfig:\n  - name: DefaultPreemption\n    "
                                             "args: {minCandidateNodesPercentage: 0, "
                                             "minCandidateNodesAbsolute: 0}\n"
                                          << 6 << "cannot both be zero";
    QTest::newRow("System with constraints")
        << "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultConstraints:\n"
           "      - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n"
        << 7 << "defaultConstraints must be empty when defaultingType is System";  // args' map starts on 7
    QTest::newRow("constraint with selector")
        << "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultingType: List\n"
           "      defaultConstraints:\n      - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: "
           "DoNotSchedule, "
           "labelSelector: {}}\n"
        << 9 << "constraint must not define a selector";
    // In a configuration an unparsable term is fatal (ValidateNodeAffinityArgs).
    QTest::newRow("unparsable addedAffinity")
        << "profiles:\n- pluginConfig:\n  - name: NodeAffinity\n    args:\n      addedAffinity:\n"
           "        requiredDuringSchedulingIgnoredDuringExecution:\n"
           "          nodeSelectorTerms: [{matchExpressions: [{key: gen, operator: Gt, values: [\"1\", "
           "\"2\"]}]}]\n"
        << 9 << "Gt and Lt need exactly one value";
    // clang-format on
}

void TestManifestLoader::badConfig() {
    QFETCH(QString, body);
    QFETCH(int, line);
    QFETCH(QString, message);
    auto l = load(
        "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n" + body + "---\n" + kGoodPod,
        "cfg.yaml");
    const auto errors = l->errors();
    QVERIFY2(!errors.empty(), qPrintable(l->all()));
    const io::Diagnostic& e = errors.front();
    QCOMPARE(e.kind, std::string("KubeSchedulerConfiguration"));
    QCOMPARE(e.file, std::string("cfg.yaml"));
    QCOMPARE(e.line, line);
    QVERIFY2(QString::fromStdString(e.message).contains(message), qPrintable(l->all()));
    QVERIFY(!l->result.config.has_value());  // a configuration with errors is not used
    QVERIFY(l->pod("good"));
}

void TestManifestLoader::schedulerConfigFile() {
    QTemporaryDir dir;
    const QString good = dir.filePath("good.yaml");
    {
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
            "profiles: [{schedulerName: a}, {schedulerName: b}]\n");
    }
    io::Diagnostics diags;
    auto config = io::loadSchedulerConfigFile(good.toStdString(), diags);
    QVERIFY(diags.items.empty());
    QVERIFY(config.has_value());
    QCOMPARE(config->profiles.size(), std::size_t(2));
    QCOMPARE(config->profiles[1].schedulerName, std::string("b"));

    // Another version of the API is refused.
    const QString beta = dir.filePath("beta.yaml");
    {
        QFile f(beta);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: kubescheduler.config.k8s.io/v1beta3\nkind: KubeSchedulerConfiguration\n");
    }
    io::Diagnostics betaDiags;
    QVERIFY(!io::loadSchedulerConfigFile(beta.toStdString(), betaDiags).has_value());
    QVERIFY(betaDiags.hasErrors());
    QVERIFY(QString::fromStdString(betaDiags.items[0].message).contains("unsupported apiVersion"));

    // A manifest is not a configuration file.
    io::Diagnostics podDiags;
    const QString pods = dir.filePath("pods.yaml");
    {
        QFile f(pods);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kGoodPod);
    }
    QVERIFY(!io::loadSchedulerConfigFile(pods.toStdString(), podDiags).has_value());
    QVERIFY(podDiags.hasErrors());

    io::Diagnostics missing;
    QVERIFY(!io::loadSchedulerConfigFile(dir.filePath("none.yaml").toStdString(), missing).has_value());
    QVERIFY(missing.hasErrors());
}

QTEST_APPLESS_MAIN(TestManifestLoader)
#include "tst_manifest_loader.moc"
