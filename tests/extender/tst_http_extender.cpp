// HttpExtender (pkg/scheduler/extender.go's HTTPExtender) against a real extender on loopback:
// the test extender (testserver/main.go) started by this test. Every verb, both node forms
// (nodeCacheCapable or not), the request bodies upstream sends, managedResources, and every
// failure as upstream words it: timeouts, HTTP errors, the answer's Error, malformed and
// oversized answers, nodes outside the input, an unreachable extender, TLS.

#include <QtTest/QtTest>

#include <memory>
#include <string>
#include <vector>

#include "extender/curl_transport.h"
#include "extender/http_extender.h"
#include "extender_rows.h"
#include "test_extender_server.h"
#include "testlib/builders.h"

using namespace berth;
using namespace berth::core;
using namespace berth::testlib;
using extender::CurlTransport;
using extender::HttpExtender;

namespace {

/// Four nodes the test extender treats by name: "fail" fails, "unres" is unresolvable, the
/// last digit is the score. A pending pod "web" and two bound pods to be victims.
struct Fixture {
    TestCluster tc;
    const Pod* web = nullptr;
    const Pod* victim1 = nullptr;
    const Pod* victim2 = nullptr;
    std::vector<const NodeInfo*> nodes;
    Fixture() {
        for (const char* n : {"n1", "n-fail2", "n-unres3", "n4"}) tc.node(n).cpu("4").memory("8Gi").add();
        web = &tc.pod("web").cpu("1").scalar("example.com/gpu", 1).add();
        victim1 = &tc.pod("v1").cpu("1").on("n1").add();
        victim2 = &tc.pod("v2").cpu("1").on("n-fail2").add();
        tc.refresh();
        for (const char* n : {"n1", "n-fail2", "n-unres3", "n4"}) nodes.push_back(&tc.nodeInfo(n));
    }
};

ExtenderConfig configFor(const std::string& url, bool nodeCacheCapable = false) {
    ExtenderConfig c;
    c.urlPrefix = url;
    c.filterVerb = "filter";
    c.prioritizeVerb = "prioritize";
    c.preemptVerb = "preempt";
    c.bindVerb = "bind";
    c.nodeCacheCapable = nodeCacheCapable;
    c.httpTimeoutMillis = 5000;
    return c;
}

std::unique_ptr<HttpExtender> live(const ExtenderConfig& c, const Fixture& f,
                                   std::size_t maxBytes = extender::kDefaultMaxResponseBytes) {
    return std::make_unique<HttpExtender>(c, f.tc.cluster.pool, std::make_shared<CurlTransport>(c, maxBytes));
}

QString lastBody(const TestExtenderServer& server) {
    const auto r = server.requests();
    return r.empty() ? QString() : QString::fromStdString(r.back().body);
}

}  // namespace

class TestHttpExtender : public QObject {
    Q_OBJECT
    std::unique_ptr<TestExtenderServer> m_server;

private slots:
    void initTestCase() {
        if (TestExtenderServer::binary().isEmpty()) QSKIP("the test extender needs Go to build");
        m_server = std::make_unique<TestExtenderServer>();
        QVERIFY2(m_server->error().isEmpty(), qPrintable(m_server->error()));
    }
    void cleanupTestCase() { m_server.reset(); }

