#include "app/session/session_extenders.h"

#include "extender/extenders.h"

namespace berth::app {

SessionExtenders::SessionExtenders(std::vector<extender::RecordedCall> calls, Mode mode)
    : m_mode(mode), m_recording(std::make_shared<extender::Recording>(std::move(calls))) {}

SessionExtenders::Mode SessionExtenders::mode() const {
    std::lock_guard lock(m_mutex);
    return m_mode;
}

void SessionExtenders::setMode(Mode mode) {
    std::lock_guard lock(m_mutex);
    if (mode == Mode::Live && m_mode != Mode::Live) m_recording = std::make_shared<extender::Recording>();
    m_mode = mode;
}

void SessionExtenders::restore(std::vector<extender::RecordedCall> calls, Mode mode) {
    std::lock_guard lock(m_mutex);
    m_recording = std::make_shared<extender::Recording>(std::move(calls));
    m_mode = mode;
}

std::vector<extender::RecordedCall> SessionExtenders::calls() const {
    std::lock_guard lock(m_mutex);
    return m_recording->calls();
}

bool SessionExtenders::hasRecording() const {
    std::lock_guard lock(m_mutex);
    return !m_recording->empty();
}

void SessionExtenders::attach(const std::shared_ptr<SessionExtenders>& extenders, plan::PlanInput& input) {
    input.extenders = [extenders](const std::vector<core::ExtenderConfig>& configs, const core::StringPool& pool) {
        return extenders->build(configs, pool);
    };
}

std::vector<std::shared_ptr<core::Extender>> SessionExtenders::build(const std::vector<core::ExtenderConfig>& configs,
                                                                     const core::StringPool& pool) const {
    if (configs.empty()) return {};
    std::shared_ptr<extender::ExtenderSession> session;
    {
        std::lock_guard lock(m_mutex);
        // A session per plan: a replay's answers count from the first call again, and a live
        // run adds each call once however often the plan is rebuilt.
        session = m_mode == Mode::Replay
                      ? extender::ExtenderSession::replayingCalls(m_recording->calls(), "the session's recording",
                                                                  "choose Extenders: live to call the extenders")
                      : extender::ExtenderSession::recordingInto(m_recording);
    }
    return session->build(configs, pool);
}

}  // namespace berth::app
