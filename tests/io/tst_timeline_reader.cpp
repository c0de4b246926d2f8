// io::readTimeline: a Timeline document's events, in file order, with their simulated time
// and line; any problem is an error with file and line, and the file gives no event at all.

#include <QTest>

#include <string>

#include "io/timeline_reader.h"

using namespace berth;

namespace {

constexpr std::int64_t kS = 1'000'000'000;

const char* kGood = R"(apiVersion: berth.dev/v1alpha1
kind: Timeline
metadata: {name: outage}
events:
- at: 30s
  cordon: node-2
- at: 1m30s
  scale: {kind: Deployment, name: web, replicas: 6}
- at: 2m
  addNodePool: {template: node-1, namePrefix: burst, count: 2, zone: zone-b}
- at: 250ms
  deleteWorkload: {kind: Job, namespace: batch, name: etl}
- at: 3s
  deletePod: {name: web-1}
)";

}  // namespace

class TestTimelineReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsEveryAction() {
        io::Diagnostics d;
        const auto events = io::readTimeline(kGood, "outage.yaml", d);
        QVERIFY2(d.items.empty(), d.firstErrors(3).c_str());
        QCOMPARE(events.size(), std::size_t{5});
        // File order, not time order: the plan sorts them (timed_edits.h).
        QCOMPARE(events[0].action, std::string("cordon"));
        QCOMPARE(events[0].node, std::string("node-2"));
        QCOMPARE(events[0].at, 30 * kS);
        QCOMPARE(events[0].line, 5);
        QCOMPARE(events[1].action, std::string("scale"));
        QCOMPARE(events[1].at, 90 * kS);  // 1m30s
        QCOMPARE(events[1].ns, std::string("default"));  // namespace left out
        QCOMPARE(events[1].replicas, 6);
        QCOMPARE(events[2].node, std::string("node-1"));  // the template
        QCOMPARE(events[2].namePrefix, std::string("burst"));
        QCOMPARE(events[2].count, 2);
        QCOMPARE(events[2].zone, std::string("zone-b"));
        QCOMPARE(events[3].at, kS / 4);  // 250ms
        QCOMPARE(events[3].ns, std::string("batch"));
        QCOMPARE(events[3].line, 11);
        QCOMPARE(events[4].action, std::string("deletePod"));
        QCOMPARE(events[4].at, 3 * kS);
        QCOMPARE(events[4].ns, std::string("default"));  // namespace left out
        QCOMPARE(events[4].name, std::string("web-1"));
        QCOMPARE(events[4].line, 13);
    }

    void badInputIsAnErrorWithItsLine_data() {
        QTest::addColumn<QString>("events");  // the lines after `events:`, from line 4
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        // clang-format off
        QTest::newRow("unknown field") << "- at: 5s\n  cordon: a\n  colour: red\n" << 6 << "unknown field \"colour\"";
        QTest::newRow("unknown action") << "- at: 5s\n  reboot: a\n" << 5 << "unknown field \"reboot\"";
        QTest::newRow("two actions") << "- at: 5s\n  cordon: a\n  drain: a\n" << 4 << "an event has exactly one action besides at";
        QTest::newRow("no at") << "- cordon: a\n" << 4 << "an event needs at: a duration from t = 0 (30s, 1m30s)";
        QTest::newRow("bad duration") << "- at: 5d\n  cordon: a\n" << 4 << "at: time: unknown unit \"d\" in duration \"5d\"";
        QTest::newRow("negative") << "- at: -5s\n  cordon: a\n" << 4 << "at must not be negative";
        QTest::newRow("unknown scale field") << "- at: 5s\n  scale: {kind: Deployment, name: w, replica: 2}\n" << 5
                                             << "unknown field \"replica\"";
        QTest::newRow("bad count") << "- at: 5s\n  addNodePool: {template: a, namePrefix: b, count: two}\n" << 5
                                   << "count must be a whole number, 0 or more";
        QTest::newRow("pod as a string") << "- at: 5s\n  deletePod: default/web-1\n" << 5
                                         << "deletePod is a map: namespace, name";
        QTest::newRow("pod without a name") << "- at: 5s\n  deletePod: {namespace: default}\n" << 5
                                            << "name must be a non-empty string";
        QTest::newRow("unknown pod field") << "- at: 5s\n  deletePod: {name: a, node: b}\n" << 5
                                           << "unknown field \"node\"";
        QTest::newRow("node as a map") << "- at: 5s\n  cordon: {name: a}\n" << 5 << "cordon takes a node name";
        // clang-format on
    }
    void badInputIsAnErrorWithItsLine() {
        QFETCH(QString, events);
        QFETCH(int, line);
        QFETCH(QString, message);
        // A good event first: a bad file gives none at all.
        const std::string text = "apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents:\n" + events.toStdString() +
                                 "- at: 1s\n  cordon: b\n";
        io::Diagnostics d;
        QVERIFY(io::readTimeline(text, "t.yaml", d).empty());
        QCOMPARE(d.items.size(), std::size_t{1});
        QCOMPARE(d.items[0].file, std::string("t.yaml"));
        QCOMPARE(d.items[0].line, line);
        QCOMPARE(QString::fromStdString(d.items[0].message), message);
    }

    void wrongKindOrVersion() {
        io::Diagnostics d;
        QVERIFY(io::readTimeline("apiVersion: v1\nkind: Timeline\nevents: []\n", "t.yaml", d).empty());
        QCOMPARE(d.items.at(0).message, std::string("apiVersion must be berth.dev/v1alpha1"));
        d.items.clear();
        QVERIFY(io::readTimeline("apiVersion: berth.dev/v1alpha1\nkind: Pod\nevents: []\n", "t.yaml", d).empty());
        QCOMPARE(d.items.at(0).message, std::string("kind must be Timeline"));
    }
};

QTEST_GUILESS_MAIN(TestTimelineReader)
#include "tst_timeline_reader.moc"
