#pragma once
/// A plan the worker builds to replace the one on show: a load, an open, undo and redo, a
/// configuration change. The session changes only once the new plan is shown: `commit` runs
/// then; `rollback` runs when it is cancelled or its manifests are refused.

#include <QString>

#include <functional>
#include <memory>
#include <vector>

#include "core/progress.h"
#include "plan/plan.h"

namespace berth::app {

class PlanSession;
struct SessionDocument;

struct ReplayRequest {
    std::shared_ptr<const plan::PlanInput> input;
    std::vector<plan::PlanEdit> edits;
    quint64 stopAtStep = 0;
    QString title;                // the operation's name, and what a refusal reports
    bool refuseBadInput = false;  // manifests with errors are refused (openFailed)
    std::function<void()> commit;
    std::function<void()> rollback;
    quint64 serial = 0;
    std::shared_ptr<core::Progress> progress;
};

/// `input` with `edits`, stopping at `stopAtStep` (a configuration change last: to the end).
ReplayRequest replayOf(std::shared_ptr<const plan::PlanInput> input, std::vector<plan::PlanEdit> edits,
                       quint64 stopAtStep, const QString& title);
/// The session's input with its first `applied` edits, stopping at `stopAtStep`.
ReplayRequest sessionReplay(const PlanSession& session, int applied, quint64 stopAtStep, const QString& title);
/// A session document's input and applied edits, stopping where the last applied edit was made.
ReplayRequest documentReplay(const SessionDocument& doc, const QString& title);
/// The input's manifest names, as the status line and the worker name the plan.
QString sourceOf(const plan::PlanInput& input);

}  // namespace berth::app
