#include "test_extender_server.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace berth::testlib {

QString TestExtenderServer::binary() {
#ifdef BERTH_TEST_EXTENDER
    return QStringLiteral(BERTH_TEST_EXTENDER);
#else
    return {};
#endif
}

TestExtenderServer::TestExtenderServer(Options options) : m_tls(options.tls) {
    if (binary().isEmpty()) {
        m_error = "the test extender was not built (no Go)";
        return;
    }
    QStringList args{"-log", m_dir.filePath("requests.jsonl"), "-certdir", m_dir.path(), "-lifetime", "3m"};
    if (options.tls) args << "-tls";
    if (options.mtls) args << "-mtls";
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(binary(), args);
    if (!m_process.waitForStarted(10000)) {
        m_error = "cannot start " + binary() + ": " + m_process.errorString();
        return;
    }
    // "LISTENING <port>" once it accepts connections.
    QByteArray out;
    while (!out.contains('\n') && m_process.waitForReadyRead(10000)) out += m_process.readAllStandardOutput();
    const QList<QByteArray> words = out.trimmed().split(' ');
    if (words.size() != 2 || words[0] != "LISTENING" || (m_port = words[1].toInt()) <= 0)
        m_error = "the test extender did not start listening: " + QString::fromUtf8(out);
}

TestExtenderServer::~TestExtenderServer() {
    if (m_process.state() == QProcess::NotRunning) return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

std::string TestExtenderServer::url(const std::string& mode) const {
    return std::string(m_tls ? "https" : "http") + "://127.0.0.1:" + std::to_string(m_port) + "/" + mode;
}

std::string TestExtenderServer::file(const std::string& name) const {
    return m_dir.filePath(QString::fromStdString(name)).toStdString();
}

std::vector<TestExtenderServer::Request> TestExtenderServer::requests() const {
    std::vector<Request> out;
    QFile f(m_dir.filePath("requests.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) return out;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.isEmpty()) continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        out.push_back({o["path"].toString().toStdString(), o["body"].toString().toStdString()});
    }
    return out;
}

}  // namespace berth::testlib
