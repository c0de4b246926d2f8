#pragma once
/// The session file: everything needed to rebuild a plan — the input manifests' text, the
/// scheduler configuration, the seed, and the edit history with how much of it is applied
/// (the rest is what redo would bring back). Readable, versioned JSON:
///
///   { "format": "berth-session", "version": 1, "seed": 0, "kubeVersion": "1.37",
///     "tieBreak": "random", "configuration": "", "manifests": [{"name": ..., "text": ...}],
///     "edits": [{"op": "cordon", "atStep": 12, "node": "node-a"}, ...], "applied": 1,
///     "extenders": {"recording": {"kind": "BerthExtenderRecording", "version": 1, "calls": [...]}} }
///
/// "timeline" (only when the input has timed edits: a timeline file opened, berth --timeline):
/// the timed edits as read, each {"at": ns, "source": "outage.yaml:4", "edit": {"op": ...}}
/// with the edit in the "edits" form, less its atStep. Both optional keys came after version
/// 1 and leave it at 1: a file without them reads as before.
///
/// "extenders" (only when something was recorded): the scheduler extenders' calls and answers
/// in berthctl --extender-record's format (extender_recording.h). A session opened with them
/// replays them (session_extenders.h) until the user chooses to call the extenders live.

#include <QByteArray>
#include <QString>

#include <vector>

#include "extender/extender_recording.h"
#include "plan/plan.h"
#include "plan/plan_edit.h"

namespace berth::app {

struct SessionDocument {
    static constexpr int kVersion = 1;

    plan::PlanInput input;
    std::vector<plan::PlanEdit> edits;
    int applied = 0;  // edits[0, applied) are in effect
    std::vector<extender::RecordedCall> extenderCalls;

    std::vector<plan::PlanEdit> appliedEdits() const { return {edits.begin(), edits.begin() + applied}; }
    bool operator==(const SessionDocument&) const = default;
};

QByteArray sessionToJson(const SessionDocument& doc);
/// Returns an empty string on success, else why the text is not a session this version reads.
QString sessionFromJson(const QByteArray& json, SessionDocument& doc);

}  // namespace berth::app
