// SimulationController as the parts' PlanHost: edits go to the worker (plan::Plan::apply)
// and are recorded in the history once applied; replays build a new plan on the worker that
// replaces the one on show (load, open, undo, redo, a configuration change).

#include <algorithm>

#include "app/engine/simulation_worker.h"
#include "app/simulation_controller.h"

namespace berth::app {

void SimulationController::applyEdit(const plan::PlanEdit& edit) {
    if (!m_replays.isEmpty()) {
        Q_EMIT editFailed(PlannerActions::editKindOf(edit.kind), QString::fromStdString(plan::describeEdit(edit)),
                          tr("the plan is being rebuilt; try again"));
        return;
    }
    // Playing on while the edit is recorded would move the step it is recorded at.
    const quint64 serial = ++m_editSerial;
    const bool wasBusy = busy();
    ++m_pendingEdits;
    notifyBusy(wasBusy);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, edit, serial] { w->applyEdit(edit, serial); }, Qt::QueuedConnection);
}

void SimulationController::refuseEdit(plan::EditKind kind, const QString& description, const QString& error) {
    Q_EMIT editFailed(PlannerActions::editKindOf(kind), description, error);
}

void SimulationController::onEditDone(const EditOutcome& outcome) {
    const QString description = QString::fromStdString(plan::describeEdit(outcome.edit));
    if (outcome.error.isEmpty()) {
        m_session.history()->push(outcome.edit);
        m_session.markChanged();
        if (outcome.edit.kind == plan::EditKind::SetSchedulerConfig) m_config.configEditApplied(outcome.edit);
    }
    const bool wasBusy = busy();
    m_pendingEdits = std::max(0, m_pendingEdits - 1);
    notifyBusy(wasBusy);
    const PlannerActions::EditKind kind = PlannerActions::editKindOf(outcome.edit.kind);
    if (outcome.error.isEmpty()) {
        m_status.setStatusText(description);
        Q_EMIT editApplied(kind, description);
    } else {
        m_status.setStatusText(tr("%1 refused: %2").arg(description, outcome.error));
        Q_EMIT editFailed(kind, description, outcome.error);
    }
}

void SimulationController::askPodOnNode(const QString& podKey, const QString& node, quint64 serial) {
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, podKey, node, serial] { w->checkPodOnNode(podKey, node, serial); },
        Qt::QueuedConnection);
}

void SimulationController::startReplay(ReplayRequest request) {
    // An older request still with the worker is superseded: it stops at its next check.
    for (const ReplayRequest& older : std::as_const(m_replays)) older.progress->cancel();
    request.serial = ++m_replaySerial;
    request.progress = std::make_shared<core::Progress>();
    m_operations.begin(request.title, request.progress);
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, input = request.input, edits = request.edits, stopAt = request.stopAtStep,
         source = sourceOf(*request.input), serial = request.serial, progress = request.progress,
         refuse = request.refuseBadInput] { w->replay(input, edits, stopAt, source, serial, progress, refuse); },
        Qt::QueuedConnection);
    const bool wasBusy = busy();
    m_replays.append(std::move(request));
    notifyBusy(wasBusy);
}

std::optional<ReplayRequest> SimulationController::takeReplay(quint64 serial) {
    const bool wasBusy = busy();
    std::optional<ReplayRequest> out;
    for (qsizetype i = 0; i < m_replays.size(); ++i)
        if (m_replays[i].serial == serial) {
            out = m_replays.takeAt(i);
            break;
        }
    notifyBusy(wasBusy);
    return out;
}

void SimulationController::onReplayCancelled(quint64 serial) {
    const auto request = takeReplay(serial);
    if (!request) return;
    if (request->rollback) request->rollback();
    // A superseded request is not news: the newer one reports.
    if (m_replays.isEmpty())
        m_status.setStatusText(tr("Cancelled: %1; the plan on show is unchanged").arg(request->title));
}

void SimulationController::onOpenRefused(quint64 serial, const QStringList& problems) {
    const auto request = takeReplay(serial);
    if (!request) return;
    if (request->rollback) request->rollback();
    refuseOpen(tr("Not opened: %1").arg(sourceOf(*request->input)), problems);
}

void SimulationController::refuseOpen(const QString& what, const QStringList& problems) {
    QString text = what;
    if (!problems.isEmpty()) text += QStringLiteral(" — ") + problems.first();
    if (problems.size() > 1) text += tr(" (and %n more)", nullptr, static_cast<int>(problems.size() - 1));
    m_status.setStatusText(text);
    Q_EMIT m_sessionController.openFailed(what, problems);
}

void SimulationController::notifyBusy(bool wasBusy) {
    if (wasBusy == busy()) return;
    Q_EMIT busyChanged();
    notifyParts();  // their busy, and the session's canUndo/canRedo
}

void SimulationController::notifyParts() {
    Q_EMIT m_sessionController.stateChanged();
    Q_EMIT m_config.stateChanged();
    Q_EMIT m_planner.stateChanged();
}

}  // namespace berth::app
