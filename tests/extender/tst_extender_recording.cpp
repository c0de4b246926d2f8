// Extender calls recorded against the live test extender, then replayed from the file with no
// extender running (extender/extender_recording.h): every verb gives the same outcome, byte for
// byte, errors included; a call the recording lacks, or one asked more often than recorded, is
// an error naming it; a file that is no recording is refused with its name.

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <memory>

#include <unistd.h>

#include "extender/extenders.h"
#include "extender_rows.h"
#include "test_extender_server.h"
#include "testlib/builders.h"

using namespace berth;
using namespace berth::core;
using namespace berth::testlib;

namespace {

struct Fixture {
    TestCluster tc;
    const Pod* web = nullptr;
    const Pod* other = nullptr;
    const Pod* victim = nullptr;
    std::vector<const NodeInfo*> nodes;
    Fixture() {
        for (const char* n : {"n1", "n-fail2", "n3"}) tc.node(n).cpu("4").add();
        web = &tc.pod("web").cpu("1").add();
        other = &tc.pod("other").cpu("2").add();
        victim = &tc.pod("v1").cpu("1").on("n1").add();
        tc.refresh();
        for (const char* n : {"n1", "n-fail2", "n3"}) nodes.push_back(&tc.nodeInfo(n));
    }
};

std::vector<ExtenderConfig> configs(const TestExtenderServer& server) {
    ExtenderConfig ok;
    ok.urlPrefix = server.url("ok");
    ok.filterVerb = "filter";
    ok.prioritizeVerb = "prioritize";
    ok.preemptVerb = "preempt";
    ok.bindVerb = "bind";
    ok.weight = 2;
    ok.nodeCacheCapable = true;
    ExtenderConfig failing;
    failing.urlPrefix = server.url("status");
    failing.filterVerb = "filter";
    failing.ignorable = true;
    ExtenderConfig unreachable;
    unreachable.urlPrefix = "http://127.0.0.1:1";
    unreachable.filterVerb = "filter";
    return {ok, failing, unreachable};
}

/// Every verb of every extender, filter twice (a retried pod asks again), as lines.
QStringList exercise(std::vector<std::shared_ptr<Extender>>& extenders, Fixture& f) {
    const StringPool& pool = f.tc.cluster.pool;
    QStringList out;
    for (auto& e : extenders) {
        out << describe(pool, e->filter(*f.web, f.nodes)) << describe(pool, e->filter(*f.web, f.nodes));
        if (!e->isPrioritizer()) continue;
        out << describe(pool, e->prioritize(*f.web, f.nodes));
        out << "bind:" + errorText(e->bind(*f.web, f.tc.sym("n1")));
        std::map<Sym, ExtenderVictims> offered{{f.tc.sym("n1"), ExtenderVictims{{f.victim}, 0}}};
        out << describe(pool, e->processPreemption(*f.web, offered));
    }
    return out;
}

}  // namespace

