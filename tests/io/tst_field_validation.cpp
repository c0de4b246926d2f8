// Strict field validation (io/field_validation.h), as the loader applies it: unknown fields
// and keys set twice are errors with the API server's words, the field path, file, line and
// column; --validate=warn and ignore; two documents pasted together; and a hand-written
// `kubectl get -o yaml` dump, which carries every kind of field Berth never reads, loads
// without a word.

#include <QFile>
#include <QtTest/QtTest>
#include <memory>

#include "core/api/cluster.h"
#include "io/field_schema.h"
#include "io/manifest_loader.h"
#include "testlib/loaded_text.h"

using namespace berth;

namespace {

std::unique_ptr<testlib::LoadedText> load(const QString& text, io::FieldValidation mode = io::FieldValidation::Strict) {
    io::LoadOptions options;
    options.fieldValidation = mode;
    return testlib::loadText(text.toStdString(), options);
}

const char* const kMisspeltResources =
    "apiVersion: v1\n"
    "kind: Pod\n"
    "metadata: {name: web}\n"
    "spec:\n"
    "  containers:\n"
    "  - name: c\n"
    "    image: app\n"
    "    resourses: {requests: {cpu: 500m}}\n";

}  // namespace

class TestFieldValidation : public QObject {
    Q_OBJECT

private slots:
    void schemaLookups();
    void rejected_data();
    void rejected();
    void warnLoadsTheObject();
    void ignoreChecksNothing();
    void listItemsAreCheckedOnce();
    void kubectlDumpLoadsCleanly();
};

void TestFieldValidation::schemaLookups() {
    using namespace io::detail;
    const std::int32_t pod = schemaTypeOfKind("Pod");
    QVERIFY(pod >= 0);
    QCOMPARE(QString(kSchemaTypes[pod].name), QString("io.k8s.api.core.v1.Pod"));
    const SchemaField* spec = findSchemaField(pod, "spec");
    QVERIFY(spec && spec->shape == FieldShape::Object);
    const SchemaField* containers = findSchemaField(spec->type, "containers");
    QVERIFY(containers && containers->shape == FieldShape::ListOf);
    QVERIFY(findSchemaField(containers->type, "resources") != nullptr);
    QVERIFY(findSchemaField(containers->type, "resourses") == nullptr);
    QCOMPARE(schemaTypeOfKind("KubeSchedulerConfiguration"), -1);
    QCOMPARE(schemaTypeOfKind("Widget"), -1);
}

void TestFieldValidation::rejected_data() {
    // clang-format off
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");  // every diagnostic, in order

    QTest::newRow("misspelt resources") << kMisspeltResources
        << "in.yaml:8:5: error: Pod default/web: unknown field \"spec.containers[0].resourses\"";
    QTest::newRow("unknown top-level field")
        << "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: 4}}\nextra: 1\n"
        << "in.yaml:5:1: error: Node n1: unknown field \"extra\"";
    // A workload's template is a PodSpec too; the error names its full path.
    QTest::newRow("workload template")
        << "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d, namespace: shop}\n"
           "spec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n"
           "    spec:\n      containers: [{name: c, image: app}]\n      nodeSelecter: {disk: ssd}\n"
        << "in.yaml:10:7: error: Deployment shop/d: unknown field \"spec.template.spec.nodeSelecter\"";
    QTest::newRow("duplicate key")
        << "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\nspec: {containers: [{name: c, image: app}]}\n"
        << "in.yaml:5:3: error: Pod default/a: duplicate field \"metadata.name\"";
    QTest::newRow("duplicate label")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: a, labels: {app: x, app: y}}\nspec: {containers: [{name: c, image: app}]}\n"
        << "in.yaml:3:38: error: Pod default/a: duplicate field \"metadata.labels.app\"";
    // Two Pods without `---` between them: the first would be lost.
    QTest::newRow("two documents pasted together")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: first}\nspec: {containers: [{name: c, image: app}]}\n"
           "apiVersion: v1\nkind: Pod\nmetadata: {name: second}\nspec: {containers: [{name: c, image: app}]}\n"
        << "in.yaml:5:1: error: Pod default/first: duplicate field \"apiVersion\" (two documents without a \"---\" line between them?)\n"
           "in.yaml:6:1: error: Pod default/first: duplicate field \"kind\" (two documents without a \"---\" line between them?)\n"
           "in.yaml:7:1: error: Pod default/first: duplicate field \"metadata\"\n"
           "in.yaml:8:1: error: Pod default/first: duplicate field \"spec\"";
    // JSON: RapidJSON keeps both keys; the check sees them as in YAML.
    QTest::newRow("json duplicate")
        << "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"j\"},\n"
           " \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"app\"}], \"priority\": 1, \"priority\": 2}}\n"
        << "in.yaml:2:73: error: Pod default/j: duplicate field \"spec.priority\"";
    QTest::newRow("json unknown")
        << "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"j\"},\n"
           " \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"app\", \"resourses\": {}}]}}\n"
        << "in.yaml:2:56: error: Pod default/j: unknown field \"spec.containers[0].resourses\"";
    // Reported with the reader's own problems, in file order.
    QTest::newRow("with a reader error")
        << "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  priority: high\n  containers: [{name: c, image: app}]\n  hostnetwork: true\n"
        << "in.yaml:5:13: error: Pod default/p: spec.priority: expected an integer, got \"high\"\n"
           "in.yaml:7:3: error: Pod default/p: unknown field \"spec.hostnetwork\"";
    // The scheduler configuration: its reader rejects unknown fields; keys set twice too.
    QTest::newRow("config duplicate")
        << "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
           "percentageOfNodesToScore: 10\npercentageOfNodesToScore: 20\n"
        << "in.yaml:4:1: error: KubeSchedulerConfiguration: duplicate field \"percentageOfNodesToScore\"";
    // clang-format on
}

