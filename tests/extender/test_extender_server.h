#pragma once
/// The test extender (tests/extender/testserver, a Go program) run by a test: started on a
/// free loopback port when constructed, stopped when destroyed, its requests readable from its
/// log. Every wait is bounded; the server also exits on its own after a few minutes.

#include <QProcess>
#include <QTemporaryDir>

#include <string>
#include <vector>

namespace berth::testlib {

class TestExtenderServer {
public:
    struct Options {
        bool tls = false;
        bool mtls = false;  // with tls: a client certificate is required
    };
    explicit TestExtenderServer(Options options);
    TestExtenderServer() : TestExtenderServer(Options{}) {}
    ~TestExtenderServer();
    TestExtenderServer(const TestExtenderServer&) = delete;
    TestExtenderServer& operator=(const TestExtenderServer&) = delete;

    /// The binary the build made; "" when Go was not found (tests then skip).
    static QString binary();
    /// "" once it listens, else why not.
    const QString& error() const { return m_error; }
    /// The urlPrefix of a mode ("ok", "slow", ...): http(s)://127.0.0.1:PORT/MODE.
    std::string url(const std::string& mode) const;
    /// Where -tls wrote ca.pem, client.pem and client-key.pem.
    std::string file(const std::string& name) const;
    /// The bodies of the requests so far, with their paths, in order.
    struct Request {
        std::string path;
        std::string body;
    };
    std::vector<Request> requests() const;

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_error;
    int m_port = 0;
    bool m_tls = false;
};

}  // namespace berth::testlib
