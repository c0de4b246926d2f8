// The bounds of io/input_limits.h, each with its message: nesting depth (the 100,000 nested
// `[` that took 50 s), a value's length, aliases that expand without end or into themselves,
// and how many objects one load reads. Within the bounds, input loads as before.

#include <QtTest/QtTest>
#include <memory>
#include <string>

#include "core/api/cluster.h"
#include "io/input_limits.h"
#include "io/manifest_loader.h"
#include "testlib/loaded_text.h"

using namespace berth;

namespace {

std::unique_ptr<testlib::LoadedText> load(const std::string& text) { return testlib::loadText(text); }

// `depth` lists nested in one another, on one line, unclosed as the file was when
// `closed` is false.
std::string nestedLists(int depth, bool closed) {
    return "x: " + std::string(static_cast<std::size_t>(depth), '[') +
           (closed ? std::string(static_cast<std::size_t>(depth), ']') : std::string()) + "\n";
}

const char* const kPod =
    "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: app}]}\n";

}  // namespace

class TestInputLimits : public QObject {
    Q_OBJECT

private slots:
    void nesting_data();
    void nesting();
    void nestingWithinTheBoundLoads();
    void longValue();
    void aliases_data();
    void aliases();
};

void TestInputLimits::nesting_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    // The document's map is the first level, so the 100th `[` opens the 101st: `x: ` is 3
    // characters, that `[` is in column 103.
    const QString deeper = "in.yaml:1:103: error: invalid YAML: maps and lists nested deeper than 100 levels";
    QTest::newRow("100,000 unclosed [") << QString::fromStdString(nestedLists(100'000, false)) << deeper;
    QTest::newRow("101 closed [") << QString::fromStdString(nestedLists(101, true)) << deeper;
    // JSON takes its own parser first; past the bound it hands the text to the YAML path,
    // which names the place. `{"x": ` is 6 characters.
    QTest::newRow("JSON, 100,000 [")
        << "{\"x\": " + QString(100'000, '[') + QString(100'000, ']') + "}\n"
        << "in.yaml:1:106: error: invalid YAML: maps and lists nested deeper than 100 levels";
    // Block style: each level a map one column further in; line 101's, in column 101, is the 101st.
    std::string block;
    for (int i = 0; i < 101; ++i) block += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
    QTest::newRow("block maps") << QString::fromStdString(block)
                                << "in.yaml:101:101: error: invalid YAML: maps and lists nested deeper than 100 levels";
}

void TestInputLimits::nesting() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto l = load(text.toStdString() + kPod);
    QCOMPARE(l->messages(), expected);
    QCOMPARE(l->cluster->pods.size(), std::size_t{1});  // the next document still loads
}

void TestInputLimits::nestingWithinTheBoundLoads() {
    // An unknown kind is skipped with a warning, after it parsed: 100 levels parse.
    const auto l = load("kind: Widget\napiVersion: v1\n" + nestedLists(99, true) + kPod);
    QCOMPARE(l->messages(),
             QString("in.yaml:1:1: warning: Widget: unknown kind \"Widget\" (apiVersion v1); object skipped"));
}

void TestInputLimits::longValue() {
    const std::string value(io::detail::kMaxScalarBytes + 1, 'a');
    const auto l = load("apiVersion: v1\nkind: Pod\nmetadata: {name: big, annotations: {a: " + value + "}}\n" + kPod);
    // "metadata: {name: big, annotations: {a: " is 39 characters.
    QCOMPARE(l->messages(), QString("in.yaml:3:40: error: invalid YAML: a value longer than 3145728 bytes"));
    QCOMPARE(l->cluster->pods.size(), std::size_t{1});
}

void TestInputLimits::aliases_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    // Each level is ten aliases to the one before: 10^9 nodes from a few hundred bytes.
    QString laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 9; ++i) {
        const QString prev = QString("*a%1").arg(i - 1);
        QStringList refs;
        for (int j = 0; j < 10; ++j) refs << prev;
        laughs += QString("a%1: &a%1 [%2]\n").arg(i).arg(refs.join(", "));
    }
    // Level k's list counts 1 + 10 * (level k-1's) nodes: 11, 111, ..., 111,111 at level 4. The
    // aliases of levels 1-4 add 123,440 nodes; level 5's each add 111,111, so its 8th passes
    // 1,000,000: `a5: &a5 [` is 9 characters and each `*a4, ` 5, so it is in column 45.
    QTest::newRow("billion laughs")
        << laughs << "in.yaml:6:45: error: invalid YAML: aliases that expand to more than 1000000 nodes";
    QTest::newRow("alias to its own ancestor")
        << "a: &a\n  b: *a\n"
        << "in.yaml:2:6: error: invalid YAML: an alias inside the node it refers to";
}

void TestInputLimits::aliases() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto l = load(text.toStdString() + kPod);
    QCOMPARE(l->messages(), expected);
    QCOMPARE(l->cluster->pods.size(), std::size_t{1});
}

QTEST_GUILESS_MAIN(TestInputLimits)
#include "tst_input_limits.moc"