void TestFieldValidation::rejected() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto l = load(text);
    QCOMPARE(l->messages(), expected);
    QCOMPARE(l->cluster->pods.size() + l->cluster->nodes.size() + l->cluster->workloads.size(), std::size_t{0});
    QVERIFY(!l->result.config);
}

void TestFieldValidation::warnLoadsTheObject() {
    const auto l = load(kMisspeltResources, io::FieldValidation::Warn);
    QCOMPARE(l->messages(),
             QString("in.yaml:8:5: warning: Pod default/web: unknown field \"spec.containers[0].resourses\""));
    QVERIFY(l->pod("web") != nullptr);
}

void TestFieldValidation::ignoreChecksNothing() {
    const auto l = load(kMisspeltResources, io::FieldValidation::Ignore);
    QCOMPARE(l->messages(), QString());
    QVERIFY(l->pod("web") != nullptr);
}

void TestFieldValidation::listItemsAreCheckedOnce() {
    const auto l = load(
        "apiVersion: v1\nkind: List\nmetadata: {resourceVersion: \"\"}\nitems:\n"
        "- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n  spec: {containers: [{name: c, image: app}], "
        "priorty: 5}\n"
        "- apiVersion: v1\n  kind: Pod\n  metadata: {name: b}\n  spec: {containers: [{name: c, image: app}]}\n"
        "itemz: []\n");
    QCOMPARE(l->messages(), QString("in.yaml:13:1: error: List: unknown field \"itemz\""));
    QVERIFY(l->pod("a") == nullptr && l->pod("b") == nullptr);

    const auto item = load(
        "apiVersion: v1\nkind: List\nitems:\n"
        "- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n  spec: {containers: [{name: c, image: app}], "
        "priorty: 5}\n"
        "- apiVersion: v1\n  kind: Pod\n  metadata: {name: b}\n  spec: {containers: [{name: c, image: app}]}\n");
    QCOMPARE(item->messages(), QString("in.yaml:7:47: error: Pod default/a: unknown field \"spec.priorty\""));
    QVERIFY(item->pod("a") == nullptr && item->pod("b") != nullptr);
}

void TestFieldValidation::kubectlDumpLoadsCleanly() {
    QFile f(BERTH_SOURCE_DIR "/tests/io/data/kubectl_get_dump.yaml");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto l = load(QString::fromUtf8(f.readAll()));
    QCOMPARE(l->messages(), QString());
    QCOMPARE(l->cluster->nodes.size(), std::size_t{1});
    QVERIFY(l->pod("web-7d9c8b6f5d-x2x7q", "shop") != nullptr);
    QCOMPARE(l->cluster->workloads.size(), std::size_t{3});  // the Deployment, StatefulSet, Job
    QCOMPARE(l->cluster->pdbs.size(), std::size_t{1});
    QCOMPARE(l->cluster->priorityClasses.size(), std::size_t{1});
    QCOMPARE(l->cluster->namespaces.size(), std::size_t{1});
    QCOMPARE(l->cluster->services.size(), std::size_t{1});
}

QTEST_GUILESS_MAIN(TestFieldValidation)
#include "tst_field_validation.moc"
