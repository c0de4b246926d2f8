// `berthctl --trace`'s JSON line (io/trace_writer.h): the extenders' part. A cycle without
// extenders reads as before (no "extenders", no "preemptExtenders"); with them, each call is
// listed in the order made, with what it answered.

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/trace/cycle_trace.h"
#include "io/trace_writer.h"

using namespace berth;

namespace {

QJsonObject parsed(const core::CycleTrace& t) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(io::traceToJsonLine(t)), &error);
    if (error.error != QJsonParseError::NoError) qFatal("not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

core::CycleTrace failedCycle() {
    core::CycleTrace t;
    t.pod = "default/high";
    t.message = "0/2 nodes are available: 2 Insufficient cpu.";
    t.nodes = {{"n1", true, false, "NodeResourcesFit", "Unschedulable", {"Insufficient cpu"}, false, {}, 0},
               {"n2", true, false, "NodeResourcesFit", "Unschedulable", {"Insufficient cpu"}, false, {}, 0}};
    return t;
}

}  // namespace

class TestTraceWriter : public QObject {
    Q_OBJECT
private slots:
    void withoutExtendersNothingIsAdded() {
        const QJsonObject o = parsed(failedCycle());
        QVERIFY(!o.contains("extenders"));
        QVERIFY(!o.contains("preemptExtenders"));
        QCOMPARE(o["filtered"].toObject()["n1"].toString(), QString("NodeResourcesFit: Insufficient cpu"));
    }

    void preemptExtendersInCallOrder() {
        core::CycleTrace t = failedCycle();
        t.preemption.ran = true;
        // The first kept n2 of n1 and n2; the second (ignorable) failed, and was skipped.
        t.preemption.extenders = {{"http://a/scheduler", {"n1", "n2"}, {"n2"}, "", false},
                                  {"http://b/scheduler", {"n2"}, {}, "Post \"http://b/scheduler/preempt\": refused", true}};
        const QJsonArray calls = parsed(t)["preemptExtenders"].toArray();
        QCOMPARE(calls.size(), 2);
        const QJsonObject a = calls[0].toObject();
        QCOMPARE(a["extender"].toString(), QString("http://a/scheduler"));
        QCOMPARE(a["asked"].toArray(), (QJsonArray{"n1", "n2"}));
        QCOMPARE(a["kept"].toArray(), QJsonArray{"n2"});
        QVERIFY(!a.contains("error"));  // no error: no "error" nor "ignored"
        const QJsonObject b = calls[1].toObject();
        QCOMPARE(b["kept"].toArray(), QJsonArray{});
        QCOMPARE(b["error"].toString(), QString("Post \"http://b/scheduler/preempt\": refused"));
        QCOMPARE(b["ignored"].toBool(), true);
    }
};

QTEST_APPLESS_MAIN(TestTraceWriter)
#include "tst_trace_writer.moc"