    void filter_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("nodeCacheCapable");
        QTest::addColumn<QString>("sent");  // what the request must contain
        QTest::addColumn<QString>("outcome");
        // The extender fails n-fail2, finds n-unres3 unresolvable and keeps n1 and n4, in the
        // order it was sent them; it answers in the form it was asked in.
        const QString kept = "feasible=n1,n4|failed=n-fail2:test: fails|unres=n-unres3:test: unresolvable|error=";
        // clang-format off
        QTest::newRow("whole nodes") << "ok" << false
            << R"("Nodes":{"metadata":{},"items":[{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1")" << kept;
        QTest::newRow("node names (nodeCacheCapable)") << "ok" << true
            << R"("Nodes":null,"NodeNames":["n1","n-fail2","n-unres3","n4"]})" << kept;
        // Keys in lower case: Go's decoder matches them to the fields all the same.
        QTest::newRow("lower-case answer, whole nodes") << "lowercase" << false << R"("NodeNames":null)" << kept;
        QTest::newRow("lower-case answer, names") << "lowercase" << true << R"("NodeNames":["n1")" << kept;
        // clang-format on
    }
    void filter() {
        QFETCH(QString, mode);
        QFETCH(bool, nodeCacheCapable);
        QFETCH(QString, sent);
        QFETCH(QString, outcome);
        Fixture f;
        auto ext = live(configFor(m_server->url(mode.toStdString()), nodeCacheCapable), f);
        QCOMPARE(describe(f.tc.cluster.pool, ext->filter(*f.web, f.nodes)), outcome);
        const QString body = lastBody(*m_server);
        QVERIFY2(body.contains(sent), qPrintable(body.left(400)));
        const QString podFirst = R"({"Pod":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web")";
        QVERIFY(body.startsWith(podFirst));
    }

    void failures_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("timeoutMillis");
        QTest::addColumn<int>("maxBytes");
        QTest::addColumn<QString>("error");  // %URL% is the filter call's URL, %PREFIX% the urlPrefix
        // clang-format off
        // http.Client.Timeout: the server waits 3 s, the client 300 ms.
        QTest::newRow("timeout") << "slow" << 300 << 0
            << R"(Post "%URL%": context deadline exceeded (Client.Timeout exceeded while awaiting headers))";
        QTest::newRow("HTTP 500") << "status" << 5000 << 0 << "failed filter with extender at URL %URL%, code 500";
        // ExtenderFilterResult.Error becomes the error as it is.
        QTest::newRow("the answer's error") << "error" << 5000 << 0 << "test extender refuses";
        QTest::newRow("malformed") << "malformed" << 5000 << 0
            << "invalid character 'n' looking for beginning of object key string";
        // 2 MiB of blanks against a 1 MiB limit (1048576 bytes).
        QTest::newRow("oversized") << "oversized" << 5000 << 1048576
            << "failed filter with extender at URL %URL%, response over 1048576 bytes";
        QTest::newRow("node outside the input") << "outside" << 5000 << 0
            << R"(extender "%PREFIX%" claims a filtered node "ghost" which is not found in the input node list)";
        // clang-format on
    }
    void failures() {
        QFETCH(QString, mode);
        QFETCH(int, timeoutMillis);
        QFETCH(int, maxBytes);
        QFETCH(QString, error);
        Fixture f;
        ExtenderConfig c = configFor(m_server->url(mode.toStdString()));
        c.httpTimeoutMillis = timeoutMillis;
        auto ext = live(c, f, maxBytes ? std::size_t(maxBytes) : extender::kDefaultMaxResponseBytes);
        const auto out = ext->filter(*f.web, f.nodes);
        const QString prefix = QString::fromStdString(c.urlPrefix);
        QCOMPARE(errorText(out.error),
                 QString(error).replace("%URL%", prefix + "/filter").replace("%PREFIX%", prefix));
        QVERIFY(out.feasible.empty());
    }

    void unreachable() {
        // Nothing listens on port 1; Go's dialer says "connection refused".
        Fixture f;
        auto ext = live(configFor("http://127.0.0.1:1/"), f);
        const QString refused = R"(Post "http://127.0.0.1:1/%1": dial tcp 127.0.0.1:1: connect: connection refused)";
        QCOMPARE(errorText(ext->filter(*f.web, f.nodes).error), refused.arg("filter"));
        QCOMPARE(errorText(ext->bind(*f.web, f.tc.sym("n1"))), refused.arg("bind"));
    }

    void prioritize_data() {
        QTest::addColumn<int>("weight");
        QTest::addColumn<bool>("nodeCacheCapable");
        QTest::addColumn<QString>("outcome");
        // Scores are the names' last digits; weight 0 is defaulted to 1 (config/v1 defaults).
        QTest::newRow("weight defaulted") << 0 << false << "scores=n1=1,n-fail2=2,n-unres3=3,n4=4|weight=1|error=";
        QTest::newRow("weight 3, names") << 3 << true << "scores=n1=1,n-fail2=2,n-unres3=3,n4=4|weight=3|error=";
    }
    void prioritize() {
        QFETCH(int, weight);
        QFETCH(bool, nodeCacheCapable);
        QFETCH(QString, outcome);
        Fixture f;
        ExtenderConfig c = configFor(m_server->url("ok"), nodeCacheCapable);
        c.weight = weight;
        auto ext = live(c, f);
        QCOMPARE(describe(f.tc.cluster.pool, ext->prioritize(*f.web, f.nodes)), outcome);
        QCOMPARE(m_server->requests().back().path, std::string("/ok/prioritize"));
    }

    void bind() {
        Fixture f;
        auto ext = live(configFor(m_server->url("ok")), f);
        QCOMPARE(errorText(ext->bind(*f.web, f.tc.sym("n1"))), QString());
        const QString args = R"({"PodName":"web","PodNamespace":"default","PodUID":"uid-web","Node":"n1"})";
        QCOMPARE(lastBody(*m_server), args);
        QCOMPARE(errorText(ext->bind(*f.web, f.tc.sym("n-fail2"))), QString("test: bind refused on n-fail2"));
    }

    void preemption_data() {
        QTest::addColumn<bool>("nodeCacheCapable");
        QTest::addColumn<QString>("sent");
        // Whole victim pods, or their UIDs when the extender keeps its own node cache.
        // clang-format off
        QTest::newRow("victims") << false << R"("NodeNameToVictims":{"n-fail2":{"Pods":[{"apiVersion":"v1")";
        QTest::newRow("meta victims") << true
            << R"("NodeNameToVictims":null,"NodeNameToMetaVictims":{"n-fail2":{"Pods":[{"UID":"uid-v2"}],)"
               R"("NumPDBViolations":0},"n1":{"Pods":[{"UID":"uid-v1"}],"NumPDBViolations":1}}})";
        // clang-format on
    }
    void preemption() {
        QFETCH(bool, nodeCacheCapable);
        QFETCH(QString, sent);
        Fixture f;
        auto ext = live(configFor(m_server->url("ok"), nodeCacheCapable), f);
        std::map<Sym, ExtenderVictims> offered;
        offered[f.tc.sym("n1")] = ExtenderVictims{{f.victim1}, 1};
        offered[f.tc.sym("n-fail2")] = ExtenderVictims{{f.victim2}, 0};
        // The extender drops n-fail2 and keeps n1's victim and its PDB violation count.
        QCOMPARE(describe(f.tc.cluster.pool, ext->processPreemption(*f.web, offered)),
                 QString("victims=n1:v1/1|error="));
        const QString body = lastBody(*m_server);
        QVERIFY2(body.contains(sent), qPrintable(body.left(600)));
    }

    void isInterested_data() {
        QTest::addColumn<QString>("managed");
        QTest::addColumn<QString>("containers");  // requests of the containers, ';' between
        QTest::addColumn<QString>("inits");
        QTest::addColumn<bool>("interested");
        // clang-format off
        QTest::newRow("no managed resources") << "" << "cpu=1" << "" << true;
        QTest::newRow("container requests it") << "example.com/gpu" << "cpu=1;example.com/gpu=1" << "" << true;
        QTest::newRow("init container requests it") << "example.com/gpu" << "cpu=1" << "example.com/gpu=2" << true;
        QTest::newRow("asks for none of them") << "example.com/gpu,example.com/fpga" << "cpu=1,memory=1Gi" << "" << false;
        QTest::newRow("cpu managed") << "cpu" << "cpu=1" << "" << true;
        // clang-format on
    }
    void isInterested() {
        QFETCH(QString, managed);
        QFETCH(QString, containers);
        QFETCH(QString, inits);
        QFETCH(bool, interested);
        TestCluster tc;
        PodBuilder pb = tc.pod("p");
        for (const QString& c : containers.split(';', Qt::SkipEmptyParts)) pb.requests(c.toStdString());
        for (const QString& c : inits.split(';', Qt::SkipEmptyParts)) pb.initRequests(c.toStdString());
        const Pod& pod = pb.add();
        ExtenderConfig c = configFor("http://127.0.0.1:1");
        for (const QString& m : managed.split(',', Qt::SkipEmptyParts))
            c.managedResources.push_back({m.toStdString(), false});
        HttpExtender ext(c, tc.cluster.pool, std::make_shared<CurlTransport>(c));
        QCOMPARE(ext.isInterested(pod), interested);
    }
};

QTEST_GUILESS_MAIN(TestHttpExtender)
#include "tst_http_extender.moc"
