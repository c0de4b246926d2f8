// The block YAML writer of `berthctl -o yaml` (src/io/yaml_block_writer.cpp) writes exactly
// the bytes yaml-cpp's emitter writes for the same nodes (issue 19 replaced the emitter for
// speed; the files users diff against older runs must not change). Each row is a YAML stream
// whose documents are written both ways and compared; the shapes the writer leaves to
// yaml-cpp (empty and null values, sequences in sequences) are among them.
#include <QtTest/QtTest>

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "io/document_tree.h"
#include "io/yaml_block_writer.h"
#include "io/yaml_documents.h"

using namespace berth::io::detail;

namespace {

/// The reference: every document into one YAML::Emitter, as berthctl wrote them before.
std::string throughYamlCpp(const std::vector<YAML::Node>& docs) {
    YAML::Emitter out;
    for (const auto& d : docs) {
        out << YAML::BeginDoc;
        emitQuoting(out, d);
    }
    std::string text = out.c_str();
    if (!text.empty()) text += "\n";
    return text;
}

std::string throughBlockWriter(const std::vector<YAML::Node>& docs) {
    BlockYamlWriter out;
    for (const auto& d : docs) out.document(d);
    return out.take();
}

constexpr std::string_view kTop[] = {"status"};
constexpr std::string_view kMeta[] = {"uid", "resourceVersion"};

/// The reference for podDocument(): the document as a yaml-cpp node, edited as
/// placed_pods_writer.cpp's finish() edits it, through document().
std::string editedThroughNodes(YAML::Node pod, const std::string& ns, const std::string& node) {
    if (!pod["apiVersion"]) pod["apiVersion"] = "v1";
    if (!pod["kind"]) pod["kind"] = "Pod";
    for (std::string_view key : kTop) pod.remove(std::string(key));
    for (std::string_view key : kMeta) pod["metadata"].remove(std::string(key));
    YAML::Node text(ns);
    text.SetTag("!");
    pod["metadata"]["namespace"] = text;
    YAML::Node nodeName(node);
    nodeName.SetTag("!");
    pod["spec"]["nodeName"] = nodeName;
    BlockYamlWriter out;
    out.document(pod);
    return out.take();
}

}  // namespace

class TestYamlBlockWriter : public QObject {
    Q_OBJECT
private slots:
    void sameBytesAsYamlCpp_data() {
        QTest::addColumn<QString>("input");
        // clang-format off
        QTest::newRow("flat map")              << "a: b\nc: d\n";
        QTest::newRow("nested maps")           << "metadata:\n  name: web\n  labels: {app: web, tier: \"1\"}\nspec: {nodeName: n1}\n";
        QTest::newRow("list of maps")          << "spec:\n  containers:\n  - name: c\n    image: nginx:1.25\n    ports: [{containerPort: 80}, {containerPort: 443, protocol: TCP}]\n";
        QTest::newRow("map item opens a map")  << "items:\n- resources:\n    requests: {cpu: 100m}\n  name: x\n";
        QTest::newRow("map item opens a list") << "items:\n- args: [a, b]\n  name: x\n";
        QTest::newRow("scalar lists")          << "command: [sh, -c, 'echo hi # not a comment', \"a: b\"]\n";
        QTest::newRow("quoted look-alikes")    << "a: \"yes\"\nb: \"8080\"\nc: \"1.5\"\nd: \"null\"\ne: \"\"\nf: '~'\n";
        QTest::newRow("plain look-alikes")     << "a: yes\nb: 8080\nc: 1.5\nd: true\ne: 0x1F\n";
        QTest::newRow("keys quoted")           << "\"8080\": x\n\"yes\": y\n'a b': z\n";
        QTest::newRow("needs escaping")        << "a: \"line\\nbreak\"\nb: \"tab\\there\"\nc: 'say \"hi\"'\nd: \"back\\\\slash\"\ne: \"caf\\u00e9\"\n";
        QTest::newRow("indicators")            << "a: '-x'\nb: '- x'\nc: ':x'\nd: '#x'\ne: '*x'\nf: '&x'\ng: '!x'\nh: '%x'\ni: '@x'\nj: 'x '\nk: ' x'\nl: '? x'\nm: '[x'\n";
        QTest::newRow("null words")            << "a: 'null'\nb: Null\nc: NULL\nd: 'Null'\ne: N\nf: off\n";
        QTest::newRow("empty and null values") << "a: {}\nb: []\nc: ~\nd: null\ne:\n";
        QTest::newRow("list in list")          << "a:\n- - x\n  - y\n- z\n";
        QTest::newRow("empty item")            << "a:\n- {}\n- b: c\n";
        QTest::newRow("several documents")     << "a: b\n---\nc: []\n---\nd:\n  e: f\n";
        QTest::newRow("deep")                  << "a: {b: {c: [{d: {e: [f, {g: h}]}}]}}\n";
        QTest::newRow("long text")             << ("a: " + QString(300, 'x') + "\nb: \"" + QString(250, '9') + "\"\n");
        // clang-format on
    }
    void sameBytesAsYamlCpp() {
        QFETCH(QString, input);
        const std::vector<YAML::Node> docs = YAML::LoadAll(input.toStdString());
        QCOMPARE(QString::fromStdString(throughBlockWriter(docs)), QString::fromStdString(throughYamlCpp(docs)));
    }