class TestExtenderRecording : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void replayEqualsLive() {
        if (extender::ExtenderSession().mode() != extender::ExtenderMode::Live) QFAIL("default session is not live");
        if (TestExtenderServer::binary().isEmpty()) QSKIP("the test extender needs Go to build");
        const std::string path = m_dir.filePath("calls.json").toStdString();
        QStringList recorded;
        std::vector<ExtenderConfig> cfgs;
        {
            TestExtenderServer server;
            QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
            Fixture f;
            auto session = extender::ExtenderSession::recording(path);
            cfgs = configs(server);
            auto extenders = session->build(cfgs, f.tc.cluster.pool);
            recorded = exercise(extenders, f);
            QCOMPARE(QString::fromStdString(session->save()), QString());
            // 2 filters, prioritize, bind, preempt; 2 filters each for the other two.
            QCOMPARE(session->recordingSoFar()->calls().size(), std::size_t{9});
        }  // the server is gone from here on
        QVERIFY(recorded.join('\n').contains("feasible=n1,n3|failed=n-fail2:test: fails"));
        QVERIFY(recorded.join('\n').contains("code 500"));
        QVERIFY(recorded.join('\n').contains("connection refused"));
        QVERIFY(!std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));

        Fixture f;
        std::string error;
        auto replay = extender::ExtenderSession::replaying(path, error);
        QVERIFY2(replay, error.c_str());
        auto extenders = replay->build(cfgs, f.tc.cluster.pool);
        QCOMPARE(exercise(extenders, f), recorded);

        // A third identical filter call was never recorded; nor was any call for "other".
        const QString third = errorText(extenders[0]->filter(*f.web, f.nodes).error);
        const QString asked = "has no recorded answer to filter for pod default/web (asked more often than recorded)";
        QVERIFY2(third.contains(asked), qPrintable(third));
        const QString missing = errorText(extenders[0]->filter(*f.other, f.nodes).error);
        QCOMPARE(missing, QString::fromStdString("extender " + extenders[0]->name() + ": " + path +
                                                 " has no recorded answer to filter for pod default/other; record "
                                                 "the run again with --extender-record"));
    }

    // The GUI's way (app/session/session_extenders): each rebuild of a plan is a run of its
    // own with a session recording into one shared recording. Two identical runs keep each
    // call once (9 calls, as replayEqualsLive counts them); a run that asks filter a third
    // time adds that one call (10); every replayed run counts from the first answer again and
    // decides as the live runs did, its advice in the error of a call the recording lacks.
    void sharedRecordingOncePerRun() {
        if (TestExtenderServer::binary().isEmpty()) QSKIP("the test extender needs Go to build");
        auto recording = std::make_shared<extender::Recording>();
        QStringList live;
        std::vector<ExtenderConfig> cfgs;
        {
            TestExtenderServer server;
            QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
            cfgs = configs(server);
            for (int run = 0; run < 2; ++run) {
                Fixture f;
                auto extenders = extender::ExtenderSession::recordingInto(recording)->build(cfgs, f.tc.cluster.pool);
                live = exercise(extenders, f);
                QCOMPARE(recording->calls().size(), std::size_t{9});
            }
            Fixture f;
            auto extenders = extender::ExtenderSession::recordingInto(recording)->build(cfgs, f.tc.cluster.pool);
            QCOMPARE(exercise(extenders, f), live);
            (void)extenders[0]->filter(*f.web, f.nodes);
            QCOMPARE(recording->calls().size(), std::size_t{10});
        }
        for (int run = 0; run < 2; ++run) {
            Fixture f;
            auto replay = extender::ExtenderSession::replayingCalls(recording->calls(), "the session", "go live");
            auto extenders = replay->build(cfgs, f.tc.cluster.pool);
            QCOMPARE(exercise(extenders, f), live);
            const QString missing = errorText(extenders[0]->filter(*f.other, f.nodes).error);
            QVERIFY2(missing.endsWith("the session has no recorded answer to filter for pod default/other; go live"),
                     qPrintable(missing));
        }
    }

    void notARecording_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");  // after "FILE: "
        QTest::newRow("not JSON") << "calls:" << "not JSON at offset 0: Invalid value.";
        QTest::newRow("another kind") << R"({"kind":"Other","calls":[]})"
                                      << "not an extender recording (kind BerthExtenderRecording with calls)";
        QTest::newRow("call without a verb")
            << R"({"kind":"BerthExtenderRecording","calls":[{"extender":"x","pod":"a/b","request":"{}"}]})"
            << "calls[0].verb is missing or not a string";
        QTest::newRow("call without an answer")
            << R"({"kind":"BerthExtenderRecording","calls":[{"extender":"x","verb":"filter","pod":"a/b","request":"{}"}]})"
            << "calls[0] has neither an error nor a status and a response";
    }
    void notARecording() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const std::string path = m_dir.filePath("bad.json").toStdString();
        std::ofstream(path) << text.toStdString();
        std::string got;
        QVERIFY(!extender::ExtenderSession::replaying(path, got));
        QCOMPARE(QString::fromStdString(got), QString::fromStdString(path) + ": " + error);
    }
};

QTEST_GUILESS_MAIN(TestExtenderRecording)
#include "tst_extender_recording.moc"
