#include "extender/extenders.h"

#include <fstream>
#include <sstream>

#include "extender/curl_transport.h"
#include "extender/http_extender.h"

namespace berth::extender {

std::shared_ptr<ExtenderSession> ExtenderSession::recording(std::string path) {
    auto s = std::make_shared<ExtenderSession>();
    s->m_mode = ExtenderMode::Record;
    s->m_path = std::move(path);
    s->m_recording = std::make_shared<Recording>();
    return s;
}

std::shared_ptr<ExtenderSession> ExtenderSession::replaying(const std::string& path, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot read the extender recording";
        return nullptr;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto calls = Recording::parse(text.str(), path, error);
    if (!calls) return nullptr;
    auto s = std::make_shared<ExtenderSession>();
    s->m_mode = ExtenderMode::Replay;
    s->m_path = path;
    s->m_replay = std::make_shared<Replay>(std::move(*calls), path);
    return s;
}

std::shared_ptr<ExtenderSession> ExtenderSession::recordingInto(std::shared_ptr<Recording> recording) {
    auto s = std::make_shared<ExtenderSession>();
    s->m_mode = ExtenderMode::Record;
    s->m_recording = std::move(recording);
    s->m_run = std::make_shared<RunCallCounts>();
    return s;
}

std::shared_ptr<ExtenderSession> ExtenderSession::replayingCalls(std::vector<RecordedCall> calls, std::string name,
                                                                  std::string advice) {
    auto s = std::make_shared<ExtenderSession>();
    s->m_mode = ExtenderMode::Replay;
    s->m_replay = std::make_shared<Replay>(std::move(calls), std::move(name), std::move(advice));
    return s;
}

std::vector<std::shared_ptr<core::Extender>> ExtenderSession::build(const std::vector<core::ExtenderConfig>& configs,
                                                                    const core::StringPool& pool) {
    std::vector<std::shared_ptr<core::Extender>> out;
    for (const core::ExtenderConfig& c : configs) {
        std::shared_ptr<Transport> transport;
        switch (m_mode) {
            case ExtenderMode::Live: transport = std::make_shared<CurlTransport>(c); break;
            case ExtenderMode::Record:
                transport =
                    std::make_shared<RecordingTransport>(std::make_shared<CurlTransport>(c), m_recording, m_run);
                break;
            case ExtenderMode::Replay: transport = std::make_shared<ReplayTransport>(m_replay); break;
        }
        out.push_back(std::make_shared<HttpExtender>(c, pool, std::move(transport)));
    }
    return out;
}

std::string ExtenderSession::save() const {
    if (m_mode != ExtenderMode::Record || m_path.empty()) return {};
    return m_recording->save(m_path);
}

}  // namespace berth::extender
