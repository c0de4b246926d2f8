#pragma once
/// The live transport: one libcurl easy handle per extender (connections kept alive between
/// calls, as Go's http.Transport keeps them), set up as makeTransport in
/// pkg/scheduler/extender.go sets up its client:
///  - httpTimeout bounds the whole call (http.Client.Timeout); the answer is also bounded in
///    size (upstream reads without a limit; a runaway answer must not exhaust the planner);
///  - TLS from tlsConfig: CA file or PEM data, client certificate and key (files or PEM),
///    insecure, serverName (checked and sent as SNI in place of the URL's host);
///    enableHTTPS without a CA skips verification, as upstream sets Insecure then;
///  - proxies from the environment, never for loopback (Go's ProxyFromEnvironment).
/// A failure reads as Go's client words it: `Post "URL": dial tcp HOST:PORT: connect:
/// connection refused`, `Post "URL": context deadline exceeded (Client.Timeout exceeded while
/// awaiting headers)`.

#include <cstddef>
#include <memory>
#include <mutex>

#include "core/profile/config.h"
#include "extender/transport.h"

namespace berth::extender {

/// 64 MiB: a NodeList answer for thousands of nodes fits; a runaway stream does not.
inline constexpr std::size_t kDefaultMaxResponseBytes = std::size_t{64} << 20;

class CurlTransport final : public Transport {
public:
    explicit CurlTransport(const core::ExtenderConfig& config, std::size_t maxResponseBytes = kDefaultMaxResponseBytes);
    ~CurlTransport() override;
    CurlTransport(const CurlTransport&) = delete;
    CurlTransport& operator=(const CurlTransport&) = delete;

    PostResult post(const ExtenderCall& call) override;

private:
    struct State;
    std::unique_ptr<State> m_state;
    std::mutex m_mutex;  // one call at a time per handle
};

}  // namespace berth::extender
