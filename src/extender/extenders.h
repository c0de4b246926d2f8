#pragma once
/// SchedulerOptions::extenders from the configuration's `extenders:`: one HttpExtender per
/// entry, in the same order, talking to the live extender, recording what it says, or
/// replaying a recording with no extender running (extender_recording.h).

#include <memory>
#include <string>
#include <vector>

#include "core/api/string_pool.h"
#include "core/framework/extender.h"
#include "core/profile/config.h"
#include "extender/extender_recording.h"

namespace berth::extender {

enum class ExtenderMode { Live, Record, Replay };

/// How a run's extenders reach their extenders; shared by the extenders it builds.
class ExtenderSession {
public:
    /// Live calls.
    ExtenderSession() = default;
    /// Live calls, each one recorded (save() writes them to `path`).
    static std::shared_ptr<ExtenderSession> recording(std::string path);
    /// Answers from the recording at `path`; nullptr with `error` set when it does not read.
    static std::shared_ptr<ExtenderSession> replaying(const std::string& path, std::string& error);
    /// One run of a plan whose recording outlives it (the GUI's session, rebuilt on every
    /// undo): live calls added to `recording` once per run (RunCallCounts); save() does nothing.
    static std::shared_ptr<ExtenderSession> recordingInto(std::shared_ptr<Recording> recording);
    /// One run answered from `calls` (named `name` in the error of a call they lack, which
    /// then says `advice`), with no extender running.
    static std::shared_ptr<ExtenderSession> replayingCalls(std::vector<RecordedCall> calls, std::string name,
                                                           std::string advice);

    ExtenderMode mode() const { return m_mode; }
    std::vector<std::shared_ptr<core::Extender>> build(const std::vector<core::ExtenderConfig>& configs,
                                                       const core::StringPool& pool);
    /// Writes the recording (Record mode; a no-op otherwise): "" or the reason it failed.
    std::string save() const;
    const Recording* recordingSoFar() const { return m_recording.get(); }

private:
    ExtenderMode m_mode = ExtenderMode::Live;
    std::string m_path;
    std::shared_ptr<Recording> m_recording;
    std::shared_ptr<RunCallCounts> m_run;  // recordingInto: the calls of this run
    std::shared_ptr<Replay> m_replay;
};

}  // namespace berth::extender
