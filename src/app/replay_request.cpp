#include "app/replay_request.h"

#include <QStringList>

#include "app/session/plan_session.h"
#include "app/session/session_document.h"

namespace berth::app {

ReplayRequest replayOf(std::shared_ptr<const plan::PlanInput> input, std::vector<plan::PlanEdit> edits,
                       quint64 stopAtStep, const QString& title) {
    ReplayRequest r;
    r.input = std::move(input);
    r.edits = std::move(edits);
    // A configuration change re-runs the plan to the end (its atStep is where it was made,
    // not how far it ran): shown so whenever the plan stops at it.
    if (!r.edits.empty() && r.edits.back().kind == plan::EditKind::SetSchedulerConfig &&
        stopAtStep == r.edits.back().atStep)
        stopAtStep = plan::Plan::kToEnd;
    r.stopAtStep = stopAtStep;
    r.title = title;
    return r;
}

ReplayRequest sessionReplay(const PlanSession& session, int applied, quint64 stopAtStep, const QString& title) {
    const auto& all = session.history()->edits();
    return replayOf(session.input(), {all.begin(), all.begin() + applied}, stopAtStep, title);
}

ReplayRequest documentReplay(const SessionDocument& doc, const QString& title) {
    const quint64 stopAt = doc.applied > 0 ? doc.edits[static_cast<std::size_t>(doc.applied - 1)].atStep : 0;
    return replayOf(std::make_shared<const plan::PlanInput>(doc.input), doc.appliedEdits(), stopAt, title);
}

QString sourceOf(const plan::PlanInput& input) {
    QStringList names;
    for (const auto& m : input.manifests) names << QString::fromStdString(m.name);
    return names.join(QStringLiteral(", "));
}

}  // namespace berth::app
