// HttpExtender over HTTPS (makeTransport in pkg/scheduler/extender.go): the test extender serves
// TLS with a CA it makes at start, and once more requiring a client certificate. The
// configuration's tlsConfig decides whether the call goes through: CA file or PEM data, the
// serverName the certificate must name, client certificate and key, insecure, and
// enableHTTPS without a CA (upstream then skips verification).

#include <QtTest/QtTest>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "extender/curl_transport.h"
#include "extender/http_extender.h"
#include "extender_rows.h"
#include "test_extender_server.h"
#include "testlib/builders.h"

using namespace berth;
using namespace berth::core;
using namespace berth::testlib;

namespace {

std::string readAll(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Binds pod "web" to "n1" through an extender with this TLS set-up: "" or the error.
QString bindOver(const ExtenderConfig& c) {
    TestCluster tc;
    tc.node("n1").cpu("4").add();
    const Pod& web = tc.pod("web").cpu("1").add();
    extender::HttpExtender ext(c, tc.cluster.pool, std::make_shared<extender::CurlTransport>(c));
    return errorText(ext.bind(web, tc.sym("n1")));
}

}  // namespace

class TestHttpExtenderTls : public QObject {
    Q_OBJECT
    std::unique_ptr<TestExtenderServer> m_tls;
    std::unique_ptr<TestExtenderServer> m_mtls;

    ExtenderConfig config(const TestExtenderServer& server) {
        ExtenderConfig c;
        c.urlPrefix = server.url("ok");
        c.bindVerb = "bind";
        c.httpTimeoutMillis = 5000;
        return c;
    }

private slots:
    void initTestCase() {
        if (TestExtenderServer::binary().isEmpty()) QSKIP("the test extender needs Go to build");
        m_tls = std::make_unique<TestExtenderServer>(TestExtenderServer::Options{true, false});
        QVERIFY2(m_tls->error().isEmpty(), qPrintable(m_tls->error()));
        m_mtls = std::make_unique<TestExtenderServer>(TestExtenderServer::Options{true, true});
        QVERIFY2(m_mtls->error().isEmpty(), qPrintable(m_mtls->error()));
    }
    void cleanupTestCase() {
        m_tls.reset();
        m_mtls.reset();
    }

    void verified_data() {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<bool>("succeeds");
        // clang-format off
        QTest::newRow("CA file") << "caFile" << true;
        QTest::newRow("CA data") << "caData" << true;
        // The certificate names extender.test: asked for by serverName, while 127.0.0.1 is dialled.
        QTest::newRow("CA and serverName it names") << "caFile,serverName=extender.test" << true;
        QTest::newRow("CA and serverName it does not name") << "caFile,serverName=other.test" << false;
        // The test CA is in no system store.
        QTest::newRow("no CA, verified") << "" << false;
        QTest::newRow("insecure") << "insecure" << true;
        // enableHTTPS without a CA: upstream sets Insecure.
        QTest::newRow("enableHTTPS without CA") << "enableHTTPS" << true;
        QTest::newRow("enableHTTPS with CA") << "enableHTTPS,caFile" << true;
        // clang-format on
    }
    void verified() {
        QFETCH(QString, setup);
        QFETCH(bool, succeeds);
        ExtenderConfig c = config(*m_tls);
        ExtenderTLSConfig tls;
        for (const QString& part : setup.split(',', Qt::SkipEmptyParts)) {
            if (part == "caFile") tls.caFile = m_tls->file("ca.pem");
            if (part == "caData") tls.caData = readAll(m_tls->file("ca.pem"));
            if (part.startsWith("serverName=")) tls.serverName = part.mid(11).toStdString();
            if (part == "insecure") tls.insecure = true;
            if (part == "enableHTTPS") c.enableHTTPS = true;
        }
        c.tlsConfig = tls;
        const QString error = bindOver(c);
        if (succeeds) {
            QCOMPARE(error, QString());
        } else {
            const QString expected = QString::fromStdString("Post \"" + c.urlPrefix + "/bind\": ");
            QVERIFY2(error.startsWith(expected), qPrintable(error));
        }
    }

    void clientCertificate_data() {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<bool>("succeeds");
        QTest::newRow("certificate and key files") << "files" << true;
        QTest::newRow("certificate and key data") << "data" << true;
        QTest::newRow("no client certificate") << "" << false;
    }
    void clientCertificate() {
        QFETCH(QString, setup);
        QFETCH(bool, succeeds);
        ExtenderConfig c = config(*m_mtls);
        ExtenderTLSConfig tls;
        tls.caFile = m_mtls->file("ca.pem");
        if (setup == "files") {
            tls.certFile = m_mtls->file("client.pem");
            tls.keyFile = m_mtls->file("client-key.pem");
        } else if (setup == "data") {
            tls.certData = readAll(m_mtls->file("client.pem"));
            tls.keyData = readAll(m_mtls->file("client-key.pem"));
        }
        c.tlsConfig = tls;
        const QString error = bindOver(c);
        QCOMPARE(error.isEmpty(), succeeds);
    }

    void insecureWithCaRefused() {
        // restclient.TLSConfigFor's refusal, on every call.
        ExtenderConfig c = config(*m_tls);
        ExtenderTLSConfig tls;
        tls.insecure = true;
        tls.caFile = m_tls->file("ca.pem");
        c.tlsConfig = tls;
        QCOMPARE(bindOver(c), QString("specifying a root certificates file with the insecure flag is not allowed"));
    }
};

QTEST_GUILESS_MAIN(TestHttpExtenderTls)
#include "tst_http_extender_tls.moc"
