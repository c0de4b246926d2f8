#pragma once
/// What the controller's parts (SessionController, ConfigController, PlannerActions) ask of
/// the simulation they belong to. SimulationController answers with its worker thread; a
/// test answers with a recording stub, so the parts and the panels that take them run
/// without a worker. Each part's `loaded` and `busy` follow planLoaded() and planBusy(): the
/// host emits the part's stateChanged() whenever either changes.

#include <QString>
#include <QStringList>

#include "app/replay_request.h"
#include "plan/plan_edit.h"

namespace berth::app {

class NodeListModel;
class OperationListModel;
class PlanSession;

class PlanHost {
public:
    virtual ~PlanHost() = default;

    /// A cluster is on show.
    virtual bool planLoaded() const = 0;
    /// A load, replay or edit is with the worker; undo, redo, opening and edits wait for it.
    virtual bool planBusy() const = 0;
    virtual PlanSession& planSession() = 0;
    virtual const NodeListModel& nodeRows() const = 0;
    virtual OperationListModel& operationList() = 0;

    /// Sends an edit to the worker; its outcome is editApplied or editFailed.
    virtual void applyEdit(const plan::PlanEdit& edit) = 0;
    /// Reports an edit refused before it reached the worker (editFailed).
    virtual void refuseEdit(plan::EditKind kind, const QString& description, const QString& error) = 0;
    /// Asks the worker to build a plan that replaces the one on show.
    virtual void startReplay(ReplayRequest request) = 0;
    /// Asks the worker whether the pod would pass every filter on the node; the answer goes
    /// to PlannerActions::answerPodOnNode with `serial`.
    virtual void askPodOnNode(const QString& podKey, const QString& node, quint64 serial) = 0;
    virtual void showStatus(const QString& text) = 0;
    /// Reports a refused open (status line + openFailed); nothing else changes.
    virtual void refuseOpen(const QString& what, const QStringList& problems) = 0;
};

}  // namespace berth::app
