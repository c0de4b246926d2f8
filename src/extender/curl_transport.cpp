#include "extender/curl_transport.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <curl/curl.h>

namespace berth::extender {
namespace {

struct Body {
    std::string text;
    std::size_t limit = 0;
    bool tooLarge = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* user) {
    auto* body = static_cast<Body*>(user);
    const std::size_t n = size * count;
    if (body->text.size() + n > body->limit) {
        body->tooLarge = true;
        return 0;  // makes libcurl stop with CURLE_WRITE_ERROR
    }
    body->text.append(data, n);
    return n;
}

void initCurlOnce() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

/// NO_PROXY from the environment, plus loopback (Go never proxies requests to localhost).
std::string noProxyList() {
    std::string list = "localhost,127.0.0.1,::1";
    for (const char* name : {"NO_PROXY", "no_proxy"})
        if (const char* v = std::getenv(name); v && *v) {
            list = std::string(v) + "," + list;
            break;
        }
    return list;
}

curl_blob blobOf(const std::string& s) {
    return curl_blob{const_cast<char*>(s.data()), s.size(), CURL_BLOB_COPY};
}

/// A URL's host and port (the scheme's default when it names none); empty when it does not parse.
struct HostAndPort {
    std::string host;
    std::string port;
};

HostAndPort hostAndPort(const std::string& url) {
    HostAndPort out;
    CURLU* u = curl_url();
    if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK) {
        char* host = nullptr;
        char* port = nullptr;
        if (curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK && host) out.host = host;
        if (curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK && port) out.port = port;
        curl_free(host);
        curl_free(port);
    }
    curl_url_cleanup(u);
    return out;
}

/// The URL with its host replaced by `serverName` (what the certificate must name), and the
/// CONNECT_TO entry that still dials the URL's own host.
std::string serverNameRoute(const std::string& url, const std::string& serverName, std::string& connectTo) {
    const HostAndPort at = hostAndPort(url);
    if (at.host.empty() || at.port.empty()) return url;
    connectTo = serverName + ":" + at.port + ":" + at.host + ":" + at.port;
    std::string out = url;
    CURLU* u = curl_url();
    char* rewritten = nullptr;
    if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK &&
        curl_url_set(u, CURLUPART_HOST, serverName.c_str(), 0) == CURLUE_OK &&
        curl_url_get(u, CURLUPART_URL, &rewritten, 0) == CURLUE_OK && rewritten)
        out = rewritten;
    curl_free(rewritten);
    curl_url_cleanup(u);
    return out;
}

/// Go's net/http wording for what libcurl reports.
std::string transportError(CURLcode code, CURL* curl, const std::string& url, const char* detail) {
    const std::string prefix = "Post \"" + url + "\": ";
    long osErrno = 0;
    curl_easy_getinfo(curl, CURLINFO_OS_ERRNO, &osErrno);
    switch (code) {
        case CURLE_OPERATION_TIMEDOUT:
            return prefix + "context deadline exceeded (Client.Timeout exceeded while awaiting headers)";
        case CURLE_COULDNT_CONNECT: {
            std::string reason = osErrno ? std::strerror(static_cast<int>(osErrno)) : std::string("connection refused");
            if (!reason.empty()) reason[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(reason[0])));
            const HostAndPort at = hostAndPort(url);
            return prefix + "dial tcp " + at.host + ":" + at.port + ": connect: " + reason;
        }
        case CURLE_COULDNT_RESOLVE_HOST: return prefix + "dial tcp: lookup " + hostAndPort(url).host + ": no such host";
        default: break;
    }
    return prefix + (detail && *detail ? detail : curl_easy_strerror(code));
}

}  // namespace

struct CurlTransport::State {
    CURL* curl = nullptr;
    core::ExtenderConfig config;
    std::size_t maxResponseBytes = 0;
    std::string noProxy;
    std::string configError;  // a TLS configuration upstream refuses, given for every call
};

CurlTransport::CurlTransport(const core::ExtenderConfig& config, std::size_t maxResponseBytes)
    : m_state(std::make_unique<State>()) {
    initCurlOnce();
    m_state->curl = curl_easy_init();
    m_state->config = config;
    m_state->maxResponseBytes = maxResponseBytes;
    m_state->noProxy = noProxyList();
    const auto& tls = config.tlsConfig;
    // restclient.TLSConfigFor refuses a CA together with insecure.
    if (tls && tls->insecure && (!tls->caFile.empty() || !tls->caData.empty()))
        m_state->configError = "specifying a root certificates file with the insecure flag is not allowed";
}

CurlTransport::~CurlTransport() {
    if (m_state->curl) curl_easy_cleanup(m_state->curl);
}

// long: one libcurl request set up option by option (URL, body, limits, TLS), then its outcome
PostResult CurlTransport::post(const ExtenderCall& call) {
    std::lock_guard lock(m_mutex);
    State& s = *m_state;
    PostResult result;
    if (!s.configError.empty()) {
        result.error = s.configError;
        return result;
    }
    CURL* curl = s.curl;
    curl_easy_reset(curl);
    const auto& tls = s.config.tlsConfig;
    std::string url = call.url;
    std::string connectTo;
    curl_slist* connectList = nullptr;
    if (tls && !tls->serverName.empty()) {
        url = serverNameRoute(call.url, tls->serverName, connectTo);
        connectList = curl_slist_append(nullptr, connectTo.c_str());
        curl_easy_setopt(curl, CURLOPT_CONNECT_TO, connectList);
    }
    Body body{{}, s.maxResponseBytes, false};
    char detail[CURL_ERROR_SIZE] = {};
    curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
    // Go's client sends the body at once; libcurl would first wait for "100 Continue" on a
    // large body, which an extender need not send.
    headers = curl_slist_append(headers, "Expect:");
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, call.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(call.body.size()));
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(s.config.httpTimeoutMillis));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_NOPROXY, s.noProxy.c_str());
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, detail);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(s.maxResponseBytes));
    const bool hasCA = tls && (!tls->caFile.empty() || !tls->caData.empty());
    if ((tls && tls->insecure) || (s.config.enableHTTPS && !hasCA)) {
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
    }
    if (tls) {
        curl_blob ca = blobOf(tls->caData), cert = blobOf(tls->certData), key = blobOf(tls->keyData);
        if (!tls->caFile.empty()) curl_easy_setopt(curl, CURLOPT_CAINFO, tls->caFile.c_str());
        if (!tls->caData.empty()) curl_easy_setopt(curl, CURLOPT_CAINFO_BLOB, &ca);
        if (!tls->certFile.empty()) curl_easy_setopt(curl, CURLOPT_SSLCERT, tls->certFile.c_str());
        if (!tls->certData.empty()) curl_easy_setopt(curl, CURLOPT_SSLCERT_BLOB, &cert);
        if (!tls->keyFile.empty()) curl_easy_setopt(curl, CURLOPT_SSLKEY, tls->keyFile.c_str());
        if (!tls->keyData.empty()) curl_easy_setopt(curl, CURLOPT_SSLKEY_BLOB, &key);
    }
    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    if (connectList) {
        curl_easy_setopt(curl, CURLOPT_CONNECT_TO, nullptr);
        curl_slist_free_all(connectList);
    }
    if (body.tooLarge || code == CURLE_FILESIZE_EXCEEDED) {
        result.error = "failed " + call.verb + " with extender at URL " + call.url + ", response over " +
                       std::to_string(s.maxResponseBytes) + " bytes";
    } else if (code != CURLE_OK) {
        result.error = transportError(code, curl, call.url, detail);
    } else {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
        result.body = std::move(body.text);
    }
    return result;
}

}  // namespace berth::extender
