#pragma once
/// How a session's plans reach the scheduler extenders its configuration lists, the way
/// berthctl's --extender-record and --extender-replay do, built by src/extender's
/// ExtenderSession: live, every call and answer added to the session's recording (which the
/// session file keeps), or answered from that recording with no extender running, so a saved
/// session decides the same offline, byte for byte. Shared by every plan of the session (the
/// one on show, undo's rebuilds, exports, capacity questions) through PlanInput::extenders,
/// and safe to call from their threads.

#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "extender/extender_recording.h"
#include "plan/plan.h"

namespace berth::app {

class SessionExtenders {
public:
    enum class Mode { Live, Replay };

    /// Live, with an empty recording (files just loaded).
    SessionExtenders() = default;
    /// A session file's recording.
    SessionExtenders(std::vector<extender::RecordedCall> calls, Mode mode);

    Mode mode() const;
    /// Live starts a fresh recording (what the extenders answer now replaces what they
    /// answered before); Replay answers from the recording as it stands.
    void setMode(Mode mode);
    /// Back to `calls` in `mode` (a mode change that was cancelled).
    void restore(std::vector<extender::RecordedCall> calls, Mode mode);
    /// The recording as it stands, in call order.
    std::vector<extender::RecordedCall> calls() const;
    bool hasRecording() const;

    /// `input` whose plans build their extenders through `extenders`.
    static void attach(const std::shared_ptr<SessionExtenders>& extenders, plan::PlanInput& input);

private:
    std::vector<std::shared_ptr<core::Extender>> build(const std::vector<core::ExtenderConfig>& configs,
                                                       const core::StringPool& pool) const;

    mutable std::mutex m_mutex;
    Mode m_mode = Mode::Live;
    std::shared_ptr<extender::Recording> m_recording = std::make_shared<extender::Recording>();
};

}  // namespace berth::app