    void layoutByHand() {
        // A key's map value one level deeper; a list two deeper than its key's column, each
        // item's first entry right after "- "; a quoted look-alike stays quoted.
        const auto docs = YAML::LoadAll("m: {k: \"8080\"}\nl: [{a: b, c: d}]\n");
        QCOMPARE(throughBlockWriter(docs), std::string("---\nm:\n  k: \"8080\"\nl:\n  - a: b\n    c: d\n"));
    }

    void podDocumentAsEditedNodes_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("ns");
        QTest::addColumn<bool>("laidOut");  // false: left to document(), nothing written
        // clang-format off
        QTest::newRow("namespace and nodeName added last") << "apiVersion: v1\nkind: Pod\nmetadata: {name: a, labels: {app: web}}\nspec: {containers: [{name: c}]}\n" << "default" << true;
        QTest::newRow("replaced in place")       << "metadata: {namespace: old, name: a}\nspec: {nodeName: n0, containers: [{name: c}]}\nkind: Pod\n" << "team-x" << true;
        QTest::newRow("server fields dropped")   << "metadata: {uid: \"1\", name: a, resourceVersion: \"9\"}\nspec: {containers: [{name: c}]}\nstatus: {phase: Pending}\n" << "default" << true;
        QTest::newRow("apiVersion, kind added")  << "metadata: {name: a}\nspec: {containers: [{name: c, args: [\"8080\", yes, '- x']}]}\n" << "default" << true;
        QTest::newRow("a namespace to quote")    << "metadata: {name: a}\nspec: {containers: [{name: c}]}\n" << "8080" << true;
        QTest::newRow("quoted keys and values")  << "\"apiVersion\": v1\nmetadata: {\"name\": a, annotations: {\"9\": '~', note: \"a\\nb\"}}\nspec: {containers: [{name: c}]}\n" << "default" << true;
        QTest::newRow("empty map value")         << "metadata: {name: a, labels: {}}\nspec: {containers: [{name: c}]}\n" << "default" << false;
        QTest::newRow("null value")              << "metadata: {name: a}\nspec: {containers: [{name: c}], nodeSelector: ~}\n" << "default" << false;
        QTest::newRow("no spec")                 << "metadata: {name: a}\n" << "default" << false;
        QTest::newRow("an empty status dropped") << "metadata: {name: a}\nspec: {containers: [{name: c}]}\nstatus: {}\n" << "default" << true;
        // clang-format on
    }
    void podDocumentAsEditedNodes() {
        QFETCH(QString, input);
        QFETCH(QString, ns);
        QFETCH(bool, laidOut);
        const std::string text = input.toStdString();
        const auto pieces = splitYamlDocuments(text);
        QCOMPARE(pieces.size(), std::size_t{1});
        const YamlChunk chunk = parseYamlPiece(pieces.front());
        QVERIFY(!chunk.failed);
        BlockYamlWriter out;
        const std::string nsText = ns.toStdString();
        const PodDocumentEdits edits{kTop, kMeta, nsText, "node-1"};
        QCOMPARE(out.podDocument(chunk.documents.front(), edits), laidOut);
        if (!laidOut) {
            QCOMPARE(out.take(), std::string());
            return;
        }
        QCOMPARE(QString::fromStdString(out.take()),
                 QString::fromStdString(editedThroughNodes(YAML::Load(text), nsText, "node-1")));
    }

    void nothingWrittenIsEmpty() { QCOMPARE(BlockYamlWriter().take(), std::string()); }
};

QTEST_GUILESS_MAIN(TestYamlBlockWriter)
#include "tst_yaml_block_writer.moc"
